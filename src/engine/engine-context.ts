// The context a handler runs with (CommandContext): its jailed paths, the engine's services, and the
// gates every change it declares or finds passes (the intent guard, the person's rules, the approved dry run).
import { nodeCrypto } from './lazy-crypto.js';
import type { CallerServices, CallPreview, CommandContext, DoorInfo, IntendedChange, Touch } from './command.js';
import type { FoundChange, Skipped } from './found-files.js';
import { approvedIntent } from './dry-run.js';
import type { Config } from './config.js';
import { fail } from './errors.js';
import type { Workspace } from '../workspace/workspace.js';
import type { Committer, ContentObservation } from './file-contract.js';
import type { SandboxHandle } from './engine-sandbox.js';
import type { EngineHooks, IntentGuard, JailedTouch } from './engine-types.js';

// Judges files a call did not declare (found-files.ts); `skip`: a deny leaves the file out instead of refusing.
export type Judge = (changes: readonly FoundChange[], skip: boolean) => Promise<readonly Skipped[]>;

// What every call's context takes from the engine. `door()`: the door and its session as they are when
// the context is made (a door names its session and turn later).
export interface ContextBase {
  readonly workspace: Workspace;
  readonly config: Config;
  readonly stateDir: string;
  readonly sandbox: SandboxHandle | undefined;
  readonly hooks: EngineHooks;
  readonly commit: Committer;
  readonly memos: Map<string, unknown>;
  readonly lasting?: Map<string, unknown> | undefined;
  readonly clock?: (() => number) | undefined;
  door(): DoorInfo | undefined;
}

// `shown`: the dry run a person approved (the handler must then declare the same bytes); `guard`: what
// every declared change passes first; `claim`: how paths found at run time are taken (a dry run only jails);
// `judge`: the person's rules on files the call did not declare; `facts.unattended`: no person approved the
// call; `facts.staging`: whether its run will be staged (PreparedCall.staging, decided before the gate).
export function callContext(base: ContextBase, touches: readonly JailedTouch[], warnings: string[], signal: AbortSignal, observed: Map<string, ContentObservation>, caller: CallerServices | undefined, shown: CallPreview | undefined, guard: IntentGuard | undefined, claim: (more: readonly Touch[]) => Promise<JailedTouch[]>, judge: Judge, facts: Pick<CommandContext, 'unattended' | 'staging' | 'shell'> = {}): CommandContext {
  const door = base.door();
  const byInput = new Map(touches.map((jailed) => [jailed.touch.path, jailed]));
  const approved = approvedIntent(shown, base.workspace);
  const warn = (message: string): void => {
    warnings.push(message);
  };
  // The call's id groups its undo steps: made when a step is recorded (a read records none; node:crypto loads then).
  let call: string | undefined;
  return {
    workspace: base.workspace,
    config: base.config,
    get call() {
      return (call ??= nodeCrypto().randomUUID());
    },
    signal,
    stateDir: base.stateDir,
    lasting: base.lasting,
    clock: base.clock,
    ...(base.sandbox ? { sandbox: base.sandbox } : {}),
    ...(caller ? { caller } : {}),
    ...(door ? { door } : {}),
    ...(facts.unattended ? { unattended: true } : {}),
    ...(facts.staging ? { staging: facts.staging } : {}),
    ...(facts.shell ? { shell: facts.shell } : {}),
    path: (input) => {
      const jailed = byInput.get(input);
      if (!jailed) throw fail('C216', `internal error: path "${input}" was not declared by the command`);
      if (jailed.error) throw jailed.error;
      return jailed.resolved!;
    },
    warn,
    ...(base.hooks.pathRules ? { pathRules: async () => base.hooks.pathRules!() } : {}),
    claim: async (more) => {
      const taken = await claim(more);
      for (const jailed of taken) byInput.set(jailed.touch.path, jailed);
      return taken.map((jailed) => jailed.resolved!);
    },
    commit: base.commit,
    memo: <T>(key: string, create: () => T): T => {
      if (!base.memos.has(key)) base.memos.set(key, create());
      return base.memos.get(key) as T;
    },
    intend: async (changes) => {
      guard?.(changes, warn);
      await judge(changes.map(changeOf), false);
      return approved(changes);
    },
    permitted: async (paths, access) => {
      const denied = await judge(paths.map((real) => ({ real, access })), true);
      const refused = new Set(denied.map((each) => each.real));
      return { allowed: paths.filter((real) => !refused.has(real)), denied };
    },
    observe: (real, observation) => {
      observed.set(real, observation);
    },
  };
}

const changeOf = (change: IntendedChange): FoundChange => ({ real: change.path, access: change.after === null ? 'delete' : 'write' });
