import type { Decision } from './types.js';

// The texts of refusals: every one names the call, the decision, and the rule or check that decided.

const SOURCE_NAMES: Record<Decision['source'], string> = {
  cli: 'command-line rule',
  project: 'project policy',
  user: 'user policy',
  default: 'built-in default',
  immune: 'safety immunity',
  allowlist: 'read-only allowlist',
  denials: 'denial tracker',
};

const subject = (decision: Decision): string => `${decision.judged}${decision.part && decision.part !== decision.judged.replace(/^@coder \S+ /, '') ? ` (\`${decision.part}\`)` : ''}`;

export function sourceName(decision: Decision): string {
  return SOURCE_NAMES[decision.source];
}

export function deniedMessage(decision: Decision): string {
  const origin = decision.rule ? '' : ` [${sourceName(decision)}]`;
  return `denied: ${subject(decision)} — ${decision.reason}${origin}`;
}

export function userDeniedMessage(decision: Decision, extra: string): string {
  return `denied: ${subject(decision)} — the user refused it${extra}`;
}

export function approvalNeededMessage(decision: Decision): string {
  const head = `${subject(decision)} needs approval (${decision.reason})`;
  if (decision.source === 'immune') return `${head}; it is safety-immune, so neither --yes nor an allow rule approves it: run interactively`;
  if (decision.source === 'denials') return `${head}; neither --yes nor allow rules approve anything in an escalated session: run interactively`;
  const rules = (decision.suggest ?? []).map((pattern) => `--allow ${JSON.stringify(pattern)}`);
  if (rules.length === 0) return `${head}; run interactively or pass --yes`;
  return `${head}; run interactively, pass --yes, or add an allow rule: ${rules.join(' ')}`;
}
