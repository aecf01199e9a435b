// Finding programs on PATH, for the sandbox (bwrap, git) and the shell runner (bash) alike. It lives at
// the bottom (it imports nothing of codeward) so the sandbox never reaches up into the shell layer.
import { accessSync, constants, readlinkSync, realpathSync, statSync } from 'node:fs';
import { delimiter, dirname, join, resolve, sep } from 'node:path';

// An executable from the absolute folders of PATH, then /bin and /usr/bin. With an environment from outsidePath, a
// candidate FILE that leads into one of its areas is skipped (and kept in skippedPrograms): a kept folder can hold a
// link to, or a hard link of, a program a run may rewrite (/usr/local/bin/bwrap -> $WS/tools/bwrap).
export function findOnPath(name: string, env: Readonly<Record<string, string | undefined>>): string | undefined {
  const dirs = [...(env['PATH'] ?? '').split(delimiter).filter((dir) => dir.startsWith('/')), '/bin', '/usr/bin'];
  return dirs.map((dir) => join(dir, name)).find((file) => usableProgram(file, env));
}

// Whether `file` is an executable codeward may start with `env`: not one leading into an area of outsidePath's.
export function usableProgram(file: string, env: Readonly<Record<string, string | undefined>>): boolean {
  if (!isExecutable(file)) return false;
  const areas = (env as Tagged)[AREAS];
  if (areas === undefined || !areas.holds(file)) return true;
  if (!areas.skipped.includes(file)) areas.skipped.push(file);
  return false;
}

// The program files findOnPath/usableProgram skipped with `env` so far (links into, or hard links of, what a run may write).
export function skippedPrograms(env: Readonly<Record<string, string | undefined>>): readonly string[] {
  return (env as Tagged)[AREAS]?.skipped ?? [];
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
// A folder is judged by its IDENTITY too (red team R43-a3): a second mount of an area (`mount --bind /data/wr /mnt/wr`,
// a volume mounted twice) has no link on its way, so no spelling relates it; a folder on the way up from the PATH
// folder's real path (or, missing, from its nearest existing parent) with an area's device:inode lies in that area.
export function outsidePath<T extends Readonly<Record<string, string | undefined>>>(env: T, areas: string | readonly string[]): T {
  const judge = areasOf(typeof areas === 'string' ? [areas] : areas);
  const kept = (env['PATH'] ?? '').split(delimiter).filter((dir) => dir.startsWith('/') && !judge.holds(dir));
  // The areas go along (a symbol key: spread copies keep it, a child's environment never lists it) for findOnPath.
  return { ...env, PATH: kept.join(delimiter), [AREAS]: judge };
}

// Carried by an environment outsidePath made: what its PATH was kept away from, and the program files skipped since.
const AREAS = Symbol('codeward tool areas');
interface Areas {
  readonly holds: (path: string) => boolean;
  readonly skipped: string[];
}
interface Tagged {
  readonly [AREAS]?: Areas;
}

// Whether a path (a folder, or a program file) lies in one of `list`: by a spelling on its way, or by the device:inode of its
// real path (a file's own: a hard link of an area that is a file) or of a folder above it. The areas are stat'ed once, on first use.
function areasOf(list: readonly string[]): Areas {
  const tops = list.flatMap((area) => [resolve(area), ...spellings(resolve(area)).slice(-1)]);
  const inside = (dir: string): boolean => tops.some((top) => dir === top || dir.startsWith(`${top === sep ? '' : top}${sep}`));
  let ids: Set<string> | undefined;
  const known = (path: string): boolean => (ids ??= new Set(list.map((area) => identity(resolve(area))).filter((id) => id !== undefined))).has(identity(path) ?? '');
  return { holds: (path) => spellings(path).some(inside) || upFrom(path).some(known), skipped: [] };
}

// device:inode of a file or folder (undefined: missing or unreadable).
function identity(path: string): string | undefined {
  try {
    const stat = statSync(path, { bigint: true });
    return `${stat.dev}:${stat.ino}`;
  } catch {
    return undefined;
  }
}

// The real path of `dir` (or of its nearest existing parent: a run may make the rest) and every folder above it.
function upFrom(dir: string): string[] {
  let real: string | undefined;
  for (let at = resolve(dir); real === undefined; at = dirname(at)) {
    try {
      real = realpathSync(at);
    } catch {
      if (at === sep) return [];
    }
  }
  const folders = [real];
  while (real !== sep) folders.push((real = dirname(real)));
  return folders;
}
