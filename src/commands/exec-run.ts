import type { CommandContext } from '../engine/command.js';
import { withChanges } from '../shell/stage/report.js';
import { backgrounded, backgroundNote, gitToolNote, testRunNote } from './exec-notes.js';
import { formatProcessOutput, processFailure, runShellCall, toProcessData, type ProcessData } from '../shell/run-call.js';
import { check, staging, type ExecArgs } from './exec.js';

// exec's handler (loaded by its first call: the shell runner, the sandbox and the staging overlay).
export async function run(args: ExecArgs, ctx: CommandContext): Promise<ProcessData> {
  check(args);
  const result = await runShellCall({ command: args.cmd, dir: args.dir, timeoutSeconds: args.timeout, live: true, stage: staging(args.stage, 'exec') }, ctx);
  const data = toProcessData(result);
  const background = await backgrounded(args.cmd);
  if (background.length > 0) ctx.warn(backgroundNote(background));
  const gitNote = result.exitCode === 0 ? undefined : gitToolNote(ctx, args.cmd, `${data.stderr}\n${data.stdout}`);
  if (gitNote) ctx.warn(gitNote);
  const testNote = testRunNote(args.cmd, args.dir, `${data.stdout}\n${data.stderr}`);
  if (testNote) ctx.warn(testNote);
  const failure = processFailure(result, data, ctx.signal, args.timeout, args.cmd);
  if (failure) throw failure;
  return data;
}

export function format(data: ProcessData): string {
  return withChanges(formatProcessOutput(data), data);
}
