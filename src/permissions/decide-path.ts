import { beforeRules, fromRule, type DecideContext } from './decide-common.js';
import { defaultAction } from './defaults.js';
import { immuneJudgedPath } from './immune.js';
import type { Subject } from './pattern.js';
import { allowRuleFor } from './scopes.js';
import type { Decision, Judged } from './types.js';

// The decision for a call that is not a shell line (a file command's path, a search term, a listing). It
// loads none of the shell machinery (decide-shell.ts, immune-shell.ts, the option tables): issue 31.

export function decidePath(judged: Judged, ctx: DecideContext): Decision {
  const path = judged.kind === 'path' ? judged.subject : undefined;
  const covers = judged.access === 'delete';
  // A write or a removal is a change of the path, whichever command makes it: a deny or ask rule naming any
  // writer on that path judges it (rule-words.ts, red team R11-10).
  const change = judged.access === 'write' || judged.access === 'delete';
  const subject = (text: string, p: string | undefined): Subject => ({ text, command: judged.command, ...(p === undefined ? {} : { path: p, covers, change }) });
  // With effect flags (`delete --recursive x`) allow rules see only the whole call as text: a rule for the
  // path (`@coder delete x`, `@coder * x`) does not allow it; deny and ask rules see the path as well.
  const canonical = judged.qualifiers ? { text: judged.call, command: judged.command, qualified: true } : subject(judged.call, path);
  const plain = judged.qualifiers ? [subject(path === undefined ? judged.tool : `${judged.tool} ${path}`, path)] : [];
  const others = [...plain, ...(path === undefined ? [] : (judged.aliases ?? []).map((alias) => subject(`${judged.tool} ${alias}`, alias)))];
  const match = ctx.policy.match({ canonical, others, pin: judged.pin });
  if (match?.action === 'deny') return fromRule(judged, match);
  const early = beforeRules(judged, ctx, immuneJudgedPath(judged, ctx.policy.root, ctx.policy.folderListings, ctx.obeyed));
  if (early) return early;
  const suggest = allowRuleFor(judged);
  if (match) return match.action === 'ask' && match.source !== 'cli' ? { ...fromRule(judged, match), suggest: [suggest] } : fromRule(judged, match);
  const action = defaultAction(judged.effect, judged.kind) ?? 'ask';
  const rule = { pattern: judged.tool, action };
  if (action === 'allow') return { decision: 'allow', reason: `${judged.command} only reads (effect ${judged.effect}): allowed by default`, source: 'default', rule, judged: judged.call };
  return { decision: 'ask', reason: `no rule allows it (default for ${judged.effect} commands: ask)`, source: 'default', rule, judged: judged.call, suggest: [suggest] };
}
