import type { $ZodObject, output } from 'zod/v4/core';
import type { Config } from './config-schema.js';
import type { Effect } from './effect.js';
import type { ContentObservation, FileChange } from './file-contract.js';
import type { Access, ResolvedPath } from '../workspace/types.js';
import type { Workspace } from '../workspace/workspace.js';
import type { SandboxHandle } from './engine-sandbox.js';
import type { Staging } from '../shell/run-staging.js';

export type { Effect } from './effect.js';

// MCP-style hints, declared on each definition.
export interface Annotations {
  readonly readOnly: boolean;
  readonly destructive: boolean;
  readonly idempotent: boolean;
}

// A path a call will touch, as the caller wrote it. The engine jails every touch before the handler runs.
export interface Touch {
  readonly path: string;
  readonly access: Access;
  // The command changes the file as it is (patch, update): a missing one fails with C211, which
  // `policy check` says when it judges such a call on a missing file.
  readonly existing?: boolean;
}

// A shell command line a call will run, and the folder it runs in (as the caller wrote it).
export interface ShellRun {
  readonly command: string;
  readonly dir: string;
  // The runner that starts it, when a command chose the line itself (test's detection: `npm`, `go`).
  readonly runner?: string;
}

// A sub-task for a subagent (the delegate command), and what comes back.
export interface DelegateRequest {
  readonly description: string;
  readonly prompt: string;
  readonly tools: readonly string[];
  readonly readOnly: boolean;
  readonly maxTurns: number;
}

export interface DelegateReport {
  readonly ok: boolean;
  readonly output: string;
  readonly depth: number;
  readonly turns: number;
  readonly toolCalls: number;
  readonly failedCalls: number;
  readonly durationMs: number;
  readonly error?: { readonly code: string; readonly message: string };
}

// Capabilities a door lends to the commands of one call (only the agent door has a model to lend).
export interface CallerServices {
  // Who is calling, for approval prompts ("coder agent ac-2"); absent: the person or the main agent.
  readonly label?: string;
  readonly delegate?: (request: DelegateRequest, signal: AbortSignal) => Promise<DelegateReport>;
  // Sees the output of a process exec starts as it arrives (the CLI at a terminal shows it live).
  readonly onOutput?: (chunk: Buffer, stream: 'stdout' | 'stderr') => void;
}

// Which door a call came through (cli, chatcli, mcp, agent, worker) and its session when it has one
// (the CLI's --session, the agent's transcript id).
export interface DoorInfo {
  readonly name: string;
  readonly session?: string;
  // The agent's turn (the model's answer to one message of the person): `/undo` takes one back whole.
  readonly turn?: string;
}

// One file a call is about to change, declared by its handler with the exact bytes just before it changes
// it (CommandContext.intend). `after` null removes it; `note` says what bytes cannot (a folder removed
// with everything in it, a mode).
export interface IntendedChange {
  readonly path: string;
  readonly after: Uint8Array | null;
  // The bytes it replaces, when the handler read them (null: the file does not exist yet).
  readonly before?: Uint8Array | null;
  readonly mode?: number;
  readonly note?: string;
}

// What a dry run of a call found: the changes its handler declared (with the bytes they replace), its
// warnings, and its error when it would fail. The approval question shows it; the real run must then
// declare the same bytes (CommandContext.intend).
// What an exec or test call will run, for its approval question (CommandDefinition.runs): the line the
// shell gets (test: the one the detected runner starts), the folder and sandbox, where its writes go.
export interface RunPreview {
  readonly command?: string;
  // `in sub · inside the OS sandbox (bwrap, no network)`, `in the workspace root · outside any OS sandbox (...)`.
  readonly where: string;
  readonly writes?: 'staged' | 'in place';
  // The line runs git alone: git's folder is writable for it, so it writes history (commits, refs).
  readonly gitHistory?: true;
  // The line runs a script a repository file holds (`npm test`: package.json's "test", `make test`: the
  // recipe), shown as `package.json "test": …` (shell/run-scripts.ts); absent when it runs none.
  readonly script?: readonly string[];
  // The key an "always" for this line keeps (absent: the reading could not follow everything it may run).
  readonly scriptPin?: ScriptPin;
}

// What an "always" for a line that runs repository scripts is keyed on (shell/run-scripts.ts, red team
// R16-5): the digest of the lines shown and of the files whose bytes decide them. `lines` and `files` are
// kept for the question that asks again after a change (what changed); only `sha256` decides a match.
export interface ScriptPin {
  readonly sha256: string;
  readonly lines: readonly string[];
  // Workspace file (relative to the run folder) → sha256 of its text.
  readonly files: Readonly<Record<string, string>>;
}

export interface CallPreview {
  readonly changes: readonly (IntendedChange & { readonly rel: string })[];
  // For a command that runs a process (no changes known before it runs).
  readonly runs?: RunPreview;
  readonly warnings: readonly string[];
  readonly error?: { readonly code: string; readonly message: string };
}

// What a handler gets: only the pieces it uses, no globals.
// The person's deny and ask rules on one path a command changes without a file tool (a staged run's
// change set): the rule's words, or undefined when none names it (permissions/path-rules.ts).
export type PathRules = (verb: 'write' | 'delete', rel: string) => { readonly action: 'deny' | 'ask'; readonly rule: string } | undefined;

export interface CommandContext {
  readonly workspace: Workspace;
  readonly config: Config;
  readonly signal: AbortSignal;
  // This call's id (one per Engine.run): every checkpoint a call records is one undo step.
  readonly call?: string;
  // Per-workspace state outside the project (journals, the checkpoint store); absent: stateDirFor(root).
  readonly stateDir?: string;
  // The OS sandbox exec and test start through (absent: processes run unconfined).
  readonly sandbox?: SandboxHandle;
  // What the caller lends (RunOptions.caller); absent outside the agent door.
  readonly caller?: CallerServices;
  // The door the call came through and its session (recorded with every checkpoint).
  readonly door?: DoorInfo;
  // The jailed form of a path the command declared in `touches`. Throws the jail's error for that
  // path (batched commands catch it per entry); throws C216 for a path that was never declared.
  path(input: string): ResolvedPath;
  // Adds a line to the envelope's `warnings`.
  warn(message: string): void;
  // Paths a command finds only as it runs (rename-symbol's other files), claimed before it reads them for
  // writing: jailed, locked like the declared ones (the call's locks are taken again in sorted order),
  // checked for staleness (C230 names the stale files) and stamped after the run. ctx.path() then answers
  // for them. A dry run only jails them.
  claim(touches: readonly Touch[]): Promise<ResolvedPath[]>;
  // The person's path rules, for changes made without a file tool (absent: no permission gate).
  pathRules?(): Promise<PathRules>;
  // One value per engine and key, made on first use and kept for the engine's life (the code grammars, the
  // outline cache): state of the engine instance, never of a module.
  memo<T>(key: string, create: () => T): T;
  // Values a warm engine's server (`codeward serve`) keeps between the engines it builds, one per call: only
  // caches a command checks against the files they came from, by identity, at each use. Absent in a cold process.
  readonly lasting?: Map<string, unknown> | undefined;
  // The clock the kept listings judge the racy window by (workspace/kept-listing.ts: a path whose times lie within
  // RACY_MS of it is listed again). Tests advance it past the window instead of setting times back; absent: Date.now.
  readonly clock?: (() => number) | undefined;
  // True while the engine runs the handler for the approval question's preview: nothing may be written.
  readonly dryRun?: boolean;
  // True when no person (nor the user's --yes or rule) approved this call, a rule of the door did
  // (auto-edit's contained exec and test): a process it starts gets every git folder read-only.
  readonly unattended?: boolean;
  // Whether this call's run will be staged, decided once before the gate (shell/run-staging.ts): the run
  // stages exactly when it says so. Absent: the handler decides it the same way (no engine call).
  readonly staging?: Staging;
  // The line a call runs that the command found itself (CommandDefinition.detectShell, found once before the
  // gate and judged there): the handler runs exactly this line.
  readonly shell?: ShellRun;
  // Declares the changes the handler is about to make, with their exact bytes, right before it makes
  // them (nothing may be written before). In a dry run they are recorded for the question and the answer
  // is true: return without writing. After a person approved a preview, bytes other than the ones shown
  // are refused (C230); otherwise false.
  // Every changed path the call did not declare (clean's matches, the files an undo puts back) passes the
  // person's rules first (engine/found-files.ts): a deny refuses the call (C240 naming the rule and the
  // file, nothing written), a rule's ask asks once for all of them.
  intend(changes: readonly IntendedChange[]): Promise<boolean>;
  // Of `paths` (real) the command may leave out, those the person's rules do not deny (asking nobody:
  // the asks come at ctx.intend), and the denied ones with the refusal to name (clean skips them).
  permitted(paths: readonly string[], access: 'write' | 'delete'): Promise<{ allowed: string[]; denied: readonly { real: string; message: string }[] }>;
  // Writes several files as one unit: all new versions or none, even across a crash.
  commit(changes: readonly FileChange[]): Promise<void>;
  // Tells the engine the command read `real` whole (bytes and the descriptor's stat), so the staleness
  // stamp needs no second read of the file.
  observe(real: string, observation: ContentObservation): void;
}

export interface CommandDefinition<S extends $ZodObject = $ZodObject, D = unknown> {
  readonly name: string;
  // Other names models use for this command (read_file, readfile ...). Matched case-insensitively.
  readonly aliases?: readonly string[];
  // Parses many source files with tree-sitter in one call (repo-map, symbols, references, rename-symbol): the
  // CLI leaves V8's optimizing compiler on for it (src/bin/codeward.ts sets --liftoff-only for every other
  // cold call; the code index's worker threads would inherit it, ~1.56x the CPU of a cold index).
  readonly parsesMany?: boolean;
  // One line for help and tool lists.
  readonly summary: string;
  // When to use this command rather than its neighbours (one or two short sentences, CLI words); tool lists
  // for models show it after the summary.
  readonly guide?: string;
  // Flag schema; keys are camelCase (`maxBytes`), the CLI spells them kebab-case (`--max-bytes`).
  // Each field carries its help text with `.describe()`.
  readonly flags: S;
  // Other flag names models send for this command's flags (`path` → `file`), camelCase.
  readonly flagAliases?: Readonly<Record<string, string>>;
  // The flag a bare positional argument fills (`codeward read README.md`).
  readonly positional?: string;
  // The list flag that extra positional arguments fill (`codeward read a.go b.go`: ChatCLI reads both).
  readonly rest?: string;
  // CLI-style examples without the program name, e.g. `read --file src/app.ts --head 40`.
  readonly examples: readonly string[];
  // Set on the commands of the common path (read, edit, search, run): the command gets its own line in a
  // model's tool list, with its required flags and these optional ones, the few that save a turn; the rest
  // come with an unknown flag's error. Absent: one short line in the list's "also" part.
  readonly promptFlags?: readonly (keyof output<S> & string)[];
  readonly effect: Effect;
  // The flags besides the subject (the path, shell line or term a call is judged by) that change what a
  // call does. The permission question, the "always" rule and the rule a person copies name each one that
  // is not at its schema default (`@coder clean --pattern '*.sqlite' .`, `@coder delete --recursive build`,
  // `@coder exec --dir sub npm test`), so an answer never covers more than the question showed. Required
  // (`[]` when no flag does): what a file edit writes is shown as the diff of its dry run instead (`intend`).
  readonly effectArgs: readonly (keyof output<S> & string)[];
  // The effect of one call when its flags change it (`clean --dry-run` only reads); absent: `effect`.
  effectOf?(args: output<S>): Effect;
  readonly annotations: Annotations;
  // Batched commands report a bad path per entry instead of failing the whole call.
  readonly batch?: boolean;
  // The handler declares every change through ctx.intend before making it and writes nothing else, so
  // the engine can run it as a dry run: the approval question then shows the diff of exactly the bytes the
  // handler writes. Required of every command that writes files (test/permissions/effect-args.test.ts).
  readonly dryRun?: boolean;
  // For a command that runs a process: what it will run, for the approval question (engine/dry-run.ts's
  // runsPreview), computed by the code the run uses. Reads only.
  runs?(args: output<S>, ctx: CommandContext): Promise<RunPreview>;
  // Rules between flags the schema cannot say (`--head` or `--tail`, `--end` not before `--start`):
  // throws a usage error (C210) while the arguments are validated, before any path is touched.
  check?(args: output<S>): void;
  // The paths a call touches, so the engine can jail, gate, check staleness and lock them first.
  touches(args: output<S>): Touch[];
  // What the caller probably meant when a path it named is not found (C211): `read a.ts:50` a line,
  // `git-diff HEAD~1` a revision, `num.js` the one file of that name elsewhere. It never tells whether a
  // hidden file exists: from the input alone, or from the listing a model could see with tree.
  notFoundHint?(input: string, workspace: Workspace): string | undefined | Promise<string | undefined>;
  // The shell command line a call runs (exec, test with --cmd), so the engine can classify it before
  // any approval. `dir` is the caller's folder (also in touches); undefined when nothing runs.
  shell?(args: output<S>): ShellRun | undefined;
  // The shell line a call runs when the workspace, not the caller, says which (test without --cmd: the detected
  // runner's `npm test`, red team R30-6): found once before the gate (PreparedCall.shell), judged there as
  // exec's line is (permissions/describe.ts), and run as found (CommandContext.shell). Asked only when `shell`
  // gives none.
  detectShell?(args: output<S>, ctx: CommandContext): Promise<ShellRun | undefined>;
  // The caller's --stage / --no-stage of a call that runs a process (exec, test): whether the run is
  // staged is decided from it once, before the gate (shell/run-staging.ts, PreparedCall.staging); a run
  // that writes in place is judged against the person's per-file rules before it runs (path-rules.ts).
  stage?(args: output<S>): boolean | undefined;
  run(args: output<S>, ctx: CommandContext): Promise<D>;
  // Text for people and models (CLI without --json, MCP text content, the agent's tool results).
  format(data: D): string;
}

// Any command, as the registry stores it.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type AnyCommand = CommandDefinition<$ZodObject, any>;

export function defineCommand<S extends $ZodObject, D>(definition: CommandDefinition<S, D>): CommandDefinition<S, D> {
  return definition;
}

// What a command's handler module exports: the run and the text of its result.
export interface Handler<A, D> {
  run(args: A, ctx: CommandContext): Promise<D>;
  format(data: D): string;
}

// A handler in a module of its own, loaded by the command's first call: the registry (help, completion,
// tool lists, the CLI parser) lists the command without loading what it runs (`...lazyHandler(() =>
// import('./exec-run.js'))` on the definition). Its text is only ever asked for after a run.
export function lazyHandler<A, D>(load: () => Promise<Handler<A, D>>): Handler<A, D> {
  let loaded: Handler<A, D> | undefined;
  return {
    run: async (args, ctx) => {
      loaded ??= await load();
      return loaded.run(args, ctx);
    },
    format: (data) => {
      if (!loaded) throw new Error('internal error: a lazily loaded command was asked for the text of a result it did not produce');
      return loaded.format(data);
    },
  };
}
