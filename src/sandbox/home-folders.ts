import { readdirSync, statSync, type Dirent } from 'node:fs';
import { nssAccounts, withNss } from './home-nss.js';
import { homeParents, hostHomes, passwdHomes, WSL_DRIVE, type HomeHost } from './home-shape.js';

// Every home-shaped folder that exists here (the shapes' and the host's home parents listed, WSL's Windows profiles,
// and each account's passwd home with a login shell): the whole-root view of `--sandbox off`'s jail shows each as the
// default-deny view shows a home (view-whole-root.ts; other users' homes are readable there, as root or by their
// modes; the default-deny view shows none of them). The accounts are /etc/passwd's and NSS's (red team R40-a3).
export function homeFolders(host: HomeHost = withNss(hostHomes(), nssAccounts())): string[] {
  const found = new Set<string>(['/root']);
  for (const parent of [...homeParents(host), ...wslUsers(host.wslRoot)]) {
    try {
      for (const entry of readdirSync(parent, { withFileTypes: true })) if (isFolder(parent, entry)) found.add(`${parent}/${entry.name}`);
    } catch {
      // No such folder here.
    }
  }
  return [...found, ...passwdHomes(host.passwd)];
}

// A folder, or a link to one (red team R39-a4: `/home/bob -> /data/bob`, a home moved to a bigger disk, is a home too:
// the jail's jailHomes resolves it and empties its target).
function isFolder(parent: string, entry: Dirent): boolean {
  if (entry.isDirectory()) return true;
  try {
    return entry.isSymbolicLink() && statSync(`${parent}/${entry.name}`).isDirectory();
  } catch {
    return false; // A dangling or looping link.
  }
}

// WSL's Windows drives' Users folders (ROOT/c/Users, ROOT from /etc/wsl.conf): the profiles there are homes.
function wslUsers(root: string): string[] {
  try {
    return readdirSync(root || '/').filter((name) => WSL_DRIVE.test(name)).map((name) => `${root}/${name}/Users`);
  } catch {
    return [];
  }
}
