import type { Effect } from '../engine/effect.js';
import type { Action, JudgedKind, ListedRule } from './types.js';

// The built-in defaults, the lowest-priority source: commands that only read (effect read, vcs) are
// allowed, every other command asks. A shell line (exec, test --cmd) has no default rule: the
// read-only allowlist may allow it, otherwise it asks (seed 004 "Decision Flow", steps 4 and 5).

// Effects of the commands codeward knows, for callers that only have a name (`policy check`).
export const KNOWN_EFFECTS: Readonly<Record<string, Effect>> = {
  read: 'read',
  list: 'read',
  tree: 'read',
  search: 'read',
  'git-status': 'vcs',
  'git-diff': 'vcs',
  'git-log': 'vcs',
  'git-changed': 'vcs',
  'git-branch': 'vcs',
  write: 'write',
  patch: 'write',
  multipatch: 'write',
  update: 'write',
  create: 'write',
  rollback: 'write',
  delete: 'destructive',
  clean: 'destructive',
  exec: 'exec',
  test: 'exec',
};

export function defaultAction(effect: Effect, kind: JudgedKind): Action | undefined {
  if (kind === 'shell') return undefined;
  return effect === 'read' || effect === 'vcs' ? 'allow' : 'ask';
}

// The defaults as rules, for `codeward policy list`.
export function defaultRules(): ListedRule[] {
  const rules: ListedRule[] = [];
  for (const [name, effect] of Object.entries(KNOWN_EFFECTS)) {
    const shell = name === 'exec' || name === 'test';
    rules.push({
      pattern: `@coder ${name}`,
      action: shell ? 'ask' : defaultAction(effect, 'plain')!,
      source: 'default',
      ...(shell ? { note: 'after the read-only allowlist' } : {}),
    });
  }
  const order: Record<Action, number> = { deny: 0, ask: 1, allow: 2 };
  return rules.sort((a, b) => order[a.action] - order[b.action]);
}
