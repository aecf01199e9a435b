import { relative, sep } from 'node:path';
import type { PreparedCall } from '../../engine/engine.js';
import type { PathRules } from '../../engine/command.js';
import { decideParsed, DenialTracker, describeCall, loadPolicy, pathJudged, ruleOrigin, type CliRuleFlags, type Decision, type Judged, type Policy } from '../../permissions/index.js';
import type { RuleSource } from '../../permissions/types.js';
import type { Workspace } from '../../workspace/workspace.js';
import type { WriteAction } from './config.js';
import { fail } from '../../engine/errors.js';

// The iii worker's permission stage, plugged into its engine as the authorize hook (THREAT-MODEL
// invariant 7): every engine call a coder::* function makes is judged as every door's is (describeCall:
// `@coder create src/a.ts`, `@coder delete .git/config`, `@coder search TODO`) against the same policy
// files (the project's under base_path, the user's under $HOME, read again at every call) and the user's
// flags:
// - a deny rule refuses (C240);
// - a safety-immune path (.git/, .codeward/, .chatcli/, coder_policy.json, .ssh/ ...) or an ask rule would
//   need a person; a worker has nobody to ask, so it refuses (C241): "ask" never becomes "yes";
// - with no rule, reads are allowed (the engine's default) and writes and deletes follow
//   `default_write_action`: ask (the default: refused, C241, as every door with nobody to ask), deny, or
//   allow (from the user's own config only);
// - the user's flags (`--allow/--ask/--deny P` rules of the highest priority, `--yes` approving every ask
//   that is not safety-immune) apply as at the CLI.

export interface WorkerPermissions {
  // Home folder of the user policy files (~/.codeward/policy.json, ~/.chatcli/coder_policy.json).
  readonly home: string | undefined;
  // Absolute files the worker itself obeys (its config.yaml): never written or deleted through it.
  readonly protectedFiles: readonly string[];
  // The user's --allow/--ask/--deny flags and --yes.
  readonly cliRules?: CliRuleFlags;
  readonly yes?: boolean;
}

export interface GateContext {
  readonly workspace: Workspace;
  readonly defaultWriteAction: WriteAction;
  readonly permissions: WorkerPermissions;
}

// The policy for one call (a rule the user adds applies to the next call). A policy file with problems
// refuses the call (C210), as in every door: a broken file never widens permissions.
async function loadWorkerPolicy(gate: GateContext): Promise<Policy> {
  const { home, cliRules } = gate.permissions;
  try {
    return await loadPolicy({ workspaceRoot: gate.workspace.root, toolAreas: gate.workspace.toolAreas, ...(home ? { home } : {}), ...(cliRules ? { cliRules } : {}) });
  } catch (error) {
    throw fail('C210', error instanceof Error ? error.message : String(error));
  }
}

// The decision for one judged part, with the worker's default applied to writes no rule matched.
function decideFor(gate: GateContext, policy: Policy, judged: Judged): Decision {
  const decision = decideParsed(judged, { policy, denials: new DenialTracker() });
  const unmatched = decision.decision === 'ask' && decision.source === 'default';
  if (unmatched && gate.defaultWriteAction === 'allow') {
    return { ...decision, decision: 'allow', reason: `no rule matches; the worker's default_write_action is allow` };
  }
  // The worker's own default, not the engine's "ask": named with where it came from and the fix.
  if (unmatched && gate.defaultWriteAction === 'deny') {
    const where = gate.permissions.protectedFiles[0] ?? 'the worker config';
    return { ...decision, decision: 'deny', reason: `no rule allows it and default_write_action is deny (${where}); add an allow rule for it (e.g. "${decision.suggest?.[0] ?? decision.judged}") to ~/.codeward/policy.json or with --allow` };
  }
  // --yes: the user's approval of every ask that only a rule or the default raised (never a safety-immune one).
  if (decision.decision === 'ask' && decision.source !== 'immune' && gate.permissions.yes === true) {
    return { ...decision, decision: 'allow', reason: `${decision.reason}; approved by --yes` };
  }
  return decision;
}

// A refusal in the person's words: what was refused, which rule or setting asked, and how to allow it (a
// rule they can copy, the flag, the policy file, the config key). C241 for what would need a person.
function refusal(decision: Decision, gate: GateContext): Error {
  if (decision.decision === 'deny') return fail('C240', `${decision.judged}: ${decision.reason}`);
  const exact = decision.suggest?.[0] ?? decision.judged;
  if (decision.source === 'immune') {
    return fail('C241', `refused: ${decision.judged}: ${decision.reason.replace(/^safety-immune: /, 'it is protected, ').replace(/; only a person can approve it$/, '')}; only a person may change it, and the iii worker has nobody to ask. No rule or flag allows it: make this change yourself, outside the worker`);
  }
  if (decision.source === 'default') {
    // newcomer26: "the default unless F sets it" read as if F (passed with --config, saying ask) was not read.
    const file = gate.permissions.protectedFiles[0];
    const from = file === undefined ? "the worker's default: no config file was read" : `as ${file} says, or the worker's default when it has no such key`;
    const head = exact.split(' ').slice(0, 2).join(' ');
    return fail('C241', `refused: ${decision.judged}: no rule allows it, and default_write_action is ask (${from}), but the iii worker has nobody to ask. To allow it: start the worker with --allow '${exact}' (or a folder: --allow '${head} src/**'; --yes allows every write that is not protected), add {"pattern": ${JSON.stringify(exact)}, "action": "allow"} to the "rules" of ~/.codeward/policy.json, or set default_write_action: allow in a config you pass with --config`);
  }
  const rule = decision.rule ? `the rule "${decision.rule.pattern}" (ask) from ${ruleOrigin(decision.source as RuleSource, decision.rule)}` : `an ask rule (${decision.reason})`;
  return fail('C241', `refused: ${decision.judged}: ${rule} says to ask first, and the iii worker has nobody to ask. To allow it: start the worker with --allow '${exact}' (a flag rule comes before the policy files), or change that rule's action to allow${decision.source === 'project' ? ' (allow rules of a project file apply once you run codeward trust)' : ''}`);
}

const inside = (root: string, path: string): boolean => {
  const rel = relative(root, path);
  return rel === '' || (!rel.startsWith(`..${sep}`) && rel !== '..' && !rel.startsWith(sep));
};

function permit(gate: GateContext, policy: Policy, judged: Judged): void {
  const decision = decideFor(gate, policy, judged);
  if (decision.decision !== 'allow') throw refusal(decision, gate);
}

// The engine's authorize stage for the worker.
export function workerGate(gate: GateContext): (call: PreparedCall) => Promise<void> {
  return async (call) => {
    for (const { touch, resolved } of call.touches) {
      if (!resolved || (touch.access !== 'write' && touch.access !== 'delete')) continue;
      const own = gate.permissions.protectedFiles.find((file) => inside(resolved.real, file));
      if (own !== undefined) throw fail('C240', `@coder ${call.command.name} ${resolved.rel}: ${own} is the worker's own configuration (obeyed at its next start); the worker never changes it`);
    }
    const policy = await loadWorkerPolicy(gate);
    // A recursive delete's protected and rule-named entries come back here as the files it declares
    // (commands/delete.ts, folder-gate.ts), judged by `permit`: a nested .git/ or a denied file refuses it whole.
    for (const judged of describeCall(call)) permit(gate, policy, judged);
  };
}

// The person's deny and ask rules on paths, for what a call changes beyond the paths it names (a recursive
// delete's entries, a staged run's change set): as every door's (path-rules.ts), from the worker's policy.
export async function workerPathRules(gate: GateContext): Promise<PathRules> {
  return (await import('../../permissions/path-rules.js')).pathRules(await loadWorkerPolicy(gate), gate.permissions.yes === true);
}

// Whether the policy lets the worker read `rel` (search skips what read-file would refuse).
export async function readable(gate: GateContext): Promise<(rel: string, abs: string) => boolean> {
  const policy = await loadWorkerPolicy(gate);
  return (rel, abs) => decideFor(gate, policy, pathJudged('read', 'read', rel, 'read', [], abs)).decision === 'allow';
}
