import { readdirSync, readFileSync } from 'node:fs';

// Whether a folder is a person's home by its shape, whatever HOME says (round 11: HOME set to another folder
// than the home opened as the workspace turned the home's default deny off): /home/NAME, /Users/NAME,
// /var/home/NAME (Fedora Silverblue), /root, or the home of a person's account in /etc/passwd (uid 0 or
// 1000 and above, a login shell: service accounts such as www-data's /var/www are project folders).
const SHAPES: readonly RegExp[] = [/^\/home\/[^/]+$/, /^\/Users\/[^/]+$/, /^\/var\/home\/[^/]+$/, /^\/root$/];
const NO_LOGIN = /(?:nologin|false|sync|shutdown|halt)$/;

export function homeShaped(folder: string, passwd: string = readPasswd()): boolean {
  const path = folder.replace(/\/+$/, '');
  if (SHAPES.some((shape) => shape.test(path))) return true;
  return passwd.split('\n').some((line) => {
    const [, , uid, , , home, shell] = line.split(':');
    const id = Number(uid);
    return home === path && path !== '/' && (id === 0 || id >= 1000) && id !== 65534 && !NO_LOGIN.test(shell?.trim() ?? '');
  });
}

function readPasswd(): string {
  try {
    return readFileSync('/etc/passwd', 'utf8').slice(0, 1024 * 1024);
  } catch {
    return '';
  }
}

// Every home-shaped folder that exists here (the shapes' parents listed, and each person's passwd home): the
// whole-root view of `--sandbox off`'s jail hides the credential catalogue in each (other users' homes are
// readable there, as root or by their modes; the default-deny view shows none of them).
export function homeFolders(passwd: string = readPasswd()): string[] {
  const found = new Set<string>(['/root']);
  for (const parent of ['/home', '/Users', '/var/home']) {
    try {
      for (const entry of readdirSync(parent, { withFileTypes: true })) if (entry.isDirectory()) found.add(`${parent}/${entry.name}`);
    } catch {
      // No such folder here.
    }
  }
  for (const line of passwd.split('\n')) {
    const home = line.split(':')[5];
    if (home && home.startsWith('/') && homeShaped(home, passwd)) found.add(home);
  }
  return [...found];
}
