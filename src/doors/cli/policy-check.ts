import * as z from 'zod/mini';
import { parseCall, type CallInput } from '../../args/parse-call.js';
import type { AnyCommand, ShellRun, Touch } from '../../engine/command.js';
import type { JailedTouch, PreparedCall } from '../../engine/engine.js';
import { isCodewardError, toCodewardError, type CodewardError } from '../../engine/errors.js';
import type { Registry } from '../../engine/registry.js';
import { validateArgs } from '../../engine/validate.js';
import { describeCall, explainCall, explainJudged, type DenialTracker, type Explanation, type Policy } from '../../permissions/index.js';
import { classifyHook, type ClassifyHookOptions } from '../../shell/classify-hook.js';
import type { ShellParser } from '../../shell/parse.js';
import type { Staging } from '../../shell/run-staging.js';
import type { Workspace } from '../../workspace/workspace.js';

// `codeward policy check <call>` is the engine's pipeline in dry run: the call is recovered by the
// engine's own parser (CLI text, `@coder ...`, argv, JSON in any of its spellings), validated, its paths
// jailed by the same workspace, the shell line classified by the same hook with the same options as the
// engine (C242 danger, C211 for a secret the line names, C210 for a program that waits for a terminal),
// then the gate's decision flow on the same description of the call. What it tolerates, and says so: a
// path that does not exist yet (judged as the file it would be), a required flag left out (judged with
// the flags given), an `@coder exec` line written unquoted. The first refusal the real call would give
// (jail, danger) is the answer, with its code.

export interface CheckContext {
  readonly registry: Registry;
  readonly workspace: Workspace;
  readonly policy: Policy;
  readonly denials: DenialTracker;
  readonly parser: ShellParser;
  // The classify hook's options as the engine builds them (setup.ts), without the parser.
  readonly classify: ClassifyHookOptions;
  // Whether an exec/test run would be staged (PreparedCall.staging), as the engine decides it.
  readonly staging?: (stage: boolean | undefined) => Promise<Staging>;
  // The line a call runs that its command finds itself (`test`'s runner), as the engine finds it before the gate.
  readonly detectShell?: (input: CallInput) => Promise<ShellRun | undefined>;
}

export interface CheckResult extends Omit<Explanation, 'source'> {
  // The gate's source, or the stage that refused before the gate.
  readonly source: Explanation['source'] | 'jail' | 'danger';
  // The refusal the real call would give before the gate or instead of it: C211/C215 from the jail,
  // C242/C211/C210 from the shell classifier.
  readonly blocked?: { readonly code: string; readonly message: string; readonly stage: 'jail' | 'danger' };
  // What the check assumed to judge the call (a missing file, a flag left out), each saying what the
  // real call would do about it.
  readonly assumed: readonly string[];
}

// A jailed path that could not be resolved as the command's access: a missing file is judged as the
// file it would be (resolved for writing, which accepts missing files); any other refusal is the answer.
async function jail(ctx: CheckContext, command: AnyCommand, args: Record<string, unknown>, assumed: string[]): Promise<JailedTouch[] | { refusal: CodewardError; path: string }> {
  const jailed: JailedTouch[] = [];
  for (const touch of touchesOf(command, args)) {
    let refusal: CodewardError;
    try {
      const resolved = await ctx.workspace.resolve(touch.path, touch.access);
      if (touch.existing && resolved.kind === 'missing') assumed.push(`${touch.path} does not exist now: judged as if it did (run now, ${command.name} would fail with C211: ${touch.path}: no such file or directory, or not accessible)`);
      jailed.push({ touch, resolved });
      continue;
    } catch (error) {
      refusal = toCodewardError(error, touch.path);
    }
    const hypothetical = refusal.code === 'C211' ? await ctx.workspace.resolve(touch.path, 'write').catch(() => undefined) : undefined;
    if (hypothetical?.kind === 'missing') {
      assumed.push(`${touch.path} does not exist now: judged as if it did (run now, ${command.name} would fail with C211: ${refusal.message})`);
      jailed.push({ touch, resolved: hypothetical });
    } else if (command.batch) {
      jailed.push({ touch, error: refusal });
    } else {
      return { refusal, path: touch.path };
    }
  }
  return jailed;
}

// The paths a call declares; a call judged without all its flags (`patch --file a.js` alone) whose
// command needs them to say its paths declares its --file (as read or written by the command's effect),
// or none.
function touchesOf(command: AnyCommand, args: Record<string, unknown>): readonly Touch[] {
  try {
    return command.touches(args);
  } catch {
    return typeof args.file === 'string' ? [{ path: args.file, access: command.effect === 'read' ? 'read' : 'write' }] : [];
  }
}

// `@coder exec rm -rf /`: the words after a shell command's name are its command line (ChatCLI's
// shorthand), unless they start with a flag.
function shellShorthand(input: CallInput, registry: Registry): CallInput {
  if (typeof input !== 'string') return input;
  const match = /^\s*(?:@coder\s+)?(\S+)\s+(?!-)(\S[\s\S]*)$/i.exec(input);
  const command = match ? registry.find(match[1]!) : undefined;
  if (!command?.shell || command.positional === undefined || /^\s*[{[]/.test(input)) return input;
  return { cmd: command.name, args: { [command.positional]: match![2]!.trim() } };
}

// `@coder patch index.js`: the one word after the name of a command that takes only flags is its --file,
// as `read index.js` is read's (the CLI's positional form), so a pattern-like question is judged as a call.
function fileShorthand(input: CallInput, registry: Registry): CallInput {
  if (typeof input !== 'string') return input;
  const match = /^(\s*(?:@coder\s+)?(\S+)\s+)(?!-)([^\s'"{[]+)(\s+-[\s\S]*)?$/i.exec(input);
  const command = match ? registry.find(match[2]!) : undefined;
  if (!command || command.positional !== undefined || !registry.flags(command).some((flag) => flag.name === 'file')) return input;
  return `${match![1]}--file ${match![3]}${match![4] ?? ''}`;
}

// The call's command and validated args; a required flag left out is filled with an empty value of its
// kind (`write --file x` is judged as writing x) and named in `assumed`.
function prepare(input: CallInput, registry: Registry, assumed: string[]): { command: AnyCommand; args: Record<string, unknown> } {
  const parsed = parseCall(fileShorthand(shellShorthand(input, registry), registry), registry);
  try {
    return { command: parsed.command, args: validateArgs(parsed.command, parsed.args) };
  } catch (error) {
    const missing = registry.flags(parsed.command).filter((flag) => flag.required && parsed.args[flag.name] === undefined && (flag.kind === 'string' || flag.kind === 'json'));
    if (parsed.command.shell) throw error;
    const args = { ...parsed.args, ...Object.fromEntries(missing.map((flag) => [flag.name, flag.kind === 'json' ? [] : ''])) };
    const validated = withoutRules(parsed.command, args, error);
    for (const flag of missing) assumed.push(`--${flag.cli} not given: judged without it (the real call needs it: C210)`);
    if (missing.length === 0) assumed.push(`judged with the flags given (the real call needs more flags, C210: ${toCodewardError(error).message})`);
    return { command: parsed.command, args: validated };
  }
}

// The args as the schema takes them, when only the rules between flags (CommandDefinition.check) refuse
// them (`patch --file a.js` without --search or --diff); any other problem is the first error.
function withoutRules(command: AnyCommand, args: Record<string, unknown>, first: unknown): Record<string, unknown> {
  try {
    return validateArgs(command, args);
  } catch {
    const parsed = z.safeParse(command.flags, args);
    if (!parsed.success) throw first;
    return parsed.data as Record<string, unknown>;
  }
}

// `@coder write src/a.ts` (a pattern-like question without the flags a real call needs) is judged by
// its primary argument when it does not parse as a call.
const SHORTHAND = /^\s*@coder\s+\S+/i;

export async function checkCall(input: CallInput, ctx: CheckContext): Promise<CheckResult> {
  const assumed: string[] = [];
  let prepared: { command: AnyCommand; args: Record<string, unknown> };
  try {
    prepared = prepare(input, ctx.registry, assumed);
  } catch (error) {
    if (typeof input === 'string' && SHORTHAND.test(input) && isCodewardError(error) && error.code === 'C210') {
      return { ...(await explainCall(ctx.policy, ctx.denials, input, { parser: ctx.parser, commands: ctx.registry })), assumed: [`judged by its words only (not a call the engine would take: ${error.message})`] };
    }
    throw error;
  }
  const jailedOrRefused = await jail(ctx, prepared.command, prepared.args, assumed);
  // A batched call's entry the jail refuses fails on its own in the real call (C215/C211 per entry):
  // said, and the rest judged; when every entry is refused, that refusal is the answer (red team R6-13).
  const refusedEntries = Array.isArray(jailedOrRefused) ? jailedOrRefused.filter((each) => 'error' in each && each.error !== undefined) : [];
  const touches = Array.isArray(jailedOrRefused) && refusedEntries.length > 0 && refusedEntries.length === jailedOrRefused.length
    ? { refusal: refusedEntries[0]!.error!, path: refusedEntries[0]!.touch.path }
    : jailedOrRefused;
  for (const entry of refusedEntries) assumed.push(`${entry.touch.path}: the real call fails this entry with ${entry.error!.code}: ${entry.error!.message}`);
  if (!Array.isArray(touches)) {
    const { refusal, path } = touches;
    const judged = `@coder ${prepared.command.name} ${path}`;
    return { decision: 'deny', reason: refusal.message, source: 'jail', judged, parts: [], assumed, blocked: { code: refusal.code, message: refusal.message, stage: 'jail' } };
  }
  const stage = prepared.command.stage;
  const staging = stage && ctx.staging ? await ctx.staging(stage(prepared.args as never)) : undefined;
  // `test` without --cmd runs the line it detects (package.json's test script ...): judged as the gate judges it.
  const { command, args } = prepared;
  const detect = command.detectShell && command.shell?.(args as never) === undefined ? ctx.detectShell : undefined;
  const shell = detect === undefined ? undefined : await detect({ cmd: command.name, args }).catch((error: unknown) => void assumed.push(`the line ${command.name} would run is not found (the real call fails: ${toCodewardError(error).message})`));
  const call: PreparedCall = { ...prepared, touches, ...(staging ? { staging } : {}), ...(shell ? { shell } : {}) };
  try {
    await classifyHook(ctx.parser, ctx.classify).classify(call);
  } catch (error) {
    const failure = toCodewardError(error);
    const explanation = await explainJudged(ctx.policy, ctx.denials, describeCall(call), ctx.parser);
    return { ...explanation, decision: 'deny', reason: failure.message, source: 'danger', assumed, blocked: { code: failure.code, message: failure.message, stage: 'danger' } };
  }
  return { ...(await explainJudged(ctx.policy, ctx.denials, describeCall(call), ctx.parser)), assumed };
}
