import { basename, isAbsolute, relative } from 'node:path';
import { kernelPlace } from '../workspace/kernel-place.js';
import { procPlace } from './path-lookup.js';
import type { SimpleCommand } from '../shell/parse-types.js';
import { envNamed } from './obeyed-env.js';
import { gitSubcommand } from './argv.js';
import { systemProgram } from './system-folders.js';
import type { TaskFolder, TaskNames, TaskRunner, TaskStep } from './task-runner-files.js';

// Native code a command has loaded INTO the program it runs (red team R38-b9): `./prog` is a program of the workspace
// codeward cannot read (task-runner-shell.ts: unknown while seed 004's immune list is in play), and the same code as a
// library must be no different: the dynamic loader maps the files LD_PRELOAD and LD_AUDIT name, and looks for every
// library (the C library's too) in LD_LIBRARY_PATH's folders (an empty entry is the current folder), before a system
// program's first instruction; bash's `enable -f FILE NAME` dlopen()s FILE into the shell (a bare FILE is looked for
// in BASH_LOADABLES_PATH, whose built-in default ends with `.`). Which variables and how their values split is
// obeyed-env.ts's table (the one the hook walk obeys). The environment is the one the parse recorded for the command
// (SimpleCommand.env: prefix assignments, `env NAME=VALUE` and `env -S`, exports earlier on the line, an enclosing
// command's), so every spelling is one reading. A file or folder inside the workspace is unknown (only read for the
// immune list of a run no checkpoint takes back, as a script file is: decide-scripts.ts), and so is one outside the
// system folders (a private /tmp the line copies it to, /proc/self/cwd, the home); a system folder's is the system's.

export const LIBRARY_FILES = 'the native library it loads';
// R39-b5: glibc's gconv modules (GCONV_PATH), OpenSSL's engines, providers and the configuration naming them; R39-b12:
// git's helper programs (GIT_EXEC_PATH: git-remote-http and every dashed command are taken from there first).
const LOADER = new Set(['LD_PRELOAD', 'LD_AUDIT', 'LD_LIBRARY_PATH', 'GCONV_PATH', 'OPENSSL_ENGINES', 'OPENSSL_MODULES', 'OPENSSL_CONF', 'GIT_EXEC_PATH']);
const UNKNOWN = '\u0000';
const ASSIGNED = /^([A-Za-z_][A-Za-z0-9_]*)=(.*)$/s;

// The runner words of each loader variable the command's environment sets (`LD_PRELOAD=./x.so`), one per value it
// may take (a run-time part is UNKNOWN).
export function loaderWords(command: SimpleCommand): string[][] {
  return (command.env ?? []).filter((entry) => LOADER.has(entry.name)).flatMap((entry) => (entry.candidates ?? [entry.dynamic ? `${UNKNOWN}${entry.value}` : entry.value]).map((value) => [`${entry.name}=${value}`]));
}

function inside(path: string, area: string): boolean {
  const rel = relative(area, path);
  return rel === '' || (!rel.startsWith('..') && !isAbsolute(rel));
}

// One file or folder the loader opens: unknown when it is the workspace's (or only known at run time).
function loaded(folder: TaskFolder, name: string, what: string): TaskStep {
  if (name.includes(UNKNOWN) || /[$`]/.test(name)) return { lines: [], unknown: `${what} ${name.replaceAll(UNKNOWN, '…')} is only known at run time` };
  // Where the loader opens it (kernel-place.ts: a link before a `..` followed first); the last link judged by its spelling.
  const abs = kernelPlace(folder.dir, procPlace(name === '' ? '.' : name, folder.dir), folder.walk(true));
  if (abs === undefined) return { lines: [], unknown: `${what} ${name} is reached through a part codeward cannot follow` };
  if (inside(abs, folder.root)) return { lines: [], unknown: `${what} ${name || 'the current folder'} is the workspace's, native code codeward cannot read` };
  // Outside the system folders (`/tmp/x.so` the line copied there, `/proc/self/cwd/x.so`, the home): not the system's.
  return systemProgram(`${abs}/`) ? { lines: [] } : { lines: [], unknown: `${what} ${name} is outside the system folders, native code codeward cannot read` };
}

// `LD_PRELOAD=./x.so`: the files (or folders) the variable's value names.
function variableRunner(name: string, value: string): TaskRunner {
  const named = envNamed(name, value);
  const folders = named?.folders !== undefined;
  return {
    files: LIBRARY_FILES,
    names: (): TaskNames => ({ names: named?.entries.filter((entry) => folders || entry !== '') ?? [] }),
    read: (folder, entry) => loaded(folder, entry, folders ? 'the library folder' : 'the library'),
  };
}

// bash's `enable [-adnps] -f FILE NAME...` (the option attached, `-fFILE`, or in a cluster, `-sf FILE`).
function enableFile(rest: readonly string[]): TaskNames {
  for (let i = 0; i < rest.length; i++) {
    const word = rest[i]!;
    if (word === '--' || !/^-[a-zA-Z]+/.test(word)) return null;
    const at = word.indexOf('f');
    if (at < 0) continue;
    const file = word.length > at + 1 ? word.slice(at + 1) : rest[i + 1];
    if (file === undefined) return null;
    // A bare name is looked for in BASH_LOADABLES_PATH, whose default ends with the current folder.
    return { names: file.includes('/') ? [file] : [file, `./${file}`] };
  }
  return null;
}

const ENABLE: TaskRunner = { files: LIBRARY_FILES, names: enableFile, read: (folder, file) => loaded(folder, file, 'the library') };

// The dynamic loader run as a program (`/lib64/ld-linux-x86-64.so.2 [--preload LIST] [--library-path PATH] PROGRAM`,
// ld.so(8)) maps what its options name and then runs PROGRAM, any program, its words unread by the immune list:
// unknown (fail closed), but for its own --help/--version.
const LOADER_PROGRAM = /^ld(?:-linux[\w.-]*|64|-musl-[\w]+)?\.so(?:\.\d+)*$/;
const LD_SO: TaskRunner = {
  files: LIBRARY_FILES,
  names: (rest) => (rest.length === 0 || rest.every((word) => word === '--help' || word === '--version') ? null : { unknown: 'the dynamic loader run as a program loads the libraries its options name and runs the program it is given, neither read' }),
  read: () => ({ lines: [] }),
};

// openssl's options naming native code or the configuration that names it (R39-b5): `-engine ./x.so` (an engine id with
// a `/` is a file), `-config FILE`, `-provider-path DIR`, `-provider ./x` and `engine dynamic -pre SO_PATH:./x.so`,
// with the option's value in the next word or after `=`.
const OPENSSL_VALUED: Readonly<Record<string, 'path' | 'named'>> = { '-engine': 'named', '-provider': 'named', '-config': 'path', '-provider-path': 'path', '-pre': 'path', '-post': 'path' };
function opensslFiles(rest: readonly string[]): TaskNames {
  const names: string[] = [];
  const sub = rest[0];
  rest.forEach((word, i) => {
    const eq = word.indexOf('=');
    const option = eq > 0 ? word.slice(0, eq) : word;
    const kind = OPENSSL_VALUED[option.replace(/^--/, '-')];
    const value = kind === undefined ? undefined : eq > 0 ? word.slice(eq + 1) : rest[i + 1];
    if (sub === 'engine' && i > 0 && !word.startsWith('-') && word.includes('/') && OPENSSL_VALUED[rest[i - 1] ?? ''] === undefined) names.push(word);
    if (value === undefined) return;
    if (option.endsWith('pre') || option.endsWith('post')) {
      const path = /^(?:SO_PATH|DIR_ADD|LOAD_FILE):(.*)$/s.exec(value);
      if (path) names.push(path[1]!);
    } else if (kind === 'path' || value.includes('/')) names.push(value);
  });
  return names.length > 0 ? { names } : null;
}
const OPENSSL: TaskRunner = { files: LIBRARY_FILES, names: opensslFiles, read: (folder, file) => loaded(folder, file, 'the engine, provider or configuration openssl loads') };

// git's `--exec-path=DIR` (R39-b12): git runs its helper programs from DIR first (the option's spelling of GIT_EXEC_PATH).
function gitExecPath(rest: readonly string[]): TaskNames {
  const names = gitSubcommand(rest).globals.filter((word) => word.startsWith('--exec-path=')).map((word) => word.slice('--exec-path='.length));
  return names.length > 0 ? { names } : null;
}
const GIT: TaskRunner = { files: 'the helper programs git runs', names: gitExecPath, read: (folder, dir) => loaded(folder, dir, 'the program folder') };

// The row of a library load: `enable`, the dynamic loader, openssl's options, git's --exec-path, or a loader variable's
// runner words (loaderWords).
// openssl's and git's rows only when the line names such a file: otherwise the program is judged as any other (a `git`
// the line's PATH finds in the workspace is that script: red team R38-b1's path-made-name rows).
export function libraryRunner(program: string, rest: readonly string[]): TaskRunner | undefined {
  if (program === 'enable') return ENABLE;
  const named = basename(program) === 'openssl' ? OPENSSL : basename(program) === 'git' ? GIT : undefined;
  if (named !== undefined) return named.names(rest) !== null ? named : undefined;
  if (LOADER_PROGRAM.test(basename(program))) return LD_SO;
  const assigned = ASSIGNED.exec(program);
  return assigned !== null && LOADER.has(assigned[1]!) ? variableRunner(assigned[1]!, assigned[2]!) : undefined;
}
