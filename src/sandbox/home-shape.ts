import { readFileSync } from 'node:fs';

// WSL mounts each Windows drive at /mnt/LETTER (drvfs): its Users folder holds the person's Windows profiles.
export const WSL_DRIVE = /^[a-z]$/;
const WSL_HOME = /^\/mnt\/[a-z]\/Users\/[^/]+$/;

// Whether a folder is a person's home by its shape, whatever HOME says (round 11: HOME set to another folder
// than the home opened as the workspace turned the home's default deny off): /home/NAME, /Users/NAME,
// /var/home/NAME (Fedora Silverblue), /mnt/DRIVE/Users/NAME (a Windows profile under WSL, red team R38-a7), /root,
// or the home of a person's account in /etc/passwd (uid 0 or
// 1000 and above, a login shell: service accounts such as www-data's /var/www are project folders).
const SHAPES: readonly RegExp[] = [/^\/home\/[^/]+$/, /^\/Users\/[^/]+$/, /^\/var\/home\/[^/]+$/, WSL_HOME, /^\/root$/];
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

export function readPasswd(): string {
  try {
    return readFileSync('/etc/passwd', 'utf8').slice(0, 1024 * 1024);
  } catch {
    return '';
  }
}

