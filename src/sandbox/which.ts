// Finding programs on PATH, for the sandbox (bwrap, git) and the shell runner (bash) alike. It lives at
// the bottom (it imports nothing of codeward) so the sandbox never reaches up into the shell layer.
import { accessSync, constants, realpathSync } from 'node:fs';
import { delimiter, join, sep } from 'node:path';

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

// The environment with a PATH a repository cannot plant into, for the programs codeward itself starts
// around a workspace (bwrap, git): relative and empty entries (`node_modules/.bin`, `.`) go, and so does
// any folder inside `root`, also when PATH spells it through a link. A planted `bwrap` there would stand
// in for the sandbox; a planted `git` would run after every sandboxed run.
export function outsidePath<T extends Readonly<Record<string, string | undefined>>>(env: T, root: string): T {
  const real = (dir: string): string => {
    try {
      return realpathSync(dir);
    } catch {
      return dir;
    }
  };
  const top = real(root);
  const inside = (dir: string): boolean => dir === top || dir.startsWith(`${top}${sep}`);
  const kept = (env['PATH'] ?? '').split(delimiter).filter((dir) => dir.startsWith('/') && !inside(real(dir)));
  return { ...env, PATH: kept.join(delimiter) };
}
