import { beforeRules, fromRule, type DecideContext } from './decide-common.js';
import { decideShell } from './decide-shell.js';
import { defaultAction } from './defaults.js';
import { immuneJudgedPath } from './immune.js';
import { escapePattern, type Subject } from './pattern.js';
import { exactCallRule } from './scopes.js';
import type { Decision, Judged, ShellParse, ShellParserLike } from './types.js';

export type { DecideContext } from './decide-common.js';

// The decision flow (seed 004 "Decision Flow"): a deny rule (or the denial tracker's block) denies;
// then safety immunity asks; then an escalated session asks; then the highest-priority source with a
// matching rule decides; then the read-only allowlist (shell lines); then the default.

function decideOther(judged: Judged, ctx: DecideContext): Decision {
  const path = judged.kind === 'path' ? judged.subject : undefined;
  const covers = judged.access === 'delete';
  const subject = (text: string, p: string | undefined): Subject => ({ text, command: judged.command, ...(p === undefined ? {} : { path: p, covers }) });
  // With effect flags (`delete --recursive x`) allow rules see only the whole call as text: a rule for the
  // path (`@coder delete x`, `@coder * x`) does not allow it; deny and ask rules see the path as well.
  const canonical = judged.qualifiers ? { text: judged.call, command: judged.command, qualified: true } : subject(judged.call, path);
  const plain = judged.qualifiers ? [subject(path === undefined ? judged.tool : `${judged.tool} ${path}`, path)] : [];
  const others = [...plain, ...(path === undefined ? [] : (judged.aliases ?? []).map((alias) => subject(`${judged.tool} ${alias}`, alias)))];
  const match = ctx.policy.match({ canonical, others });
  if (match?.action === 'deny') return fromRule(judged, match);
  const early = beforeRules(judged, ctx, immuneJudgedPath(judged, ctx.policy.root, ctx.policy.folderListings));
  if (early) return early;
  const suggest = judged.qualifiers ? exactCallRule(judged) : judged.kind === 'path' && judged.subject !== undefined ? `${judged.tool} ${escapePattern(judged.subject)}` : judged.tool;
  if (match) return match.action === 'ask' && match.source !== 'cli' ? { ...fromRule(judged, match), suggest: [suggest] } : fromRule(judged, match);
  const action = defaultAction(judged.effect, judged.kind) ?? 'ask';
  const rule = { pattern: judged.tool, action };
  if (action === 'allow') return { decision: 'allow', reason: `${judged.command} only reads (effect ${judged.effect}): allowed by default`, source: 'default', rule, judged: judged.call };
  return { decision: 'ask', reason: `no rule allows it (default for ${judged.effect} commands: ask)`, source: 'default', rule, judged: judged.call, suggest: [suggest] };
}

// The decision for one judged part when the shell line (if any) is already parsed.
export function decideParsed(judged: Judged, ctx: DecideContext, parse?: ShellParse): Decision {
  if (judged.kind !== 'shell') return decideOther(judged, ctx);
  if (!parse) throw new Error('decideParsed: a shell call needs its parse');
  return decideShell(judged, ctx, parse);
}

export async function decide(judged: Judged, ctx: DecideContext, parser: ShellParserLike): Promise<Decision> {
  if (judged.kind !== 'shell') return decideOther(judged, ctx);
  return decideShell(judged, ctx, await parser.parse(judged.subject ?? ''));
}

const STRICTNESS = { deny: 0, ask: 1, allow: 2 } as const;

// The decision for a whole call: its strictest part.
export function strictest(decisions: readonly Decision[]): Decision | undefined {
  let worst: Decision | undefined;
  for (const d of decisions) if (!worst || STRICTNESS[d.decision] < STRICTNESS[worst.decision]) worst = d;
  return worst;
}
