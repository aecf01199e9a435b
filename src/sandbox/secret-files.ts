import { accessSync, constants, lstatSync, mkdirSync, readFileSync, renameSync, rmSync, writeFileSync, type BigIntStats, type Dirent } from 'node:fs';
import { dirname, join } from 'node:path';
import { isCredentialStoreFile } from '../git/credential-store-content.js';
import { buildVersion } from '../workspace/cache-file.js';
import { compileNonAccessible, type RelMatcher } from '../workspace/globs.js';
import { realOf, targetKindOf, within, type PathKind } from './policy.js';
import { bytePath, gone, holdsBelow, listBytes, setAside, setAsideMessage } from './byte-names.js';
import { credentialConfig, folderGitConfigs } from './walked-configs.js';

// A workspace path the sandbox hides (what `read` refuses): an empty read-only folder or an empty
// read-only file in its place.
export interface SecretPath {
  readonly path: string;
  readonly kind: Exclude<PathKind, 'missing'>;
}

// What one folder held when last read: matched entries and the folders to walk into. Valid while the
// folder is the same inode with the same ctime (any entry added, removed or renamed changes it, and
// ctime cannot be set back by a user, unlike mtime: `tar x` and `touch -d` restore old mtimes).
interface FolderScan {
  readonly ino: bigint;
  readonly ctimeNs: bigint;
  readonly hits: readonly string[];
  readonly folders: readonly string[];
  // Its git config files (walked-configs.ts): the sandbox binds a filtered copy over each (repo-configs.ts).
  readonly configs: readonly string[];
  readonly racy: boolean;
}

const RACY_NS = 2_000_000_000n;

// A folder hidden whole: it cannot be listed or searched, or holds a secret under a name that cannot be carried.
const CLOSED = Symbol('closed');

// A folder's stats; undefined when nothing (or no folder) is there. Any other error (ENAMETOOLONG, EACCES) is not
// "no folder" (red team R42-a3): CLOSED.
function folderStats(path: string): BigIntStats | typeof CLOSED | undefined {
  try {
    const stats = lstatSync(path, { bigint: true });
    return stats.isDirectory() ? stats : undefined;
  } catch (error) {
    return gone(error) ? undefined : CLOSED;
  }
}

// The longest path a mount can hide: bwrap's targets are paths below its /newroot/, and PATH_MAX (4096) counts the
// closing NUL; kept roomy.
const MOUNT_MAX = 3999;

// Finds the workspace entries that match the non-accessible globs (and git credential stores by their
// content: git/credential-store-content.ts), walking every folder (node_modules
// and .git too: a glob like `**/*.pem` can match there) but not into a matched folder (hidden whole) nor
// through symlinks. One engine keeps one finder: a later run reads again only the folders that changed
// and stats the others (measured in bench/sandbox.mjs).
export class SecretFinder {
  private readonly matcher: RelMatcher;
  private readonly scans = new Map<string, FolderScan>();
  private readonly root: string;
  private readonly key: string;
  // A `.git` is on the workspace's own path: every config in it is a git folder's (walked-configs.ts).
  private readonly inGit: boolean;
  private loaded = false;
  private changed = false;
  // What the walks set aside (a name that is not UTF-8), one warning each; the caller takes them.
  readonly renamed: string[] = [];

  // `cacheFile`: where the folder scans are kept between processes (a one-shot CLI exec would walk the
  // whole tree every time); never one the sandboxed process can write (the caller checks).
  constructor(
    root: string,
    private readonly globs: readonly string[],
    private readonly cacheFile?: string,
  ) {
    this.root = realOf(root);
    this.matcher = compileNonAccessible(globs);
    this.inGit = this.root.split('/').includes('.git');
    // 'stores': the folder scans also hold the credential stores found by content (an older cache did not);
    // the build (workspace/cache-file.ts buildVersion): an upgrade never reuses the scans of the code it replaced.
    this.key = cacheFile === undefined ? '' : JSON.stringify([this.root, globs, 'stores', 'configs', 'config-links', buildVersion()]);
  }

  // Real paths to hide, a symlink's target in place of the link.
  find(): SecretPath[] {
    this.load();
    this.changed = false;
    const found = new Map<string, SecretPath>();
    const seen = new Set<string>();
    const hide = (hit: string): void => {
      const real = realOf(join(this.root, hit));
      const kind = targetKindOf(real);
      if (kind !== 'missing' && this.hideable(real, kind)) found.set(real, { path: real, kind });
    };
    const mountable = (rel: string): boolean => Buffer.byteLength(join(this.root, rel)) <= MOUNT_MAX;
    // Red team R41-a5/a9: a folder the walk cannot list or search, or whose non-UTF-8 entry holding a secret cannot
    // be renamed, is not "nothing to hide": hidden whole (the workspace itself cannot be: refused). R42-a3: what is to
    // be hidden at a path too long for a mount is hidden by the folder above it (false: the caller hides itself).
    const whole = (rel: string): boolean => {
      if (rel === '') throw new Error('the workspace folder cannot be listed or searched by codeward, or holds what the sandbox hides at a path too long to hide: what the sandbox hides in it cannot be hidden');
      if (!mountable(rel)) return false;
      hide(rel);
      return true;
    };
    const walk = (rel: string): boolean => {
      const scan = this.scan(rel);
      if (!scan) return true;
      if (scan === CLOSED) return whole(rel);
      seen.add(rel);
      if (scan.hits.some((hit) => !mountable(hit)) || !scan.folders.every((folder) => walk(folder))) return whole(rel);
      for (const hit of scan.hits) hide(hit);
      return true;
    };
    walk('');
    // Folders gone since: forget them.
    for (const rel of this.scans.keys()) {
      if (seen.has(rel)) continue;
      this.scans.delete(rel);
      this.changed = true;
    }
    this.save();
    // A secret inside another one is hidden with it (and could not be mounted inside a tmpfs).
    const paths = [...found.values()].sort((a, b) => a.path.length - b.path.length);
    const kept: SecretPath[] = [];
    for (const entry of paths) if (!kept.some((outer) => outer.kind === 'dir' && within(entry.path, outer.path))) kept.push(entry);
    return kept;
  }

  // The git config files in the folders the last find() walked (real paths, links among them; walked-configs.ts).
  gitConfigs(): string[] {
    return [...this.scans.values()].flatMap((scan) => scan.configs.map((rel) => join(this.root, rel)));
  }

  // A link's target is hidden wherever it is (`cat .env` must not print a file elsewhere either), but
  // never the workspace or a folder holding it, and nothing of the kernel's (/dev, /proc, /sys): there a
  // mount would break the sandbox, not hide a secret.
  private hideable(real: string, kind: Exclude<PathKind, 'missing'>): boolean {
    if (within(real, this.root)) return real !== this.root;
    if (['/dev', '/proc', '/sys'].some((system) => within(real, system))) return false;
    return kind === 'file' || !within(this.root, real);
  }

  // Red team R40-a8: a name that is not UTF-8 cannot be named in a mount, so `d\xfe/.env` was readable. Such an entry
  // that is, or holds, what the view hides is set aside to its UTF-8 spelling (byte-names.ts) and hidden under it;
  // one that holds nothing of the kind stays as it is (undefined: nothing to walk). Said in `renamed`.
  private spell(path: string, rel: string, raw: Buffer): string | typeof CLOSED | undefined {
    // fix75: a git config holding a credential too (walked-configs.ts): the folder is then walked and its configs filtered.
    const secret = (lossy: string, bytes: Buffer, entry: Dirent<Buffer> | undefined): boolean => this.matcher.entry(lossy) || (entry?.isFile() === true && isCredentialStoreFile(bytes)) || credentialConfig(lossy, bytes, entry, this.inGit);
    if (!holdsBelow(bytePath(path, raw), rel === '' ? raw.toString('utf8') : `${rel}/${raw.toString('utf8')}`, secret)) return undefined;
    try {
      const name = setAside(path, raw);
      this.renamed.push(setAsideMessage(rel, raw, name, 'what the sandbox hides'));
      return name;
    } catch (error) {
      const what = `${rel === '' ? '' : `${rel}/`}${raw.toString('utf8')} holds what the sandbox hides, and its name is not UTF-8 and could not be renamed (${(error as Error).message})`;
      if (rel === '') throw new Error(`${what}: rename it yourself`, { cause: error });
      this.renamed.push(`${what}: ${rel} is hidden whole in the sandbox until you rename it`);
      return CLOSED;
    }
  }

  private scan(rel: string): FolderScan | typeof CLOSED | undefined {
    const path = rel === '' ? this.root : join(this.root, rel);
    const stats = folderStats(path);
    if (stats === CLOSED || stats === undefined) return stats;
    const cached = this.scans.get(rel);
    if (cached && !cached.racy && cached.ino === stats.ino && cached.ctimeNs === stats.ctimeNs) return cached;
    let entries;
    try {
      accessSync(path, constants.R_OK | constants.X_OK);
      entries = listBytes(path);
    } catch (error) {
      return gone(error) ? undefined : CLOSED;
    }
    const hits: string[] = [];
    const folders: string[] = [];
    const named: { name: string; kind: Dirent<Buffer> }[] = [];
    for (const listed of entries) {
      const name = listed.faithful ? listed.name : this.spell(path, rel, listed.raw);
      if (name === CLOSED) return CLOSED;
      if (name === undefined) continue;
      const entry = { name, kind: listed.entry };
      named.push(entry);
      const child = rel === '' ? entry.name : `${rel}/${entry.name}`;
      if (this.matcher.entry(child)) hits.push(child);
      else if (entry.kind.isDirectory()) folders.push(child);
      // A git credential store by its first line, whatever its name (R13-17): hidden like `.env`. A store
      // git rewrites renames its lock file over it, which changes this folder's ctime (read again).
      else if (entry.kind.isFile() && isCredentialStoreFile(join(path, entry.name))) hits.push(child);
    }
    // Racy (as git calls it): changed so recently that another change could keep the same coarse
    // timestamp (the kernel clock ticks in milliseconds); read again next time.
    const racy = BigInt(Date.now()) * 1_000_000n - stats.ctimeNs < RACY_NS;
    const configs = folderGitConfigs(rel, named, this.inGit);
    const scan = { ino: stats.ino, ctimeNs: stats.ctimeNs, hits, folders, configs, racy };
    this.scans.set(rel, scan);
    // Saved only when what is hidden changed: the workspace folder's own time changes at every run (its
    // mount points), its listing does not; a later process reads that one folder again.
    if (!cached || !sameList(cached.hits, hits) || !sameList(cached.folders, folders) || !sameList(cached.configs, configs)) this.changed = true;
    return scan;
  }

  // A cache of another root, other globs, another build or another shape is ignored (walked again).
  private load(): void {
    if (this.loaded || !this.cacheFile) return;
    this.loaded = true;
    try {
      const parsed = JSON.parse(readFileSync(this.cacheFile, 'utf8')) as unknown;
      if (!Array.isArray(parsed) || parsed[0] !== this.key || !Array.isArray(parsed[1])) return;
      for (const item of parsed[1] as unknown[]) {
        if (!Array.isArray(item) || item.length !== 6) continue;
        const [rel, ino, ctime, hits, folders, configs] = item as unknown[];
        const strings = (value: unknown): value is string[] => Array.isArray(value) && value.every((entry) => typeof entry === 'string');
        if (typeof rel !== 'string' || typeof ino !== 'string' || typeof ctime !== 'string' || !strings(hits) || !strings(folders) || !strings(configs)) continue;
        if (!/^\d+$/.test(ino) || !/^\d+$/.test(ctime)) continue;
        this.scans.set(rel, { ino: BigInt(ino), ctimeNs: BigInt(ctime), hits, folders, configs, racy: false });
      }
    } catch {
      // Missing or unreadable: walked again.
    }
  }

  private save(): void {
    if (!this.cacheFile || !this.changed) return;
    const items = [...this.scans].filter(([, scan]) => !scan.racy).map(([rel, scan]) => [rel, String(scan.ino), String(scan.ctimeNs), scan.hits, scan.folders, scan.configs]);
    const temporary = `${this.cacheFile}.${process.pid}.tmp`;
    try {
      mkdirSync(dirname(this.cacheFile), { recursive: true, mode: 0o700 });
      writeFileSync(temporary, JSON.stringify([this.key, items]), { mode: 0o600 });
      renameSync(temporary, this.cacheFile);
    } catch {
      // Only a cache.
      rmSync(temporary, { force: true });
    }
  }
}

// An empty read-only regular file of this user to bind over hidden files: the sandbox mounts without
// device nodes, so a bound /dev/null answers EACCES (`tar` and `cp -r` would fail) where an empty file
// reads as empty. Falls back to /dev/null when the file cannot be made or is not exactly that.
export function emptyFileIn(stateDir: string | undefined): string {
  if (!stateDir) return '/dev/null';
  const path = join(stateDir, 'empty-file');
  const good = (): boolean => {
    try {
      const stats = lstatSync(path);
      return stats.isFile() && stats.size === 0 && stats.uid === process.getuid?.() && (stats.mode & 0o222) === 0;
    } catch {
      return false;
    }
  };
  if (good()) return path;
  try {
    mkdirSync(stateDir, { recursive: true, mode: 0o700 });
    writeFileSync(path, '', { mode: 0o444, flag: 'wx' });
  } catch {
    // Exists (checked again below) or cannot be written.
  }
  return good() ? path : '/dev/null';
}

function sameList(a: readonly string[], b: readonly string[]): boolean {
  return a.length === b.length && a.every((item, index) => item === b[index]);
}
