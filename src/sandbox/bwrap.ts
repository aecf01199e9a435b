import { realpathSync } from 'node:fs';
import { dirname, relative, sep } from 'node:path';
import { kindOf, type SandboxPolicy } from './policy.js';

export interface WrappedArgs {
  readonly args: string[];
  // Folders bwrap creates on the host as mount points for protected paths that did not exist (left
  // behind empty).
  readonly created: string[];
}

function realOf(path: string): string {
  try {
    return realpathSync(path);
  } catch {
    return path;
  }
}

function inside(path: string, root: string): boolean {
  const rel = relative(root, path);
  return rel !== '' && !rel.startsWith('..') && !rel.startsWith(sep);
}

// The highest missing folder on the way from the root to `path` (so `.git/hooks` without `.git`
// protects `.git` itself), or undefined when `path` exists.
function firstMissing(path: string, root: string): string | undefined {
  let missing: string | undefined;
  for (let current = path; inside(current, root); current = dirname(current)) {
    if (kindOf(current) === 'missing') missing = current;
    else break;
  }
  return missing;
}

// bubblewrap arguments for a policy: the whole file system read-only, a private /tmp, fresh /dev and
// /proc, the workspace writable (or read-only), protected paths read-only even when missing, secrets
// hidden, no network unless allowed, its own PID and IPC namespaces, killed with its parent.
export function bwrapArgs(policy: SandboxPolicy, cwd: string): WrappedArgs {
  const args = ['--die-with-parent', '--unshare-pid', '--unshare-ipc'];
  if (!policy.network) args.push('--unshare-net');
  args.push('--ro-bind', '/', '/', '--dev', '/dev', '--proc', '/proc', '--tmpfs', '/tmp');
  // Without a network, no local socket either (/var/run is a link to /run); with one, HOST_SOCKETS are hidden.
  if (!policy.network && kindOf('/run') === 'dir') args.push('--tmpfs', '/run');
  args.push(policy.mode === 'workspace-write' ? '--bind' : '--ro-bind', policy.root, policy.root);
  for (const path of policy.writable) args.push('--bind', path, path);
  const created: string[] = [];
  for (const path of policy.protectedPaths) {
    const kind = kindOf(path);
    if (kind !== 'missing') {
      args.push('--ro-bind', path, path);
      continue;
    }
    // Missing inside the writable workspace: an empty read-only folder in its place, so nothing can be
    // created there. (Outside the workspace everything is read-only already.)
    if (policy.mode !== 'workspace-write' || !inside(path, policy.root)) continue;
    const top = firstMissing(path, policy.root) ?? path;
    if (created.includes(top)) continue;
    args.push('--tmpfs', top, '--remount-ro', top);
    created.push(top);
  }
  for (const path of policy.protectedFiles) {
    if (kindOf(path) !== 'missing') args.push('--ro-bind', path, path);
  }
  const hidden = new Set<string>();
  for (const path of policy.hidden) {
    const kind = kindOf(path);
    if (kind === 'missing') continue;
    const real = realOf(path);
    // Seen through another spelling (/var/run is /run). Paths under the fresh /tmp are hidden too: the
    // workspace (bound back in) may contain them.
    if (hidden.has(real)) continue;
    hidden.add(real);
    if (kind === 'dir') args.push('--tmpfs', real, '--remount-ro', real);
    else args.push('--ro-bind', '/dev/null', real);
  }
  args.push('--setenv', 'TMPDIR', '/tmp');
  for (const [name, value] of Object.entries(policy.env)) args.push('--setenv', name, value);
  args.push('--chdir', cwd, '--');
  return { args, created };
}
