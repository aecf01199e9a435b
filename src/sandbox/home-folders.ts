import { readdirSync } from 'node:fs';
import { homeShaped, readPasswd, WSL_DRIVE } from './home-shape.js';

// Every home-shaped folder that exists here (the shapes' parents listed, and each person's passwd home): the
// whole-root view of `--sandbox off`'s jail hides the credential catalogue in each (other users' homes are
// readable there, as root or by their modes; the default-deny view shows none of them).
export function homeFolders(passwd: string = readPasswd()): string[] {
  const found = new Set<string>(['/root']);
  for (const parent of ['/home', '/Users', '/var/home', ...wslUsers()]) {
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

// WSL's Windows drives' Users folders (/mnt/c/Users): the profiles there are homes (home-shape.ts).
function wslUsers(): string[] {
  try {
    return readdirSync('/mnt').filter((name) => WSL_DRIVE.test(name)).map((name) => `/mnt/${name}/Users`);
  } catch {
    return [];
  }
}
