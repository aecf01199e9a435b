import * as z from 'zod/mini';
import { defineCommand, lazyHandler } from '../engine/command.js';
import { fail } from '../engine/errors.js';
import { described, text } from '../engine/schema.js';

export const MAX_TIMEOUT_SECONDS = 3600;

// --timeout for exec and test: whole seconds, killed (with every child) when it runs out.
export const timeoutFlag = (fallback: number) =>
  described(
    z._default(z.int().check(z.minimum(1), z.maximum(MAX_TIMEOUT_SECONDS)), fallback),
    `seconds until the command and all its processes are killed (C250); at most ${MAX_TIMEOUT_SECONDS}`,
  );

// --stage / --no-stage for exec and test (absent: the "stage" config key, true by default).
export const stageFlag = described(
  z.optional(z.boolean()),
  'stage the changes (default where possible): judged by the write gate, one undo step; --no-stage writes in place, not undoable',
);

// A run that may be staged: whether it is, shell/run-staging.ts decides (the flag, the config key, the sandbox).
export const staging = (stage: boolean | undefined, verb: string): { verb: string; requested: boolean | undefined } => ({ verb, requested: stage });

const flags = z.strictObject({
  cmd: text('shell command line (bash -c), e.g. "npm run build 2>&1 | tail -20"'),
  dir: described(z._default(z.string(), '.'), 'folder to run in, inside the workspace'),
  timeout: timeoutFlag(600),
  stage: stageFlag,
});

export type ExecArgs = z.infer<typeof flags>;

export function check(args: ExecArgs): void {
  if (args.cmd.trim() === '') throw fail('C210', '--cmd is empty; pass the shell command line to run');
}

export const execCommand = defineCommand({
  name: 'exec',
  aliases: ['bash', 'shell', 'run_command', 'run-command', 'run_shell_command', 'execute_command', 'execute'],
  summary: 'Run a shell command in the workspace (timeout, captured output, no stdin)',
  guide: 'Prefer read, search, patch and git-* for what they do; test runs the tests.',
  flags,
  flagAliases: { command: 'cmd' },
  positional: 'cmd',
  promptFlags: ['dir', 'timeout'],
  examples: ['exec --cmd "npm run build"', 'exec --cmd "ls -la" --dir src', 'exec --cmd "npm run lint" --timeout 120'],
  effect: 'exec',
  // Every flag that changes what the run does: where, for how long, and whether its writes are staged
  // (judged and undoable) or in place. The question and an "always" rule carry each one.
  effectArgs: ['dir', 'timeout', 'stage'],
  annotations: { readOnly: false, destructive: true, idempotent: false },
  check,
  touches: (args) => [{ path: args.dir, access: 'list' }],
  shell: (args) => ({ command: args.cmd, dir: args.dir }),
  stage: (args) => args.stage,
  runs: async (args, ctx) => (await import('../shell/run-preview.js')).runPreview(ctx, args.cmd, args.dir, args.stage),
  ...lazyHandler(() => import('./exec-run.js')),
});
