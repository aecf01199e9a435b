import { quoteWord } from './quote-word.js';
import { join as joinPath, resolve as resolvePath } from 'node:path';
import { packageScriptLines } from '../shell/run-scripts.js';
import { Beneath } from '../workspace/beneath.js';
import type { DecideContext } from './decide-common.js';
import { noHeads, ruleHeads } from './rule-heads.js';
import { scriptPlaces } from './decide-script-places.js';
import { taskRunnerLines } from './task-runner-lines.js';
import { parseRunners } from './runners-started.js';
import { commandsOf, programOf } from '../shell/run-script-reading.js';
import { quoted } from '../text/quoted.js';
import type { Decision, Judged, ShellParse, ShellParserLike, SimpleCommand } from './types.js';
import { LineWrites, type WrittenBefore } from './written-before.js';
import type { LineWritesClass, LineWritesReading } from './line-writes-type.js';
import type { ViewFolders } from '../sandbox/policy.js';

// A package manager's script runner runs package.json's script text through a shell (vars21/pm22: `npm run g` with
// `"g": "git push"` was allowed under `deny git push*`, `allow *`). Every runner line of the call, in each spelling
// the rules see it (`npm run g`, `pnpm g`, `yarn g`, `bun run g`, `npx run-s g`, `corepack pnpm g`, a `node
// npm-cli.js run g`), has its scripts read (shell/run-scripts.ts: pre/post scripts, `npm test` -> "test", runner lines
// inside them, 3 deep) and each script line is judged as the shell line it is, with the variables the call sets
// for the runner before it (`CC='git push;' npm run m` with `"m": "make x.o"` is `CC='git push;' make x.o`, whose
// make reads its whole environment). A deny rule the line meets denies the call; an ask rule, or a deny rule a
// guessed line (a program codeward has no row for) or an unclear subcommand may meet, asks. Other reasons a script
// line alone would ask (no rule allows it) are not taken: the call's own rules decide those. The immune list (seed
// 004: `rm -rf`, what discards uncommitted work) is taken when the run cannot be undone: no OS sandbox stages it
// (--sandbox off, --no-stage: Judged.unconfined / inPlace). A staged run's deletions are checkpointed (`undo`), so
// `make clean` and `npm run clean` stay free there (red team R28-6).

// Script lines judged per call; past it the call asks (fail closed).
const MAX_LINES = 64;
// Task runners inside scripts and tasks are followed this deep.
const DEPTH = 3;
// The immune classes that stand for a deny rule met where only a person can tell.
const DENY_LIKE = new Set(['launched-denial', 'unclear-subcommand']);
// What a script file's text is NOT judged for (R34-6 takes seed 004's list): rules (DENY_LIKE), and where a run with no
// sandbox writes (unconfined.ts: `--sandbox off` lets a script write outside, test/sandbox/doors.test.ts; fix33a's jail).
const FILE_SKIPPED = new Set([...DENY_LIKE, 'unconfined-effect']);

// The assignments a call hands a runner: the words before its program that set a variable (`CC=x npm run m`,
// `env CC=x npm run m`), and the variables set or exported by statements of the line (`export CC=x; npm run m`).
function handedVariables(command: SimpleCommand, parse: ShellParse): string[] {
  const first = command.words[0]?.text ?? '';
  const at = command.text.indexOf(first);
  const before = at > 0 ? command.text.slice(0, at) : '';
  // Any name env takes (`env LINK.c=./mk make x`: make reads every environment variable whose name it can hold, dots
  // included; the shell's own prefix assignments are identifiers anyway), not an option (`--adjustment=5`).
  const own = [...before.matchAll(/(?:^|\s)([^\s='"$`\\-][^\s='"$`\\]*=(?:'[^']*'|"(?:[^"\\]|\\.)*"|[^\s'"])*)/g)].map((found) => found[1]!);
  const exported = parse.commands.filter((each) => ['export', 'declare', 'typeset', 'readonly', 'local'].includes(each.name ?? '')).flatMap((each) => each.words.slice(1).map((word) => word.text).filter((text) => /^['"]?[A-Za-z_]\w*=/.test(text)));
  // Only `NAME=value` texts: a builtin's assignment (`export CC=x`, `read X`: shell/parse-walk-builtin-assigns.ts)
  // records its whole command, which handed to the runner would read as the program (`export ... make x.o`).
  const assigned = (parse.assignments ?? []).map((each) => each.text).filter((text) => /^[A-Za-z_]\w*\+?=/.test(text));
  // What env sets that the text above cannot spell back (a quoted name: `env 'LINK.c=./mk' make x`), from the parse.
  const spelled = new Set(own.map((each) => each.slice(0, each.indexOf('='))));
  const parsed = (command.env ?? []).filter((each) => !spelled.has(each.name) && !/^[A-Za-z_]\w*$/.test(each.name)).map((each) => `${each.name}=${each.dynamic ? '$RUNTIME' : quoteWord(each.value)}`);
  return [...assigned, ...exported, ...own, ...parsed];
}

// A package manager line of a package script that shell/run-scripts.ts's reading follows itself (its lines are among
// the script lines already): a plain `npm run b` of the script text, not one behind a wrapper or inside a compound.
const followedByScripts = (script: string, line: string): boolean => commandsOf(script).some((words) => {
  const { program, rest } = programOf(words);
  return [program, ...rest].join(' ') === line;
});

// The files a package manager reads for a script: the package's, and the project settings that pick what runs it.
const PACKAGE_FILES = ['package.json', '.npmrc', '.yarnrc', '.yarnrc.yml', 'bunfig.toml', '.pnpmfile.cjs', 'pnpm-workspace.yaml'];

// What a runner's lines write (each line's writes, read as its lines are judged) and whether all were read.
interface RunnerWrites {
  readonly ran: WrittenBefore[];
  done: boolean;
}

// The writes a runner's command makes by its lines: exact once they were all read; before that (a reader in a loop,
// a pipeline, or after the same runner line again), any path (fail closed).
const runnerWritten = (line: string, state: RunnerWrites): WrittenBefore => (abs) => (state.done ? state.ran.map((each) => each(abs)).find((why) => why !== undefined) : `\`${line}\` runs scripts or tasks codeward had not read before this point`);

// A line's writes, after what `prior` says the lines before it may have written.
const withPrior = (base: LineWritesClass, prior: WrittenBefore): LineWritesClass =>
  class {
    private readonly own: LineWritesReading;
    constructor(parse: ShellParse, runDir: string, root: string) {
      this.own = new base(parse, runDir, root);
    }

    before(command: SimpleCommand): WrittenBefore {
      const own = this.own.before(command);
      return (abs) => prior(abs) ?? own(abs);
    }

    all(): WrittenBefore {
      const own = this.own.all();
      return (abs) => prior(abs) ?? own(abs);
    }
  };

function taken(decision: Decision, unrecoverable: boolean): boolean {
  if (decision.decision === 'deny') return decision.source !== 'denials';
  return decision.decision === 'ask' && (decision.rule?.action === 'ask' || (decision.immune !== undefined && (unrecoverable || DENY_LIKE.has(decision.immune))));
}

// A run whose writes no checkpoint can take back (run in place, or with no OS sandbox).
const unrecoverable = (judged: Judged): boolean => judged.unconfined !== undefined || judged.inPlace !== undefined;

// The deny or ask a script line of the call's runners meets, or undefined. `decideLine`: decide-shell.ts's decideShell.
// Task runners other than the package managers (`just x`, `deno task x`, `make x`: task-runners.ts' table) have
// their task lines judged the same way, and the task runner lines inside scripts and tasks in turn (3 deep).
export async function scriptRulesMet(judged: Judged, ctx: DecideContext, parse: ShellParse, parser: ShellParserLike, decideLine: (judged: Judged, ctx: DecideContext, parse: ShellParse) => Decision): Promise<Decision | undefined> {
  const root = ctx.policy.root;
  const runDir = resolvePath(root, judged.dir ?? '.');
  // The runner lines to read: a package manager's (`npm run x`) or a task runner's (`just x`), with what the call hands them.
  // Each runner line in each folder the line's own cd/pushd/env -C may have it run in (decide-script-dirs.ts).
  // `file`: a shell script file's runner (task-runner-shell.ts, R34-6): read only for the immune list of an unstaged run.
  // `written`: whether the line may write a file before the runner reads it (written-before.ts, R40-b6).
  // `state`: what the lines the runner runs write (`ran`), and whether all of them were read (`done`).
  const queue: { line: string; words: string[]; handed: readonly string[]; depth: number; npm: boolean; dir: string; file?: boolean; unknown?: string; written: WrittenBefore; state: RunnerWrites }[] = [];
  let lost: { line: string; why: string } | undefined;
  // Each runner line once per folder and hand-over: a line's spellings name it more than once (\`make -C sub test\` is
  // also make's reading \`make test\`), and a task may start its own runner again (a recursive \`$(MAKE)\`).
  const queued = new Map<string, RunnerWrites>();
  const key = (entry: { line: string; npm: boolean; dir: string; handed: readonly string[] }): string => JSON.stringify([entry.line, entry.npm, entry.dir, entry.handed]);
  // Runners are read depth first (`next`: where the runners the entry being read starts go, right after it), so a
  // runner's nested runners are read before the next runner of its line: what they write is known to the readers
  // after it (fix60: npm's prep runs `make x`, whose recipe writes package.json, before `npm test` reads it).
  // The command that started the runner writes what its lines write (a runner line again shares the first one's).
  let next = 0;
  const enqueue = (entry: Omit<(typeof queue)[number], 'state'>, from: { lines: LineWrites; command: SimpleCommand }): void => {
    const state = queued.get(key(entry)) ?? { ran: [], done: false };
    from.lines.add(from.command, runnerWritten(entry.line, state));
    if (queued.has(key(entry))) return;
    queued.set(key(entry), state);
    queue.splice(next++, 0, { ...entry, state });
  };
  const writes = new Map<ShellParse, LineWrites>();
  const writesOf = (reading: ShellParse, dir: string): LineWrites => writes.get(reading) ?? writes.set(reading, new LineWrites(reading, dir, root)).get(reading)!;
  for (const { reading, command, runners, dirs, lost: why } of parseRunners(parse, runDir, root)) {
    if (runners.length === 0) continue;
    const handed = handedVariables(command, reading);
    if (why !== undefined) lost ??= { line: runners[0]!.line, why };
    const written = writesOf(reading, runDir).before(command);
    const from = { lines: writesOf(reading, runDir), command };
    for (const runner of runners) for (const dir of dirs) enqueue({ ...runner, handed, depth: 0, dir, written }, from);
  }
  const lasting = unrecoverable(judged);
  // A script file's text matters here only for the immune list of a run no checkpoint takes back.
  if (!lasting) {
    // Not read: a shell script's writes are its command's (code: any path).
    for (const entry of queue) if (entry.file === true) entry.state.done = true;
    queue.splice(0, queue.length, ...queue.filter((entry) => entry.file !== true));
  }
  if (queue.length === 0) return undefined;
  if (!lasting && noHeads(ruleHeads(ctx.policy, judged.command, 'deny')) && noHeads(ruleHeads(ctx.policy, judged.command, 'ask'))) return undefined;
  const jail = new Beneath(root);
  // The host folders the run's view binds (a script elsewhere outside the workspace is the run's own); null: none known.
  let bound: ViewFolders | null | undefined;
  let count = 0;
  // Lines that cannot be read (a folder only known at run time, a package.json not found where the runner runs)
  // while a deny rule or the immune list is in play: only a person can tell, --yes cannot (R29-2).
  const guarded = lasting || !noHeads(ruleHeads(ctx.policy, judged.command, 'deny'));
  // The ONE place a line the reading did not follow is decided (red team R30-2): a script or task that cannot be
  // read, a runner a script starts after a `cd` or deeper than DEPTH, more than MAX_LINES lines, a task runner
  // whose file, folder or task is not known (`make -f F`, `just -d D`, MAKEFILES=): asked, as immune while a deny
  // rule or the immune list is in play (--yes cannot answer for lines nobody read).
  const unread = (line: string, why: string): Decision => {
    const ask: Decision = { decision: 'ask', reason: `needs approval: ${why}`, source: 'default', judged: judged.call, part: line };
    return guarded ? { ...ask, source: 'immune', immune: 'unread-scripts' } : ask;
  };
  if (lost !== undefined) return unread(lost.line, `${lost.why}, so the scripts or tasks \`${lost.line}\` runs are not judged against the rules`);
  // Each line a runner runs, judged as the shell line it is; the runners it starts queued (3 deep): task runners
  // only from package scripts (shell/run-scripts.ts follows the package managers there itself), both from tasks.
  // A file a runner reads that the line may write before: its text then is not the one read (R40-b6).
  const replaced = (line: string, files: readonly string[], written: WrittenBefore): Decision | undefined => {
    for (const file of files) {
      const why = written(file);
      if (why !== undefined) return unread(line, `the line may write ${file} before \`${quoted(line)}\` reads it (${quoted(why)}), so the text codeward reads now is not the one that runs`);
    }
    return undefined;
  };
  // `ran`: the writes of the lines read are added there (what the runner's command writes, for the commands after it).
  const judge = async (line: string, scripts: readonly string[], handed: readonly string[], depth: number, npm: boolean, dir: string, written: WrittenBefore, ran: WrittenBefore[], file = false, elsewhere?: string): Promise<Decision | undefined> => {
    const what = npm ? 'package script' : 'task';
    // What the lines before this one (and the line that started the runner) may have written.
    let prior = written;
    for (const script of scripts) {
      if (++count > MAX_LINES) return unread(line, `the ${what} lines \`${line}\` runs hold more than ${MAX_LINES} lines, not all judged against the rules`);
      // A binary (red team R38-a8: an ELF copied or built in the workspace, run by path) is no shell text: a program
      // codeward cannot read, one short reason (its bytes read as lines were quoted: 141 KB for /bin/true).
      if (file && script.includes('\0')) return unread(line, `\`${quoted(line)}\` runs a binary program, which codeward cannot read`);
      const text = [...handed, script].join(' ');
      // What the lines before it wrote reaches the line's own readers of a file of commands too (immune-code.ts:
      // `sqlite3 -init F` after a recipe's `cp evil F`, fix60's LEFT).
      const decision = decideLine({ ...judged, subject: text }, { ...ctx, lineWrites: withPrior(ctx.lineWrites ?? LineWrites, prior) }, await parser.parse(text));
      if (file ? decision.decision === 'ask' && decision.immune !== undefined && !FILE_SKIPPED.has(decision.immune) : taken(decision, lasting)) return { ...decision, reason: `\`${quoted(line)}\` runs the ${what} line \`${quoted(text)}\`: ${quoted(decision.reason, 600)}`, judged: judged.call, part: line };
      // What the line starts in turn, read as the call's own line is (runners-started.ts, R36-1).
      const parsed = await parser.parse(script);
      const lineWrites = new LineWrites(parsed, dir, root);
      const before = prior;
      for (const { command, runners, dirs, lost: away } of parseRunners(parsed, dir, root)) {
        const innerWritten: WrittenBefore = (abs) => before(abs) ?? lineWrites.before(command)(abs);
        for (const inner of runners.filter((each) => !(npm && each.npm && followedByScripts(script, each.line)))) {
          if (elsewhere !== undefined) return unread(line, `\`${line}\` runs \`${inner.line}\` in ${elsewhere}, another folder's runner, whose scripts or tasks are not judged against the rules`);
          if (away !== undefined || dirs.some((each) => each !== dir)) return unread(line, `\`${line}\` runs \`${inner.line}\` after changing folder, whose scripts or tasks are not judged against the rules`);
          const from = { lines: lineWrites, command };
          if (queued.has(key({ ...inner, dir, handed }))) {
            enqueue({ ...inner, handed, depth: depth + 1, dir, written: innerWritten }, from);
            continue;
          }
          if (depth >= DEPTH) return unread(line, `\`${line}\` runs \`${inner.line}\` deeper than ${DEPTH} runners, whose scripts or tasks are not judged against the rules`);
          // A shell script's file is read only for an unstaged run; otherwise its writes are its command's (code).
          if (inner.file !== true || lasting) enqueue({ ...inner, handed, depth: depth + 1, dir, written: innerWritten }, from);
        }
      }
      const all = lineWrites.all();
      ran.push(all);
      prior = (abs) => before(abs) ?? all(abs);
    }
    return undefined;
  };
  for (let at = 0; at < queue.length; at++) {
    const { line, words, handed, depth, npm, dir, file, unknown, written, state } = queue[at]!;
    next = at + 1;
    // What the lines this runner runs write, the commands after it on its line may read (`npm run prep; npm test`).
    const ran = state.ran;
    // A program found on a PATH folder only known at run time (runners-started.ts, path-lookup.ts: R39-b1).
    if (unknown !== undefined) return unread(line, `\`${quoted(line)}\` runs a program codeward cannot place: ${unknown}`);
    if (npm) {
      // `npm --prefix sub run g`, `yarn workspace a x`: the scripts of that package (decide-script-places.ts).
      const placed = scriptPlaces(line, dir, root);
      if (placed?.unknown !== undefined) return unread(line, `${placed.unknown}, whose scripts are not judged against the rules`);
      const lines: string[] = [];
      for (const { folder, line: there } of placed?.places ?? [{ folder: dir, line }]) {
        const rewritten = replaced(line, PACKAGE_FILES.map((name) => joinPath(folder, name)), written);
        if (rewritten) return rewritten;
        // No package.json in a folder the line cd'd into (a folder word read wrong, or one the line makes): npm
        // takes the nearest one above, not read here, so not judged (R29-2). A place named by an option (`--prefix
        // sub`, `pnpm --dir sub`) is the package's folder as written: npm and pnpm take no other, and without a
        // package.json there no script of it runs (an install creates one).
        if (placed === undefined && folder !== runDir && jail.lstat(joinPath(folder, 'package.json')) === undefined) return unread(line, `no package.json is found in ${folder}, where \`${line}\` may run`);
        const read = await packageScriptLines(folder, jail, there);
        // A script runs that the reading cannot name (`npm run g --foo`, an unreadable package.json): not judged,
        // so asked (R24-5).
        if (read !== undefined && read.unread.length > 0) return unread(line, `${read.unread[0]!}, so its lines are not judged against the rules`);
        lines.push(...(read?.lines ?? []));
      }
      const met = await judge(line, lines, handed, depth, true, dir, written, ran);
      if (met) return met;
      state.done = true;
      continue;
    }
    if (bound === undefined) bound = (await ctx.policy.viewFolders?.()) ?? null;
    const read = taskRunnerLines(words, dir, root, handed, bound ?? undefined);
    state.done = read === undefined;
    if (read === undefined) continue;
    // No task file in a folder the line cd'd into (a folder word read wrong, or one only the shell finds, as
    // CDPATH's): the runner's tasks there are not read, as npm's package.json above (R30-2).
    if (dir !== runDir && !read.found && read.unknown === undefined) return unread(line, `no task file of \`${line}\` is found in ${dir}, where it may run`);
    const rewritten = replaced(line, read.files ?? [], written);
    if (rewritten) return rewritten;
    // The lines run in the runner's own folder (`make -C d`): their writes are d's (R43-b10).
    const met = await judge(line, read.lines, handed, depth, false, read.folder ?? dir, written, ran, file, read.elsewhere);
    if (met) return met;
    if (read.unknown !== undefined) return unread(line, `${read.unknown}; its lines are not judged against the rules`);
    state.done = true;
  }
  return undefined;
}
