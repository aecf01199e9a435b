import type { WrittenBefore } from './line-writes-type.js';
import { realpathSync, statSync } from 'node:fs';
import { basename, dirname, join, resolve } from 'node:path';
import { UNKNOWN, toArgv, type Argv } from './argv.js';
import { lineFolders } from './decide-script-dirs.js';
import { inside } from './path-lookup.js';
import { mayWrite } from './readonly.js';
import { boundedWriter, writesNothing, writtenWords } from './bounded-writers.js';
import { fullReal, writtenPlace } from './written-paths.js';
import { withAliases } from '../shell/program-aliases.js';
import { placeWords } from './package-places.js';
import type { Redirection, ShellParse, ShellWord, SimpleCommand } from '../shell/parse-types.js';

// THE answer to "may this line have written PATH before this point runs?" (red team R40-b6: `cp evil ok.sh; sh ok.sh`,
// `cp evil.mk Makefile; make`, `cp evil.json package.json; npm test` were judged by the text that was there when the
// line was judged, and ran the attacker's). Every reader of a file's text for a line (decide-scripts.ts: the shell
// script, sourced file and #! readers, the task runners' files, package.json) asks it for each file it looked at.
// What a command writes is read as the write gate reads it (immune-shell.ts): a program the read-only list lets run
// writes nothing but its redirections; a program whose writes its words bound (bounded-writers.ts: cp, mv, tee, sort -o
// ...) writes its operands, its options' values and its redirection targets; any other may write any path (R42-b2); an operand that is a folder (`cp evil sub/`, `cp -t . x`) may have any path under it written; a
// word the parse cannot bound (a glob, a part only known at run time) may be any path under its known folder; a
// program whose writes its words do not bound (a name only known at run time, code: an interpreter, a shell, a
// program by path, eval, xargs' input; git's commands that change the work tree) may write any path: unknown.
// "Before": a command earlier on the line, one of the same pipeline (they run together), or any command of the line
// when the reader runs in a loop, a function or the background.

// Programs that run code whose writes their words do not say.
const CODE = withAliases(['sh', 'bash', 'dash', 'zsh', 'ksh', 'mksh', 'ash', 'yash', 'posh', 'rbash', 'fish', 'source', '.', 'eval', 'exec', 'node', 'deno', 'bun', 'tsx', 'ts-node', 'python', 'python2', 'python3', 'pypy', 'pypy3', 'ruby', 'perl', 'php', 'lua', 'luajit', 'tclsh', 'Rscript', 'julia', 'awk', 'gawk', 'mawk', 'xargs', 'parallel', 'env', 'sudo', 'doas', 'su']);
// The first word that is not an option (a subcommand).
const subcommand = (args: readonly string[]): string | undefined => args.find((arg) => !arg.startsWith('-'));

// Programs that run the workspace's code by their sub-command (fix60, round 41's LEFT): cargo's build script and
// proc macros (build, run, test ...: build.rs is code), `go generate`'s directives, `go run`/`go test`'s programs, a
// package's bin (`npx x`, `npm exec x`, `pnpm dlx x`, `bundle exec x`), an install that builds the project (`pip
// install -e .`: setup.py; poetry), and build tools whose build file is code (gradle, sbt): what they write their
// words do not say. 'any': every sub-command. Task runners and package scripts are read by decide-scripts.ts instead
// (their lines' writes are added: LineWrites.add).
const PROJECT_CODE: Readonly<Record<string, ReadonlySet<string> | 'any'>> = {
  cargo: new Set(['build', 'b', 'run', 'r', 'test', 't', 'check', 'c', 'bench', 'clippy', 'doc', 'd', 'rustc', 'rustdoc', 'fix', 'install', 'nextest', 'miri', 'llvm-cov', 'tarpaulin']),
  go: new Set(['generate', 'run', 'test', 'tool']),
  ...Object.fromEntries(['npm', 'pnpm', 'yarn', 'bun'].map((name) => [name, new Set(['exec', 'x', 'dlx'])])),
  ...Object.fromEntries(['npx', 'pnpx', 'bunx', 'gradle', 'sbt'].map((name) => [name, 'any' as const])),
  bundle: new Set(['exec']),
  bundler: new Set(['exec']),
  ...Object.fromEntries(['pip', 'pip3'].map((name) => [name, new Set(['install', 'wheel', 'download'])])),
  uv: new Set(['run', 'pip', 'sync', 'build', 'tool']),
  poetry: new Set(['run', 'install', 'build']),
  pipx: new Set(['run']),
};

// Whether a program runs the workspace's code (PROJECT_CODE), or one of them launched it (`npx gen` is gen's line
// under the wrapper npx).
function projectCode({ name, args, wrappers }: Argv): boolean {
  if (wrappers.some((each) => Object.hasOwn(PROJECT_CODE, each))) return true;
  if (MANAGERS.has(name)) args = managerPlaces(name, args)?.kept ?? args;
  const row = PROJECT_CODE[name];
  if (row === undefined) return false;
  // cargo's toolchain word (`cargo +nightly build`) comes before the sub-command.
  const sub = subcommand(args.filter((arg) => !/^\+[\w.-]+$/.test(arg)));
  return row === 'any' || (sub !== undefined && row.has(sub));
}

// Wrappers that hand the program words only known at run time (`find . -exec cp evil {} \;`, xargs' input).
const RUN_TIME_WORDS = new Set(['find', 'xargs', 'parallel', 'fd', 'fdfind']);
// git commands that write only the repository's own folder, never a work-tree file.
const GIT_KEEPS = new Set(['add', 'commit', 'fetch', 'push', 'tag', 'branch', 'remote', 'config', 'init', 'notes', 'gc', 'fsck', 'update-index', 'update-ref', 'hash-object', 'mv', 'rm']);
// Package manager commands that write the package's package.json (`npm pkg set scripts.test=...`, `npm init`).
const MANAGERS = new Set(['npm', 'pnpm', 'yarn', 'bun']);
const PACKAGE_EDITS = new Set(['pkg', 'init', 'create', 'set-script', 'add', 'remove', 'rm', 'uninstall', 'un', 'unlink', 'link', 'upgrade', 'up', 'update']);
const INSTALLS = new Set(['install', 'i', 'in', 'isntall']);
// Package manager commands that only print what the registry or the installed tree says (`npm --prefix d view x`,
// `pnpm why x`): they write no workspace file (their cache is the home's), and run no script.
const PACKAGE_QUERIES = new Set(['view', 'v', 'info', 'show', 'ls', 'list', 'll', 'la', 'outdated', 'explain', 'why']);

// A package manager's words read past its place options (`npm --prefix d pkg set`, `pnpm -C d add x`: fix66), with
// the folders whose package.json it edits; undefined when a place cannot be followed (a workspace name, every
// package, a folder only known at run time).
function managerPlaces(name: string, args: readonly string[], dirs: readonly string[] = []): { kept: string[]; folders: string[] } | undefined {
  const placed = placeWords(name, args);
  if ('unknown' in placed || placed.names.length > 0 || placed.every) return undefined;
  const last = placed.folders.at(-1);
  if (last === undefined) return { kept: placed.kept, folders: [...dirs] };
  // A folder the shell may change (a variable, a glob, `~`, a run-time part): not followed.
  if (/[$`*?[{~]/.test(last) || last.includes(UNKNOWN)) return undefined;
  // logical: npm --prefix, pnpm --dir, yarn --cwd are node's path.resolve (on the text).
  return { kept: placed.kept, folders: dirs.map((dir) => resolve(dir, last)) };
}

// What one command may write: files, folders any path under which may be written, or why any path may be.
interface Writes {
  readonly by: string;
  readonly files: string[];
  readonly folders: string[];
  anywhere?: string;
  // Any path too, unless the runner's lines it runs were read (decide-scripts.ts adds them: LineWrites.add).
  unread?: string;
}

// The real place of a path (its folder's links followed), so `cp evil ./sub/../ok.sh` and a linked folder compare.
function real(path: string): string {
  try {
    // placed: the name in its folder's real place.
    return join(realpathSync(dirname(path)), basename(path));
  } catch {
    return path;
  }
}

const isFolder = (path: string): boolean => {
  try {
    return statSync(path).isDirectory();
  } catch {
    return false;
  }
};

// The folder part of a value before its first unbounded character (`build/*.o` -> build, `$X` -> '.').
const knownFolder = (value: string, at: number): string => {
  const slash = value.lastIndexOf('/', at);
  return slash < 0 ? '.' : value.slice(0, slash) || '/';
};

function addPath(dir: string, spelling: string, into: Writes): void {
  const abs = writtenPlace(dir, spelling);
  if (abs === undefined) into.folders.push('/');
  else (spelling.endsWith('/') || isFolder(abs) ? into.folders : into.files).push(abs);
}

// A spelling that starts with `~` as bash takes it (fix66): only an unquoted `~` leading the word is expanded, a quoted
// or escaped one (`'~+/x'`, `\\~+`) or one inside the word (`-t~+`) is a folder named `~+`; after a `=` (`of=~+/x`,
// which bash expands in some words and not others) both.
function literalTilde(word: ShellWord, spelling: string, whole: boolean): string[] {
  if (!spelling.startsWith('~') || word.dynamic) return [spelling];
  if (!whole) return [spelling, `./${spelling}`];
  return word.parts[0]?.kind === 'tilde' && word.value === spelling ? [spelling] : [`./${spelling}`];
}

// A word's values as written paths: bounded ones are files, the rest folders ('/': any path, written-paths.ts).
function addWord(word: ShellWord, dirs: readonly string[], into: Writes): void {
  const values = word.dynamic ? (word.candidates.length > 0 ? word.candidates : [UNKNOWN]) : [word.value];
  for (const value of values) {
    const glob = word.glob ? value.search(/[*?[]/) : -1;
    const open = value.indexOf(UNKNOWN);
    const cut = [glob, open].filter((at) => at >= 0);
    const spellings = [...literalTilde(word, value, true), ...(value.includes('=') ? literalTilde(word, value.slice(value.indexOf('=') + 1), false) : [])];
    for (const dir of dirs) {
      if (cut.length > 0) {
        const known = knownFolder(value, Math.min(...cut));
        into.folders.push(known.startsWith('~') ? '/' : (writtenPlace(dir, known) ?? '/'));
        continue;
      }
      for (const spelling of spellings) if (spelling !== '') addPath(dir, spelling, into);
    }
  }
}

function redirected(redirections: readonly Redirection[], dirs: readonly string[], into: Writes): Writes {
  for (const redirection of redirections) {
    if (!redirection.writes || redirection.duplicate) continue;
    if (redirection.targetWord !== undefined) addWord(redirection.targetWord, dirs, into);
    else if (redirection.target !== null) for (const dir of dirs) addPath(dir, redirection.target, into);
  }
  return into;
}

function commandWrites(command: SimpleCommand, dirs: readonly string[], lost: string | undefined): Writes {
  const into = redirected(command.redirections, dirs, { by: command.text, files: [], folders: [] });
  if (!mayWrite(command)) return into;
  const argv = toArgv(command);
  if (argv === undefined || command.runtime !== undefined) return { ...into, anywhere: `\`${command.text}\` runs a program only known at run time` };
  if (lost !== undefined) return { ...into, anywhere: `\`${command.text}\` writes after ${lost}` };
  const runsCode = CODE.has(argv.name) || projectCode(argv) || argv.wrappers.some((each) => RUN_TIME_WORDS.has(each)) || command.rawName?.includes('/') === true;
  if (runsCode || command.input !== undefined || command.stdinScript === true || command.pipedProgram === true || (command.launches?.length ?? 0) > 0) return { ...into, anywhere: `\`${command.text}\` runs code whose writes its words do not say` };
  const places = MANAGERS.has(argv.name) ? managerPlaces(argv.name, argv.args, dirs) : undefined;
  if (MANAGERS.has(argv.name) && places === undefined) return { ...into, anywhere: `\`${command.text}\` works in a package folder codeward does not follow` };
  const args = places?.kept ?? argv.args;
  const sub = subcommand(args);
  if (argv.name === 'git') return sub !== undefined && GIT_KEEPS.has(sub) ? into : { ...into, anywhere: `\`${command.text}\` may change any file of the work tree` };
  if (writesNothing(argv.name, argv.args) || (places !== undefined && sub !== undefined && PACKAGE_QUERIES.has(sub))) return into;
  if (places !== undefined && sub !== undefined && (PACKAGE_EDITS.has(sub) || (INSTALLS.has(sub) && args.filter((arg) => !arg.startsWith('-')).length > 1))) {
    into.files.push(...places.folders.map((dir) => join(dir, 'package.json')));
    for (const word of command.words.slice(1)) addWord(word, dirs, into);
    return into;
  }
  // Closed (R42-b1/b2): only a program whose writes its words bound writes its words (bounded-writers.ts).
  if (!boundedWriter(argv.name)) return { ...into, unread: `\`${command.text}\` may write files its words do not name` };
  const named = writtenWords(argv.name, command.words.slice(1), command.env);
  for (const word of named.words) addWord(word, dirs, into);
  return named.unread === undefined ? into : { ...into, anywhere: named.unread };
}

// Whether `earlier` may run before `command` (both of the same parse; see the header).
function before(commands: readonly SimpleCommand[], earlier: SimpleCommand, command: SimpleCommand): boolean {
  if (earlier === command) return false;
  const at = commands.indexOf(command);
  if (at < 0 || command.loop || command.functionName !== undefined || command.background) return true;
  if (commands.indexOf(earlier) < at) return true;
  return earlier.pipes.some((stage) => command.pipes.some((other) => other.id === stage.id));
}

// Why `abs` may be written by what `writes` says, or undefined.
// `read`: the lines the command's runner runs were read, so their writes stand for its own (not `unread`).
function hit(writes: Writes, abs: string, read = false): string | undefined {
  if (writes.anywhere !== undefined) return writes.anywhere;
  if (writes.unread !== undefined && !read) return writes.unread;
  const place = real(abs);
  const full = fullReal(abs);
  if (writes.files.some((file) => file === abs || file === full || real(file) === place)) return `\`${writes.by}\` writes it`;
  const folder = writes.folders.find((each) => inside(abs, each) || inside(place, realpathOr(each)) || inside(full, realpathOr(each)));
  return folder === undefined ? undefined : `\`${writes.by}\` may write any file under ${folder}`;
}

const realpathOr = (path: string): string => {
  try {
    return realpathSync(path);
  } catch {
    return path;
  }
};

export type { WrittenBefore };

// One parse's writes, read once; `before(command)` answers for a reader started by `command` of this parse.
export class LineWrites {
  private readonly writes = new Map<SimpleCommand, Writes>();
  // What the lines a command's runner runs write (decide-scripts.ts adds them as it reads them).
  private readonly ran = new Map<SimpleCommand, WrittenBefore[]>();
  // A redirection of a compound (`{ ...; } > f`) belongs to no simple command: made before any of them runs.
  private readonly loose: Writes;

  constructor(private readonly parse: ShellParse, runDir: string, root: string) {
    const folders = lineFolders(parse.commands, runDir, root);
    for (const command of parse.commands) {
      const place = folders.get(command) ?? { dirs: [runDir] };
      this.writes.set(command, commandWrites(command, place.dirs, place.lost));
    }
    const own = new Set(parse.commands.flatMap((command) => command.redirections));
    this.loose = redirected(parse.redirections.filter((redirection) => !own.has(redirection)), [runDir], { by: 'a redirection of the line', files: [], folders: [] });
  }

  before(command: SimpleCommand): WrittenBefore {
    return (abs) => {
      for (const [earlier, writes] of this.writes) {
        if (!before(this.parse.commands, earlier, command)) continue;
        const why = hit(writes, abs, this.ran.has(earlier)) ?? this.ran.get(earlier)?.map((each) => each(abs)).find((found) => found !== undefined);
        if (why !== undefined) return why;
      }
      return hit(this.loose, abs);
    };
  }

  add(command: SimpleCommand, written: WrittenBefore): void {
    this.ran.set(command, [...(this.ran.get(command) ?? []), written]);
  }

  // Any write of the whole parse (a script line that runs before the next one), the lines its runners run included
  // (`npm run prep` whose prep runs `make x`, whose recipe writes package.json: fix60).
  all(): WrittenBefore {
    return (abs) => {
      for (const [command, writes] of this.writes) {
        const why = hit(writes, abs, this.ran.has(command)) ?? this.ran.get(command)?.map((each) => each(abs)).find((found) => found !== undefined);
        if (why !== undefined) return why;
      }
      return hit(this.loose, abs);
    };
  }
}
