import { execFile } from 'node:child_process';
import { realpathSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { lstatQuiet } from '../files/stat-quiet.js';
import type { Config } from '../engine/config-schema.js';
import { fail } from '../engine/errors.js';
import { codewardCacheDir } from '../engine/state-dir.js';
import { codewardFolders } from './state-folders.js';
import { findOnPath, isExecutable, outsidePath, runWritable, toolNotes, type ToolEnv } from './which.js';
import { bwrapArgs } from './bwrap.js';
import { cleanGitConfigs } from './git-identity.js';
import { repositoryConfigCopies, unnamedHiddenNote, viewShows } from './repo-configs.js';
import { enclosingGit } from './enclosing-git.js';
import { nestedGitState, neutraliseNestedGit } from './nested-git.js';
import { GitlinkMemo } from './gitlink-memo.js';
import { ObeyedScan } from './obeyed-scan.js';
import { withoutRelativePath } from '../permissions/obeyed-env.js';
import type { ObeyedContext } from '../permissions/obeyed.js';
import { FolderListings } from '../workspace/listings.js';
import { keptFileFor, stateUnwritable } from '../permissions/kept-across.js';
import { MountLease } from './mount-points.js';
import { clearPending, recordPending } from './pending.js';
import { quarantine, snapshot } from './planted.js';
import { gitStateAfter, gitStateBefore, gitStateMoved } from './git-state.js';
import { immunePath } from '../permissions/immune-paths.js';
import { ownCodeFolders, ownPackageIn } from '../permissions/own-code.js';
import { clearRiskyModes, inPlaceStarts, writableInPlace } from './modes.js';
import { boundFolders, isSymlink, readablePaths, sandboxPolicy, type SandboxMode, type SandboxPolicy, type ViewFolders, type WholeRootView } from './policy.js';
import { seatbeltProfile } from './seatbelt.js';
import { OverlayStager, type OverlayLayout } from './overlay.js';
import { emptyFileIn, SecretFinder, type SecretPath } from './secret-files.js';
import { repositoryLoadedSecrets } from './repo-loaded.js';
import { notLinks } from './walked-configs.js';
import { hideTrackedGit } from './hidden-git.js';
import { hiddenAncestors, restoreHiddenAncestors } from './hidden-moves.js';
import { recordLost, settleLost } from './hidden-lost.js';
import { TrackedSecretCheck } from './tracked-secrets.js';
import { UnreachableObjects } from './unreachable-objects.js';
import type { ClosedFolders } from './closed-folders.js';
import { cutNote, EtcSecrets, enclosingRepository, etcCopied, subfolderGitHint, ToolchainSecrets } from './view.js';
import { VIEW_RULES } from './view-allow.js';
import { ViewCache } from './view-cache.js';
import { keptProbe } from './probe-kept.js';
import { DEFAULT_NON_ACCESSIBLE_GLOBS } from '../workspace/types.js';
import { includedCredentialConfigs, withCredentialGlobs } from '../workspace/reader-hidden.js';
import { hiddenExcludeCopy } from './hidden-excludes.js';

// The obeyed context of a work tree, as permissions/immune.ts takes it (declared here: no import circle with it).
type ObeyedContextOf = (root: string, home?: string, listings?: FolderListings) => ObeyedContext;

// What the user chose on the command line (and in user-level config): it wins over the project config.
export interface SandboxChoice {
  readonly mode?: SandboxMode | undefined;
  readonly network?: boolean | undefined;
  readonly passEnv?: readonly string[] | undefined;
  readonly readable?: readonly string[] | undefined;
  // Where the config's sandbox mode came from (config.ts sandboxFrom), for messages.
  readonly modeFrom?: string | undefined;
}

export type Backend = { readonly kind: 'bwrap'; readonly path: string } | { readonly kind: 'seatbelt'; readonly path: string };

export interface SandboxSettings {
  // undefined: the default (workspace-write where a sandbox is available, else the gate alone).
  readonly mode: SandboxMode | undefined;
  // Where `mode` came from ('--sandbox read-only', the project config), for messages.
  readonly modeFrom?: string;
  readonly network: boolean;
  // Extra writable paths (`~/…`, absolute, or relative to the workspace).
  readonly writable?: readonly string[];
  // Secret-looking environment variables the user lets through (--pass-env, user-level `passEnv`).
  readonly passEnv?: readonly string[];
  // More home paths shown read-only (user-level `sandboxReadable`).
  readonly readable?: readonly string[];
  // The workspace's non-accessible globs: matching files and folders are hidden inside the sandbox.
  readonly nonAccessibleGlobs?: readonly string[];
}

// Why a run is not staged (`--no-stage`, `no OS sandbox: …`), and how a person gets staging back. `writesNothing`: a read-only sandbox (the
// run writes nothing in the workspace, so nothing of it is left unjudged).
export interface Unstaged {
  readonly why: string;
  readonly fix: string;
  readonly writesNothing?: true;
}

export interface SandboxStatus {
  readonly backend: Backend | undefined;
  readonly mode: SandboxMode;
  readonly network: boolean;
  // Why no sandbox applies, when none does.
  readonly reason?: string;
  // `--sandbox off` where a jail primitive runs: reads unconfined, writes jailed (write-jail.ts).
  readonly writeJail?: Backend;
}

// How one run is sandboxed: `stage`, its writes staged (overlay.ts); `gitReadOnly`, every git folder of
// the workspace read-only, with what to tell a git that then fails to write (a run nobody approved, a
// line that runs more than git: shell/git-only-line.ts).
export interface PrepareOptions {
  readonly stage?: boolean;
  readonly gitReadOnly?: string;
  // Workspace-relative paths a git-alone run's index and commits must not change beyond what the write
  // gate protects (the person's deny and ask rules, files hidden from the sandbox: git-state.ts sets back).
  readonly gitProtected?: (rel: string) => boolean;
}

// How to start one process: the argv prefix (sandbox program and its arguments) and what to do after.
export interface PreparedRun {
  readonly wrapper: readonly string[];
  // What the wrapper reads on fd 3, 4, ... (bwrap's seccomp program with the network on: seccomp.ts).
  readonly inputs?: readonly Buffer[];
  readonly warning?: string;
  // The process runs without a network (bwrap --unshare-net, seatbelt without network rules).
  readonly networkBlocked?: boolean;
  // Git folders are hidden (the repository tracks a non-accessible file): what to tell a git that fails.
  readonly gitHidden?: string;
  // The enclosing repository of a subfolder workspace is shown read-only: what to tell a git that
  // fails to write to it (enclosing-git.ts).
  readonly gitReadOnly?: string;
  // After the process exited (or failed to start): moves aside protected files it created (warnings
  // say what) and removes the mount points no other sandbox uses.
  readonly after?: () => Promise<string[]>;
  // Where a read-only sandbox came from ('--sandbox read-only', the project config): for the failure hint.
  readonly readOnlyFrom?: string;
  // `--sandbox off` run in the write jail (write-jail.ts): what a refused write is told.
  readonly writeJail?: string;
  // Staged (issue 27): the overlay whose upper folder holds what the command wrote; or why a run that
  // asked for staging writes in place.
  readonly stage?: OverlayLayout;
  readonly stageNote?: string;
  // Why this run, which was to be staged, cannot be (overlay.ts StagedRun.failed): it must not run.
  readonly stageFailed?: string;
  // A staged run's sandboxWritable folders: written in place (outside the overlay), not undoable.
  readonly writableInPlace?: readonly string[];
}

const SEATBELT = '/usr/bin/sandbox-exec';

// How one sandboxed run is made (ProcessSandbox.sandboxed): `jail`, `--sandbox off`'s write jail: the whole root
// read-only (view-whole-root.ts) and these hidden besides what the sandbox hides (write-jail-run.ts).
export interface SandboxedRun {
  readonly backend: Backend;
  readonly mode: 'read-only' | 'workspace-write';
  readonly network: boolean;
  readonly jail?: { readonly hidden: readonly SecretPath[]; readonly view: WholeRootView; readonly etc: EtcSecrets; readonly folders: () => ClosedFolders };
}

// The write gate's context and its hook walk (the `obeyed` chunk, scripts/chunk-groups.mjs): imported on use.
const obeyedModule = (): Promise<typeof import('../permissions/obeyed-context.js')> => import('../permissions/obeyed-context.js');

// bwrap can be installed but unusable (no user namespaces, a container without privileges): try it.
function works(path: string, args: readonly string[]): Promise<boolean> {
  return new Promise((resolve) => execFile(path, [...args], { timeout: 5_000 }, (error) => resolve(error === null)));
}

async function detect(env: ToolEnv): Promise<Backend | undefined> {
  if (process.platform === 'darwin') return isExecutable(SEATBELT) ? { kind: 'seatbelt', path: SEATBELT } : undefined;
  if (process.platform !== 'linux') return undefined;
  const path = env['CODEWARD_BWRAP'] || findOnPath('bwrap', env);
  if (!path) return undefined;
  const args = ['--ro-bind', '/', '/', '--unshare-net', '--unshare-pid', '--die-with-parent', 'true'];
  // A positive answer is kept across processes (probe-kept.ts: a wrong one fails closed).
  return (await keptProbe(join(codewardCacheDir({ env }), 'bwrap-works'), path, args, () => works(path, args))) ? { kind: 'bwrap', path } : undefined;
}

// The OS sandbox of one engine: exec and test start through it. Detected once, on first use.
export class ProcessSandbox {
  // From the project config, with --sandbox / --sandbox-network winning over it. The names of
  // --pass-env come from the user (flags, user-level config), never from the project config.
  static forWorkspace(
    config: Pick<Config, 'sandbox' | 'sandboxNetwork' | 'sandboxWritable'> & Partial<Pick<Config, 'nonAccessibleGlobs'>>,
    chosen: SandboxChoice | undefined,
    root: string,
    env: Readonly<Record<string, string | undefined>>,
    stateDir?: string,
  ): ProcessSandbox {
    const modeFrom = chosen?.mode !== undefined ? `--sandbox ${chosen.mode}` : config.sandbox !== undefined ? chosen?.modeFrom ?? `"sandbox": "${config.sandbox}" in the project's .codeward/config` : undefined;
    const settings = { mode: chosen?.mode ?? config.sandbox, ...(modeFrom ? { modeFrom } : {}), network: chosen?.network ?? config.sandboxNetwork, writable: config.sandboxWritable, passEnv: chosen?.passEnv ?? [], readable: chosen?.readable ?? [], nonAccessibleGlobs: config.nonAccessibleGlobs ?? DEFAULT_NON_ACCESSIBLE_GLOBS };
    return new ProcessSandbox(settings, root, env, stateDir);
  }

  // The secret-looking variables the user lets through to exec and test.
  get passEnv(): readonly string[] {
    return this.settings.passEnv ?? [];
  }

  private detected: Promise<Backend | undefined> | undefined;
  // Kept between runs: a later walk reads only the folders that changed.
  private secretFinder: SecretFinder | undefined;
  private trackedCheck: TrackedSecretCheck | undefined;
  private unreachable: UnreachableObjects | undefined;
  private gitlinkMemo: GitlinkMemo | undefined;
  private toolchainSecrets: ToolchainSecrets | undefined;
  private etcSecrets: EtcSecrets | undefined;
  private viewCache: ViewCache | undefined;
  private obeyedScan: ObeyedScan | undefined;
  // The folders the write gate's symlink walk read before each run (obeyed-alias.ts), and each repository's
  // git context, kept across processes in the state folder's file as the policy's are (kept-across.ts).
  readonly folderListings: FolderListings;
  private warned = false;
  // How many of toolNotes(toolEnv) were said.
  private toolsSaid = 0;
  // The top folders the jail's closed walk last cut short (etc-view.ts cutNote): said once, again when they change.
  private walkCut = '';
  // Staging a run's writes in an overlay (issue 27, overlay.ts); whether it works here is tried once.
  private stager: OverlayStager | undefined;
  // The environment bwrap, unshare, mount and git are looked up in: PATH without a folder any run may write.
  private readonly toolEnv: ToolEnv;

  constructor(
    readonly settings: SandboxSettings,
    readonly root: string,
    readonly env: Readonly<Record<string, string | undefined>>,
    // Where the planted-file check of a run is recorded until it ran (pending.ts).
    private readonly stateDir?: string,
  ) {
    this.toolEnv = outsidePath(env, [root, ...runWritable(root, settings.writable ?? [], env['HOME'])]);
    this.folderListings = new FolderListings(keptFileFor(root, stateDir, settings.writable ?? [], env['HOME']));
  }

  async status(): Promise<SandboxStatus> {
    const { mode, network } = this.settings;
    this.detected ??= detect(this.toolEnv);
    if (mode === 'off') {
      // Reads unconfined, writes jailed wherever a jail primitive runs (write-jail.ts).
      const jail = await this.detected;
      return { backend: undefined, mode: 'off', network: true, reason: 'turned off (--sandbox off or "sandbox": "off")', ...(jail ? { writeJail: jail } : {}) };
    }
    const backend = await this.detected;
    if (!backend) {
      const missing = process.platform === 'darwin' ? `${SEATBELT} is missing` : process.platform === 'linux' ? 'bwrap (bubblewrap) is not installed or cannot run here' : `no sandbox for ${process.platform}`;
      return { backend: undefined, mode: 'off', network: true, reason: missing };
    }
    return { backend, mode: mode ?? 'workspace-write', network };
  }

  // Why a run asked to stage its writes would write in place instead, and how a person gets staging back;
  // undefined when it will be staged (bwrap in workspace-write over an overlay that mounts here: prepare()
  // stages exactly then). shell/run-staging.ts decides a run's staging from this, once, for the gate and the run.
  async stagingUnavailable(): Promise<Unstaged | undefined> {
    const status = await this.status();
    if (status.backend?.kind === 'seatbelt' || process.platform === 'darwin') {
      return { why: status.backend ? 'seatbelt (macOS) cannot stage a run' : `no OS sandbox: ${status.reason}`, fix: 'none on macOS (runs are staged only in Linux\'s bubblewrap): change those files with codeward\'s file tools (write, edit), which the rule judges' };
    }
    if (this.settings.mode === 'off') return { why: `the OS sandbox is turned off: ${this.settings.modeFrom ?? '--sandbox off'}`, fix: 'run it in the OS sandbox (leave out --sandbox off, or remove "sandbox": "off" from ~/.codeward/config.json)' };
    if (!status.backend) return { why: `no OS sandbox: ${status.reason}`, fix: 'install bubblewrap where it can run (apt-get install bubblewrap; a container needs user namespaces; codeward doctor shows why it cannot)' };
    if (status.mode !== 'workspace-write') return { why: `the sandbox is ${status.mode}`, fix: '', writesNothing: true };
    this.stager ??= new OverlayStager(this.stateDir, this.toolEnv);
    const unavailable = await this.stager.unavailable(this.root);
    return unavailable === undefined ? undefined : { why: `no overlay can be mounted here (${unavailable})`, fix: 'codeward doctor shows why staging is unavailable' };
  }

  async prepare(cwd: string, options: PrepareOptions = {}): Promise<PreparedRun> {
    const prepared = await this.prepareRun(cwd, options);
    // A program file codeward skipped on PATH (which.ts usableProgram: it leads where a run may write), or started
    // without ruling out another name of it in an area (area-links.ts), is said once.
    const notes = this.toolNotes();
    const warning = [prepared.warning, ...notes].filter((line) => line !== undefined).join('; ');
    const { after } = prepared;
    return { ...prepared, ...(warning === '' ? {} : { warning }), ...(after ? { after: async () => [...(await after()), ...this.toolNotes()] } : {}) };
  }

  private toolNotes(): string[] {
    const notes = toolNotes(this.toolEnv).slice(this.toolsSaid);
    this.toolsSaid += notes.length;
    return [...notes];
  }

  private async prepareRun(cwd: string, options: PrepareOptions): Promise<PreparedRun> {
    const status = await this.status();
    // An `off` run in the write jail (issue 26, round 35): this sandboxed run with the whole root read-only
    // (write-jail-run.ts, loaded on demand: one mount list and one after-run pipeline with the sandbox).
    if (status.writeJail) return await (await import('./write-jail-run.js')).jailed(this, status.writeJail, cwd, options, codewardFolders(this.root, this.env, this.stateDir, this.areas()));
    if (!status.backend) {
      if (this.settings.mode !== undefined && this.settings.mode !== 'off') {
        throw fail('C210', `--sandbox ${this.settings.mode} was asked for, but ${status.reason}; install bubblewrap (apt-get install bubblewrap) or pass --sandbox off`);
      }
      const warning = this.settings.mode === 'off' || this.warned ? undefined : `no OS sandbox: ${status.reason}; commands run under the permission gate alone (see codeward doctor)`;
      this.warned = true;
      return { wrapper: [], ...(warning ? { warning } : {}) };
    }
    return await this.sandboxed({ backend: status.backend, mode: status.mode === 'read-only' ? 'read-only' : 'workspace-write', network: status.network }, cwd, options);
  }

  // The folders a run may write or read besides the workspace (sandboxWritable, sandboxReadable): searched for other
  // environments' state folders (state-folders.ts).
  private areas(): string[] {
    return [...runWritable(this.root, this.settings.writable ?? [], this.env['HOME']), ...readablePaths(this.settings.readable ?? [], this.env['HOME'])];
  }

  // One sandboxed run: the default-deny view, or (`jail` given: `--sandbox off`'s jail) the whole root read-only.
  walk(): ObeyedScan {
    return (this.obeyedScan ??= new ObeyedScan(this.root));
  }

  private basePolicy(mode: SandboxedRun['mode'], network: boolean): SandboxPolicy {
    return sandboxPolicy(mode, this.root, { network, home: this.env['HOME'], writable: this.settings.writable ?? [], readable: this.settings.readable ?? [], env: this.env });
  }

  // The host folders a run's view binds (policy.ts boundFolders): what the permission gate takes as the host's files
  // outside the workspace (permissions/task-runner-shell.ts, red team R40-a5, R41-a3, R41-a10).
  boundFolders(): ViewFolders {
    return boundFolders(this.basePolicy('workspace-write', false));
  }

  async sandboxed(run: SandboxedRun, cwd: string, options: PrepareOptions): Promise<PreparedRun> {
    const readOnly = run.mode === 'read-only' ? { readOnlyFrom: this.settings.modeFrom ?? '--sandbox read-only' } : {};
    const base = this.basePolicy(run.mode, run.network);
    const ownState = codewardFolders(this.root, this.env, this.stateDir, this.areas());
    const policy = { ...base, ...(run.jail ? { view: run.jail.view } : {}), hidden: [...base.hidden, ...ownState] };
    // What the nested git scan would move aside before the run stays when the run left it unchanged (R5-10).
    // (Both scans read an unchanged index once: gitlink-memo.ts.)
    // The walk's cache file only where no sandboxed process can write (a poisoned cache would hide nothing).
    const cacheFile = this.stateDir ? join(this.stateDir, 'secret-scan.json') : undefined;
    const safeCache = cacheFile && stateUnwritable(policy.root, dirname(cacheFile), policy.writable, undefined) ? cacheFile : undefined;
    // (The indexes' gitlinks are kept between processes beside it: gitlink-memo.ts.)
    const memo = (this.gitlinkMemo ??= new GitlinkMemo(undefined, safeCache && join(dirname(safeCache), 'gitlinks.json')));
    const nestedBefore = policy.mode === 'workspace-write' ? nestedGitState(this.root, this.toolEnv, memo) : undefined;
    memo.save();
    const nested = (): string[] => {
      const warnings = policy.mode === 'workspace-write' ? neutraliseNestedGit(this.root, this.toolEnv, nestedBefore, memo) : [];
      memo.save();
      return warnings;
    };
    // A hidden folder's parent an earlier run moved where its walk was cut short looking for it: looked for again
    // (moved back) before the secret walk; still lost, the run is refused (hidden-lost.ts).
    const globs = withCredentialGlobs(this.settings.nonAccessibleGlobs ?? DEFAULT_NON_ACCESSIBLE_GLOBS);
    const settled = await settleLost(this.stateDir, policy.root, globs);
    this.secretFinder ??= new SecretFinder(this.root, globs, safeCache);
    // A tracked secret: git's folders are hidden too (git would print it from its objects, or commit it emptied).
    this.trackedCheck ??= new TrackedSecretCheck(withCredentialGlobs(this.settings.nonAccessibleGlobs ?? DEFAULT_NON_ACCESSIBLE_GLOBS), this.toolEnv, safeCache && join(dirname(safeCache), 'tracked-secrets.json'));
    // Files the repository's config includes that hold a credential (R9-14) are hidden like secrets (its own
    // config is shown as a filtered copy below).
    const included = includedCredentialConfigs(this.root, this.env['HOME'], this.env, this.folderListings).map((path) => ({ path, kind: 'file' as const }));
    // Objects no ref reaches (red team R27-4): masked one by one, or git hidden (unreachable-objects.ts).
    // Past its bound of masks, a read-only view of the objects without them (objects-view.ts; bwrap only).
    const views = safeCache && run.backend.kind !== 'seatbelt' ? join(dirname(safeCache), 'objects-views') : undefined;
    this.unreachable ??= new UnreachableObjects(this.toolEnv, safeCache && join(dirname(safeCache), 'unreachable-objects.json'), undefined, views);
    // (What any repository's config in the view includes, after the walk that finds those configs: R44-a3.)
    const found = this.secretFinder.find();
    const loaded = repositoryLoadedSecrets(this.root, this.secretFinder.gitConfigs(), this.env['HOME']);
    const { paths: workspaceSecrets, hint, binds: objectBinds, readOnly: objectsReadOnly } = hideTrackedGit(this.root, [...found, ...included, ...loaded], this.trackedCheck, this.unreachable);
    // Names set aside by the secret walk (not UTF-8: byte-names.ts), said after the run.
    const renamed = this.secretFinder.renamed.splice(0);
    const repository = hint ? undefined : enclosingRepository(this.root);
    const gitHidden = hint ? { gitHidden: hint } : repository ? { gitHidden: subfolderGitHint(this.root, repository) } : {};
    if (run.backend.kind === 'seatbelt') {
      return { wrapper: [run.backend.path, '-p', seatbeltProfile({ ...policy, workspaceSecrets }, realpathSync(tmpdir()))], after: async () => [...settled, ...nested()], networkBlocked: !policy.network, ...gitHidden, ...readOnly };
    }
    // Protected paths that do not exist (a `.git` of a plain folder, `.git/modules`, `.git/commondir`…)
    // get an empty read-only mount point, created and recorded in a lease (mount-points.ts) and removed
    // after the last sandbox of the workspace ended. A missing `.codeward` or `.chatcli` is watched instead.
    this.toolchainSecrets ??= new ToolchainSecrets(this.settings.nonAccessibleGlobs ?? DEFAULT_NON_ACCESSIBLE_GLOBS);
    this.etcSecrets ??= run.jail?.etc ?? new EtcSecrets();
    // Both walks are kept in the state folder while the folders they read are unchanged (view-cache.ts).
    this.viewCache ??= new ViewCache(safeCache && join(dirname(safeCache), 'view-cache.json'));
    const etc = this.etcSecrets;
    const toolchains = this.toolchainSecrets;
    // VIEW_RULES: a walk made under other allow-lists (an older codeward's) is not reused.
    const shownKey = JSON.stringify([VIEW_RULES, this.settings.nonAccessibleGlobs ?? DEFAULT_NON_ACCESSIBLE_GLOBS, policy.shown]);
    // Beyond /etc (the jail as root): read afresh by every run, one folder at a time (closed-folders.ts).
    const cut: string[] = [];
    const closedFolders = run.jail?.folders();
    const viewSecrets = [...this.viewCache.find(`etc${run.jail ? '-whole' : ''}:${process.getuid?.() ?? ''}`, VIEW_RULES, (log) => etc.find(log)), ...(closedFolders ? etc.beyondFound(closedFolders, cut) : []), ...this.viewCache.find('toolchains+scripts', shownKey, (log, scripts) => toolchains.find(policy.shown, log, scripts)), ...(run.jail?.hidden ?? [])];
    this.viewCache.save();
    const cutWarning = cut.join('\n') === this.walkCut ? undefined : cutNote(cut);
    this.walkCut = cut.join('\n');
    // Their decisions are kept beside the walk's cache (clean-configs-kept.ts): only where no sandboxed process can write.
    const substitutes = cleanGitConfigs([...policy.shown.map((entry) => entry.path), ...etcCopied()], this.stateDir, safeCache && join(dirname(safeCache), 'clean-configs.json'));
    // A subfolder workspace: its repository read-only, so git works inside (issue 28, enclosing-git.ts).
    const enclosing = repository ? enclosingGit(policy.root, safeCache && dirname(safeCache), this.env['HOME'], this.toolEnv) : undefined;
    // (A module folder not UTF-8 named whose config holds a credential: the folder holding it hidden whole.)
    // (Every git config file the secret walk found in the workspace: a nested clone's, a deep submodule's; R43-a2.)
    const configs = repositoryConfigCopies(policy.root, this.stateDir, workspaceSecrets, viewShows(policy, enclosing?.shown), notLinks(this.secretFinder.gitConfigs()));
    const repositoryConfigs = new Map([...configs.copies, ...hiddenExcludeCopy(policy.root, workspaceSecrets, this.stateDir)]);
    // Staging (issue 27): the same bwrap, run over an overlay of the workspace (overlay.ts).
    this.stager ??= new OverlayStager(this.stateDir, this.toolEnv);
    const unstageable = options.stage === true && policy.mode === 'workspace-write' ? await this.stager.unavailable(policy.root) : 'not asked';
    const stageable = unstageable === undefined;
    // The write gate at any depth (obeyed-scan.ts): what a program obeys later is read-only where it
    // exists, and moved aside after the run where the run created or changed it. A staged run without
    // sandboxWritable folders writes the workspace only through the overlay, whose change set the stage
    // plan judges with the same gate: no walk of the whole workspace before and after it.
    const walkObeyed = policy.mode === 'workspace-write' && !(stageable && policy.writable.length === 0);
    const deep = walkObeyed ? (this.obeyedScan ??= new ObeyedScan(policy.root)) : undefined;
    // With git read-only (a line that runs more than git), every nested git folder too (R13-8).
    // The write gate's context (obeyed-context.ts, with the hook walk) loads only for a run that needs it:
    // an unstaged walk here, a git state the run moved (after()). A staged `exec true` never loads it (issue 31).
    const walked = deep?.start(withoutRelativePath((await obeyedModule()).obeyedContext(policy.root, this.env['HOME'], this.folderListings)), options.gitReadOnly !== undefined);
    const obeyedPaths = walked?.readOnly ?? [];
    // codeward's own code in a sandboxWritable folder (own-code.ts): bound read-only; a link on the way to it (a global
    // <prefix>/lib/node_modules/codeward into a checkout, R44-a5) only watched: a mount lands on its target, which the
    // view may not show (bwrap could not start), and the link itself could still be swapped.
    const own = ownCodeFolders(policy.writable, ownPackageIn(this.folderListings));
    const ownLinks = own.filter(isSymlink);
    // A writable home: its obeyed dot-entries read-only, what the run makes of them moved aside (home-writable.ts, R44-a7).
    // (Loaded only with a sandboxWritable folder.)
    const home = policy.mode === 'workspace-write' && policy.writable.length > 0 ? (await import('./home-writable.js')).homeWritable(policy.home, policy.writable, [policy.root, ...ownState], this.env) : undefined;
    const full = { ...policy, ...(options.gitReadOnly ? { gitReadOnly: true } : {}), ...(enclosing ? { enclosingGit: enclosing } : {}), protectedFiles: [...policy.protectedFiles, ...obeyedPaths, ...own.filter((path) => !ownLinks.includes(path)), ...(home?.readOnly ?? [])], substitutes, repositoryConfigs, workspaceSecrets: [...workspaceSecrets, ...configs.hide], viewSecrets, ...(objectBinds ? { objectBinds } : {}), emptyFile: emptyFileIn(this.stateDir) };
    const { lease, value: wrapped } = this.stateDir
      ? MountLease.register(this.stateDir, policy.root, policy.writable, (maker) => bwrapArgs(full, cwd, maker))
      : { lease: undefined, value: bwrapArgs(full, cwd) };
    const { args, watched, inputs } = wrapped;
    const wrappedStage = stageable ? await this.stager.wrap(run.backend.path, args, policy.root) : options.stage && policy.mode === 'workspace-write' ? { note: unstageable } : undefined;
    // Unwalked, the run must not write in place: a stage that did not happen after all refuses the run.
    const staged = wrappedStage && !walkObeyed && !wrappedStage.layout && !wrappedStage.failed ? { failed: wrappedStage.note ?? 'it could not be staged' } : wrappedStage;
    const before = snapshot([...watched, ...ownLinks]);
    // Changes from here on are the run's (a margin for the file system's coarse clock): setuid, setgid
    // and world-writable bits it left are cleared after it (modes.ts).
    const since = Date.now() - 2_000;
    // A staged run writes the real workspace only where a bind makes it writable (git's folder); the
    // stage plan judges the rest, so a staged run walks only those (bench sandbox: 20,000 files).
    // The sandboxWritable folders are written in place by every run, staged or not (red team R38-a10).
    const inPlace = inPlaceStarts(staged?.layout ? writableInPlace(args, policy.root) : [policy.root], policy.writable);
    const modes = async (): Promise<string[]> => (policy.mode === 'workspace-write' ? clearRiskyModes(policy.root, since, [...inPlace.keys()], inPlace) : []);
    const pending = this.stateDir ? recordPending(this.stateDir, this.root, before) : undefined;
    // An in-place run may rename a folder above a hidden path (hidden-moves.ts): moved back after it.
    const ancestors = policy.mode === 'workspace-write' && !staged?.layout ? hiddenAncestors(policy.root, workspaceSecrets.map((secret) => secret.path)) : undefined;
    // git's index and refs are written in place: what they then hold for a protected path is judged after the run (git-state.ts).
    // With the git folder read-only (bwrap.ts binds it whole) there is nothing to compare.
    const gitBefore = policy.mode === 'workspace-write' && !(options.gitReadOnly && lstatQuiet(join(policy.root, '.git'))?.isDirectory()) ? gitStateBefore(policy.root, findOnPath('git', this.toolEnv), this.toolEnv, policy.network) : undefined;
    const gitProtected = (obeyedOf: ObeyedContextOf): ((path: string) => boolean) => {
      let gitCtx: ObeyedContext | undefined;
      return (path) => immunePath(path, true, [], (gitCtx ??= obeyedOf(policy.root, this.env['HOME'], this.folderListings))) !== undefined || options.gitProtected?.(path) === true;
    };
    // git's state unmoved (gitStateMoved reads what gitStateAfter compares): nothing to judge, nothing to load.
    const gitAfter = async (): Promise<string[]> => (gitBefore && gitStateMoved(gitBefore) ? gitStateAfter(gitBefore, gitProtected((await obeyedModule()).obeyedContext)) : []);
    // One pipeline after the sandboxed and the jailed run alike (red team R35-5).
    const after = async (): Promise<string[]> => {
      try {
        const warnings = [...settled, ...renamed, ...configs.hide.map(unnamedHiddenNote), ...(await gitAfter()), ...quarantine(before), ...(home?.after() ?? []), ...(ancestors ? restoreHiddenAncestors(policy.root, ancestors, (path, id) => recordLost(this.stateDir, path, id), undefined, since) : []), ...nested(), ...(walked && deep ? deep.finish(walked) : []), ...(await modes())];
        clearPending(pending);
        return warnings;
      } finally {
        lease?.release();
      }
    };
    const wrapper = staged?.wrapper ?? [run.backend.path, ...args];
    const stage = staged?.layout ? { stage: staged.layout, ...(policy.writable.length > 0 ? { writableInPlace: policy.writable } : {}) } : staged?.failed ? { stageFailed: staged.failed } : staged?.note ? { stageNote: staged.note } : {};
    const readOnlyHint = options.gitReadOnly ?? objectsReadOnly;
    const git = enclosing ? { gitReadOnly: enclosing.hint } : { ...gitHidden, ...(readOnlyHint ? { gitReadOnly: readOnlyHint } : {}) };
    return { wrapper, ...(inputs.length > 0 ? { inputs } : {}), ...(cutWarning ? { warning: cutWarning } : {}), after, networkBlocked: !policy.network, ...git, ...readOnly, ...stage };
  }
}
