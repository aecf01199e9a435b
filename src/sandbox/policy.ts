import type { EnclosingGit } from './enclosing-git-view.js';
import { realpathSync } from 'node:fs';
import { userInfo } from 'node:os';
import { basename, delimiter, dirname, join, relative, resolve, sep } from 'node:path';
import { HOME_PROTECTED, HOME_PROTECTED_FILES, HOME_SECRETS, OTHER_TOOLS_IN_WORKSPACE, PROTECTED_FILES_IN_WORKSPACE, PROTECTED_IN_WORKSPACE } from './lists.js';
import { kindOf, realOf, targetKindOf, within, type SandboxMode } from './paths.js';
import { PREFIX_JDK_SHOWN, PREFIX_SHOWN, SYSTEM_FOLDERS, TOOLCHAINS } from './toolchains.js';

// The protected and hidden path lists (lists.ts), and the toolchain folders shown (toolchains.ts).
export * from './lists.js';
// The modes and path helpers (paths.ts), for the importers of the policy.
export { byListing, isSymlink, kindOf, realOf, SANDBOX_MODES, targetKindOf, within, type PathKind, type SandboxMode } from './paths.js';

// The home folder's toolchain paths (relative to it), for `codeward doctor`.
export const HOME_READABLE: readonly string[] = TOOLCHAINS.flatMap((toolchain) => toolchain.paths.filter((path) => !path.startsWith('/')));

// What one sandboxed process may do, as paths (real paths: the OS checks real paths).
export interface SandboxPolicy {
  readonly mode: Exclude<SandboxMode, 'off'>;
  readonly network: boolean;
  // What the process sees outside the workspace: the default-deny view (view.ts) when absent, or the whole root
  // read-only (`--sandbox off`'s write jail: view-whole-root.ts, loaded on demand). Everything else is the same.
  readonly view?: WholeRootView;
  // The workspace root (writable in workspace-write, readable in read-only).
  readonly root: string;
  // The real home folder ($HOME), and whether a private tmpfs hides it (false when the workspace is the
  // home folder or holds it: then only HOME_SECRETS are hidden).
  readonly home: string | undefined;
  readonly hideHome: boolean;
  // Every home folder hidden behind a tmpfs: $HOME and the account's own (when $HOME was changed).
  readonly hiddenHomes: readonly string[];
  // Shown read-only besides the system (view.ts): the toolchain folders, PATH's folders, the user's own.
  readonly shown: readonly ShownPath[];
  // A clean copy bound in place of some of them (a git config without its tokens); null: not shown.
  readonly substitutes?: ReadonlyMap<string, string | null>;
  // The workspace repository's config files that hold a credential: a filtered copy bound over each
  // (repo-configs.ts); null: an empty file instead.
  readonly repositoryConfigs?: ReadonlyMap<string, string | null>;
  // Read-only even inside the writable workspace (created empty when missing, so nothing can be put there).
  readonly placeholderFolders: readonly string[];
  // Read-only folders (watched when missing).
  readonly protectedPaths: readonly string[];
  // Read-only when they exist; when missing (or a symlink) in a writable place, checked after the run.
  readonly protectedFiles: readonly string[];
  // Hidden (an empty folder or an empty file in their place).
  readonly hidden: readonly string[];
  // Workspace entries matching the non-accessible globs (secret-files.ts), hidden the same way.
  // `keep`: folders in a hidden folder bound back read-only over it (repo-configs.ts HiddenHolder).
  readonly workspaceSecrets?: readonly { readonly path: string; readonly kind: 'dir' | 'file'; readonly keep?: readonly string[] }[];
  // The secrets of /etc and of the shown toolchain folders (view.ts), hidden the same way.
  readonly viewSecrets?: readonly { readonly path: string; readonly kind: 'dir' | 'file' }[];
  // Object stores shown as read-only views without their unreachable loose objects (objects-view.ts):
  // (destination, source) bound read-only in this order, after the secrets.
  readonly objectBinds?: readonly (readonly [string, string])[];
  // An empty read-only file bound over hidden files (default /dev/null, which reads as EACCES inside).
  readonly emptyFile?: string;
  // The workspace's git folder (objects, refs, index) read-only too, not only its hooks and config: a
  // run nobody approved rewrites no history (undo cannot take git's own writes back).
  readonly gitReadOnly?: boolean;
  // The repository enclosing a subfolder workspace, shown read-only (enclosing-git.ts).
  readonly enclosingGit?: EnclosingGit;
  // Writable besides the workspace and the private /tmp (the `sandboxWritable` config key), existing real paths.
  readonly writable: readonly string[];
  // Set inside: caches that would live in the read-only home go to the private temp folder instead.
  readonly env: Readonly<Record<string, string>>;
  // The private, throw-away temp folder inside (TMPDIR): /tmp, or /tmp/.codeward-tmp when /tmp itself
  // must be read-only (privateTmp below).
  readonly tmp?: string;
  // Folders of the private /tmp made read-only after the workspace is bound in (tmpLayout).
  readonly readOnlyTmp?: readonly string[];
}

// The whole-root view of `--sandbox off`'s jail (view-whole-root.ts wholeRoot, loaded on demand), read by bwrap.ts.
export interface WholeRootView {
  // The root, /dev, /proc, /tmp, /var/tmp and /run (in place of view.ts systemArgs).
  rootArgs(args: string[], policy: SandboxPolicy): void;
  // Made read-only once everything is bound (bwrap.ts, its last mounts): the homes and the jail's /var/tmp.
  sealed(policy: SandboxPolicy): string[];
  // Whether a path lies in a folder the jail makes anew (a home, /tmp, /var/tmp): there only what is bound back is seen.
  anew(path: string): boolean;
  // The homes shown as the default-deny view shows a home (in place of SandboxPolicy.hiddenHomes): an empty
  // read-only folder each, what the view shows in it bound back (bwrap.ts shownArgs).
  readonly homes: readonly string[];
  // Whether a host path is in the view (a hidden path needs a mount there).
  inView(policy: SandboxPolicy, real: string): boolean;
}

// A folder or file shown read-only in the sandbox's view (view.ts).
export interface ShownPath {
  // Absolute; shown when it exists (a link is recreated and its target shown).
  readonly path: string;
  // The credential catalogue and the non-accessible globs are hidden inside (not in what the user named).
  readonly scan: boolean;
  // More paths hidden inside, and how deep the catalogue is looked for (Toolchain.hide, Toolchain.depth).
  readonly hide?: readonly string[];
  readonly depth?: number;
  // A named toolchain folder (toolchains.ts), searched for install prefixes at any depth (view.ts).
  readonly toolchain?: true;
}

export const SCRATCH_TMP = '/tmp/.codeward-tmp';

// /tmp inside is a private tmpfs. A workspace (or writable path) under the real /tmp is bound into it,
// and the folders bwrap creates on the way are part of that tmpfs: a write to a sibling of the workspace
// would "succeed" there and vanish. So the top folder under /tmp that holds a writable area is made
// read-only once the area is bound (a write beside the workspace fails like any write outside); when
// the area is itself a top folder (/tmp/ws), all of /tmp is, and the temp folder moves to SCRATCH_TMP.
export function tmpLayout(areas: readonly string[]): { tmp: string; readOnly: string[] } {
  const inTmp = areas.filter((area) => area !== '/tmp' && within(area, '/tmp'));
  const tops = [...new Set(inTmp.map((area) => join('/tmp', relative('/tmp', area).split(sep)[0]!)))];
  if (tops.length === 0) return { tmp: '/tmp', readOnly: [] };
  // The temp folder never where a writable area is (a workspace named /tmp/.codeward-tmp).
  const scratch = tops.includes(SCRATCH_TMP) ? `${SCRATCH_TMP}-private` : SCRATCH_TMP;
  if (tops.some((top) => inTmp.includes(top))) return { tmp: scratch, readOnly: ['/tmp'] };
  return { tmp: '/tmp', readOnly: tops };
}

// Tools keep caches under the home folder, hidden inside: point the common ones at the private temp
// folder unless set.
const cacheEnv = (tmp: string): Readonly<Record<string, string>> => ({ XDG_CACHE_HOME: `${tmp}/.cache`, npm_config_cache: `${tmp}/.npm` });
// Without a network, update checks only wait for a failure (npm's costs ~250 ms per run): skip them; and
// package managers fail at the first failed lookup instead of retrying with back-off (`npm view x` took
// 71 s to say EAI_AGAIN with npm's default retries, 0.9 s without).
const OFFLINE_ENV: Readonly<Record<string, string>> = {
  npm_config_update_notifier: 'false',
  NO_UPDATE_NOTIFIER: '1',
  npm_config_fetch_retries: '0',
  YARN_HTTP_RETRY: '0',
  PIP_RETRIES: '0',
  PIP_DISABLE_PIP_VERSION_CHECK: '1',
  CARGO_NET_RETRY: '0',
};

// sandboxReadable as both views read it (the default-deny sandbox and `--sandbox off`'s jail, red team R38-a3): `~/x`
// and absolute entries; never `~` itself (a home is never shown whole: its globs would not apply) nor a relative entry.
export function readablePaths(paths: readonly string[], home: string | undefined): string[] {
  return paths.flatMap((path) => (path === '~' ? [] : path.startsWith('~/') ? (home ? [join(home, path.slice(2))] : []) : path.startsWith('/') ? [path] : []));
}

// `~/x` and absolute paths as real paths; missing ones are left out (nothing to bind).
export function realPaths(paths: readonly string[], home: string | undefined, root: string): string[] {
  const real: string[] = [];
  for (const path of paths) {
    const expanded = path === '~' || path.startsWith('~/') ? (home ? join(home, path.slice(1)) : undefined) : resolve(root, path);
    if (!expanded) continue;
    try {
      real.push(realpathSync(expanded));
    } catch {
      // Missing: nothing to make writable.
    }
  }
  return real;
}

export interface PolicyOptions {
  readonly network: boolean;
  readonly home: string | undefined;
  readonly writable?: readonly string[];
  // More paths shown read-only in a hidden home (`~/x` or absolute; the user's own setting).
  readonly readable?: readonly string[];
  // The environment the process gets (variables already set are not overridden).
  readonly env?: Readonly<Record<string, string | undefined>>;
  // The account's home folder from the password database (default: os.userInfo()); null: none.
  readonly accountHome?: string | null;
}

function accountHome(given: string | null | undefined): string | undefined {
  if (given === null) return undefined;
  let path = given;
  try {
    path ??= userInfo().homedir;
  } catch {
    return undefined;
  }
  return path && path.startsWith('/') ? realOf(path) : undefined;
}

// The folders of PATH a program is started from (the user's environment, not the repository's):
// each one, and for a `bin` folder outside every home the parts an install needs of the prefix around it
// (`/opt/go/bin` → `/opt/go/{src,pkg,lib,…}`: toolchains.ts PREFIX_SHOWN), unless that prefix is a top-level folder or holds the workspace or a
// home. None inside the workspace (outsidePath removed them) or in the system folders (shown anyway).
function pathFolders(env: Readonly<Record<string, string | undefined>> | undefined, root: string, homes: readonly string[], shown: readonly ShownPath[]): string[] {
  const folders = new Set<string>();
  const system = SYSTEM_FOLDERS.map((name) => realOf(`/${name}`));
  for (const dir of (env?.['PATH'] ?? '').split(delimiter)) {
    if (!dir.startsWith('/') || dir === '/') continue;
    const real = realOf(dir);
    if (within(real, root) || within(root, real) || targetKindOf(real) !== 'dir' || [...system, ...shown.map((entry) => entry.path)].some((folder) => within(real, folder))) continue;
    if (homes.some((home) => within(home, real))) continue;
    folders.add(real);
    const prefix = dirname(real);
    const inHome = homes.some((home) => within(real, home));
    // Only the parts of the prefix an install needs (PREFIX_SHOWN), not whatever else it holds.
    if (!inHome && ['bin', 'sbin'].includes(basename(real)) && dirname(prefix) !== '/' && prefix !== '/' && !within(root, prefix) && !homes.some((home) => within(home, prefix))) {
      const jdk = targetKindOf(join(prefix, 'release')) === 'file' && targetKindOf(join(prefix, 'jmods')) !== 'missing';
      for (const part of [...PREFIX_SHOWN, ...(jdk ? PREFIX_JDK_SHOWN : [])]) folders.add(join(prefix, part));
    }
  }
  return [...folders];
}

// The host folders a run's view binds outside the workspace, as the view builds them (view.ts systemArgs: the system
// folders; the shown ones; sandboxWritable): the one answer to "is a file there the host's?" (permissions/task-runner-
// shell.ts, red team R40-a5, R41-a3, R41-a10). `host`, bound read-only: a file there is the host's. `writable`: the
// host's only where the line cannot have written it (written-before.ts). Every other place is the run's own (the
// private /tmp, /var, /run, /var/tmp, the homes' tmpfs) or not there at all: a script there is not the host's text.
// A shown path is `host` only when it exists on the host (a missing PATH prefix part is bound with nothing, and the
// run may make it: red team R42-a2) and no folder above it can be moved away by the run (one the run writes, not under
// a read-only mount: a PATH folder under /var/tmp, R42-a5); such a one is `writable`: the host's file only where the
// line cannot have written it.
export interface ViewFolders {
  readonly host: readonly string[];
  readonly writable: readonly string[];
}
const RUN_TMPFS = ['/tmp', '/var', '/run'];
export function boundFolders(policy: SandboxPolicy): ViewFolders {
  const system = SYSTEM_FOLDERS.map((name) => `/${name}`);
  const shown = policy.shown.map((entry) => entry.path).filter((path) => kindOf(path) !== 'missing');
  const readOnly = [...system, ...shown, ...(policy.readOnlyTmp ?? [])];
  const written = [...RUN_TMPFS, ...(policy.view?.homes ?? policy.hiddenHomes), policy.root, ...policy.writable];
  const movable = (folder: string): boolean => folder !== dirname(folder) && written.some((area) => folder !== area && within(folder, area)) && !readOnly.some((fixed) => within(folder, fixed));
  const moved = (path: string): boolean => {
    for (let folder = dirname(path); folder !== dirname(folder); folder = dirname(folder)) if (movable(folder)) return true;
    return false;
  };
  return { host: [...system, ...shown.filter((path) => !moved(path))], writable: [...policy.writable, ...shown.filter(moved)] };
}

export function sandboxPolicy(mode: Exclude<SandboxMode, 'off'>, root: string, options: PolicyOptions): SandboxPolicy {
  const home = options.home && options.home.startsWith('/') ? realOf(options.home) : undefined;
  const writable = mode === 'workspace-write' ? realPaths(options.writable ?? [], home, root) : [];
  const layout = tmpLayout([root, ...writable]);
  const wanted = { ...cacheEnv(layout.tmp), ...(options.network ? {} : OFFLINE_ENV) };
  const agent = options.env?.['SSH_AUTH_SOCK'];
  // The user's own additions (sandboxReadable); what they name is shown even if it looks secret.
  const userReadable = readablePaths(options.readable ?? [], home);
  // An existing folder (a passwd home like /nonexistent has nothing to hide, and bwrap could not mount there).
  const hideable = (path: string | undefined): path is string => path !== undefined && path !== '/' && !within(path, root) && targetKindOf(path) === 'dir';
  // Hidden unless the workspace is the home folder or holds it (the workspace inside the home folder
  // is the usual case: the home is hidden around it and the workspace bound back).
  const hideHome = hideable(home);
  const inHome = (list: readonly string[]): string[] => (home ? list.map((path) => join(home, path)) : []);
  const account = accountHome(options.accountHome);
  const hiddenHomes = [...(hideHome ? [home] : []), ...(hideable(account) && !(hideHome && (within(account, home) || within(home, account))) ? [account] : [])];
  const homes = [...new Set([...(home ? [home] : []), ...hiddenHomes])];
  // A cache folder the user's environment names in a hidden home that is not writable here (issue 28:
  // npm_config_cache=/root/.npm with HOME elsewhere: npm wrote, and named its log, in the hidden home's
  // empty view, gone after the run) is replaced by the private temp folder's, like an unset one.
  const unusable = (value: string | undefined): boolean => value === undefined || (value.startsWith('/') && hiddenHomes.some((folder) => within(resolve(value), folder)) && ![root, ...writable].some((area) => within(resolve(value), area)));
  const env = Object.fromEntries(Object.entries(wanted).filter(([name]) => unusable(options.env?.[name])));
  // Only the entries that exist (one lstat each: most of the list is missing on any one machine).
  const toolchains: ShownPath[] = TOOLCHAINS.flatMap((toolchain) =>
    toolchain.paths
      .flatMap((path) => (path.startsWith('/') ? [path] : hiddenHomes.map((folder) => join(folder, path))))
      .filter((full) => kindOf(full) !== 'missing')
      .map((full) => ({ path: full, scan: true, toolchain: true as const, ...(toolchain.hide ? { hide: toolchain.hide } : {}), ...(toolchain.depth ? { depth: toolchain.depth } : {}) })),
  );
  return {
    mode,
    network: options.network,
    root,
    home,
    hideHome,
    hiddenHomes,
    shown: [...toolchains, ...pathFolders(options.env, root, homes, toolchains).map((path) => ({ path, scan: true })), ...userReadable.filter((path) => kindOf(path) !== 'missing').map((path) => ({ path, scan: false }))],
    // In the home folder as workspace, no empty folder is left: watched instead.
    placeholderFolders: root === home ? [] : PROTECTED_IN_WORKSPACE.map((path) => join(root, path)),
    protectedPaths: [...(root === home ? PROTECTED_IN_WORKSPACE.map((path) => join(root, path)) : []), ...OTHER_TOOLS_IN_WORKSPACE.map((path) => join(root, path)), ...inHome(HOME_PROTECTED)],
    protectedFiles: [...PROTECTED_FILES_IN_WORKSPACE.map((path) => join(root, path)), ...inHome(HOME_PROTECTED_FILES)],
    // Secrets are hidden even when the home is: a secret folder may be a symlink to a place outside it.
    hidden: [...inHome(HOME_SECRETS).filter((path) => !userReadable.some((shown) => within(path, shown))), ...(agent && agent.startsWith('/') ? [agent] : [])],
    writable,
    env,
    tmp: layout.tmp,
    readOnlyTmp: layout.readOnly,
  };
}
