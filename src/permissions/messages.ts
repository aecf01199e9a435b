import type { Decision } from './types.js';
import { shellWord } from '../engine/shell-word.js';

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

// `unanswered`: why no answer came (end of input before an answer): said as that, not as a refusal.
export function userDeniedMessage(decision: Decision, extra: string, unanswered?: string): string {
  return `denied: ${subject(decision)} — ${unanswered === undefined ? 'the user refused it' : `no answer to the question (${unanswered})`}${extra}`;
}

// What the user of each door can do about an ask nobody could answer (the door's name, DoorInfo.name):
// the CLI's flags, an MCP client's server args, the ChatCLI plugin's policy file. `rules` are the narrow
// allow rules that would cover the call (never a bare `@coder exec`, which would allow every shell line).
function howToApprove(door: string | undefined, rules: readonly string[]): string {
  const flags = rules.map((pattern) => `--allow ${shellWord(pattern)}`).join(' ');
  switch (door) {
    case 'mcp':
      return rules.length > 0
        ? `nobody can approve over this MCP connection (the client does not support elicitation): add "--yes", or ${rules.map((pattern) => `"--allow", ${JSON.stringify(pattern)}`).join(', ')}, to the codeward server's "args" in your MCP client's config, or use a client that supports elicitation (it asks you)`
        : 'nobody can approve over this MCP connection (the client does not support elicitation): add "--yes" to the codeward server\'s "args" in your MCP client\'s config, or use a client that supports elicitation (it asks you)';
    case 'chatcli':
      return rules.length > 0
        ? `allow it in codeward's own policy, e.g. ~/.codeward/policy.json: {"rules": [${rules.map((pattern) => `{"pattern": ${JSON.stringify(pattern)}, "action": "allow"}`).join(', ')}]}, or run it yourself`
        : 'no allow rule covers it; run it yourself';
    case 'agent':
      return rules.length > 0 ? `rerun codeward agent with ${flags}, or interactively (it asks you)` : 'rerun codeward agent interactively (it asks you)';
    default:
      return rules.length > 0 ? `run interactively, pass --yes, or add an allow rule: ${flags}` : 'run interactively or pass --yes';
  }
}

// Where a person can approve what neither --yes nor a rule can.
function whereAPersonAsks(door: string | undefined): string {
  if (door === 'mcp') return 'only a person can approve it: use an MCP client that supports elicitation (it asks you), or run it yourself';
  if (door === 'chatcli') return 'only a person can approve it: run it yourself, or run codeward in a terminal (it asks you)';
  if (door === 'agent') return 'only a person can approve it: rerun codeward agent interactively (it asks you)';
  return 'run interactively (codeward asks you in a terminal)';
}

// The undoable way to remove a folder, in the door's words, after a refused `rm -r` line: codeward's own
// delete (checkpointed, so `undo` brings it back). The paths are not filled in: the line may have run in
// another folder (`cd`, exec's dir), and a wrong path is worse than none.
function deleteInstead(decision: Decision, door: string | undefined): string {
  if (!['rm-recursive', 'find-delete', 'inline-recursive-delete'].includes(decision.immune ?? '')) return '';
  const call = door === 'mcp' || door === 'agent' || door === 'worker'
    ? 'the delete tool with {"paths": [...], "recursive": true} (paths from the workspace root)'
    : `codeward delete --paths '["PATH"]' --recursive (paths from the workspace root)`;
  return `; to remove a folder so that undo can bring it back, use ${call}`;
}

// C241: `door` chooses the advice (each door says what ITS user can do).
// `rules`: the allow rules to suggest (default: the decision's own).
export function approvalNeededMessage(decision: Decision, door?: string, rules: readonly string[] = decision.suggest ?? []): string {
  const head = `${subject(decision)} needs approval (${decision.reason})`;
  if (decision.source === 'immune') return `${head}; it is safety-immune, so neither --yes nor an allow rule approves it: ${whereAPersonAsks(door)}${deleteInstead(decision, door)}`;
  if (decision.source === 'denials') return `${head}; neither --yes nor allow rules approve anything in an escalated session: ${whereAPersonAsks(door)}`;
  return `${head}; ${howToApprove(door, rules)}`;
}
