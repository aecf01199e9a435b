import { readGitMetadataBytes } from '../git/config-read.js';
import { statQuiet } from '../files/stat-quiet.js';
import { recentlyChanged } from '../workspace/listings.js';
import { carriedGitlinks } from './git-index.js';
import { readCacheFile, writeCacheFile } from './view-cache.js';

// At most this many indexes are kept in the state file (the workspaces' and their linked worktrees' last used).
const MAX_KEPT = 64;

interface Kept {
  readonly identity: string;
  readonly gitlinks: readonly string[];
}

const isKept = (value: unknown): value is Kept => {
  const entry = value as Partial<Kept> | null;
  return typeof entry?.identity === 'string' && Array.isArray(entry.gitlinks) && entry.gitlinks.every((path) => typeof path === 'string');
};

// The gitlinks of the index files the nested git scan reads (nested-git.ts), remembered by each file's
// identity (device, inode, size, modification and change time, symlinks followed as git follows them):
// the scan before a run and the one after it read an unchanged index once, and a warm engine's next
// call not at all (issue 31: the index was parsed on every scan, its whole size each time). One per
// sandbox (engine), no module state. An index whose identity changed is read again; one changed within
// the racy window (listings.ts: the kernel's coarse clock) or replaced while it was read is not kept.
// `file`: where the indexes read are kept between processes too (a one-shot CLI exec parsed its repository's index
// on every call), by the same identity, rechecked at every call (a state-folder file no sandboxed process can
// write, as view-cache.ts's; used only when written by this build); an index that could not be parsed is not kept
// there.
export class GitlinkMemo {
  readonly #byPath = new Map<string, { readonly identity: string; readonly gitlinks: readonly string[] | undefined }>();
  // How many times an index was read (tests).
  #reads = 0;
  #kept: Record<string, Kept> | undefined;
  #changed = false;

  constructor(
    private readonly tooRecent: (ctimeNs: bigint) => boolean = recentlyChanged,
    private readonly file?: string,
  ) {}

  get reads(): number {
    return this.#reads;
  }

  // carriedGitlinks of the file `index` (at most `max` bytes); undefined when it cannot be read or parsed.
  gitlinks(index: string, max: number): readonly string[] | undefined {
    const before = identityOf(index);
    const known = this.#byPath.get(index);
    if (before !== undefined && known?.identity === before.key) return known.gitlinks;
    const kept = before === undefined ? undefined : this.kept()[index];
    if (before !== undefined && kept?.identity === before.key) {
      this.#byPath.set(index, kept);
      return kept.gitlinks;
    }
    this.#reads += 1;
    const data = readGitMetadataBytes(index, max);
    const gitlinks = data ? carriedGitlinks(data) : undefined;
    const after = identityOf(index);
    if (before !== undefined && after?.key === before.key && !this.tooRecent(before.ctimeNs)) {
      this.#byPath.set(index, { identity: before.key, gitlinks });
      if (gitlinks && this.file !== undefined) this.keep(index, { identity: before.key, gitlinks });
    } else this.#byPath.delete(index);
    return gitlinks;
  }

  // Writes the indexes read to the state file when one was new (a failure is ignored: only a cache).
  save(): void {
    if (!this.#changed || this.file === undefined) return;
    this.#changed = false;
    writeCacheFile(this.file, this.#kept);
  }

  private kept(): Record<string, Kept> {
    if (this.#kept) return this.#kept;
    this.#kept = {};
    const entries = this.file === undefined ? undefined : readCacheFile(this.file);
    for (const [path, value] of Object.entries(entries ?? {})) if (isKept(value)) this.#kept[path] = value;
    return this.#kept;
  }

  private keep(index: string, entry: Kept): void {
    const kept = this.kept();
    delete kept[index];
    kept[index] = entry;
    // The oldest kept first (insertion order): dropped past the bound.
    for (const path of Object.keys(kept).slice(0, -MAX_KEPT)) delete kept[path];
    this.#changed = true;
  }
}

function identityOf(path: string): { key: string; ctimeNs: bigint } | undefined {
  const stats = statQuiet(path, true);
  return stats?.isFile() ? { key: `${stats.dev}:${stats.ino}:${stats.size}:${stats.mtimeNs}:${stats.ctimeNs}`, ctimeNs: stats.ctimeNs } : undefined;
}
