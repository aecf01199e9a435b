import { relative, sep } from 'node:path';
import type { Effect } from '../../engine/command.js';
import { decideParsed, DenialTracker, KNOWN_EFFECTS, loadPolicy, pathJudged, type CliRuleFlags, type Decision, type Judged, type Policy } from '../../permissions/index.js';
import type { Access } from '../../workspace/types.js';
import type { WorkerContext } from './config.js';
import { werr } from './errors.js';

// The iii worker's permission gate (THREAT-MODEL invariant 7). Every coder::* function is judged as the
// engine command it matches (`@coder create src/a.ts`, `@coder delete .git/config`) against the same policy
// files as every other door (the project's under base_path, the user's under $HOME):
// - a deny rule refuses (C240);
// - a safety-immune path (.git/, .codeward/, .chatcli/, coder_policy.json, .ssh/ ...) or an ask rule would
//   need a person; a worker has nobody to ask, so it refuses (C241): "ask" never becomes "yes";
// - with no rule, reads are allowed (the engine's default) and writes and deletes follow
//   `default_write_action`: ask (the default: refused, C241, as every door with nobody to ask), deny, or
//   allow (from the user's own config only);
// - the user's flags (`--allow/--ask/--deny P` rules of the highest priority, `--yes` approving every ask
//   that is not safety-immune) apply as at the CLI.

// The engine command each worker function is judged as.
export type WorkerCommand = 'read' | 'search' | 'list' | 'tree' | 'create' | 'update' | 'delete';

export interface WorkerPermissions {
  // Home folder of the user policy files (~/.codeward/policy.json, ~/.chatcli/coder_policy.json).
  readonly home: string | undefined;
  // Absolute files the worker itself obeys (its config.yaml): never written or deleted through it.
  readonly protectedFiles: readonly string[];
  // The user's --allow/--ask/--deny flags and --yes.
  readonly cliRules?: CliRuleFlags;
  readonly yes?: boolean;
}

// Loads the policy for one invocation (policy files changed since the last call apply at once). A policy
// file with problems refuses the call (C210), as in every door: a broken file never widens permissions.
export async function loadWorkerPolicy(ctx: WorkerContext): Promise<Policy> {
  try {
    const { home, cliRules } = ctx.permissions;
    return await loadPolicy({ workspaceRoot: ctx.base, ...(home ? { home } : {}), ...(cliRules ? { cliRules } : {}) });
  } catch (error) {
    throw werr('C210', error instanceof Error ? error.message : String(error));
  }
}

// The policy invoke() loaded for this call; a function run without one refuses (fail closed).
function policyOf(ctx: WorkerContext): Policy {
  if (ctx.policy === undefined) throw werr('C216', 'internal error: the worker function ran without its permission policy');
  return ctx.policy;
}

function effectOf(command: WorkerCommand): Effect {
  return KNOWN_EFFECTS[command] ?? 'write';
}

function judge(command: WorkerCommand, rel: string, raw: string | undefined, access: Access, abs: string | undefined): Judged {
  return pathJudged(command, effectOf(command), rel === '' ? '.' : rel, access, raw === undefined ? [] : [raw], abs);
}

// The decision for one judged part, with the worker's default applied to writes no rule matched.
function decideFor(ctx: WorkerContext, judged: Judged): Decision {
  const decision = decideParsed(judged, { policy: policyOf(ctx), denials: new DenialTracker() });
  if (decision.decision === 'ask' && decision.source === 'default' && ctx.config.default_write_action === 'allow') {
    return { ...decision, decision: 'allow', reason: `no rule matches; the worker's default_write_action is allow` };
  }
  // The worker's own default, not the engine's "ask": named with where it came from and the fix.
  if (decision.decision === 'ask' && decision.source === 'default' && ctx.config.default_write_action === 'deny') {
    const where = ctx.permissions.protectedFiles[0] ?? 'the worker config';
    return { ...decision, decision: 'deny', reason: `no rule allows it and default_write_action is deny (${where}); add an allow rule for it (e.g. "${decision.suggest?.[0] ?? decision.judged}") to ~/.codeward/policy.json or with --allow` };
  }
  // --yes: the user's approval of every ask that only a rule or the default raised (never a safety-immune one).
  if (decision.decision === 'ask' && decision.source !== 'immune' && ctx.permissions.yes === true) {
    return { ...decision, decision: 'allow', reason: `${decision.reason}; approved by --yes` };
  }
  return decision;
}

// How the user lets the worker write what no rule allows (README, docs/iii-worker.md).
const ALLOW_WRITES = `start the worker with --allow '@coder create src/**' (one flag per rule; --yes approves every write no rule refuses), add an allow rule to ~/.codeward/policy.json, or set default_write_action: allow in a config you pass with --config`;

function refusal(decision: Decision): Error {
  if (decision.decision === 'deny') return werr('C240', `${decision.judged}: ${decision.reason}`);
  const fix = decision.source === 'immune'
    ? 'no rule can allow it; a person has to make this change outside the worker'
    : decision.source === 'default'
      ? `no rule allows writes here; to let the worker write, ${ALLOW_WRITES}`
      : `add an allow rule for it (e.g. "${decision.suggest?.[0] ?? decision.judged}") to a user policy file, or remove the ask rule`;
  return werr('C241', `${decision.judged} needs approval (${decision.reason}) and the iii worker has nobody to ask, so it is refused; ${fix}`);
}

const inside = (root: string, path: string): boolean => {
  const rel = relative(root, path);
  return rel === '' || (!rel.startsWith(`..${sep}`) && rel !== '..' && !rel.startsWith(sep));
};

// Refuses (C240/C241) unless the policy lets the worker do `command` on the base-relative path `rel`
// (`abs` its absolute real path, `raw` the spelling the caller used).
export function permit(ctx: WorkerContext, command: WorkerCommand, rel: string, access: Access, options: { raw?: string; abs?: string } = {}): void {
  if ((access === 'write' || access === 'delete') && options.abs !== undefined) {
    const own = ctx.permissions.protectedFiles.find((file) => inside(options.abs!, file));
    if (own !== undefined) throw werr('C240', `@coder ${command} ${rel}: ${own} is the worker's own configuration (obeyed at its next start); the worker never changes it`);
  }
  const decision = decideFor(ctx, judge(command, rel, options.raw, access, options.abs));
  if (decision.decision !== 'allow') throw refusal(decision);
}

// The same check without the error: for walks that skip what they may not read (search).
export function permitted(ctx: WorkerContext, command: WorkerCommand, rel: string, access: Access, abs?: string): boolean {
  return decideFor(ctx, judge(command, rel, undefined, access, abs)).decision === 'allow';
}

// A call without a path subject (search judged by its term, list and tree by the tool alone).
export function permitCall(ctx: WorkerContext, command: WorkerCommand, term?: string): void {
  const tool = `@coder ${command}`;
  const base = { command, effect: effectOf(command), tool };
  const judged: Judged = term === undefined ? { ...base, kind: 'plain', call: tool } : { ...base, kind: 'term', subject: term, call: `${tool} ${term}` };
  const decision = decideFor(ctx, judged);
  if (decision.decision !== 'allow') throw refusal(decision);
}
