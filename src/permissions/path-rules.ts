import type { PathRules } from '../engine/command.js';
import { ruleText } from './decide-common.js';
import type { Policy } from './policy.js';
import type { Subject } from './pattern.js';

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
    const others = TOOLS[verb].map((command): Subject => ({ text: `@coder ${command} ${rel}`, command, path: rel }));
    const match = policy.match({ others }, (rule) => NAMES_PATH.test(rule.pattern));
    if (match === undefined || match.action === 'allow') return undefined;
    if (match.action === 'ask' && yes) return undefined;
    return { action: match.action, rule: ruleText(match) };
  };
}
