import { readdirSync, readlinkSync } from 'node:fs';
import { basename, dirname, join, resolve } from 'node:path';
import { lstatQuiet } from '../files/stat-quiet.js';
import { foldersUp } from '../workspace/above.js';
import { compileNonAccessible, type RelMatcher } from '../workspace/globs.js';
import { realOf, targetKindOf, within, type ShownPath } from './policy.js';
import type { SecretPath } from './secret-files.js';
import { readFolder, type FolderLog } from './view-cache.js';
import { scriptFoldersAt, secretScripts } from './secret-scripts.js';
import type { ScriptVerdicts } from './script-verdicts.js';
import { CREDENTIALS, PREFIX_CONTENT, PREFIX_CREDENTIALS, SYS_SHOWN, SYSTEM_FOLDERS } from './toolchains.js';
import { namesMatching, rowOf, unlisted } from './view-allow.js';
import { etcArgs } from './etc-view.js';
import { unnamedHolds } from './view-bytes.js';
export { cutNote, ETC_SECRETS, etcCopied, EtcSecrets } from './etc-view.js';

// THREAT-MODEL "A default-deny sandbox view": a sandboxed process sees the system folders below, /etc and
// /usr by their allow-lists (etc-view.ts, view-allow.ts), the named toolchain folders (toolchains.ts) by
// theirs, with the credential catalogue and the non-accessible globs hidden inside as a second line, the workspace, a fresh /tmp, /dev and its own /proc; nothing else
// exists for it (no sibling of the workspace, no other home, no /var, /srv, /mnt, /media, /opt, /root,
// only the CPU and cgroup parts of /sys).

// How deep the catalogue (`**/NAME` globs) and the non-accessible globs are looked for inside a shown
// folder (its entries and theirs): configuration lives near the top. Deeper places are named by the
// toolchain (Toolchain.hide: nvm's versions/node/*/etc/npmrc), so a run reads only the top folders and
// those paths: package trees below are shown as installed (a python's own test certificates are not the
// user's secrets).
export const SCAN_DEPTH = 2;

// The system part of the bwrap arguments: read-only system folders and the CPU and cgroup parts of /sys,
// /dev, /proc, a fresh /tmp, an empty /run and /var (with the network, the resolver's file
// /etc/resolv.conf points at in /run).
export function systemArgs(network: boolean, args: string[]): void {
  let names: string[];
  try {
    names = readdirSync('/');
  } catch {
    names = [];
  }
  for (const name of SYSTEM_FOLDERS.filter((entry) => names.includes(entry))) {
    const path = `/${name}`;
    const stats = lstatQuiet(path);
    if (name === 'etc' && stats?.isDirectory()) etcArgs(args);
    else if (stats?.isSymbolicLink()) args.push('--symlink', readlinkSync(path), path);
    else if (stats?.isDirectory()) args.push('--ro-bind', path, path);
  }
  sysArgs(args, false);
  args.push('--dev', '/dev', '--proc', '/proc');
  // What of /proc writes to the host kernel is bound read-only over it by bwrapArgs (proc-cover.ts, H9).
  args.push('--tmpfs', '/tmp', '--tmpfs', '/var');
  runArgs(network, args, false);
  args.push('--dir', '/var/tmp');
}

// /sys of the view: its CPU and cgroup parts only (`whole`: the jail's root, where the host's whole /sys is bound first:
// an empty read-only folder over it, red team R38-a5: a jailed root reads root-only DMI serials, ACPI tables such as
// an OEM Windows key, EFI variables).
export function sysArgs(args: string[], whole: boolean): void {
  if (whole) args.push('--tmpfs', '/sys');
  for (const path of SYS_SHOWN) if (lstatQuiet(path)?.isDirectory()) args.push('--ro-bind', path, path);
  if (whole) args.push('--remount-ro', '/sys');
}

// Whether `real` is in /sys as the view shows it.
export const sysShown = (real: string): boolean => SYS_SHOWN.some((path) => within(real, path));

// Where the host keeps its runtime state: sockets (Docker, D-Bus, the session buses under /run/user, databases),
// secrets (Docker's and Kubernetes' /run/secrets, systemd's /run/credentials), pid files.
export const RUN_FOLDERS: readonly string[] = ['/run', '/var/run', '/var/lock'];

// /run of the view: empty, /var/run and /var/lock the links into it they are on most systems (`whole`: the jail's
// whole root, where /var is the host's: a real folder there is emptied too), with the network, the resolver's file
// /etc/resolv.conf points at in /run bound back. One place for the sandbox and `--sandbox off`'s jail (R37-a5).
export function runArgs(network: boolean, args: string[], whole: boolean): void {
  // (The whole root cannot make a folder the host lacks.)
  if (!whole || lstatQuiet('/run')?.isDirectory()) args.push('--tmpfs', '/run');
  for (const path of RUN_FOLDERS.slice(1)) {
    const stats = lstatQuiet(path);
    if (stats?.isSymbolicLink() && !whole) args.push('--symlink', readlinkSync(path), path);
    else if (stats?.isDirectory() && whole) args.push('--tmpfs', path);
  }
  const resolver = realOf('/etc/resolv.conf');
  if (network && resolver !== '/etc/resolv.conf' && within(resolver, '/run') && lstatQuiet(resolver)?.isFile()) args.push('--ro-bind', resolver, resolver);
}

// Without what lies inside a hidden folder (bwrap could not make a mount point in the read-only empty folder).
export function outermost(found: readonly SecretPath[]): SecretPath[] {
  const dirs = found.filter((secret) => secret.kind === 'dir').map((secret) => secret.path);
  return found.filter((secret) => !dirs.some((dir) => dir !== secret.path && within(secret.path, dir)));
}

// One segment matcher per segment of an anchored glob (`versions/node/*/etc/npmrc`): picomatch's answers, without
// loading it for plain names and one-star segments (view-allow.ts namesMatching).
function segmentsOf(glob: string): ((name: string) => boolean)[] {
  return glob.split('/').map((segment) => namesMatching([segment]));
}

// The secrets inside the shown toolchain folders (and PATH's): the catalogue and the non-accessible
// globs down to SCAN_DEPTH, and each toolchain's own deeper paths. Read on every run, without a cache:
// a few dozen folders (a cache would have to be kept where no sandboxed process can write, for little).
export class ToolchainSecrets {
  private readonly shallow: RelMatcher;
  private readonly anchored = new Map<string, ((name: string) => boolean)[][]>();

  constructor(globs: readonly string[]) {
    this.shallow = compileNonAccessible([...CREDENTIALS.map((entry) => entry.glob), ...globs]);
  }

  // `log`: the folders read (and each shown root, found or not), for the cache (view-cache.ts); `verdicts`: the
  // scripts' answers kept per file (script-verdicts.ts).
  find(shown: readonly ShownPath[], log?: FolderLog, verdicts?: ScriptVerdicts): SecretPath[] {
    const found = new Map<string, SecretPath>();
    const done = new Set<string>();
    for (const entry of shown) {
      if (!entry.scan) continue;
      log?.note(entry.path);
      const root = realOf(entry.path);
      log?.note(root);
      if (done.has(root) || lstatQuiet(root)?.isDirectory() !== true) continue;
      done.add(root);
      const deep = this.anchoredFor(entry.hide ?? []);
      this.walk(root, [], entry.depth ?? SCAN_DEPTH, deep, found, log);
      // A named toolchain folder: its install prefixes at any depth; a PATH folder or a part of its
      // prefix: that prefix's own credential files only.
      if (entry.toolchain && entry.depth === undefined) prefixSecrets(root, 0, found, log);
      else if (!entry.toolchain) {
        const around = new Map<string, SecretPath>();
        prefixSecrets(dirname(root), PREFIX_DEPTH, around, log);
        for (const [path, secret] of around) if (within(path, root)) found.set(path, secret);
      }
      // A `bin` folder (~/.local/bin, a PATH folder, ~/.npm-global/bin, PNPM_HOME): the person's scripts that look secret (R9-12).
      const bins = scriptFoldersAt(root);
      // A named toolchain folder not shown whole: only its allow-list (view-allow.ts, red team R16-1); every
      // install prefix's bin gets the scripts' check too (a virtualenv's postactivate with an export).
      const row = entry.toolchain ? rowOf(entry.path) : undefined;
      if (row && !row.whole && basename(root) !== 'bin' && lstatQuiet(root)?.isDirectory()) {
        for (const secret of unlisted(root, { shows: row.shows ?? [] }, log, bins)) found.set(secret.path, secret);
      }
      for (const folder of new Set(bins)) for (const path of secretScripts(folder, log, verdicts)) found.set(path, { path, kind: 'file' });
    }
    return outermost([...found.values()]);
  }

  private anchoredFor(hide: readonly string[]): ((name: string) => boolean)[][] {
    const key = hide.join('\n');
    let compiled = this.anchored.get(key);
    if (!compiled) {
      compiled = hide.map(segmentsOf);
      this.anchored.set(key, compiled);
    }
    return compiled;
  }

  private walk(dir: string, rel: readonly string[], depth: number, deep: readonly ((name: string) => boolean)[][], found: Map<string, SecretPath>, log: FolderLog | undefined): void {
    const items = readFolder(dir, log);
    const anchored = (at: string): boolean => deep.some((segments) => at.split('/').every((part, index) => segments[index]?.(part) === true) && at.split('/').length === segments.length);
    if (unnamedHolds(dir, items.map((item) => item.name), rel, (at) => this.shallow.entry(at) || anchored(at))) return void found.set(realOf(dir), { path: realOf(dir), kind: 'dir' });
    for (const item of items) {
      const parts = [...rel, item.name];
      const path = join(dir, item.name);
      // Patterns whose first segments match this path so far.
      const live = deep.filter((segments) => segments.length >= parts.length && parts.every((part, index) => segments[index]!(part)));
      if ((parts.length <= depth && this.shallow.entry(parts.join('/'))) || live.some((segments) => segments.length === parts.length)) {
        const real = realOf(path);
        const kind = targetKindOf(real);
        if (kind !== 'missing' && !['/dev', '/proc', '/sys'].some((system) => within(real, system))) found.set(real, { path: real, kind });
      } else if (item.isDirectory() && (parts.length < depth || live.length > 0)) {
        this.walk(path, parts, depth, deep, found, log);
      }
    }
  }
}

// How deep install prefixes are looked for in a shown folder (`.nvm/versions/node/v20`: 3, a pyenv
// virtualenv `.pyenv/versions/3.12/envs/tool`: 4, conda's `envs/x` inside a version: 5).
const PREFIX_DEPTH = 6;

// Red team: the credential catalogue at any depth of a toolchain folder, without a walk of its package
// trees. Every install prefix (a folder holding `bin`) is found wherever the manager put it, and what a
// prefix keeps credentials in (PREFIX_CREDENTIALS: npm's builtin npmrc in lib/node_modules/npm, a
// prefix's etc/npmrc, a virtualenv's pip.conf) is hidden there. A prefix's own programs and libraries
// (PREFIX_CONTENT) are not entered; the rest is (`envs`, `versions`, `installs`...).
function prefixSecrets(dir: string, depth: number, found: Map<string, SecretPath>, log: FolderLog | undefined): void {
  const entries = readFolder(dir, log);
  if (unnamedHolds(dir, entries.map((entry) => entry.name), [], (at) => PREFIX_CREDENTIALS.some((rel) => at.endsWith(`/${rel}`)))) return void found.set(realOf(dir), { path: realOf(dir), kind: 'dir' });
  const prefix = entries.some((entry) => entry.name === 'bin' && (entry.isDirectory() || entry.isSymbolicLink()));
  if (prefix) {
    for (const rel of PREFIX_CREDENTIALS) {
      const path = join(dir, rel);
      // A file made there later changes that folder's times: the cache sees it.
      log?.note(dirname(path));
      const kind = lstatQuiet(path) ? targetKindOf(path) : 'missing';
      if (kind !== 'missing') found.set(realOf(path), { path: realOf(path), kind });
    }
  }
  if (depth >= PREFIX_DEPTH) return;
  for (const entry of entries) {
    if (!entry.isDirectory() || (prefix && PREFIX_CONTENT.includes(entry.name))) continue;
    prefixSecrets(join(dir, entry.name), depth + 1, found, log);
  }
}

// The repository a workspace is a subfolder of (the folder holding its `.git`), or undefined.
// Above the workspace only the current user's repository counts (workspace/above.ts, red team H5).
export function enclosingRepository(root: string): string | undefined {
  for (const dir of foldersUp(root)) if (dir !== resolve(root) && lstatQuiet(join(dir, '.git'))) return dir;
  return undefined;
}

// Why git fails inside when the workspace is a subfolder of a repository (issue 28): the view shows the
// workspace alone, and git needs the whole working tree (every other folder would read as deleted) and
// the repository's git folder (whose hooks and config a later git obeys). codeward's own git commands
// run outside the sandbox and see the whole repository.
export function subfolderGitHint(root: string, repository: string): string {
  return `git inside the sandbox cannot see the repository: the workspace ${root} is a subfolder of ${repository}, and the sandbox shows only the workspace (git would need the repository's other folders and its .git, which stay out of view); use codeward's git-status, git-diff, git-log and git-changed (they read the whole repository, outside the sandbox), or open the repository itself as the workspace (-C ${repository})`;
}
