// Finding programs on PATH, for the sandbox (bwrap, git) and the shell runner (bash) alike. It lives at
// the bottom (it imports nothing above the sandbox's leaves) so the sandbox never reaches up into the shell layer.
import { accessSync, constants } from 'node:fs';
import { delimiter, join, resolve } from 'node:path';
import { areasOf, type Areas } from './tool-areas.js';

// Carried by an environment outsidePath made: what its PATH was kept away from, and what was skipped since.
const AREAS: unique symbol = Symbol('codeward tool areas');

// An environment programs codeward starts are looked up in: it CARRIES the area judge (outsidePath, or systemTools
// where no run can write anything). A plain environment (process.env, `{ PATH }` rebuilt from a PATH) is a type
// error wherever a program is looked up, so the judge cannot be dropped on the way (findShell did, fix81).
export type ToolEnv = Readonly<Record<string, string | undefined>> & { readonly [AREAS]: Areas };

// An executable from the absolute folders of PATH, then /bin and /usr/bin. A candidate FILE that leads into one of
// env's areas is skipped (and said: toolNotes): a kept folder can hold a link to, a hard link of, or a mount of a
// program a run may rewrite (/usr/local/bin/bwrap -> $WS/tools/bwrap).
export function findOnPath(name: string, env: ToolEnv): string | undefined {
  const dirs = [...(env['PATH'] ?? '').split(delimiter).filter((dir) => dir.startsWith('/')), '/bin', '/usr/bin'];
  return dirs.map((dir) => join(dir, name)).find((file) => usableProgram(file, env));
}

// Whether `file` is an executable codeward may start with `env`: not one leading into an area of env's (by a
// spelling, its identity, a mount, or another name of it inside an area: area-links.ts).
export function usableProgram(file: string, env: ToolEnv): boolean {
  if (!isExecutable(file)) return false;
  const areas = env[AREAS];
  const links = areas.linked(file);
  if (!areas.lookup()(file) && links.verdict !== 'found') {
    if (links.verdict === 'unknown') say(areas, `codeward started ${file} (found on PATH) without ruling out another name of it (a hard link) in ${links.area}: more entries there than it lists; remove such a name or that folder from sandboxWritable`);
    return true;
  }
  say(areas, `codeward did not start ${file} (found on PATH): it leads into the workspace or a folder a sandboxed run may write`);
  return false;
}

function say(areas: Areas, note: string): void {
  if (!areas.notes.includes(note)) areas.notes.push(note);
}

// What findOnPath/usableProgram skipped (or started with a doubt) with `env` so far, one sentence each.
export function toolNotes(env: ToolEnv): readonly string[] {
  return env[AREAS].notes;
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

// The environment with a PATH no run can plant into, for the programs codeward itself starts (bwrap, unshare,
// mount, git, rg's bwrap, bash): relative and empty entries (`node_modules/.bin`, `.`) go, and so does any folder
// reached through one of `areas` (the workspace, and every other folder a sandboxed run may write: runWritable), by any
// spelling or link on its way. A planted `bwrap` there would stand in for the sandbox of the next run; a planted
// `git` would run after every sandboxed run (red team R40-a1, R42-a6: a sandboxWritable /opt/node with its bin on PATH).
// A folder is judged by its IDENTITY too (red team R43-a3: a second mount of an area, `mount --bind /data/wr /mnt/wr`)
// and by its MOUNT (R44-a4: a bind of a folder inside an area, an overlay whose upper or lower layer lies in an area,
// binds of binds: mount-aliases.ts over /proc/self/mountinfo, read once per lookup).
export function outsidePath<T extends Readonly<Record<string, string | undefined>>>(env: T, areas: string | readonly string[]): T & ToolEnv {
  const judge = areasOf(typeof areas === 'string' ? [areas] : areas, env);
  const holds = judge.lookup();
  const kept = (env['PATH'] ?? '').split(delimiter).filter((dir) => dir.startsWith('/') && !holds(dir));
  // The judge goes along (a symbol key: spread copies keep it, a child's environment never lists it) for findOnPath.
  return { ...env, PATH: kept.join(delimiter), [AREAS]: judge };
}

// Where no run writes anything codeward looks at (no workspace): only /bin and /usr/bin, judged against no area.
export function systemTools(): ToolEnv {
  return outsidePath({}, []);
}
