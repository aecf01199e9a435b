import { lstatSync, realpathSync, statSync } from 'node:fs';
import { userInfo } from 'node:os';
import { join, relative, resolve, sep } from 'node:path';

export const SANDBOX_MODES = ['off', 'workspace-write', 'read-only'] as const;
export type SandboxMode = (typeof SANDBOX_MODES)[number];

// Nothing a sandboxed process writes may be obeyed later outside the sandbox (THREAT-MODEL invariant 2).
// In the workspace, read-only for sandboxed processes, existing or not:
// - folders (an empty read-only folder takes the place of a missing one): codeward's and ChatCLI's
//   settings, policies, custom agents and personas (`.codeward/agents`), rules;
export const PROTECTED_IN_WORKSPACE: readonly string[] = ['.codeward', '.chatcli'];
// - folders of other tools that run what they hold (editor tasks and interpreters, other agents' hooks,
//   dev container commands): read-only when they exist, watched when missing (no empty folder left);
// - files (read-only when they exist; one created by a sandboxed process is moved aside after the run,
//   since an empty placeholder would itself be obeyed): the ChatCLI policy file and the context files
//   a later agent takes as instructions (src/agent/prompt/context-files.ts).
export const OTHER_TOOLS_IN_WORKSPACE: readonly string[] = ['.vscode', '.idea', '.claude', '.cursor', '.zed', '.devcontainer', '.gemini', '.continue'];
export const PROTECTED_FILES_IN_WORKSPACE: readonly string[] = [
  'coder_policy.json', 'AGENTS.md', 'SOUL.md', 'USER.md', 'RULES.md',
  // What other agents take as instructions, and direnv's start-up file.
  'CLAUDE.md', 'GEMINI.md', '.cursorrules', '.windsurfrules', '.envrc',
];
// The git control folder is guarded by git-guard.ts (the `.git` entry, config, hooks, info, commondir…).
export const GIT_PROTECTED_SUMMARY: readonly string[] = [
  '.git (cannot be renamed or replaced; missing: cannot be created)',
  '.git/{config,config.worktree,commondir,hooks,info}',
  '.git/worktrees/*/{commondir,gitdir,config.worktree}',
  '.git/modules/** (same)',
];

// The home folder is hidden (a private, throw-away tmpfs in its place) except these, bound read-only:
// what toolchains need to run, never credentials. `~/.npmrc`, `~/.pypirc`, `~/.cargo/credentials.toml`,
// `~/.docker`, `~/.config/gcloud`… stay hidden because they are not listed.
export const HOME_READABLE: readonly string[] = [
  '.gitconfig', '.config/git/config', '.config/git/ignore', '.config/git/attributes', '.gitignore_global',
  '.cargo/bin', '.cargo/registry', '.cargo/git', '.cargo/config.toml', '.cargo/config', '.rustup',
  '.nvm', '.volta', '.fnm', '.nodenv', '.bun/bin', '.deno/bin', '.local/share/pnpm',
  '.pyenv', '.local/bin', '.local/lib', '.rbenv', '.asdf', '.sdkman',
  'go/bin', 'go/pkg/mod', '.m2/repository', '.gradle/wrapper/dists', '.dotnet',
  '.npm-global', '.yarn/berry/cache', '.bun/install/cache', '.gem', '.cabal/bin', '.ghcup', '.opam', '.elan',
  '.nix-profile', '.conda', 'miniconda3', 'anaconda3', 'miniforge3', '.pixi/bin', '.juliaup', '.local/share/mise', '.proto',
];

// When the home folder cannot be hidden (it is the workspace, or inside it), at least these are.
export const HOME_SECRETS: readonly string[] = [
  '.ssh', '.aws', '.gnupg', '.kube', '.netrc', '.npmrc', '.pypirc', '.docker', '.git-credentials', '.config/gh',
  '.config/gcloud', '.azure', '.cargo/credentials', '.cargo/credentials.toml', '.bash_history', '.zsh_history',
  '.python_history', '.node_repl_history', '.psql_history', '.mysql_history', '.chatcli/.env', '.codeward/.env',
  '.password-store', '.local/share/keyrings', '.vault-token', '.terraform.d/credentials.tfrc.json', '.config/hub',
  '.gem/credentials', '.nuget/NuGet/NuGet.Config', '.m2/settings.xml', '.m2/settings-security.xml', '.gradle/gradle.properties',
  '.config/pip', '.pip', '.condarc', '.yarnrc', '.yarnrc.yml', '.bunfig.toml', '.config/composer/auth.json', '.composer/auth.json',
  '.terraformrc', '.config/op', '.config/doctl', '.config/hcloud', '.s3cfg', '.boto', '.databrickscfg', '.pgpass', '.my.cnf',
  '.config/rclone', '.mozilla', '.config/google-chrome', '.config/chromium', '.config/BraveSoftware', '.thunderbird',
];
// In the home folder: read-only even where it is writable (the workspace is the home folder, or
// sandboxWritable names it): the user's settings and what shells and git run at start-up.
export const HOME_PROTECTED: readonly string[] = [
  '.codeward', '.chatcli', '.config/fish', '.config/git', '.oh-my-zsh', '.ssh', '.gnupg', '.local/bin', 'bin',
  '.config/autostart', '.config/systemd', '.config/environment.d', '.config/pip', '.pip', '.gradle/init.d', '.ipython',
];
export const HOME_PROTECTED_FILES: readonly string[] = [
  '.bashrc', '.bash_profile', '.bash_login', '.bash_logout', '.profile', '.zshrc', '.zshenv', '.zprofile', '.zlogin',
  '.zlogout', '.kshrc', '.mkshrc', '.inputrc', '.gitconfig', '.gitmodules', '.envrc', '.pam_environment',
  '.cargo/config.toml', '.cargo/config', '.m2/settings.xml', '.gradle/gradle.properties', '.pythonrc', '.pythonrc.py',
];

// Local sockets that hand out more power than the sandbox has (the Docker daemon is root; an ssh or
// gpg agent signs as the user; D-Bus starts services; databases). A network namespace does not cover
// Unix sockets in the file system, so they are hidden: all of /run without a network, these with one.
export const HOST_SOCKETS: readonly string[] = [
  '/run/user', '/run/docker.sock', '/var/run/docker.sock', '/run/containerd', '/run/podman', '/run/dbus', '/var/run/dbus',
  '/run/snapd.socket', '/run/postgresql', '/var/run/postgresql', '/run/mysqld', '/var/run/mysqld',
];

export type PathKind = 'dir' | 'file' | 'missing';

export function kindOf(path: string): PathKind {
  try {
    return lstatSync(path).isDirectory() ? 'dir' : 'file';
  } catch {
    return 'missing';
  }
}

// What a path is once symlinks are followed ('missing' for a dangling link).
export function targetKindOf(path: string): PathKind {
  try {
    return statSync(path).isDirectory() ? 'dir' : 'file';
  } catch {
    return 'missing';
  }
}

export function isSymlink(path: string): boolean {
  try {
    return lstatSync(path).isSymbolicLink();
  } catch {
    return false;
  }
}

export function realOf(path: string): string {
  try {
    return realpathSync(path);
  } catch {
    return path;
  }
}

// `path` is `root` or below it.
export function within(path: string, root: string): boolean {
  const rel = relative(root, path);
  return rel === '' || (!rel.startsWith(`..${sep}`) && rel !== '..' && !rel.startsWith(sep));
}

// What one sandboxed process may do, as paths (real paths: the OS checks real paths).
export interface SandboxPolicy {
  readonly mode: Exclude<SandboxMode, 'off'>;
  readonly network: boolean;
  // The workspace root (writable in workspace-write, readable in read-only).
  readonly root: string;
  // The real home folder ($HOME), and whether a private tmpfs hides it (false when the workspace is the
  // home folder or holds it: then only HOME_SECRETS are hidden).
  readonly home: string | undefined;
  readonly hideHome: boolean;
  // Every home folder hidden behind a tmpfs: $HOME and the account's own (when $HOME was changed).
  readonly hiddenHomes: readonly string[];
  // Bound read-only into the hidden homes (HOME_READABLE, absolute).
  readonly homeReadable: readonly string[];
  // A clean copy bound in place of some of them (a git config without its tokens); null: not shown.
  readonly substitutes?: ReadonlyMap<string, string | null>;
  // Read-only even inside the writable workspace (created empty when missing, so nothing can be put there).
  readonly placeholderFolders: readonly string[];
  // Read-only folders (watched when missing).
  readonly protectedPaths: readonly string[];
  // Read-only when they exist; when missing (or a symlink) in a writable place, checked after the run.
  readonly protectedFiles: readonly string[];
  // Hidden (an empty folder or an empty file in their place).
  readonly hidden: readonly string[];
  // Writable besides the workspace and the private /tmp (the `sandboxWritable` config key), existing real paths.
  readonly writable: readonly string[];
  // Set inside: caches that would live in the read-only home go to the private /tmp instead.
  readonly env: Readonly<Record<string, string>>;
}

// Tools keep caches under the home folder, hidden inside: point the common ones at /tmp unless set.
const CACHE_ENV: Readonly<Record<string, string>> = { XDG_CACHE_HOME: '/tmp/.cache', npm_config_cache: '/tmp/.npm' };
// Without a network, update checks only wait for a failure (npm's costs ~250 ms per run): skip them.
const OFFLINE_ENV: Readonly<Record<string, string>> = { npm_config_update_notifier: 'false', NO_UPDATE_NOTIFIER: '1' };

// `~/x` and absolute paths as real paths; missing ones are left out (nothing to bind).
function realPaths(paths: readonly string[], home: string | undefined, root: string): string[] {
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

export function sandboxPolicy(mode: Exclude<SandboxMode, 'off'>, root: string, options: PolicyOptions): SandboxPolicy {
  const home = options.home && options.home.startsWith('/') ? realOf(options.home) : undefined;
  const wanted = { ...CACHE_ENV, ...(options.network ? {} : OFFLINE_ENV) };
  const agent = options.env?.['SSH_AUTH_SOCK'];
  const sockets = [...(options.network ? HOST_SOCKETS : []), ...(agent && agent.startsWith('/') ? [agent] : [])];
  const env = Object.fromEntries(Object.entries(wanted).filter(([name]) => options.env?.[name] === undefined));
  // Hidden unless the workspace is the home folder or holds it (the workspace inside the home folder
  // is the usual case: the home is hidden around it and the workspace bound back).
  // The user's own additions (sandboxReadable); what they name is shown even if it looks secret.
  const userReadable = (options.readable ?? []).flatMap((path) => (path === '~' ? [] : path.startsWith('~/') ? (home ? [join(home, path.slice(2))] : []) : path.startsWith('/') ? [path] : []));
  // An existing folder (a passwd home like /nonexistent has nothing to hide, and bwrap could not mount there).
  const hideable = (path: string | undefined): path is string => path !== undefined && path !== '/' && !within(path, root) && targetKindOf(path) === 'dir';
  const hideHome = hideable(home);
  const inHome = (list: readonly string[]): string[] => (home ? list.map((path) => join(home, path)) : []);
  const account = accountHome(options.accountHome);
  const hiddenHomes = [...(hideHome ? [home] : []), ...(hideable(account) && !(hideHome && (within(account, home) || within(home, account))) ? [account] : [])];
  return {
    mode,
    network: options.network,
    root,
    home,
    hideHome,
    hiddenHomes,
    homeReadable: [
      ...hiddenHomes.flatMap((folder) => HOME_READABLE.map((path) => join(folder, path))),
      ...userReadable,
    ],
    // In the home folder as workspace, no empty folder is left: watched instead.
    placeholderFolders: root === home ? [] : PROTECTED_IN_WORKSPACE.map((path) => join(root, path)),
    protectedPaths: [...(root === home ? PROTECTED_IN_WORKSPACE.map((path) => join(root, path)) : []), ...OTHER_TOOLS_IN_WORKSPACE.map((path) => join(root, path)), ...inHome(HOME_PROTECTED)],
    protectedFiles: [...PROTECTED_FILES_IN_WORKSPACE.map((path) => join(root, path)), ...inHome(HOME_PROTECTED_FILES)],
    // Secrets are hidden even when the home is: a secret folder may be a symlink to a place outside it.
    hidden: [...inHome(HOME_SECRETS).filter((path) => !userReadable.some((shown) => within(path, shown))), ...sockets],
    writable: mode === 'workspace-write' ? realPaths(options.writable ?? [], home, root) : [],
    env,
  };
}
