// Finding programs on PATH, for the sandbox (bwrap, git) and the shell runner (bash) alike. It lives at
// the bottom (it imports nothing of codeward) so the sandbox never reaches up into the shell layer.
import { accessSync, constants, readlinkSync } from 'node:fs';
import { delimiter, join, resolve, sep } from 'node:path';

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

// The folders a sandboxed run may write on the host besides the workspace: the sandboxWritable folders as the
// person named them (`~/x`, absolute, relative to the workspace), whether they exist yet or not.
export function runWritable(root: string, writable: readonly string[], home: string | undefined): string[] {
  return writable.flatMap((path) => (path === '~' || path.startsWith('~/') ? (home?.startsWith('/') ? [join(home, path.slice(1))] : []) : [resolve(root, path)]));
}

// Every spelling a folder is reached by: each prefix as resolved so far, through each link on the way
// (`/x/link/bin` with link -> /wr/l2 -> /usr: /x/link, /wr/l2, /usr, /usr/bin), the last the folder resolved. A
// missing part is taken as spelled.
function spellings(dir: string): string[] {
  const seen: string[] = [];
  const rest = dir.split(sep).filter((part) => part !== '');
  let done: string = sep;
  for (let hops = 0; rest.length > 0; ) {
    const next = join(done, rest.shift()!);
    seen.push(next);
    let target: string | undefined;
    try {
      target = hops < 40 ? readlinkSync(next) : undefined;
    } catch {
      // Not a link, or missing: taken as spelled.
    }
    if (target === undefined) done = next;
    else {
      hops += 1;
      rest.unshift(...target.split(sep).filter((part) => part !== ''));
      if (target.startsWith(sep)) done = sep;
    }
  }
  return [...seen, done];
}

// The environment with a PATH no run can plant into, for the programs codeward itself starts (bwrap, unshare,
// mount, git, rg's bwrap): relative and empty entries (`node_modules/.bin`, `.`) go, and so does any folder
// reached through one of `areas` (the workspace, and every other folder a sandboxed run may write: runWritable), by any
// spelling or link on its way. A planted `bwrap` there would stand in for the sandbox of the next run; a planted
// `git` would run after every sandboxed run (red team R40-a1, R42-a6: a sandboxWritable /opt/node with its bin on PATH).
export function outsidePath<T extends Readonly<Record<string, string | undefined>>>(env: T, areas: string | readonly string[]): T {
  const tops = (typeof areas === 'string' ? [areas] : areas).flatMap((area) => [resolve(area), ...spellings(resolve(area)).slice(-1)]);
  const inside = (dir: string): boolean => tops.some((top) => dir === top || dir.startsWith(`${top === sep ? '' : top}${sep}`));
  const kept = (env['PATH'] ?? '').split(delimiter).filter((dir) => dir.startsWith('/') && !spellings(dir).some(inside));
  return { ...env, PATH: kept.join(delimiter) };
}
