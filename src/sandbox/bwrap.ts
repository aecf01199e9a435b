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

// Where to guard a missing protected path: the highest missing folder on the way from the root (so
// `.git/hooks` without `.git` guards `.git` itself), or an existing file that stands in the way (a
// worktree's `.git` file: bound read-only, it cannot be swapped for a folder with hooks).
function guardFor(path: string, root: string): { readonly path: string; readonly kind: 'folder' | 'file' } {
  let missing = path;
  for (let current = dirname(path); inside(current, root); current = dirname(current)) {
    const kind = kindOf(current);
    if (kind === 'missing') missing = current;
    else if (kind === 'file') return { path: current, kind: 'file' };
    else break;
  }
  return { path: missing, kind: 'folder' };
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
    const guard = guardFor(path, policy.root);
    if (created.includes(guard.path) || args.includes(guard.path)) continue;
    if (guard.kind === 'file') {
      args.push('--ro-bind', guard.path, guard.path);
      continue;
    }
    args.push('--tmpfs', guard.path, '--remount-ro', guard.path);
    created.push(guard.path);
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
