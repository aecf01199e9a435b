import type { DenialTracker } from './denials.js';
import type { Immunity, ObeyedContextOf } from './immune.js';
import type { LineWritesClass } from './line-writes-type.js';
import { ruleOrigin, type Policy, type RuleMatch } from './policy.js';
import type { Decision, Judged } from './types.js';

export interface DecideContext {
  readonly policy: Policy;
  readonly denials: DenialTracker;
  // obeyed-context.ts's obeyedContext, which a write's immunity needs (immune.ts): loaded by decide.ts for a write.
  readonly obeyed?: ObeyedContextOf;
  // written-before.ts's LineWrites, which a program's command file needs (immune-code.ts): loaded on demand too.
  readonly lineWrites?: LineWritesClass;
}

export function ruleText(match: RuleMatch): string {
  return `rule "${match.rule.pattern}" (${match.action}) from ${ruleOrigin(match.source, match.rule)}`;
}

export function fromRule(judged: Judged, match: RuleMatch, part?: string): Decision {
  const verb = match.action === 'allow' ? 'allowed by' : match.action === 'deny' ? 'denied by' : 'needs approval by';
  return { decision: match.action, reason: `${verb} ${ruleText(match)}`, source: match.source, rule: match.rule, judged: judged.call, ...(part ? { part } : {}) };
}

// Steps that come before the rules: the tracker's block, immunity, escalation.
export function beforeRules(judged: Judged, ctx: DecideContext, immune: Immunity | undefined): Decision | undefined {
  const { denials } = ctx;
  if (denials.isBlocked(judged.tool)) {
    const reason = `${judged.tool} is blocked for this session after ${denials.consecutive(judged.tool) || denials.limits.maxConsecutive} consecutive denials`;
    return { decision: 'deny', reason, source: 'denials', judged: judged.call };
  }
  if (immune) {
    const reason = `safety-immune: ${immune.description}${immune.where === judged.subject ? '' : ` (${immune.where})`}; only a person can approve it`;
    return { decision: 'ask', reason, source: 'immune', immune: immune.name, judged: judged.call };
  }
  if (denials.escalated) {
    const reason = `the session was escalated after ${denials.total} denials: nothing is approved automatically any more`;
    return { decision: 'ask', reason, source: 'denials', judged: judged.call };
  }
  return undefined;
}
