import { lstatSync, realpathSync } from 'node:fs';
import { join, resolve } from 'node:path';

export const SANDBOX_MODES = ['off', 'workspace-write', 'read-only'] as const;
export type SandboxMode = (typeof SANDBOX_MODES)[number];

// Inside the workspace, always read-only for sandboxed processes, existing or not: a hook or a policy
// file planted from inside would run or apply outside the sandbox later (CVE-2026-25725).
export const PROTECTED_IN_WORKSPACE: readonly string[] = ['.git/hooks', '.codeward'];
// Read-only when they exist: `.git/config` can name programs git runs (core.fsmonitor, core.hooksPath,
// filter drivers), outside the sandbox, on the next `git status`.
export const PROTECTED_FILES_IN_WORKSPACE: readonly string[] = ['.git/config'];

// In the home folder: hidden from sandboxed processes (credentials), and codeward's own settings read-only.
export const HOME_SECRETS: readonly string[] = ['.ssh', '.aws', '.gnupg', '.kube', '.netrc', '.npmrc', '.docker/config.json', '.git-credentials', '.config/gh'];
export const HOME_PROTECTED: readonly string[] = ['.codeward'];

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

// What one sandboxed process may do, as paths (real paths: the OS checks real paths).
export interface SandboxPolicy {
  readonly mode: Exclude<SandboxMode, 'off'>;
  readonly network: boolean;
  // The workspace root (writable in workspace-write, readable in read-only).
  readonly root: string;
  // Read-only even inside the writable workspace (created empty when missing, so nothing can be put there).
  readonly protectedPaths: readonly string[];
  // Read-only when they exist.
  readonly protectedFiles: readonly string[];
  // Hidden (an empty folder or an empty file in their place).
  readonly hidden: readonly string[];
  // Writable besides the workspace and the private /tmp (the `sandboxWritable` config key), existing real paths.
  readonly writable: readonly string[];
  // Set inside: caches that would live in the read-only home go to the private /tmp instead.
  readonly env: Readonly<Record<string, string>>;
  readonly home: string | undefined;
}

// Tools keep caches under the home folder, read-only inside: point the common ones at /tmp unless set.
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
  // The environment the process gets (variables already set are not overridden).
  readonly env?: Readonly<Record<string, string | undefined>>;
}

export function sandboxPolicy(mode: Exclude<SandboxMode, 'off'>, root: string, options: PolicyOptions): SandboxPolicy {
  const { home } = options;
  const wanted = { ...CACHE_ENV, ...(options.network ? {} : OFFLINE_ENV) };
  const agent = options.env?.['SSH_AUTH_SOCK'];
  const sockets = [...(options.network ? HOST_SOCKETS : []), ...(agent && agent.startsWith('/') ? [agent] : [])];
  const env = Object.fromEntries(Object.entries(wanted).filter(([name]) => options.env?.[name] === undefined));
  return {
    mode,
    network: options.network,
    root,
    protectedPaths: [...PROTECTED_IN_WORKSPACE.map((path) => join(root, path)), ...(home ? HOME_PROTECTED.map((path) => join(home, path)) : [])],
    protectedFiles: PROTECTED_FILES_IN_WORKSPACE.map((path) => join(root, path)),
    hidden: [...(home ? HOME_SECRETS.map((path) => join(home, path)) : []), ...sockets],
    writable: mode === 'workspace-write' ? realPaths(options.writable ?? [], home, root) : [],
    env,
    home,
  };
}
