// Loaded on first use (Engine.detectShell, only `policy check` asks): a cold call's core chunk stays as small.
import type { AnyCommand, ShellRun } from './command.js';
import type { CallBase } from './engine-call.js';
import { judgeFound, undeclared } from './found-files.js';
import { callContext, type Judge } from './engine-context.js';
import { jail, jailAll, realsOf } from './engine-jail.js';
import type { PreparedCall } from './engine-types.js';
import { callStaging } from '../shell/run-staging.js';

// The line a call runs that its command finds itself (test's detected runner: CommandDefinition.detectShell), found
// as the real call finds it before the gate, asking nobody: `policy check` judges it as the gate does (R31).
export async function detectedShell(base: CallBase, command: AnyCommand, args: Record<string, unknown>): Promise<ShellRun | undefined> {
  if (!command.detectShell || command.shell?.(args) !== undefined) return undefined;
  const touches = await jail(base.workspace, command, command.touches(args));
  const staging = await callStaging(command.stage, args, base.config, base.sandbox);
  const call: PreparedCall = { command, args, touches, ...(staging ? { staging } : {}) };
  const judge: Judge = (changes, skip) => judgeFound(base.hooks.authorize, call, undeclared(base.workspace, changes, realsOf(touches)), { skip, dry: true });
  return command.detectShell(args, callContext(base, touches, [], new AbortController().signal, new Map(), undefined, undefined, undefined, (more) => jailAll(base.workspace, command, more), judge, staging ? { staging } : {}));
}
