import type { PathRules } from '../engine/command.js';
import { fromRule, ruleText } from './decide-common.js';
import type { Policy } from './policy.js';
import type { Subject } from './pattern.js';
import type { Decision, Judged, ListedRule } from './types.js';

// The person's deny and ask rules for the paths a command changed without a file tool (a staged run's
// change set, shell/stage/plan-gate.ts; red team R6-12). Each path is judged as the file tools that make
// the same change: `write`, `create`, `edit` for one written, `delete` for one removed, so `@coder *
// prod.conf` and `@coder write prod.conf` both apply. Only rules that name a path count: a rule on the
// tool alone (`@coder write`, `@coder *`) is about calls of that tool, and the person already answered
// for the command itself. With --yes an ask rule is approved, as it is for a file tool's call.

const NAMES_PATH = /^@coder \S+ \S/;

const TOOLS = { write: ['write', 'create', 'edit'], delete: ['delete'] } as const;

export function pathRules(policy: Policy, yes: boolean): PathRules {
  return (verb, rel) => {
    const others = TOOLS[verb].map((command): Subject => ({ text: `@coder ${command} ${rel}`, command, path: rel, change: true }));
    const match = policy.match({ others }, (rule) => NAMES_PATH.test(rule.pattern));
    if (match === undefined || match.action === 'allow') return undefined;
    if (match.action === 'ask' && yes) return undefined;
    return { action: match.action, rule: ruleText(match) };
  };
}

// A run that writes in place (`exec --no-stage`, red team R6-12; and every run that will not be staged:
// "stage": false, --sandbox off, no OS sandbox, seatbelt, R11-4; decided once, shell/run-staging.ts) has no
// change set to judge, so a per-file rule would hold only when the model lets it: while the person has a
// deny or ask rule for the paths a run can change (one the staged change set is judged by), writing in
// place is that rule's decision: refused (C240) under a deny rule, asked under an ask rule, each saying
// why the run is not staged and how to get staging back. Without such rules it stays as the call's own
// decision; a line the read-only allowlist lets run (nothing written) keeps its own decision too.
// The rule's tool word is matched as pathRules matches it (red team R11-3: `@coder w* prod.conf`,
// `@coder ** prod.conf`, `@coder ?rite prod.conf` judge the staged change set, so they judge --no-stage too).
// A rule naming any writer (an alias resolved, a glob matching one) judges every change (rule-words.ts, R11-10).
const judgesChanges = (rule: ListedRule, policy: Policy): boolean => rule.action !== 'allow' && rule.source !== 'default' && policy.words.writes(rule.pattern);

export function inPlaceDecision(judged: Judged, policy: Policy): Decision | undefined {
  if (!judged.inPlace) return undefined;
  const rules = policy.list().filter((rule) => judgesChanges(rule, policy));
  const rule = rules.find((each) => each.action === 'deny') ?? rules[0];
  if (rule === undefined || rule.source === 'default') return undefined;
  const decided = fromRule(judged, { source: rule.source, action: rule.action, rule: { pattern: rule.pattern, action: rule.action, ...(rule.file === undefined ? {} : { file: rule.file }) } });
  const { why, fix } = judged.inPlace;
  const reason = `the run writes in place (${why}), where what it changes cannot be judged against the per-file ${ruleText({ source: rule.source, action: rule.action, rule })}: the rule cannot be kept in place`;
  const staging = rule.action === 'deny' ? `; to get staging back: ${fix} (a staged run's changes are judged against the rule before they are applied)` : '';
  return { ...decided, reason: `${reason}${staging}` };
}

// The call's own decision, or the in-place one when that is stricter (deny over ask over allow).
export function withInPlace(judged: Judged, policy: Policy, own: Decision): Decision {
  if (own.decision === 'allow' && own.source === 'allowlist') return own;
  const inPlace = inPlaceDecision(judged, policy);
  const rank = { deny: 0, ask: 1, allow: 2 } as const;
  return inPlace !== undefined && rank[inPlace.decision] < rank[own.decision] ? inPlace : own;
}
