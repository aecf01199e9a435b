import { accessSync, constants, lstatSync, readdirSync, readFileSync, readlinkSync } from 'node:fs';
import { dirname } from 'node:path';
import { lstatQuiet } from '../files/stat-quiet.js';
import { fileGuards, folderGuards, gitGuards, writePlaceholder, type Guard } from './guards.js';
import type { MountPointMaker } from './mount-points.js';
import { procCoverArgs } from './proc-cover.js';
import { keyringFilter, localSocketFilter, WRAPPER_INPUT_FD } from './seccomp.js';
import { byListing, kindOf, realOf, targetKindOf, within, type PathKind, type SandboxPolicy } from './policy.js';
import { SYSTEM_FOLDERS } from './toolchains.js';
import { systemArgs } from './view.js';

export interface WrappedArgs {
  readonly args: string[];
  // Mount points on the host for protected paths that did not exist (empty folders and files): created
  // and recorded by the MountPointMaker when one is given (mount-points.ts removes them after the last
  // run), else by bwrap (left behind).
  readonly created: string[];
  // Protected paths no mount can guard: checked after the run (planted.ts).
  readonly watched: string[];
  // What the wrapper reads on fd WRAPPER_INPUT_FD, WRAPPER_INPUT_FD + 1, ... (shell/run.ts gives them).
  readonly inputs: Buffer[];
}

// What is bound over a file that must read as empty: the policy's empty file (a bound /dev/null answers
// EACCES: mounts inside have no device nodes), never one writable from inside (it is bound everywhere).
function emptySource(policy: SandboxPolicy): string {
  const file = policy.emptyFile;
  return file && !writableAreas(policy).some((area) => within(file, area) || within(realOf(file), area)) ? file : '/dev/null';
}

// The places a sandboxed process can write to on the host (the private /tmp and home tmpfs aside).
function writableAreas(policy: SandboxPolicy): string[] {
  return [...(policy.mode === 'workspace-write' ? [policy.root] : []), ...policy.writable];
}

// Every guard that matters: those under a writable area (everything else is read-only already).
function guardsFor(policy: SandboxPolicy): Guard[] {
  const areas = writableAreas(policy);
  if (areas.length === 0) return [];
  const guards: Guard[] = policy.mode === 'workspace-write' ? gitGuards(policy.root, policy.home, policy.gitReadOnly === true) : [];
  // A missing `.codeward` / `.chatcli` is watched, not mounted: a mount point would leave an empty folder
  // in the workspace after every run (issue 20); one a process creates is moved aside after the run.
  for (const path of policy.placeholderFolders) folderGuards(path, guards, false);
  for (const path of policy.protectedPaths) folderGuards(path, guards, false);
  const kinds = byListing<PathKind>('missing', kindOf);
  for (const path of policy.protectedFiles) fileGuards(path, guards, kinds);
  const inArea = (path: string): boolean => areas.some((area) => within(path, area));
  return guards.flatMap((guard) => (inArea(guard.path) ? [guard] : inArea(realOf(guard.path)) ? atReal(guard) : []));
}

// A guard of a path outside the writable areas that resolves into one (a home start-up file or folder
// linked into the workspace, `~/.local/bin -> dotfiles/bin`, red team R7-11): guarded where it really is,
// after the workspace is bound (the link's own spelling lies in the hidden home, where bwrap cannot bind).
function atReal(guard: Guard): Guard[] {
  const real = realOf(guard.path);
  return guard.kind === 'ro' && kindOf(real) !== 'missing' ? [{ kind: 'ro', path: real }] : [{ kind: 'watch', path: guard.path }];
}

// The hidden homes (a private, writable, throw-away tmpfs each: programs expect $HOME), then what the
// view shows read-only (toolchains, PATH folders, the user's sandboxReadable): a symlinked entry is
// recreated as the link and its target shown too (never one holding the workspace). The jail's whole root
// (policy.view) shows its homes, /tmp and /var/tmp the same way (its homes read-only: bwrapArgs), and what lies
// outside them is shown already: only its clean copies are bound.
function shownArgs(policy: SandboxPolicy, args: string[]): void {
  const homes = policy.view?.homes ?? policy.hiddenHomes;
  for (const home of homes) args.push('--tmpfs', home);
  const bound = new Set<string>();
  const bind = (path: string): void => {
    if (bound.has(path)) return;
    bound.add(path);
    args.push('--ro-bind', path, path);
  };
  // A copy of an /etc file without its secret lines (view.ts etcCopied), bound over /etc's own.
  const shownPaths = new Set(policy.shown.map(({ path }) => path));
  for (const [path, copy] of policy.substitutes ?? []) if (!shownPaths.has(path) && (!policy.view || lstatQuiet(path))) args.push('--ro-bind', copy ?? emptySource(policy), path);
  for (const { path } of policy.shown) {
    const substitute = policy.substitutes?.get(path);
    // (The whole root shows it already, but in a folder the jail makes anew: a home, /tmp, /var/tmp.)
    if (policy.view && substitute === undefined && !policy.view.anew(path)) continue;
    // One lstat per path: most of the list is missing on any one machine.
    const stats = lstatQuiet(path);
    if (substitute !== undefined) {
      // (In the whole root the file is there unless covered: an empty one over it.)
      if (!policy.view) {
        if (substitute !== null) args.push('--ro-bind', substitute, path);
      } else if (stats) args.push('--ro-bind', substitute ?? emptySource(policy), path);
    } else if (!stats) {
      continue;
    } else if (stats.isSymbolicLink()) {
      let target: string;
      try {
        target = readlinkSync(path);
      } catch {
        continue;
      }
      args.push('--dir', dirname(path), '--symlink', target, path);
      const real = realOf(path);
      if (real !== path && real !== '/' && !within(policy.root, real) && kindOf(real) !== 'missing') bind(real);
    } else {
      bind(path);
    }
  }
}

function writableFolder(path: string): boolean {
  try {
    accessSync(path, constants.W_OK);
    return true;
  } catch {
    return false;
  }
}

// A mount point of ANOTHER codeward's sandbox (one with another state folder) may stand where this run
// guards a path: an empty folder, an empty file or a `.` commondir it made. When that codeward removes it
// after its own run, Linux detaches this sandbox's mount there too (rmdir of a mount point of another
// mount namespace), and a process here could then create `.git/hooks/pre-commit` or a whole `.git`.
// Such paths are also watched: whatever stands there after the run that was not there before is moved
// aside (planted.ts), so nothing created through the detached mount is obeyed.
function mayBePlaceholder(path: string): boolean {
  try {
    const stats = lstatSync(path);
    if (stats.isDirectory()) return readdirSync(path).length === 0;
    return stats.isFile() && (stats.size === 0 || (stats.size === 2 && readFileSync(path, 'utf8') === '.\n'));
  } catch {
    return false;
  }
}

function guardArgs(guards: readonly Guard[], empty: string, args: string[], created: string[], watched: string[], maker: MountPointMaker | undefined): void {
  const done = new Set<string>();
  for (const guard of guards) {
    const key = `${guard.kind}:${guard.path}`;
    if (done.has(key)) continue;
    done.add(key);
    switch (guard.kind) {
      case 'self':
        args.push('--bind', guard.path, guard.path);
        break;
      case 'ro':
        args.push('--ro-bind', guard.path, guard.path);
        if (mayBePlaceholder(guard.path)) watched.push(guard.path);
        break;
      case 'empty-dir':
      case 'empty-file':
        // A folder this user cannot write to: nothing can be created there from inside either (no
        // capabilities), and bwrap could not create its mount point (every exec would fail).
        if (!writableFolder(dirname(guard.path))) break;
        maker?.make(guard.path, guard.kind === 'empty-dir' ? 'dir' : 'file');
        if (guard.kind === 'empty-dir') args.push('--tmpfs', guard.path, '--remount-ro', guard.path);
        else args.push('--ro-bind', empty, guard.path);
        created.push(guard.path);
        watched.push(guard.path);
        break;
      case 'placeholder':
        if (maker ? maker.make(guard.path, 'file', guard.content) !== 'failed' : writePlaceholder(guard.path, guard.content)) args.push('--ro-bind', guard.path, guard.path);
        watched.push(guard.path);
        break;
      case 'watch':
        watched.push(guard.path);
        break;
    }
  }
}

// Secrets stay hidden wherever they really are: a `~/.ssh` that is a symlink to /data/ssh hides
// /data/ssh (and is bound by what it points at: a folder gets an empty folder, a file an empty file).
function hiddenArgs(policy: SandboxPolicy, args: string[]): void {
  const hidden = new Set<string>();
  const visible = [policy.root, ...policy.writable, ...policy.shown.map((entry) => realOf(entry.path)), ...SYSTEM_FOLDERS.map((name) => realOf(`/${name}`))];
  for (const path of policy.hidden) {
    const kind = targetKindOf(path);
    if (kind === 'missing') continue;
    const real = realOf(path);
    // Only what is in view (a link elsewhere is not out of sight, nor what is bound back into a hidden
    // home: a toolchain folder holding a credentials file, ~/.gem/credentials).
    if (policy.view ? !policy.view.inView(policy, real) : !visible.some((area) => within(real, area))) continue;
    // Seen through another spelling (/var/run is /run). Paths under the fresh /tmp are hidden too: the
    // workspace (bound back in) may contain them.
    if (hidden.has(real)) continue;
    hidden.add(real);
    if (kind === 'dir') args.push('--tmpfs', real, '--remount-ro', real);
    else args.push('--ro-bind', emptySource(policy), real);
  }
}

// What `read` refuses in the workspace is out of sight of recursive readers too (`grep -r`, `tar c .`):
// an empty read-only folder or file in its place (a mount point: it cannot be removed or renamed either).
// The same for the secrets of /etc and of the toolchain folders (view.ts).
function secretArgs(policy: SandboxPolicy, args: string[]): void {
  const empty = emptySource(policy);
  // Nothing inside a folder already hidden (its empty read-only folder has no place for a mount point), but inside a
  // folder it keeps (bound back read-only from the host: repo-configs.ts HiddenHolder), after it (the shorter path first).
  const secrets: readonly { readonly path: string; readonly kind: string; readonly keep?: readonly string[] }[] = [...(policy.viewSecrets ?? []), ...(policy.workspaceSecrets ?? [])];
  const covered = (inner: string): boolean => secrets.some((outer) => outer.kind === 'dir' && outer.path !== inner && within(inner, outer.path) && !(outer.keep ?? []).some((folder) => within(inner, folder)));
  for (const { path, kind, keep = [] } of secrets.filter((secret) => !covered(secret.path)).sort((a, b) => a.path.length - b.path.length)) {
    // Out of the jail's view (an emptied home): nothing to hide.
    if (policy.view && !policy.view.inView(policy, path)) continue;
    if (kind === 'dir') args.push('--tmpfs', path, ...keep.flatMap((folder) => ['--ro-bind', folder, folder]), '--remount-ro', path);
    else args.push('--ro-bind', empty, path);
  }
}

// The repository enclosing a subfolder workspace (enclosing-git.ts): read-only, the index bound as its
// skip-worktree copy, its hooks and credential stores hidden (its configs get their filtered copies last).
function enclosingArgs(policy: SandboxPolicy, args: string[]): void {
  const git = policy.enclosingGit;
  if (!git) return;
  for (const path of git.shown) args.push('--ro-bind', path, path);
  if (git.index) args.push('--ro-bind', git.index[1], git.index[0]);
  const empty = emptySource(policy);
  for (const { path, kind } of git.hidden) args.push(...(kind === 'dir' ? ['--tmpfs', path, '--remount-ro', path] : ['--ro-bind', empty, path]));
  for (const [name, value] of Object.entries(git.env)) args.push('--setenv', name, value);
}

// bubblewrap arguments for a policy: the default-deny view (view.ts: the system folders, /etc without
// its secrets, a private /tmp, fresh /dev and /proc, the toolchain folders in an empty private home),
// the workspace writable (or read-only),
// everything a later program obeys read-only even when missing, secrets hidden, no network unless
// allowed, its own PID and IPC namespaces, killed with its parent. `maker` creates (and records) the
// mount points of missing protected paths (mount-points.ts).
export function bwrapArgs(policy: SandboxPolicy, cwd: string, maker?: MountPointMaker): WrappedArgs {
  // No capabilities even when codeward runs as root: with CAP_SYS_ADMIN a process could unmount every guard.
  const args = ['--die-with-parent', '--unshare-pid', '--unshare-ipc', '--cap-drop', 'ALL'];
  // With the network on, the run shares the host's network namespace: loopback services stay reachable (said
  // wherever the network is named: network-words.ts); the host's abstract unix sockets are kept out by a
  // seccomp filter on the socket families (seccomp.ts, red team R16-3).
  // Every run's filter refuses the kernel keyrings (seccomp.ts, red team R37-a6).
  const filter = policy.network ? localSocketFilter() : keyringFilter();
  const inputs = filter ? [filter] : [];
  if (filter) args.push('--seccomp', String(WRAPPER_INPUT_FD));
  if (!policy.network) args.push('--unshare-net');
  if (policy.view) policy.view.rootArgs(args, policy);
  else systemArgs(policy.network, args);
  procCoverArgs(args);
  // A workspace under /tmp: its top folder there is a tmpfs of its own, made read-only at the end
  // (policy.ts tmpLayout); with all of /tmp read-only, the temp folder is a tmpfs of its own.
  const readOnlyTmp = policy.readOnlyTmp ?? [];
  for (const top of readOnlyTmp) if (top !== '/tmp') args.push('--tmpfs', top);
  if (policy.tmp !== undefined && policy.tmp !== '/tmp') args.push('--tmpfs', policy.tmp);
  shownArgs(policy, args);
  // The workspace is a mount of its own, over every writable folder holding it (sandboxWritable: ["~"]): bound under
  // one, a run could rename a folder above a hidden path out of the workspace (same mount: no EXDEV) to where no
  // workspace glob reaches, and a staged run's overlay (swapped in for this bind) would be covered by the host's folder.
  const holding = policy.writable.filter((path) => within(policy.root, path));
  for (const path of holding) args.push('--bind', path, path);
  args.push(policy.mode === 'workspace-write' ? '--bind' : '--ro-bind', policy.root, policy.root);
  for (const path of policy.writable) if (!holding.includes(path)) args.push('--bind', path, path);
  enclosingArgs(policy, args);
  const created: string[] = [];
  const watched: string[] = [];
  guardArgs(guardsFor(policy), emptySource(policy), args, created, watched, maker);
  hiddenArgs(policy, args);
  secretArgs(policy, args);
  for (const [path, source] of policy.objectBinds ?? []) args.push('--ro-bind', source, path);
  // Last: over the git folder's own binds (read-only or in place), the configs without their credentials.
  for (const [path, copy] of policy.repositoryConfigs ?? []) args.push('--ro-bind', copy ?? emptySource(policy), path);
  for (const top of readOnlyTmp) args.push('--remount-ro', top);
  // The root bwrap builds the view in: nothing can be created beside the mounts (nor in the jail's emptied homes, nor
  // beside the workspace in its /var/tmp).
  for (const folder of policy.view?.sealed(policy) ?? []) args.push('--remount-ro', folder);
  args.push('--remount-ro', '/');
  args.push('--setenv', 'TMPDIR', policy.tmp ?? '/tmp');
  for (const [name, value] of Object.entries(policy.env)) args.push('--setenv', name, value);
  args.push('--chdir', cwd, '--');
  return { args, created, watched, inputs };
}
