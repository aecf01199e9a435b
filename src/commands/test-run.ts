import type { CommandContext } from '../engine/command.js';
import { posix } from 'node:path';
import { fail } from '../engine/errors.js';
import { sameNamed } from './path-hints.js';
import { allOutputCall } from './all-output-call.js';
import { formatProcessOutput, processFailure, runShellCall, toProcessData, type ProcessData } from '../shell/run-call.js';
import { TestSummaryScanner, type TestSummary } from '../shell/test-summary.js';
import { dropNoise, findFailures, formatFailures, passingOutput, type TestFailure } from '../shell/test-summary-report.js';
import { withChanges } from '../shell/stage/report.js';
import { staging } from './exec.js';
import type { TestArgs } from './test.js';

// test's handler (loaded by its first call: the runner detection, the shell runner and the sandbox).
export interface TestData extends ProcessData {
  runner: string;
  command: string;
  summary?: TestSummary;
  // Failing runs: the failing tests' names and assertion messages, as far as the output names them.
  failures?: TestFailure[];
  // The folder the tests ran in, when not the workspace root (the call that shows all output needs it).
  dir?: string;
}

// Lines of the cleaned output kept after the failing tests were named (the rest: rerun with exec).
const TAIL_LINES = 12;

export async function chooseCommand(args: TestArgs, ctx: CommandContext): Promise<{ runner: string; command: string }> {
  // The line found before the gate (test.ts detectShell) is the one judged: the run starts exactly it.
  if (ctx.shell !== undefined && (args.cmd === undefined || args.cmd.trim() === '')) return { runner: ctx.shell.runner ?? 'custom', command: ctx.shell.command };
  if (args.cmd !== undefined && args.cmd.trim() !== '') {
    if (args.pattern !== undefined) ctx.warn('--pattern is ignored when --cmd is given; put the filter in the command line');
    return { runner: 'custom', command: args.cmd };
  }
  if (args.pattern?.startsWith('-')) throw fail('C210', `--pattern ${args.pattern} starts with "-"; pass a test name or a path`);
  const folder = ctx.path(args.dir);
  if (folder.kind !== 'dir') throw fail('C210', `--dir ${args.dir} is not a folder; pass the project folder`);
  const [{ detectTestRunner }, { withPattern, looksLikePath }] = await Promise.all([import('../shell/test-detect.js'), import('../shell/test-detect-pattern.js')]);
  const pattern = await locatePattern(args.pattern, folder.rel, ctx, looksLikePath);
  const file = pattern !== undefined && looksLikePath(pattern) ? pattern : undefined;
  const detected = await detectTestRunner(folder.real, ctx.workspace.jail, file);
  if (!detected) throw fail('C252', `no test framework detected in ${folder.rel}${file === undefined ? '' : ` for ${file}`}; pass --cmd "..." to say how to run the tests`);
  const built = withPattern(detected, pattern);
  if (built.note) ctx.warn(built.note);
  return { runner: detected.runner, command: built.command };
}

// A pattern that names a file not found under --dir (`num.js` for test/num.js) is the one file of that
// name below --dir, when there is exactly one (the same listing as tree: hidden names are never used).
async function locatePattern(pattern: string | undefined, dir: string, ctx: CommandContext, looksLikePath: (pattern: string) => boolean): Promise<string | undefined> {
  if (pattern === undefined || !looksLikePath(pattern)) return pattern;
  const inDir = (path: string): string => (dir === '.' || dir === '' ? path : posix.join(dir, path));
  try {
    if ((await ctx.workspace.resolve(inDir(pattern), 'read')).kind !== 'missing') return pattern;
  } catch {
    // not found or not accessible: look for it by name
  }
  const prefix = dir === '.' || dir === '' ? '' : `${dir}/`;
  const found = (await sameNamed(pattern, ctx.workspace)).filter((path) => path.startsWith(prefix));
  if (found.length !== 1) return pattern;
  const located = found[0]!.slice(prefix.length);
  ctx.warn(`--pattern ${pattern}: no such file in ${dir === '' ? '.' : dir}; ran ${located}, the one file of that name`);
  return located;
}

export async function run(args: TestArgs, ctx: CommandContext): Promise<TestData> {
  const { runner, command } = await chooseCommand(args, ctx);
  const scanner = new TestSummaryScanner();
  const result = await runShellCall({ command, dir: args.dir, timeoutSeconds: args.timeout, onChunk: (chunk, stream) => scanner.feed(chunk, stream), stage: staging(args.stage, 'test') }, ctx);
  const summary = scanner.finish();
  const ran = runner === 'python' ? await pythonRan(result.stderr, ctx) : runner;
  const dir = args.dir !== undefined && args.dir !== '.' && args.dir !== '' ? { dir: args.dir } : {};
  const base: TestData = { runner: ran, command, ...toProcessData(result), ...(summary ? { summary } : {}), ...dir };
  const failures = result.exitCode === 0 ? [] : findFailures(`${base.stdout}\n${base.stderr}`, ctx.workspace.root);
  const data: TestData = failures.length > 0 ? { ...base, failures } : base;
  const failure = processFailure(result, data, ctx.signal, args.timeout, command);
  if (failure?.code === 'C253') throw fail('C253', headline(data), data);
  if (failure) throw failure;
  return data;
}

// Python tests without a pytest configuration: which runner ran, said (test-detect-python.ts).
async function pythonRan(stderr: string, ctx: CommandContext): Promise<string> {
  const { UNITTEST_LINE } = await import('../shell/test-detect-python.js');
  const unittest = stderr.includes(UNITTEST_LINE);
  ctx.warn(unittest ? 'ran the test_*.py files with unittest discovery: pytest is not installed where the tests run (no pytest configuration either)' : 'ran the test_*.py files with pytest (python -m pytest; no pytest configuration found)');
  return unittest ? 'unittest' : 'pytest';
}

function countsText(summary: TestSummary): string {
  return `${summary.passed} passed, ${summary.failed} failed${summary.skipped === undefined ? '' : `, ${summary.skipped} skipped`}${summary.unit ? ` (${summary.unit})` : ''}`;
}

// The error's one line: how it ended, the counts and the failing tests' names (never the last line of
// output, which is usually the runner's timing). Every test passing and the command failing anyway (a
// posttest script, a coverage threshold, a teardown) says so with the output's last line (newcomer N9).
function headline(data: TestData): string {
  const how = data.exitCode === null ? `killed by ${data.signal ?? 'a signal'}` : `exit code ${data.exitCode}`;
  const names = (data.failures ?? []).map((failure) => failure.name);
  const shown = names.length === 0 ? '' : `: ${names.slice(0, 3).join('; ')}${names.length > 3 ? `; … ${names.length - 3} more` : ''}`;
  if (data.summary && failedAfterPassing(data)) {
    const last = lastLine(data);
    return `${how} after every test passed (${countsText(data.summary)}): the command failed after the tests ran (a posttest script, a coverage threshold or a teardown)${last === '' ? '' : `; its output ends: ${last.slice(0, 160)}`}`.slice(0, 400);
  }
  const counts = data.summary ? `${countsText(data.summary)}${shown}` : names.length > 0 ? `failing${shown}` : '';
  if (counts !== '') return `${how}: ${counts}`.slice(0, 300);
  const last = lastLine(data);
  return last === '' ? how : `${how}: ${last.slice(0, 200)}`;
}

// Counts read, none failed, at least one passed, no failing test named: the tests passed.
const failedAfterPassing = (data: TestData): boolean => data.exitCode !== 0 && !data.timedOut && data.summary !== undefined && data.summary.failed === 0 && data.summary.passed > 0 && (data.failures ?? []).length === 0;

const lastLine = (data: TestData): string => (dropNoise(`${data.stderr}`).text.trim().split('\n').at(-1) || dropNoise(data.stdout).text.trim().split('\n').at(-1) || '').trim();

// A failing run leads with the counts and the failing tests, then the output without runner noise
// (only its tail when the failures were found), and says how to see all of it.
function formatFailing(data: TestData): string {
  const stdout = dropNoise(data.stdout);
  const stderr = dropNoise(data.stderr);
  const lines = [...(stdout.text.trim() === '' ? [] : stdout.text.trimEnd().split('\n')), ...(stderr.text.trim() === '' ? [] : ['--- stderr ---', ...stderr.text.trimEnd().split('\n')])];
  const found = (data.failures?.length ?? 0) > 0;
  const shown = found && lines.length > TAIL_LINES ? lines.slice(-TAIL_LINES) : lines;
  const hidden = lines.length - shown.length;
  const dropped = stdout.dropped + stderr.dropped;
  const notes = [hidden > 0 ? `${hidden} earlier lines not shown` : '', dropped > 0 ? `${dropped} lines of runner noise and node:internal frames dropped` : ''].filter(Boolean);
  const raw = notes.length > 0 ? `--- output (${notes.join('; ')}; ${allOfIt(data)}) ---` : '--- output ---';
  const exit = data.exitCode === null ? `[killed by ${data.signal ?? 'a signal'}]` : `[exit ${data.exitCode}]`;
  const after = failedAfterPassing(data) ? ['every test passed; the command failed after the tests ran (see the end of the output)'] : [];
  return [`$ ${data.command}`, ...(data.summary ? [countsText(data.summary)] : []), ...after, ...(found ? [formatFailures(data.failures!)] : []), raw, ...shown, exit].join('\n');
}

// The call that shows a run's whole output, with the run's own folder.
const allOfIt = (data: TestData): string => allOutputCall(data.command, data.dir);

export function format(data: TestData): string {
  return withChanges(formatRun(data), data);
}

function formatRun(data: TestData): string {
  if (data.exitCode !== 0 && !data.timedOut) return formatFailing(data);
  if (!data.summary || data.exitCode !== 0) {
    // A passing run without counts, or one that timed out (where it hung matters), without runner noise (timing lines, node:internal frames); the data keeps all of it.
    const shown = { ...data, stdout: dropNoise(data.stdout).text, stderr: dropNoise(data.stderr).text };
    return `$ ${data.command}\n${formatProcessOutput(shown)}${data.summary ? ` — ${countsText(data.summary)}` : ''}`;
  }
  // Counts read: only the warning and error lines of the output are shown (issue 29: a passing pytest run
  // was 20 lines of headers, plugins and progress dots to say "207 passed").
  const stdout = passingOutput(data.stdout);
  const stderr = passingOutput(data.stderr);
  const dropped = stdout.dropped + stderr.dropped;
  const note = dropped > 0 ? ` (${dropped} lines of output not shown; ${allOfIt(data)})` : '';
  return `$ ${data.command}\n${formatProcessOutput({ ...data, stdout: stdout.text, stderr: stderr.text })} — ${countsText(data.summary)}${note}`;
}
