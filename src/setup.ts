import { realpath } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { configFromSettings, type Config } from './engine/config.js';
import { readUserConfig } from './engine/config-user.js';
import { Engine, type EngineHooks, type FileLocker, type PreparedCall } from './engine/engine.js';
import type { RegistryCore } from './engine/registry-core.js';
import type { DoorInfo } from './engine/command.js';
import { lockDirFor, lostRecordFile, stateDirFor } from './engine/state-dir.js';
import type { SessionStore } from './files/session-store.js';
import { stalenessHooks } from './files/staleness-hooks.js';
import { StalenessTracker } from './files/staleness.js';
import { committer, JOURNAL_PREFIX, recoverJournals } from './files/transaction.js';
import type { DenialStore } from './permissions/denial-store.js';
import { DenialTracker, denialLimitsFromEnv } from './permissions/denials.js';
import { loadPolicy, readProjectSettings, type CliRuleFlags } from './permissions/policy-load.js';
import { permissionGate, type PermissionGateOptions } from './permissions/gate.js';
import { pathRules } from './permissions/path-rules.js';
import type { ScopedApprover } from './permissions/types.js';
import { trustNotice } from './permissions/policy-notice.js';
import { noticeToShow } from './engine/config-notice.js';
import type { Envelope } from './engine/envelope.js';
import type { CallInput } from './args/parse-call.js';
import { classifyHook } from './shell/classify-hook.js';
import { LazyShellParser } from './shell/lazy-parser.js';
import { Workspace } from './workspace/workspace.js';
import type { SandboxChoice } from './sandbox/sandbox.js';
import { LazySandbox } from './engine/engine-sandbox.js';
import { recoverPending } from './sandbox/pending.js';
import { keptFileFor } from './permissions/kept-across.js';
import { FolderListings } from './workspace/listings.js';
import { checkWorkspaceRoot, userSandboxSettings } from './sandbox/user-settings.js';
import { homeHidden, withLinkedSecrets } from './sandbox/home-secrets.js';
import { runWritable } from './sandbox/which.js';
import type { Timing } from './engine/timing.js';

// The permission gate, for doors that have a person (or a policy) behind them.
export interface PermissionOptions {
  // --allow/--ask/--deny: rules of the highest priority.
  readonly cliRules?: CliRuleFlags;
  // --yes: approve every ask that is not safety-immune.
  readonly yes?: boolean;
  // Asks a person (TTY prompt, MCP elicitation); absent → an ask is refused with C241.
  readonly approver?: ScopedApprover;
  // Home folder for user policy files (default $HOME).
  readonly home?: string;
}

export interface CreateEngineOptions {
  // Workspace root; relative paths resolve against the process's current directory.
  readonly workspace: string;
  readonly hooks?: Partial<EngineHooks>;
  readonly env?: Readonly<Record<string, string | undefined>>;
  readonly registry?: RegistryCore;
  // A CLI --session: read stamps (and denial counts) persist between calls in the user's cache folder.
  readonly session?: string;
  // Serialise writers across processes with lock files (the CLI, where every call is a process).
  readonly crossProcessLocks?: boolean;
  // Without it, every call is allowed (a library embedding the engine decides itself).
  readonly permissions?: PermissionOptions;
  // --allow-unsafe: the danger classifier blocks nothing (a human's decision).
  readonly allowUnsafe?: boolean;
  // --sandbox, --sandbox-network and --pass-env; they win over the config file.
  readonly sandbox?: SandboxChoice;
  // Where a start-up warning goes (the workspace is the home folder); default: stderr.
  readonly onWarning?: (message: string) => void;
  // The door the calls come through and its session (recorded with every checkpoint).
  readonly door?: DoorInfo;
  // A door with settings of its own (the iii worker's config.yaml) adjusts the config read from the
  // workspace before anything uses it.
  readonly configure?: (config: Config) => Config;
  // Marks the stages of the set-up and of each call's gate (--debug-timing).
  readonly timing?: Timing;
  // Values a warm engine's server (`codeward serve`) keeps between the engines it builds, one per call: only
  // caches a command checks against the files they came from, by identity, at each use. Absent in a cold process.
  readonly lasting?: Map<string, unknown> | undefined;
  // The clock the kept listings judge the racy window by (workspace/kept-listing.ts: a path whose times lie within
  // RACY_MS of it is listed again). Tests advance it past the window instead of setting times back; absent: Date.now.
  readonly clock?: (() => number) | undefined;
}

// Staleness for a --session shared by parallel processes: before the check (under the file locks) take
// what the others saved about the files, and save right after the call, while the locks are still held,
// so a process of the same session never mistakes a sibling's write for an external edit.
function sessionStalenessHooks(store: SessionStore, tracker: StalenessTracker, kept: boolean): Pick<EngineHooks, 'checkStale' | 'afterRun'> {
  const base = stalenessHooks(tracker, kept);
  const written = (call: PreparedCall): string[] =>
    call.touches.filter(({ touch, resolved }) => resolved && (touch.access === 'write' || touch.access === 'delete')).map(({ resolved }) => resolved!.real);
  return {
    checkStale: async (call) => {
      await store.refresh(tracker, written(call));
      return base.checkStale(call);
    },
    afterRun: async (call, data, observed) => {
      await base.afterRun(call, data, observed);
      if (written(call).length > 0) await store.save(tracker);
    },
  };
}

// The composition root every door uses: config from the workspace, the jail, the built-in commands,
// the danger classifier, the permission gate, a staleness tracker (in memory, or persisted for a
// --session), crash recovery of multi-file commits.
export async function createEngine(options: CreateEngineOptions): Promise<Engine> {
  const env = options.env ?? process.env;
  const home = options.permissions?.home ?? env['HOME'];
  const warn = options.onWarning ?? ((message: string) => process.stderr.write(`codeward: warning: ${message}
`));
  // Before any config or policy is read: the planted-file checks of sandboxed runs that were interrupted.
  // `-C /` is refused before anything is read or written (the state folder would fall inside it).
  const realRoot = await realpath(resolve(options.workspace)).catch(() => undefined);
  const rootWarning = realRoot ? checkWorkspaceRoot(realRoot, env['HOME']) : undefined;
  if (rootWarning) warn(rootWarning);
  if (realRoot) for (const warning of recoverPending(stateDirFor(realRoot, env), realRoot)) warn(warning);
  const opened = await Workspace.open(options.workspace, { env });
  const timing = options.timing;
  timing?.mark('workspace open');
  // The project's settings files, read once: their trust is checked against the bytes then parsed.
  const project = await readProjectSettings(opened.root, home);
  // The user's own ~/.codeward/config: the base of the engine settings (a project file only tightens it).
  const settings = await configFromSettings(project, await readUserConfig(env['HOME']));
  const { ignored: configIgnored, userOnly, notes, sandboxFrom } = settings;
  const configured = options.configure ? options.configure(settings.config) : settings.config;
  // The home's secrets, where they really are, are non-accessible in this jail and every other (sandbox/home-secrets.ts).
  // With the workspace the home folder (or holding it), every dot-entry not on home-shown.ts' short list too.
  const user = await userSandboxSettings(env['HOME'], opened.root);
  const stateDir = stateDirFor(opened.root, env);
  // Kept between processes only in a state folder no sandboxed process can write (kept-across.ts stateUnwritable).
  const homeScanCache = keptFileFor(opened.root, stateDir, configured.sandboxWritable, env['HOME']);
  const { paths: hiddenPaths, globs: homeGlobs } = homeHidden(opened.root, [home, env['HOME']], env, user.sandboxReadable, new FolderListings(homeScanCache), warn);
  // A hidden folder a sandboxed run moved and codeward lost: settled before any path is resolved, as before a run.
  const lostRecord = { file: lostRecordFile(stateDir), settle: async () => (await (await import('./sandbox/hidden-lost.js')).settleLost(stateDir, opened.root, workspace.nonAccessibleGlobs)).forEach((note) => warn(note)) };
  const workspace = opened.withOptions({ runWritable: runWritable(opened.root, configured.sandboxWritable, env['HOME']), nonAccessibleGlobs: withLinkedSecrets([...configured.nonAccessibleGlobs, ...homeGlobs], opened.root, hiddenPaths), hiddenPaths, lostRecord, ...(homeScanCache ? { keptFile: homeScanCache } : {}) });
  // The globs as they hold at this root (an anchored one written for a folder above it re-anchored:
  // workspace/anchored.ts): the one list the file tools, search, tree, code index, policy and sandbox take.
  const config: Config = { ...configured, nonAccessibleGlobs: [...workspace.nonAccessibleGlobs] };
  timing?.mark('config, settings, trust read');
  await recoverJournals(join(stateDir, 'journal'), JOURNAL_PREFIX, workspace.jail);
  const session = options.session;
  // The session's stores and the cross-process file locks load when a call has a session, or a write to lock.
  const store = session === undefined ? undefined : await (await import('./files/session-store.js')).SessionStore.open({ workspaceRoot: workspace.root, sessionId: session, env });
  const tracker = store ? await store.load() : new StalenessTracker();
  const lockDir = lockDirFor(env, workspace.root);
  const fileLocks: FileLocker | undefined = options.crossProcessLocks
    ? async (paths) => (await import('./files/lock-file.js')).acquireFileLocks(lockDir, paths, { timeoutMs: 30_000, staleMs: 30_000 })
    : undefined;
  const parser = new LazyShellParser();
  // The code grammars, once per engine: the syntax check of edits and every code command share them.
  // The engine's ctx.memo: the syntax check and the code commands share one grammar loader through it.
  const memo = new Map<string, unknown>();
  timing?.mark('journals, session');
  let gate: Partial<EngineHooks> = {};
  let denialStore: DenialStore | undefined;
  let denials: DenialTracker | undefined;
  let policy: Awaited<ReturnType<typeof loadPolicy>> | undefined;
  // Shared with the sandbox (tracked secrets; the gate's home-folder scan): only in a state folder no sandboxed
  // process can write (kept-across.ts stateUnwritable: the same rule as homeScanCache's).
  const stateCaches = homeScanCache ? { trackedSecretsCache: join(stateDir, 'tracked-secrets.json'), homeScanCache } : {};
  const passEnv = [...(options.sandbox?.passEnv ?? []), ...user.passEnv];
  const sandbox = new LazySandbox(config, { ...(sandboxFrom ? { modeFrom: sandboxFrom } : {}), ...options.sandbox, passEnv, readable: user.sandboxReadable }, workspace.root, env, stateDir);
  if (options.permissions) {
    // A door's registry may hold commands of its own (the agent's delegate): rules may name them too.
    const commands = options.registry ? { commands: options.registry.words() } : {};
    // viewFolders: the host folders the sandbox's view binds, its own list (sandbox.ts boundFolders).
    policy = await loadPolicy({ workspaceRoot: workspace.root, project, nonAccessibleGlobs: config.nonAccessibleGlobs, ...stateCaches, ...commands, viewFolders: () => sandbox.boundFolders(), toolAreas: workspace.toolAreas, ...(home ? { home } : {}), ...(options.permissions.cliRules ? { cliRules: options.permissions.cliRules } : {}) });
    denialStore = session === undefined ? undefined : await (await import('./permissions/denial-store.js')).DenialStore.open({ workspaceRoot: workspace.root, sessionId: session, env });
    denials = denialStore ? await denialStore.load() : new DenialTracker(denialLimitsFromEnv(env));
    const approver = options.permissions.approver;
    const yes = options.permissions.yes ?? false;
    const rules = policy;
    gate = {
      ...lazyGate({ policy, denials, yes, parser, ...(approver ? { approver } : {}), ...(options.door ? { door: options.door.name } : {}) }, timing),
      // The same rules for what a staged command changed (shell/stage/plan-gate.ts), built when one applies
      // (the gate's file decision imports them, so they come with the CLI's code).
      pathRules: async () => pathRules(rules, yes),
    };
  }
  timing?.mark('policy build');
  const saveSession = async (): Promise<void> => {
    await store?.save(tracker);
    if (denialStore && denials) await denialStore.save(denials);
  };
  for (const warning of user.warnings) warn(warning);
  timing?.mark('sandbox setup');
  // What an untrusted workspace tried to loosen (or a trust revoked by a change): named on the first call.
  // The home folder as the workspace: its .codeward/config.json is the user's own file too (passEnv applies).
  const homeIsRoot = home !== undefined && (await realpath(home).catch(() => home)) === workspace.root;
  const notice = await noticeToShow(stateDir, trustNotice(project, [...configIgnored, ...(policy?.ignored ?? [])], homeIsRoot ? [] : userOnly, [...notes, ...(policy?.notes ?? [])]), options.door?.name);
  return new (notice ? noticeEngine(notice) : Engine)({
    sandbox,
    shellParser: parser,
    // Without a registry of the door's own: every built-in definition (the CLI passes one that loads the named command only).
    registry: options.registry ?? new (await import('./engine/registry.js')).Registry((await import('./commands/index.js')).builtinCommands),
    memo,
    lasting: options.lasting,
    clock: options.clock,
    workspace,
    config,
    stateDir,
    commit: committer(stateDir, workspace.jail),
    ...(options.door ? { door: options.door } : {}),
    hooks: timed(timing, {
      ...(store ? sessionStalenessHooks(store, tracker, config.backups !== false) : stalenessHooks(tracker, config.backups !== false)),
      ...classifyHook(parser, {
        allowUnsafe: options.allowUnsafe ?? false,
        workspace,
        // bubblewrap binds an empty file or folder over every non-accessible workspace path (Seatbelt denies them).
        secretsHidden: async () => (await sandbox.status()).backend !== undefined,
        ...(home ? { home } : {}),
      }),
      ...gate,
      ...lazySyntaxCheck(config.syntaxCheck, (real) => workspace.relative(real), memo, timing),
      ...options.hooks,
    }),
    ...(fileLocks ? { fileLocks } : {}),
    ...(session === undefined ? {} : { onClose: saveSession }),
  });
}

// The permission gate, built by the first call that reaches it (a call that fails before, such as an
// unknown flag, builds none). Its code comes with the CLI's own (a static import): every call that runs
// reaches it, and as a chunk of its own it cost a cold call two more files (the import()'s facade and the
// chunk). The shell decision's option tables are not part of it (decide.ts loads them for a shell line).
// --debug-timing shows its set-up apart from the decision.
function lazyGate(options: PermissionGateOptions, timing: Timing | undefined): Pick<EngineHooks, 'authorize'> {
  let gate: Pick<EngineHooks, 'authorize'> | undefined;
  return {
    authorize: async (call) => {
      if (!gate) {
        gate = permissionGate(options);
        timing?.mark('permission gate load');
      }
      return gate.authorize(call);
    },
  };
}

// The syntax check of edits, loaded by the first call that declares a write (its guard checks only the
// changes of written files: a call that writes nothing gets no guard). One grammar loader per engine.
function lazySyntaxCheck(mode: Config['syntaxCheck'], relative: (real: string) => string, memo: Map<string, unknown>, timing: Timing | undefined): Pick<EngineHooks, 'guardIntent'> {
  let hooks: Promise<Pick<EngineHooks, 'guardIntent'>> | undefined;
  return {
    guardIntent: async (call) => {
      if (!call.touches.some(({ touch }) => touch.access === 'write')) return undefined;
      hooks ??= Promise.all([import('./code/syntax-check-hook.js'), import('./code/parsers.js')]).then(([{ syntaxCheckHooks }, { CODE_PARSERS, CodeParsers }]) => {
        timing?.mark('syntax check load');
        // The grammars the code commands already loaded (ctx.memo), or a loader they will share from now on.
        const shared = memo.get(CODE_PARSERS);
        const parsers = shared instanceof CodeParsers ? shared : new CodeParsers();
        memo.set(CODE_PARSERS, parsers);
        return syntaxCheckHooks({ parsers, mode, relative });
      });
      return (await hooks).guardIntent(call);
    },
  };
}

// The hooks with the gate's stages marked: the call's parse, validation and jail end where the danger
// classifier starts; the classifier (with the shell parser's first load) ends where it returns, before the
// gate is built (lazyGate marks its set-up); the gate's decision ends where authorize returns.
function timed(timing: Timing | undefined, hooks: Partial<EngineHooks>): Partial<EngineHooks> {
  if (!timing) return hooks;
  const { classify, authorize } = hooks;
  return {
    ...hooks,
    classify: async (call) => {
      timing.mark('validate, jail');
      await classify?.(call);
      timing.mark('danger check');
    },
    authorize: async (call) => {
      const authorization = await authorize?.(call);
      timing.mark('permission gate');
      return authorization;
    },
  };
}

// An engine whose first envelope carries `notice` as a warning (the CLI prints it, MCP and the agent
// show it to the model and the person).
function noticeEngine(notice: string): typeof Engine {
  return class extends Engine {
    private noticed = false;
    override async run(input: CallInput, runOptions?: Parameters<Engine['run']>[1]): Promise<Envelope> {
      const envelope = await super.run(input, runOptions);
      if (this.noticed) return envelope;
      this.noticed = true;
      return { ...envelope, warnings: [notice, ...envelope.warnings] };
    }
  };
}
