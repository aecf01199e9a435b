import { accessSync, constants, statSync } from 'node:fs';
import { kernelPlace } from '../workspace/kernel-place.js';
import { basename } from 'node:path';
import { shebangEnv, type EnvRead } from '../shell/env-words.js';
import { systemProgram } from './system-folders.js';
import { sameProgram } from '../shell/program-aliases.js';
import { LIBRARY_FILES } from './task-runner-library.js';
import { inside, pathLookup, procPlace } from './path-lookup.js';
import { isSymlink, realOf } from '../sandbox/paths.js';
import type { TaskFolder, TaskNames, TaskRunner, TaskStep } from './task-runner-files.js';

// A shell script FILE of the workspace run by a shell (`sh clean.sh`, `bash -e x.sh`, `. ./env.sh`) or by its path
// (`./clean.sh` with a shell's #! line) is a task like a package script (red team R34-6: in place, `sh s.sh` with
// `rm -rf sub` in s.sh threw the uncommitted work away under --yes while `npm run clean` with the same line asked):
// its text is judged as the shell line it is, for seed 004's immune list of a run no checkpoint takes back (decide-
// scripts.ts: --no-stage, no sandbox). Code given as text (`-c`) or on standard input is
// judged by the line's own rules; an option not known here, or a script that is not a file of the workspace read
// whole, is unknown (fail closed).

const SHELLS = new Set(['sh', 'bash', 'dash', 'zsh', 'ksh', 'mksh', 'ash', 'yash', 'posh', 'rbash', 'source', '.']);
// Options that take no value ('-e', '-x', `-o pipefail` takes one), the ones that stop reading a script (`-c`, `-s`,
// `-i`: code from text or stdin, judged elsewhere), and the long ones bash and zsh take.
const VALUED = new Set(['-o', '+o', '-O', '+O', '--rcfile', '--init-file']);
const STOPS = /^-[a-zA-Z]*[cs]/;
const FLAGS = /^[-+][aefhklmnptuvxBCEHPT]+$/;
const LONG = new Set(['--norc', '--noprofile', '--posix', '--login', '--noediting', '--restricted', '--verbose', '--debugger', '--dump-strings', '--pretty-print']);
// Interpreters whose scripts are not shell text: a script file of theirs is run unread (their code is not judged for the
// immune list: LEFT, red team R36-5), never taken for a shell script.
const NOT_SHELL = /^(?:python[\d.]*|pypy[\d.]*|node|deno|bun|perl[\d.]*|ruby[\d.]*|php[\d.]*|lua[\d.]*|luajit|tclsh[\d.]*|Rscript|julia|osascript)$/;

// How deep the kernel nests #! interpreters that are scripts themselves (Linux: BINPRM_MAX_RECURSION).
const NESTING = 4;

type Shebang = 'shell' | 'other' | { readonly path: string } | { readonly unknown: string };

// What a #! line runs (red team R36-9): its program through `env` and its options, read by the top level's own env
// reader (shell/env-words.ts readEnv: -S/--split-string and its prefixes split in place, -i, -u NAME, -C, --); `rbash` (bash
// started restricted: rm and redirections allowed) is a shell. 'shell' (a shell reads the file), 'other' (a SYSTEM
// interpreter of another language), `path` (a file the kernel runs next with this one as its script, R37-b1: `#!./node`,
// or a name found on a PATH the #! line itself sets through env), or unknown.
function shebangProgram(line: string, folder: TaskFolder): Shebang {
  const words = line.slice(2).trim().split(/\s+/);
  const head = words[0] ?? '';
  // A #! interpreter of the system folders is judged by its name; any other is a file (R37-b1, R38-b3: `..` taken).
  if (!systemProgram(head)) return { path: head };
  const envs = basename(head) === 'env' ? shebangEnv(head, line.slice(2).trim().slice(head.length)) : undefined;
  // Linux gives env the rest as one word, other systems a word per part (shebangEnv): readings that differ are unknown.
  if (envs !== undefined && envs.length > 1) return { unknown: `its #! line's env words read differently as one word (Linux) and as several` };
  const env = envs?.[0];
  const program = (env === undefined ? words : env.command)[0] ?? '';
  if (env?.unknown !== undefined) return { unknown: `its #! line gives env an option it does not have (${env.unknown})` };
  if (env !== undefined && program.includes('/')) {
    // `env -C DIR ./x` runs DIR/x: the folder is not followed here.
    if (!program.startsWith('/') && env.folders.length > 0) return { unknown: `its #! line runs ${program} in another folder, a program codeward does not read` };
    if (!systemProgram(kernelPlace(folder.dir, program, folder.walk(true)) ?? program)) return { path: program };
  }
  const looked = env !== undefined && !program.includes('/') ? onShebangPath(env, program, folder) : undefined;
  if (looked !== undefined) return looked;
  const name = basename(program);
  // A shell reads this file only when the #! words give it flags alone and env sets nothing for it (R38-b1: `sh -c CODE`
  // runs CODE, `sh ./e.sh` runs e.sh, `BASH_ENV=./e.sh bash` sources e.sh first): anything else is unknown.
  if (SHELLS.has(name) && name !== 'source' && name !== '.') {
    const after = (env === undefined ? words : env.command).slice(1);
    if ((env?.assignments.length ?? 0) > 0 || after.some((word) => !/^[-+][A-Za-bd-z]*$/.test(word))) return { unknown: `its #! line gives ${name} words codeward does not read (${[...(env?.assignments ?? []), ...after].join(' ')})` };
    return 'shell';
  }
  if (NOT_SHELL.test(sameProgram(name))) return 'other';
  return { unknown: `its #! line runs ${name || 'nothing codeward can read'}, a program codeward does not read` };
}

// A bare program on the PATH a #! line's env sets (`#!/usr/bin/env -S PATH=./bin:/usr/bin python3`), read by the one
// PATH-lookup reader (path-lookup.ts): a system folder's is judged by name (undefined), any file found is run next
// (programFile: a workspace file is read, any other is unknown), a folder only known at run time is unknown. env sets
// PATH, then moves to `-C DIR`: a relative PATH folder is DIR's, not followed here.
function onShebangPath(env: EnvRead, program: string, folder: TaskFolder): Shebang | undefined {
  const set = env.assignments.findLast((word) => word.startsWith('PATH='));
  if (set === undefined) return undefined;
  const home = env.empties || env.unset.includes('HOME') || env.assignments.some((word) => word.startsWith('HOME=')) ? undefined : process.env['HOME'];
  const moved = env.folders.length > 0 ? 'its #! line moves with env -C' : undefined;
  const found = pathLookup(set.slice('PATH='.length), program, { dirs: [folder.dir], root: folder.root, home, ...(moved === undefined ? {} : { moved }) });
  if (found === undefined) return undefined;
  return 'unknown' in found ? { unknown: `its #! line runs ${found.unknown}` } : { path: found.files[0]! };
}

// A script named only at run time: find's `{}` (`find . -exec sh {} \\;`, R36-3), a variable (`bash $f`), a command's
// output. Unknown (fail closed): only read for the immune list of a run no checkpoint takes back (decide-scripts.ts
// queues a script file's runner only then), so a staged run's `for f in *.sh; do bash $f; done` stays free (R14-16).
function runTimeName(word: string): TaskNames | undefined {
  return /[$`]|\{\}/.test(word) ? { unknown: `the script ${word} is only known at run time` } : undefined;
}

function scriptOperand(rest: readonly string[]): TaskNames {
  for (let i = 0; i < rest.length; i++) {
    const word = rest[i]!;
    if (word === '--') return rest[i + 1] === undefined ? null : { names: [rest[i + 1]!] };
    if (STOPS.test(word)) return null;
    // A shell started physical runs its script's cd by the kernel's rules (R44-b1): not read here, fail closed.
    if (/^[-+][a-zA-Z]*P/.test(word) || (/^[-+]o$/.test(word) && rest[i + 1] === 'physical')) return { unknown: `the shell is started with a physical cd (${word}${word.endsWith('o') ? ' physical' : ''}), which codeward does not read in its script` };
    if (VALUED.has(word)) {
      i += 1;
      continue;
    }
    if (FLAGS.test(word) || LONG.has(word)) continue;
    if (word.startsWith('-') || word.startsWith('+')) return word === '-' ? null : { unknown: `the shell option ${word} is not one codeward knows` };
    return runTimeName(word) ?? { names: [word] };
  }
  return null;
}

// Another spelling of a folder through /proc (another process's cwd) or a descriptor (R39-b3): the run's own.
const MADE_HERE = /^\/(?:proc|dev\/fd)(?:\/|$)/;
const RANK = { own: 0, writable: 1, host: 2 } as const;
type Place = keyof typeof RANK;

// Where a path outside the workspace stands in the run's view, by the view's own list (sandbox/policy.ts boundFolders):
// 'host' (a folder the view binds read-only from the host: the system folders, PATH and toolchain folders,
// sandboxReadable), 'writable' (sandboxWritable: bound from the host, but the line can write it, red team R41-a3), or
// 'own': every other place is the run's private tmpfs (/tmp, /var/tmp, /dev/shm, /var, /run, /var/run, a home) or
// not in the view at all, where only the run can have put a file, whatever the host has at that name (R40-a5,
// R41-a10). With no view known (`policy check`), only the system's programs are the host's. A link is judged by
// both its spelling and where it leads.
function placeOf(folder: TaskFolder, abs: string): Place {
  const one = (path: string): Place => {
    if (MADE_HERE.test(path)) return 'own';
    const view = folder.view;
    if (view === undefined) return systemProgram(path) ? 'host' : 'own';
    if (view.writable.some((dir) => inside(path, dir))) return 'writable';
    return view.host.some((dir) => inside(path, dir)) ? 'host' : 'own';
  };
  const place = one(abs);
  const real = realOf(abs);
  // A link whose target is missing on the host leads where the run may make it.
  if (real === abs) return isSymlink(abs) ? 'own' : place;
  return RANK[one(real)] >= RANK[place] ? place : one(real);
}

// A script outside the workspace is judged by the line's own rules, as before R34-6, when it is the host's file (the
// sandbox's runs write only the workspace, sandboxWritable and their private places; with no OS sandbox at all the
// parse asks for a script run from outside the workspace: unconfined.ts). In a writable folder it is the host's
// only when it stands there now and the line cannot have written it first (decide-scripts.ts asks written-before.ts
// of every path the folder looked at). LEFT: --sandbox off's write jail also writes the real temporary folder, so a
// script an earlier jailed run left there and an in-place run of it are not read.
function outsideScript(folder: TaskFolder, name: string, abs: string): TaskStep {
  const place = placeOf(folder, abs);
  if (place === 'own') return { lines: [], unknown: `${name} is a program outside the workspace in a place the sandbox's view does not bind from the host (${abs}), which codeward cannot read` };
  if (place === 'writable' && !folder.standsOutside(abs)) return { lines: [], unknown: `the script ${name} is not there when the line is judged (the line itself may make it)` };
  return { lines: [] };
}

function scriptText(folder: TaskFolder, name: string, lookedUp = false): TaskStep {
  if (/[*?[]/.test(name)) return { lines: [], unknown: `the script ${name} is a pattern the shell expands at run time` };
  // `.`/`source`'s bare name: the file bash sources (the run folder's only when no PATH folder holds it).
  const sourced = lookedUp && !name.includes('/') ? onPath(folder, name) : undefined;
  if (sourced !== undefined) return sourced;
  // The file the kernel opens (kernel-place.ts: `l/../ok.sh` with l -> d/e is d/ok.sh, R43-b2); the last link is
  // judged by its own spelling and place (placeOf).
  const abs = kernelPlace(folder.dir, procPlace(name, folder.dir), folder.walk(true));
  if (abs === undefined) return { lines: [], unknown: `the script ${name} is reached through a part codeward cannot follow (a \`..\` after a part not there now, or too many links)` };
  if (!inside(abs, folder.root)) return outsideScript(folder, name, abs);
  const text = folder.text(abs);
  if (text === 'unreadable') return { lines: [], unknown: `the script ${name} cannot be read whole` };
  // A binary (red team R38-a8: an ELF copied or built in the workspace) is no shell text: a program codeward cannot
  // read, one short reason (its bytes split as lines were quoted into the refusal, 141 KB for /bin/true).
  if (text !== 'absent' && text.includes('\0')) return { lines: [], unknown: `${name} is a binary program, which codeward cannot read` };
  if (text !== 'absent') return { lines: [text] };
  // Not there when the line is judged (R37-b2): only the run can make it (`cp s.sh y.sh && sh y.sh`, `ln -s /bin/rm t
  // && ./t -rf sub`): a shell opens its script operand from the run folder first (dash never looks it up), a path
  // is never looked up.
  return { lines: [], unknown: `the script ${name} is not there when the line is judged (the line itself may make it)` };
}

// What `. NAME` / `source NAME` sources, as bash finds it (fix62's LEFT; red team R42-a9): the FIRST folder of the PATH
// (codeward's, which its runs inherit; an empty or relative entry is the run folder's) holding a readable NAME that
// is no folder, inside the workspace or not. A workspace one is read as any workspace script; one outside is judged by
// its place (outsideScript, as `sh /that/file`). Each folder before it is looked at too (folder.text/standsOutside):
// one where the line may make NAME first asks (written-before.ts). A place of the run's own (a private tmpfs) holds
// only what the line makes: looked at, never taken. Undefined: no PATH folder holds it (bash reads the run folder's).
function onPath(folder: TaskFolder, name: string): TaskStep | undefined {
  for (const entry of (process.env['PATH'] ?? '').split(':')) {
    // The file the kernel opens (kernel-place.ts); a PATH folder it cannot follow holds nothing here.
    const file = kernelPlace(folder.dir, procPlace(`${entry === '' ? '.' : entry}/${name}`, folder.dir), folder.walk(true));
    if (file === undefined) continue;
    if (inside(file, folder.root)) {
      const text = folder.text(file);
      if (text !== 'absent') return scriptText(folder, file);
      continue;
    }
    const place = placeOf(folder, file);
    if (folder.standsOutside(file) && place !== 'own' && sourceable(file)) return outsideScript(folder, name, file);
  }
  return undefined;
}

// bash's test for a sourced file found on PATH: there, readable, and no folder.
function sourceable(file: string): boolean {
  try {
    accessSync(file, constants.R_OK);
    return !statSync(file).isDirectory();
  } catch {
    return false;
  }
}

// `sh FILE`, `bash -e FILE args`, `source FILE`, `. FILE`.
export const SHELL_SCRIPT: TaskRunner = { files: 'the shell script file it runs', names: scriptOperand, read: (folder, name) => scriptText(folder, name) };
// `. FILE`, `source FILE`: a bare name is looked up on PATH first.
const SOURCED: TaskRunner = { ...SHELL_SCRIPT, read: (folder, name) => scriptText(folder, name, true) };
export const shellRunner = (program: string): TaskRunner => (program === '.' || program === 'source' ? SOURCED : SHELL_SCRIPT);

// A program given by a path of the workspace (`./clean.sh`, `scripts/x`): a shell script when its #! line names a shell,
// or when it has none (the calling shell runs such a file itself).
// A program named only at run time (`find . -exec {} \\;`, `$SCRIPT`) is such a file as far as anyone can tell.
export function pathScript(program: string): TaskRunner | undefined {
  const unknown = runTimeName(program);
  if (unknown === undefined && (!program.includes('/') || systemProgram(program))) return undefined;
  return {
    files: SHELL_SCRIPT.files,
    names: () => unknown ?? { names: [program] },
    read: (folder, name) => programFile(folder, name, 0),
  };
}

// What running the file `name` has a shell read: its own text (no #! line, or a shell's), nothing (a system
// interpreter of another language), or, when its #! line names another file, what running THAT file with this one as
// its script has read, as the kernel nests #! (R37-b1). An interpreter with no #! line of its own, outside the
// workspace or past NESTING is unknown.
function programFile(folder: TaskFolder, name: string, depth: number): TaskStep {
  const step = scriptText(folder, name);
  const text = step.lines[0];
  if (depth > 0 && (text === undefined ? step.unknown === undefined : !text.startsWith('#!'))) return { lines: [], unknown: step.unknown ?? `its #! line runs ${name}, which the kernel cannot run as an interpreter codeward reads` };
  if (text === undefined || !text.startsWith('#!')) return step;
  const program = shebangProgram(text.slice(0, text.indexOf('\n') === -1 ? undefined : text.indexOf('\n')), folder);
  if (program === 'shell') return step;
  if (program === 'other') return { lines: [] };
  if ('unknown' in program) return { lines: [], unknown: program.unknown };
  const next = kernelPlace(folder.dir, program.path, folder.walk(true));
  if (next === undefined) return { lines: [], unknown: `its #! line runs ${program.path}, reached through a part codeward cannot follow` };
  if (!inside(next, folder.root)) return { lines: [], unknown: `its #! line runs ${program.path}, a program outside the system folders codeward does not read` };
  if (depth + 1 >= NESTING) return { lines: [], unknown: `its #! line runs ${program.path}, #! interpreters nested deeper than ${NESTING}` };
  return programFile(folder, next, depth + 1);
}

export const isShellName = (program: string): boolean => SHELLS.has(program);

// Whether a runner row is a script file's: only the immune list of an unstaged run is taken from its text
// (decide-scripts.ts); the person's path rules judge what it writes as they judge any in-place run (path-rules.ts).
// A native library a command loads (task-runner-library.ts) is read the same way.
export const isScriptFileRunner = (runner: TaskRunner): boolean => runner.files === SHELL_SCRIPT.files || runner.files === LIBRARY_FILES;
