// Finding programs on PATH, for the sandbox (bwrap, git) and the shell runner (bash) alike. It lives at
// the bottom (it imports nothing of codeward) so the sandbox never reaches up into the shell layer.
import { accessSync, constants } from 'node:fs';
import { delimiter, join } from 'node:path';

// An executable from the absolute folders of PATH, then /bin and /usr/bin.
export function findOnPath(name: string, env: Readonly<Record<string, string | undefined>>): string | undefined {
  const dirs = [...(env['PATH'] ?? '').split(delimiter).filter((dir) => dir.startsWith('/')), '/bin', '/usr/bin'];
  return dirs.map((dir) => join(dir, name)).find((file) => isExecutable(file));
}

export function isExecutable(file: string): boolean {
  try {
    accessSync(file, constants.X_OK);
    return true;
  } catch {
    return false;
  }
}
