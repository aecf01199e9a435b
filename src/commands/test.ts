import * as z from 'zod/mini';
import { defineCommand, type CommandContext } from '../engine/command.js';
import { fail } from '../engine/errors.js';
import { described, optionalText } from '../engine/schema.js';
import { formatProcessOutput, processFailure, runShellCall, toProcessData, type ProcessData } from '../shell/run-call.js';
import { TestSummaryScanner, type TestSummary } from '../shell/test-summary.js';
import { timeoutFlag } from './exec.js';

const flags = z.strictObject({
  dir: described(z._default(z.string(), '.'), 'project folder to run the tests in (the runner is detected from its files)'),
  cmd: optionalText('the shell command line that runs the tests, instead of the detected one'),
  pattern: optionalText('only tests whose name matches (go -run, pytest -k, vitest/jest -t, cargo filter, mvn -Dtest, gradle --tests, dotnet --filter); a file path for vitest, jest and pytest'),
  timeout: timeoutFlag(600),
});

type TestArgs = z.infer<typeof flags>;

export interface TestData extends ProcessData {
  runner: string;
  command: string;
  summary?: TestSummary;
}

async function chooseCommand(args: TestArgs, ctx: CommandContext): Promise<{ runner: string; command: string }> {
  if (args.cmd !== undefined && args.cmd.trim() !== '') {
    if (args.pattern !== undefined) ctx.warn('--pattern is ignored when --cmd is given; put the filter in the command line');
    return { runner: 'custom', command: args.cmd };
  }
  if (args.pattern?.startsWith('-')) throw fail('C210', `--pattern ${args.pattern} starts with "-"; pass a test name or a path`);
  const folder = ctx.path(args.dir);
  if (folder.kind !== 'dir') throw fail('C210', `--dir ${args.dir} is not a folder; pass the project folder`);
  const [{ detectTestRunner }, { withPattern }] = await Promise.all([import('../shell/test-detect.js'), import('../shell/test-detect-pattern.js')]);
  const detected = await detectTestRunner(folder.real, ctx.workspace.jail);
  if (!detected) throw fail('C252', `no test framework detected in ${folder.rel}; pass --cmd "..." to say how to run the tests`);
  const built = withPattern(detected, args.pattern);
  if (built.note) ctx.warn(built.note);
  return { runner: detected.runner, command: built.command };
}

async function run(args: TestArgs, ctx: CommandContext): Promise<TestData> {
  const { runner, command } = await chooseCommand(args, ctx);
  const scanner = new TestSummaryScanner();
  const result = await runShellCall({ command, dir: args.dir, timeoutSeconds: args.timeout, onChunk: (chunk, stream) => scanner.feed(chunk, stream) }, ctx);
  const summary = scanner.finish();
  const data: TestData = { runner, command, ...toProcessData(result), ...(summary ? { summary } : {}) };
  const failure = processFailure(result, data, ctx.signal, args.timeout);
  if (failure) throw failure;
  return data;
}

function format(data: TestData): string {
  const counts = data.summary
    ? ` — ${data.summary.passed} passed, ${data.summary.failed} failed${data.summary.skipped === undefined ? '' : `, ${data.summary.skipped} skipped`}${data.summary.unit ? ` (${data.summary.unit})` : ''}`
    : '';
  return `$ ${data.command}\n${formatProcessOutput(data)}${counts}`;
}

export const testCommand = defineCommand({
  name: 'test',
  aliases: ['run_tests', 'run-tests', 'runtests', 'tests'],
  summary: 'Run the project\'s tests: the runner is detected (npm/pnpm/yarn/bun, vitest, jest, go, pytest, tox, cargo, maven, gradle, dotnet, make) or given with --cmd',
  flags,
  flagAliases: { filter: 'pattern', grep: 'pattern', command: 'cmd' },
  positional: 'dir',
  examples: ['test', 'test --dir ./pkg --pattern TestLogin --timeout 60', 'test --cmd "npm run test:unit"'],
  effect: 'exec',
  annotations: { readOnly: false, destructive: true, idempotent: false },
  touches: (args) => [{ path: args.dir, access: 'list' }],
  shell: (args) => (args.cmd !== undefined && args.cmd.trim() !== '' ? { command: args.cmd, dir: args.dir } : undefined),
  run,
  format,
});
