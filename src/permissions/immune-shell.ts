import type { ShellParse, SimpleCommand } from '../shell/parse-types.js';
import { toArgv, UNKNOWN, type Argv } from './argv.js';
import { argumentSensitive, COMMAND_CLASSES, programReadings, EXTRACT_CLASSES, immuneAfterPaths, immuneCommand } from './immune-commands.js';
import { reversedDiffApplied } from './immune-discard.js';
import { GIT_DISCARD } from './immune-git.js';
import { immuneByGlob } from './immune-globs.js';
import { immunePath, PATH_CLASSES, type PathClass } from './immune-paths.js';
import { INLINE_DELETE, inlineRecursiveDelete } from './immune-inline.js';
import { UNPARSED_CODE, unparsedCode } from './immune-code.js';
import { lineMoves, lineWritesOf, Placer, wrapperFolders, type Changed, type ShellPlace } from './immune-place.js';
import type { LineWritesReading } from './line-writes-type.js';
import { versionWrittenOver } from './immune-restore.js';
import type { Immunity, ObeyedContextOf } from './immune.js';
import type { ObeyedContext } from './obeyed.js';
import { mayWrite } from './readonly.js';
import { launchedByWords } from './immune-words.js';
import { compiledCache } from './compiled-caches.js';
import { leavesExecutable } from './immune-exec-modes.js';
import { gitTransportVeto } from '../shell/git-transport.js';
import { gitPlaceAssignments } from './git-repo-place.js';
import { gitConfigProgram } from './immune-git-config.js';
import { settingsInWorkspace } from './immune-settings-places.js';
import { isFolderChange } from '../shell/cd-operand.js';
import { withAliases } from '../shell/program-aliases.js';

// The place's obeyedContext: a written path judged without it fails (never judged as if nothing were obeyed).
function obeyedOf(place: ShellPlace): ObeyedContextOf {
  if (!place.obeyed) throw new Error('immuneShell: a written path is judged without obeyedContext (decide.ts loads it; decide-path-loaded.ts has it)');
  return place.obeyed;
}

// The arguments of every reading of a call that is git (`git-fetch origin`, `/usr/lib/git-core/git-pull`).
const gitReadings = (cmd: Argv): (readonly string[])[] => programReadings(cmd).filter((reading) => reading.name === 'git').map((reading) => reading.args);

// Programs whose operands are only removed (a link itself, not what it points to).
const DELETERS: ReadonlySet<string> = new Set(['rm', 'unlink']);
// Programs whose operands are the files they write (after a move only known at run time, a bare operand of theirs
// may be any file there: `cd "$D" && touch pre-commit`).
const FILE_WRITERS: ReadonlySet<string> = new Set(['touch', 'cp', 'mv', 'ln', 'install', 'tee', 'dd', 'mkdir', 'rm', 'unlink', 'rmdir', 'chmod', 'chown', 'truncate', 'rsync', 'tar', 'unzip', 'sed', 'patch', 'shred', 'mkfifo', 'mknod']);

// The safety-immune classes of a shell line (immune.ts has the path checks of file commands). Loaded only
// when a call is a shell call: decide.ts imports decide-shell.ts, and through it this module, on demand.

interface ContentClass {
  readonly name: string;
  readonly description: string;
  readonly regex: RegExp;
  // A word every match holds (lower-case; each regex is /i): the regex runs only on a line that holds it, so a
  // plain line does not compile it (issue 31). test/permissions/content-class-guards.test.ts checks each pair.
  readonly needs: string;
}

// Payload classes are matched on the whole line (a SQL statement can sit in a quoted argument, a
// here-document or text piped to a client; a /dev/tcp path in a redirection).
export const CONTENT_CLASSES: readonly ContentClass[] = [
  { name: 'dev-tcp', description: '/dev/tcp/ (bash reverse shell)', regex: /\/dev\/(?:tcp|udp)\//i, needs: '/dev/' },
  { name: 'sql-drop', description: 'DROP DATABASE/TABLE/SCHEMA', regex: /\bdrop\s+(?:database|table|schema)\b/i, needs: 'drop' },
  // TABLE is optional in Postgres' and MySQL's TRUNCATE (R29-5): `TRUNCATE [ONLY] t [, u] [RESTART IDENTITY] [CASCADE]`
  // ending the statement (not the prose `truncate long lines`, nor coreutils' `truncate -s 0 f`).
  { name: 'sql-truncate', description: 'TRUNCATE TABLE', regex: /\btruncate\s+table\b|\btruncate\s+(?:only\s+)?[\w."`[\]]+(?:\s*,\s*[\w."`[\]]+)*(?:\s+(?:restart|continue)\s+identity)?(?:\s+(?:cascade|restrict))?\s*(?:;|$|["'])/im, needs: 'truncate' },
  { name: 'sql-delete-all', description: 'DELETE FROM ... WHERE 1=1 (or without WHERE)', regex: /\bdelete\s+from\b(?:[^;]*?\bwhere\s+1\s*=\s*1\b|\s+[\w."`[\]]+\s*(?:;|$|["']))/i, needs: 'delete' },
];

const UNVERIFIABLE = [
  { name: 'unparsed', description: 'a shell line that does not parse cannot be checked' },
  { name: 'dynamic-command', description: 'a command name only known at run time cannot be checked' },
  { name: 'dynamic-args', description: 'arguments of a sensitive command only known at run time cannot be checked' },
] as const;

// Every class, for documentation and `codeward policy list`.
export const IMMUNE_CLASSES: readonly { readonly name: string; readonly description: string }[] = [
  ...[...COMMAND_CLASSES, ...EXTRACT_CLASSES].map(({ name, description }) => ({ name, description })),
  ...CONTENT_CLASSES.map(({ name, description }) => ({ name, description })),
  INLINE_DELETE,
  UNPARSED_CODE,
  ...PATH_CLASSES.map(({ name, description }) => ({ name, description })),
  ...UNVERIFIABLE,
];

const unverifiable = (name: (typeof UNVERIFIABLE)[number]['name'], where: string): Immunity => ({ ...UNVERIFIABLE.find((u) => u.name === name)!, where });

// The first class a path argument falls in, as written or as placed (run folder, cd targets, symlinks);
// 'unknown' when the line has more paths than are placed.
// `ctxOf`: the workspace's obeyed context, built on first use: only the write classes read it (a line that
// writes no path, `true`, never pays for the workspace's repositories and hook walk).
function pathClass(arg: string, write: boolean, skip: readonly string[], placer: Placer | undefined, ctxOf: () => ObeyedContext | undefined, changed?: Changed): PathClass | 'unknown' | undefined {
  const ctx = write ? ctxOf() : undefined;
  const direct = immunePath(arg, write, skip, ctx);
  if (direct || !placer) return direct;
  const spellings = placer.spellings(arg, write, changed);
  if (spellings === undefined) return 'unknown';
  for (const spelling of spellings) {
    const placed = immunePath(spelling, write, skip, ctx);
    if (placed) return placed;
  }
  return undefined;
}

// A line an unknown program starts from its words (immune-words.ts): it runs after the outer line's cd
// (`moved`), and the outer line's obeyed context (one set of stats per call, built when first asked) serves it.
export interface Nested {
  readonly moved: boolean;
  readonly ctx: () => ObeyedContext | undefined;
}

// Interpreters whose first operand is the program they run.
const INTERPRETERS = withAliases(['sh', 'bash', 'zsh', 'dash', 'ksh', 'fish', 'node', 'deno', 'bun', 'tsx', 'ts-node', 'python', 'python2', 'python3', 'ruby', 'perl', 'php', 'lua', 'Rscript']);

// An interpreter whose program is only known at run time (`node $(which npm) run deploy`: npm's code, out
// of sight of the deny rule on `npm run deploy`; red team R14-16) is a command only known at run time.
function scriptOnlyKnownAtRunTime(command: SimpleCommand, name: string): boolean {
  if (!INTERPRETERS.has(name) && !INTERPRETERS.has(name.replace(/[\d.]+$/, ''))) return false;
  for (const word of command.words.slice(1)) {
    // Code or a module given by an option (`-c "$CODE"`, `-m $MOD`): judged by the inline-code classes.
    if (!word.dynamic && /^(?:-[a-zA-Z]*[cemp]|--eval|--print|--command)$/.test(word.value)) return false;
    if (word.dynamic) return word.candidates.length === 0 || word.candidates.some((each) => each.includes(UNKNOWN));
    if (!word.value.startsWith('-')) return false;
  }
  return false;
}

// bash's command hash and alias tables named on the line (any mention: an assignment, declare, read or printf -v).
const bashTable = (source: string): string | undefined => /\bBASH_(?:CMDS|ALIASES)\b/.exec(source)?.[0];

// The names the line's `alias NAME=VALUE` commands define.
function aliasNames(parse: ShellParse): Set<string> {
  const names = new Set<string>();
  for (const command of parse.commands) {
    if (command.name !== 'alias') continue;
    for (const arg of toArgv(command)?.args ?? []) {
      const match = /^([^=\s]+)=/.exec(arg);
      if (match) names.add(match[1]!);
    }
  }
  return names;
}

function immuneReading(parse: ShellParse, readOnlyName: (name: string) => boolean, place: ShellPlace | undefined, staged: boolean, nested: Nested | undefined): Immunity | undefined {
  const lower = parse.source.toLowerCase();
  for (const cls of CONTENT_CLASSES) {
    if (lower.includes(cls.needs) && cls.regex.test(parse.source)) return { name: cls.name, description: cls.description, where: parse.source };
  }
  // Arithmetic or a variable name bash evaluates on text other than number literals (`$((x))` after `read x < f`,
  // `a[$(cmd)]=1`, `printf -v 'a[$(cmd)]'`, `${x@P}`): a value such as 'x[$(cmd)]' runs cmd, out of every reader's
  // sight (R39-b7/b8/b9). Bash's command tables by their array spellings (`BASH_CMDS[ls]=./s.sh`, BASH_ALIASES) rebind
  // a name as `hash -p` / `alias` do (R39-b11). A staged run's effects are judged after it; in place nobody does.
  const evaluated = staged ? undefined : (bashTable(parse.source) ?? parse.arithmetic?.[0]);
  if (evaluated !== undefined) return { ...unverifiable('dynamic-command', evaluated), description: `what runs is only known at run time: ${evaluated.startsWith('BASH_') ? `${evaluated} rebinds a command name` : `bash evaluates ${evaluated} as arithmetic or a variable name, where a value such as 'x[$(cmd)]' runs cmd`}` };
  let moved = nested?.moved ?? false;
  // Every folder a relative path of the line may be taken from (flow-insensitive: a wrapper's folder
  // reaches the shell string it runs, `env -C .git sh -c 'echo > config'`).
  const line = place ? lineMoves(parse, place) : { bases: [] };
  const placer = place ? new Placer(place, [...new Set([...line.bases, ...wrapperFolders(parse.source, line.bases)])], line.lost !== undefined) : undefined;
  // A folder a `..` leaves that a step before the path's command may write (replace by a link: fix83), by LineWrites,
  // built when first asked; a compound's redirection (no command) against the whole line.
  let lineWrites: LineWritesReading | undefined;
  const writes = (): LineWritesReading => (lineWrites ??= new (lineWritesOf(place!))(parse, place!.runDir, place!.root));
  const changedBefore = (command: SimpleCommand | undefined): Changed => (folder) => (command === undefined ? writes().all() : writes().before(command))(folder) !== undefined;
  // What the workspace's git configuration makes git run (core.hooksPath, fsmonitor), for the write gate.
  // Built when a written path is first judged (pathClass), once per line.
  let built: { ctx: ObeyedContext | undefined } | undefined;
  const ctx = nested ? nested.ctx : (): ObeyedContext | undefined => (built ??= { ctx: place ? obeyedOf(place)(place.root, undefined, place.listings) : undefined }).ctx;
  const aliased = aliasNames(parse);
  for (const command of parse.commands) {
    const found = toArgv(command);
    // A launcher's word that may be an option running a program says which program and word (parse-launch-runtime.ts).
    if (command.runtime !== undefined) return { ...unverifiable('dynamic-command', command.text), description: command.runtime };
    if (!found || scriptOnlyKnownAtRunTime(command, found.name)) return unverifiable('dynamic-command', command.text);
    // A name the line defines as an alias runs the alias's text where bash expands aliases (`shopt -s
    // expand_aliases`, `set -o posix`, sh/dash; red team R17-18: `alias r=rm` then `r -rf build`): what it
    // runs is only known at run time, whichever of those is on.
    if (aliased.has(found.name)) return unverifiable('dynamic-command', command.text);
    const argv = moved ? { ...found, moved, ...(line.bases.length > 1 ? { folders: line.bases } : {}) } : found;
    // A sourced script runs in this shell and may cd (`. ./x.sh; rm -rf dist`).
    moved ||= isFolderChange(found.name) || ['source', '.'].includes(found.name);
    const cls = immuneCommand(argv, place);
    if (cls) return { name: cls.name, description: cls.description, where: command.text };
    // A transport program the line does not show (a remote's ext:: URL, a helper, an upload-pack: gitext23).
    // Every reading of the call (`/usr/lib/git-core/git-fetch origin` is `git fetch origin`: programCalls).
    const transport = place ? gitReadings(argv).map((args) => gitTransportVeto(command, args, parse, place, nested?.moved === true)).find((v) => v !== undefined) : undefined;
    // In place, the programs the repository's config makes git start (R40-b9); a staged run's effects are judged after it.
    const configured = transport ?? (place && !staged && gitReadings(argv).length > 0 ? gitConfigProgram(command, parse, place) : undefined);
    if (configured) return { ...unverifiable('dynamic-command', command.text), description: `git runs a program the line does not show: ${configured}` };
    // In place, a settings home pointed into the workspace by an absolute path (the relative ones: command-variables.ts).
    const settings = place && !staged ? settingsInWorkspace(command, place.root) : undefined;
    if (settings) return { ...unverifiable('dynamic-command', command.text), description: `what runs is only known at run time: ${settings}` };
    if (inlineRecursiveDelete(command)) return { ...INLINE_DELETE, where: command.text };
    const launched = launchedByWords(command, argv, readOnlyName, place, (line) => immuneShell(line, readOnlyName, place, staged, { moved, ctx }));
    if (launched) return { name: launched.name, description: `${launched.description}, started by ${argv.name} from its arguments`, where: command.text };
    const unparsed = unparsedCode(command, parse, readOnlyName, place);
    if (unparsed !== undefined) return { ...UNPARSED_CODE, description: `${UNPARSED_CODE.description}: ${unparsed}`, where: command.text };
    const sensitive = argumentSensitive(argv);
    if (argv.unknown && sensitive) return unverifiable('dynamic-args', command.text);
    const injected = sensitive ? immuneByGlob(command, argv, place) : undefined;
    if (injected) return { name: injected.cls.name, description: `${injected.cls.description}, if a file named ${injected.name} exists`, where: command.text };
    // A listed program with a writing option (`sort -o .git/hooks/x`, `tar -x -C .git`, `sed -i .codeward/..`)
    // writes: its paths are judged as writes.
    const write = !readOnlyName(argv.name) || mayWrite(command);
    // A writing wrapper's own words (`\time -o .git/hooks/x ls`) are only in the command's text.
    const words = write && argv.wrappers.length > 0 ? command.text.split(/\s+/).map((w) => w.replace(/^['"]|['"]$/g, '')) : [];
    // What it leaves executable (`install x y`, `chmod +x y`) is judged as the program it then is (immune-exec-modes.ts);
    // a staged run's leftovers are judged by their mode after it (what a `.` PATH entry would run is set aside).
    const written = write && !staged && leavesExecutable(argv) ? (): ObeyedContext | undefined => { const made = ctx(); return made && { ...made, runnable: () => true }; } : ctx;
    // git's place variables are its --git-dir/--work-tree (R39-b12): their values are judged as those options' are.
    const places = gitReadings(argv).length > 0 ? gitPlaceAssignments(command) : [];
    for (const arg of [...argv.args, ...words, ...places]) {
      // Removing a compiled cache only sends the runtime back to the source (Python recompiles it): the write
      // gate's reason for asking a write of one (R17-15: code that is not the reviewed source) is not there.
      if (DELETERS.has(argv.name) && compiledCache(arg) !== undefined) continue;
      // A repository git is pointed at is one it writes (its index, refs, lock files), read-only command or not.
      const path = pathClass(arg, write || places.includes(arg), argv.name === 'git' ? ['git-internals'] : [], placer, written, changedBefore(command));
      // After a move only known at run time (`cd "$D"`), a staged run's relative writes are judged where they land
      // by the write gate after the run, as its computed redirections are (F8); in place, nobody judges them after.
      // A bare word of a program that is not a file writer (`git fetch s`) is not taken for a path there: the sandbox
      // (its view and read-only git folders) and, with it off, unconfined.ts judge where such a program writes.
      const guessed = line.lost !== undefined && !arg.includes('/') && !FILE_WRITERS.has(argv.name);
      if (path === 'unknown' && !guessed && !(staged && write && line.lost !== undefined)) return unverifiable('dynamic-args', command.text);
      if (path && path !== 'unknown') return { name: path.name, description: path.description, where: command.text };
    }
    const after = immuneAfterPaths(argv, place);
    if (after) return { name: after.name, description: after.description, where: command.text };
  }
  // Every reading of each command (`/usr/lib/git-core/git-diff -R | git-apply`): flow-insensitive, so they only add.
  const argvs = parse.commands.map(toArgv).filter((argv): argv is Argv => argv !== undefined).flatMap(programReadings);
  // `git diff -R | git apply`: a reversed diff applied by another command of the line.
  if (reversedDiffApplied(argvs)) {
    return { name: GIT_DISCARD.name, description: `${GIT_DISCARD.description}; a reversed diff applied to the files`, where: parse.source };
  }
  // `git show HEAD:a > a`: a committed version written over a file (a checkout by another spelling).
  const restored = versionWrittenOver(parse, argvs, place);
  if (restored !== undefined) {
    return { name: GIT_DISCARD.name, description: `${GIT_DISCARD.description}; a committed version written over an existing file`, where: restored };
  }
  for (const redirection of parse.redirections) {
    if (redirection.duplicate) continue;
    const targets = redirection.target !== null ? [redirection.target] : (redirection.targetWord?.candidates ?? []);
    for (const target of targets) {
      const computed = target.includes(UNKNOWN) && redirection.writes;
      // A staged run's computed write target (`> gen$i.txt`) is judged where it lands, by the write gate
      // after the run (its change set; obeyed and protected files are set aside): no immunity before it
      // (F8). What is known of it still counts (`> .git/hooks/$x`). In place, nobody judges it after.
      const path = computed && !staged ? 'unknown' : pathClass(target, redirection.writes, [], placer, ctx, changedBefore(parse.commands.find((command) => command.redirections.includes(redirection))));
      if (path === 'unknown' && !(staged && redirection.writes)) return unverifiable('dynamic-args', redirection.text);
      if (path && path !== 'unknown') return { name: path.name, description: path.description, where: redirection.text };
    }
  }
  if (!parse.ok) {
    // Why it was not read (a syntax error, a guess past the walker's bounds) is part of the question.
    const unparsed = unverifiable('unparsed', parse.errors.join('; ') || parse.source);
    return parse.errors.length === 0 ? unparsed : { ...unparsed, description: `${unparsed.description} (${parse.errors.join('; ')})` };
  }
  return undefined;
}

// The immune class of a shell line, over every reading of it (a CR read as a line break and as a space).
// With a place (workspace root and run folder), relative paths are also judged where they land. `staged`:
// the run's changes are judged after it (Judged.staged, shell/run-staging.ts).
export function immuneShell(parse: ShellParse, readOnlyName: (name: string) => boolean, place?: ShellPlace, staged = false, nested?: Nested): Immunity | undefined {
  for (const reading of [parse, ...(parse.alternatives ?? [])]) {
    const found = immuneReading(reading, readOnlyName, place, staged, nested);
    if (found) return found;
  }
  return undefined;
}
