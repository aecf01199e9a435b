import type { AnyCommand, CallerServices, CallPreview, DoorInfo, IntendedChange, PathRules, ShellRun, Touch } from './command.js';
import type { Config } from './config.js';
import type { CodewardError } from './errors.js';
import type { Registry } from './registry.js';
import type { ResolvedPath } from '../workspace/types.js';
import type { Workspace } from '../workspace/workspace.js';
import type { Committer, ContentObservation } from './file-contract.js';
import type { SandboxHandle } from './engine-sandbox.js';
import type { ShellParse } from '../shell/parse-types.js';
import type { Staging } from '../shell/run-staging.js';

// The engine's types (engine.ts re-exports them): what hooks see, what a door passes in.

// A touch after the jail looked at it: either resolved or refused.
export interface JailedTouch {
  readonly touch: Touch;
  readonly resolved?: ResolvedPath;
  readonly error?: CodewardError;
}

// A call that passed argument parsing and validation, as hooks see it.
export interface PreparedCall {
  readonly command: AnyCommand;
  readonly args: Record<string, unknown>;
  readonly touches: readonly JailedTouch[];
  // What the caller lent (its label names it in approval prompts).
  readonly caller?: CallerServices;
  // The dry run of the call's own handler (computed once, when asked for: the permission gate asks for it
  // before it asks a person); undefined for a command that cannot run dry (definition.dryRun).
  readonly preview?: () => Promise<CallPreview | undefined>;
  // Set when `touches` are files the handler found as it ran (clean's matches, the files an undo puts
  // back, rename-symbol's other files), after the call itself was judged: the gate then applies the
  // person's rules to each file (FoundFiles).
  readonly found?: FoundFiles;
  // Whether the call's run will be staged (exec, test: shell/run-staging.ts, decided once before the gate):
  // 'staged' ('partly': sandboxWritable folders beside it), or why it is not and how a person gets staging
  // back. Absent: no run, or not known here.
  readonly staging?: Staging;
  // The line the call runs that its command found itself (CommandDefinition.detectShell), found once before the
  // gate: the gate judges it and the handler runs it.
  readonly shell?: ShellRun;
}

// How the gate judges files found at run time: a deny refuses the call (C240 naming the rule and the
// file), or with `skip` leaves that file out (Authorization.skipped); an ask of a rule (or the immune
// list) asks once for all of them, unless `dry` (the approval's preview, policy check): nobody is asked.
// A default ask is not asked again: the call that found the files was approved.
export interface FoundFiles {
  readonly skip: boolean;
  readonly dry: boolean;
}

// A check every change a call declares (ctx.intend) passes before it is recorded or written, in the dry run
// and the real run alike: it throws a CodewardError to refuse the change, or warns.
export type IntentGuard = (changes: readonly IntendedChange[], warn: (message: string) => void) => void;

// The cross-cutting stages other modules plug in (danger classifier, permission gate, staleness, the
// syntax check of edits). Each may throw a CodewardError to stop the call.
// How the gate let a call through, when the run needs to know: `unattended`, approved by a rule of the
// door rather than a person or the user's own flag (auto-edit's contained exec and test): the sandbox then
// shows every git folder read-only (H1, H2: history is not staged, so undo could not take it back).
export interface Authorization {
  readonly unattended?: boolean;
  // Found files a deny rule left out (PreparedCall.found with `skip`): the real path and the refusal.
  readonly skipped?: readonly { readonly real: string; readonly message: string }[];
}

export interface EngineHooks {
  // Prepared once per call before anything runs (it may load what it needs); undefined: no check.
  guardIntent(call: PreparedCall): IntentGuard | undefined | Promise<IntentGuard | undefined>;
  classify(call: PreparedCall): void | Promise<void>;
  authorize(call: PreparedCall): void | Authorization | undefined | Promise<void | Authorization | undefined>;
  checkStale(call: PreparedCall): readonly string[] | Promise<readonly string[]>;
  afterRun(call: PreparedCall, data: unknown, observed: ReadonlyMap<string, ContentObservation>): void | Promise<void>;
  // The person's path rules (CommandContext.pathRules); absent: no permission gate.
  pathRules?(): PathRules | Promise<PathRules>;
}



// Serialises writers across processes (the CLI door passes lock files); resolves to a release function.
export type FileLocker = (paths: readonly string[]) => Promise<() => Promise<void>>;

export interface EngineOptions {
  readonly registry: Registry;
  readonly workspace: Workspace;
  readonly config: Config;
  readonly hooks?: Partial<EngineHooks>;
  // Per-workspace state outside the project (commit journals); default: the user's cache folder.
  readonly stateDir?: string;
  // How ctx.commit writes several files as one unit (files/transaction.ts committer, plugged in by
  // setup.ts: the engine's kernel sits below the file layer and never imports it).
  readonly commit?: Committer;
  // The door the calls come through (recorded with every checkpoint).
  readonly door?: DoorInfo;
  readonly fileLocks?: FileLocker;
  // The values of ctx.memo, when the door made some of them first (setup's grammars, shared with the syntax check).
  readonly memo?: Map<string, unknown>;
  // Values a warm engine's server (`codeward serve`) keeps between the engines it builds, one per call: only
  // caches a command checks against the files they came from, by identity, at each use. Absent in a cold process.
  readonly lasting?: Map<string, unknown> | undefined;
  // The clock the kept listings judge the racy window by (workspace/kept-listing.ts: a path whose times lie within
  // RACY_MS of it is listed again). Tests advance it past the window instead of setting times back; absent: Date.now.
  readonly clock?: (() => number) | undefined;
  // Runs once when the door is done with the engine (e.g. saving a --session).
  readonly onClose?: () => Promise<void>;
  // The OS sandbox for exec and test.
  readonly sandbox?: SandboxHandle;
  // The shell parser the danger classifier and the gate read command lines with, for a door that judges a
  // line too (the agent's auto-edit): one reading of a line everywhere.
  readonly shellParser?: ShellLineParser;
}

export interface ShellLineParser {
  parse(command: string): Promise<ShellParse>;
}

export interface RunOptions {
  readonly signal?: AbortSignal;
  // What the caller lends to commands that need more than the workspace (delegate needs a model).
  readonly caller?: CallerServices;
}
