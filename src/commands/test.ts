import * as z from 'zod/mini';
import { defineCommand, lazyHandler } from '../engine/command.js';
import { described, optionalText } from '../engine/schema.js';
import { stageFlag, timeoutFlag } from './exec.js';

const flags = z.strictObject({
  dir: described(z._default(z.string(), '.'), 'project folder (its files tell the runner)'),
  cmd: optionalText('command line that runs the tests instead'),
  pattern: optionalText('a test name (go -run, pytest -k, jest -t ...) or test file (go: its package; a bare name is looked up)'),
  timeout: timeoutFlag(600),
  stage: stageFlag,
});

export type TestArgs = z.infer<typeof flags>;

export const testCommand = defineCommand({
  name: 'test',
  aliases: ['run_tests', 'run-tests', 'runtests', 'tests'],
  // "summarised": a live run (issue 29) ran `exec npx tape test/*.js` and kept 491 `ok` lines (~5 k tokens) in
  // every later request; `test --cmd` with the same line is its counts and failures.
  summary: 'Run the project\'s tests (detected: npm, vitest, jest, go, pytest, cargo, maven, make ...) or a test command given with --cmd, summarised: counts, failures first',
  guide: 'For any other command, use exec.',
  flags,
  flagAliases: { filter: 'pattern', grep: 'pattern', command: 'cmd' },
  positional: 'dir',
  promptFlags: ['pattern', 'dir', 'cmd'],
  examples: ['test', 'test --pattern "parses dates"', 'test --dir ./pkg --pattern TestLogin --timeout 60', 'test --cmd "npm run test:unit"'],
  effect: 'exec',
  effectArgs: ['dir', 'pattern', 'timeout', 'stage'],
  annotations: { readOnly: false, destructive: true, idempotent: false },
  touches: (args) => [{ path: args.dir, access: 'list' }],
  stage: (args) => args.stage,
  shell: (args) => (args.cmd !== undefined && args.cmd.trim() !== '' ? { command: args.cmd, dir: args.dir } : undefined),
  // The detected runner's line, found before the gate: judged as `exec --cmd LINE --dir DIR` is (its scripts and
  // tasks read, deny rules, the immune list; red team R30-6), and the line the run starts (ctx.shell).
  detectShell: async (args, ctx) => {
    const { chooseCommand } = await import('./test-run.js');
    const { runner, command } = await chooseCommand(args, ctx);
    return { command, dir: args.dir, runner };
  },
  // The line the run will start: the runner chosen by the code the run uses.
  runs: async (args, ctx) => {
    const [{ chooseCommand }, { runPreview }] = await Promise.all([import('./test-run.js'), import('../shell/run-preview.js')]);
    return runPreview(ctx, (await chooseCommand(args, ctx)).command, args.dir, args.stage);
  },
  ...lazyHandler(() => import('./test-run.js')),
});
