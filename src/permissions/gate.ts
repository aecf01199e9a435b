import type { EngineHooks, PreparedCall } from '../engine/engine.js';
import { fail } from '../engine/errors.js';
import { LazyShellParser } from '../shell/lazy-parser.js';
import { decide, type DecideContext } from './decide.js';
import type { DenialTracker } from './denials.js';
import { describeCall } from './describe.js';
import { approvalNeededMessage, deniedMessage, userDeniedMessage } from './messages.js';
import { escapePattern } from './pattern.js';
import type { Policy } from './policy.js';
import type { ApprovalAnswer, ApprovalRequest, Approver, Decision, Judged, ShellParserLike } from './types.js';

export interface PermissionGateOptions {
  readonly policy: Policy;
  readonly denials: DenialTracker;
  // Asks a person; absent when no one can (non-interactive): an ask is then C241.
  readonly approver?: Approver;
  // --yes: approve every ask that is not safety-immune (and not in an escalated session).
  readonly yes: boolean;
  // Default: a ShellParser of this gate's own (the grammar loads on the first shell call).
  readonly parser?: ShellParserLike;
}

type GateOptions = PermissionGateOptions & { readonly parser: ShellParserLike };

// The rule an 'always' or 'never' answer saves: the exact path for file commands, the whole command
// for others; none for shell lines (each needs its own approval, as in ChatCLI).
function suggestion(judged: Judged): string | null {
  if (judged.kind === 'shell') return null;
  if (judged.kind === 'path' && judged.subject !== undefined) return `${judged.tool} ${escapePattern(judged.subject)}`;
  return judged.tool;
}

function optionsFor(judged: Judged, decision: Decision): ApprovalAnswer[] {
  if (judged.kind === 'shell') return ['once', 'no'];
  // An allow rule never approves an immune call, so 'always' would promise what it cannot keep.
  return decision.source === 'immune' ? ['once', 'no', 'never'] : ['once', 'always', 'no', 'never'];
}

async function approve(judged: Judged, decision: Decision, options: GateOptions, requester: string | undefined): Promise<void> {
  const { policy, denials } = options;
  if (options.yes && decision.source !== 'immune' && !denials.escalated) {
    denials.recordApproval(judged.tool);
    return;
  }
  if (!options.approver) throw fail('C241', approvalNeededMessage(decision));
  const choices = optionsFor(judged, decision);
  const rule = suggestion(judged);
  const request: ApprovalRequest = {
    judged: decision.part && decision.part !== judged.subject ? `${judged.call} (${decision.part})` : judged.call,
    tool: judged.tool,
    reason: decision.reason,
    source: decision.source,
    immune: decision.immune ?? null,
    options: choices,
    suggestion: choices.includes('always') || choices.includes('never') ? rule : null,
    ...(requester ? { requester } : {}),
  };
  const raw = await options.approver(request);
  // Anything not offered is a refusal (ChatCLI: "invalid input — action denied for security").
  const answer: ApprovalAnswer = choices.includes(raw) ? raw : 'no';
  if (answer === 'once' || answer === 'always') {
    if (answer === 'always' && rule) await policy.saveAnswer(rule, 'allow');
    denials.recordApproval(judged.tool);
    return;
  }
  let extra = '';
  if (answer === 'never' && rule) {
    await policy.saveAnswer(rule, 'deny');
    extra = `; rule "${rule}" (deny) saved to ${policy.answersFile}`;
  }
  const outcome = denials.recordDenial(judged.tool);
  if (outcome === 'escalated') extra += `; the session is escalated after ${denials.total} denials (no more automatic approval)`;
  else if (outcome === 'blocked') extra += `; ${judged.tool} is now blocked for this session`;
  throw fail('C240', userDeniedMessage(decision, extra));
}

// Decides every judged part; any deny refuses the call (C240) before anyone is asked; then each ask
// is approved by --yes, by the approver, or refused (C241 when no one can approve).
export async function authorizeJudged(judged: readonly Judged[], gateOptions: PermissionGateOptions, requester?: string): Promise<void> {
  const options: GateOptions = { ...gateOptions, parser: gateOptions.parser ?? new LazyShellParser() };
  const ctx: DecideContext = { policy: options.policy, denials: options.denials };
  const decisions = await Promise.all(judged.map((entry) => decide(entry, ctx, options.parser)));
  const denied = decisions.find((d) => d.decision === 'deny');
  if (denied) throw fail('C240', deniedMessage(denied));
  for (let i = 0; i < judged.length; i++) {
    if (decisions[i]!.decision === 'allow') continue;
    // An earlier 'always' or 'never' may have changed the answer.
    const now = await decide(judged[i]!, ctx, options.parser);
    if (now.decision === 'allow') continue;
    if (now.decision === 'deny') throw fail('C240', deniedMessage(now));
    await approve(judged[i]!, now, options, requester);
  }
}

// The engine's permission stage (ARCHITECTURE.md: after the danger classifier, before staleness).
export function permissionGate(options: PermissionGateOptions): Pick<EngineHooks, 'authorize'> {
  const withParser: GateOptions = { ...options, parser: options.parser ?? new LazyShellParser() };
  return { authorize: (call: PreparedCall) => authorizeJudged(describeCall(call), withParser, call.caller?.label) };
}
