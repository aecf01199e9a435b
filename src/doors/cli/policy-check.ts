import { parseCall, type CallInput } from '../../args/parse-call.js';
import type { JailedTouch, PreparedCall } from '../../engine/engine.js';
import { isCodewardError, toCodewardError } from '../../engine/errors.js';
import type { Registry } from '../../engine/registry.js';
import { validateArgs } from '../../engine/validate.js';
import { describeCall, explainCall, explainJudged, type DenialTracker, type Explanation, type Policy } from '../../permissions/index.js';
import { classifyHook } from '../../shell/classify-hook.js';
import type { ShellParser } from '../../shell/parse.js';
import type { Workspace } from '../../workspace/workspace.js';

// `codeward policy check <call>` gives the answer the engine would: the call is recovered by the
// engine's own parser (argv words, a bare JSON array, HTML-escaped JSON, JSON with bad escapes, a
// tool-call object), validated, its paths jailed and described exactly as the engine's gate sees them,
// the danger classifier runs first (C242), then the gate's decision flow.

export interface CheckContext {
  readonly registry: Registry;
  readonly workspace: Workspace;
  readonly policy: Policy;
  readonly denials: DenialTracker;
  readonly parser: ShellParser;
  readonly allowUnsafe: boolean;
  readonly home: string | undefined;
}

export interface CheckResult extends Explanation {
  // The engine would refuse the call before the gate (C242 danger block).
  readonly blocked?: { readonly code: string; readonly message: string };
}

async function jail(ctx: CheckContext, prepared: { command: PreparedCall['command']; args: Record<string, unknown> }): Promise<JailedTouch[]> {
  const jailed: JailedTouch[] = [];
  for (const touch of prepared.command.touches(prepared.args)) {
    try {
      jailed.push({ touch, resolved: await ctx.workspace.resolve(touch.path, touch.access) });
    } catch (error) {
      if (!prepared.command.batch) throw error;
      jailed.push({ touch, error: toCodewardError(error, touch.path) });
    }
  }
  return jailed;
}

// `@coder write src/a.ts` (a pattern-like question without the flags a real call needs) is judged by
// its primary argument, as before; anything that parses as a call goes the engine's way.
const SHORTHAND = /^\s*@coder\s+\S+/i;

export async function checkCall(input: CallInput, ctx: CheckContext): Promise<CheckResult> {
  let call: PreparedCall;
  try {
    const parsed = parseCall(input, ctx.registry);
    const args = validateArgs(parsed.command, parsed.args);
    call = { command: parsed.command, args, touches: await jail(ctx, { command: parsed.command, args }) };
  } catch (error) {
    if (typeof input === 'string' && SHORTHAND.test(input) && isCodewardError(error) && error.code === 'C210') {
      return explainCall(ctx.policy, ctx.denials, input, { parser: ctx.parser, commands: ctx.registry });
    }
    throw error;
  }
  const explanation = await explainJudged(ctx.policy, ctx.denials, describeCall(call), ctx.parser);
  try {
    await classifyHook(ctx.parser, { allowUnsafe: ctx.allowUnsafe, root: ctx.workspace.root, ...(ctx.home ? { home: ctx.home } : {}) }).classify(call);
  } catch (error) {
    const failure = toCodewardError(error);
    return { ...explanation, decision: 'deny', reason: failure.message, blocked: { code: failure.code, message: failure.message } };
  }
  return explanation;
}
