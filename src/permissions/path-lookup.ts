import { kernelPlace } from '../workspace/kernel-place.js';
import { existsSync } from 'node:fs';
import { isAbsolute, join, relative } from 'node:path';
import { systemProgram } from './system-folders.js';

// THE PATH-lookup reader (red team R39-b1, issue 26): which file a bare program name runs when a PATH the line (or a #!
// line's env) sets is searched for it. The top level's runners (runners-started.ts: `PATH=./bin:$PATH t`) and the #!
// reader (task-runner-shell.ts: `#!/usr/bin/env -S PATH=./bin:/usr/bin t`) both ask here, with the same rules:
// - the first folder that holds the name decides; a system folder's program is judged by its name (undefined);
// - a workspace folder decides even where the name is not there yet (the line may make it: R37-b2), so does a place a
//   run itself makes files in (/proc, /dev/fd, the private /tmp: R39-b3); what that file means is the caller's rule;
// - `$PATH` is codeward's own PATH, which its runs inherit; `$PWD`, `$(pwd)`, `` `pwd` `` the folder the program
//   starts in; `~` and `$HOME` the home (unless the line sets HOME), a place the run makes files in, as /tmp; any other entry only known at run time
//   (`$(pwd)/..`, `$X`, `${PATH:+…}`) may be inside the workspace, so the program is unknown;
// - a relative entry (`.`, `bin`, an empty one) is resolved against each folder the line may have moved to (cd, env -C:
//   decide-script-dirs.ts), and is unknown where that folder is not known.

export type PathLookup = { readonly files: readonly string[] } | { readonly unknown: string } | undefined;

export interface PathPlace {
  // The folders the program may start in (a relative entry is resolved against each).
  readonly dirs: readonly string[];
  readonly root: string;
  // Why the folder is not known (a cd to a run-time folder, a #! line's env -C): a relative entry is then unknown.
  readonly moved?: string;
  // The home `~` and `$HOME` stand for; undefined: only known at run time (the line sets HOME).
  readonly home: string | undefined;
}

// The value a PATH assignment word gives (`PATH=v`: v; `PATH+=v`: bash appends, `$PATH` then v), or undefined.
export function pathValue(word: string): string | undefined {
  if (word.startsWith('PATH=')) return word.slice('PATH='.length);
  return word.startsWith('PATH+=') ? `$PATH${word.slice('PATH+='.length)}` : undefined;
}

// The path `/proc/self/cwd/x`, `/proc/thread-self/cwd/x` and `/proc/self/root/P` name, from `dir` (the folder the
// program starts in): the run folder's x and P (red team R39-b3: the workspace's own script by a /proc spelling).
export function procPlace(path: string, dir: string): string {
  const cwd = /^\/proc\/(?:self|thread-self)\/cwd(?=\/|$)/.exec(path);
  // Kept as written after the folder: its `..` is the kernel's to take (kernel-place.ts).
  if (cwd) return `${dir}${path.slice(cwd[0].length)}`;
  const root = /^\/proc\/(?:self|thread-self)\/root(?=\/|$)/.exec(path);
  return root ? path.slice(root[0].length) || '/' : path;
}

export function inside(path: string, area: string): boolean {
  const rel = relative(area, path);
  return rel === '' || (!rel.startsWith('..') && !isAbsolute(rel));
}

// Places outside the workspace where a program the run itself made may be (R39-b3): decided there even when absent.
const MADE_HERE = /^\/(?:proc|dev\/fd|tmp|var\/tmp|dev\/shm)(?:\/|$)/;
const CURRENT = /^(?:\$PWD\b|\$\{PWD\}|\$\(pwd\)|`pwd`)/;
const HOME = /^(?:~(?=\/|$)|\$HOME\b|\$\{HOME\})/;
const INHERITED = /^\$(?:PATH|\{PATH\})$/;

export function pathLookup(path: string, program: string, place: PathPlace): PathLookup {
  const files: string[] = [];
  for (const dir of place.dirs) {
    const found = lookIn(path, program, dir, place);
    if (found !== undefined && typeof found !== 'string') return found;
    if (found !== undefined && !files.includes(found)) files.push(found);
  }
  return files.length > 0 ? { files } : undefined;
}

function lookIn(path: string, program: string, dir: string, place: PathPlace): string | { unknown: string } | undefined {
  for (const entry of path.split(':')) {
    if (INHERITED.test(entry)) {
      // placed: a bare program name in codeward's own absolute PATH folders.
      if ((process.env['PATH'] ?? '').split(':').some((each) => isAbsolute(each) && existsSync(join(each, program)))) return undefined;
      continue;
    }
    const home = HOME.exec(entry);
    if (home && place.home === undefined) return { unknown: `${program} is looked up in ${entry}, a PATH folder under a home the line sets` };
    const spelled = home ? place.home! + entry.slice(home[0].length) : entry.replace(CURRENT, dir);
    if (/[$`]/.test(spelled)) return { unknown: `${program} is looked up in ${entry || 'the current folder'}, a PATH folder only known at run time` };
    if (!spelled.startsWith('/') && place.moved !== undefined) return { unknown: `${program} is looked up in ${entry || 'the current folder'}, a PATH folder of a folder not known here (${place.moved})` };
    // The folder as the kernel reaches it (kernel-place.ts: `PATH=l/..` with l a link is l's target's parent).
    const folder = kernelPlace(dir, procPlace(spelled || '.', dir), { trusted: place.root });
    if (folder === undefined) return { unknown: `${program} is looked up in ${entry}, a PATH folder through a part codeward cannot follow` };
    // placed: a bare name in the folder the kernel's walk reached.
    const file = join(folder, program);
    // The home a `~`/`$HOME` entry names is a place the run itself makes files in: a sandboxed run's home is its own
    // writable tmpfs (`mkdir -p "$HOME/bin"` from a script works there), so it decides as /tmp does (R37's #! row:
    // `#!/usr/bin/env -S PATH=${HOME}/bin python3` is unknown when the home holds no python3 now).
    if (inside(file, place.root) || MADE_HERE.test(folder) || home) return file;
    if (existsSync(file)) return systemProgram(`${folder}/`) ? undefined : file;
  }
  return undefined;
}
