import { readGitMetadataBytes } from '../git/config-read.js';
import { statQuiet } from '../files/stat-quiet.js';
import { recentlyChanged } from '../workspace/listings.js';
import { indexGitlinks } from './git-index.js';

// The gitlinks of the index files the nested git scan reads (nested-git.ts), remembered by each file's
// identity (device, inode, size, modification and change time, symlinks followed as git follows them):
// the scan before a run and the one after it read an unchanged index once, and a warm engine's next
// call not at all (issue 31: the index was parsed on every scan, its whole size each time). One per
// sandbox (engine), no module state. An index whose identity changed is read again; one changed within
// the racy window (listings.ts: the kernel's coarse clock) or replaced while it was read is not kept.
export class GitlinkMemo {
  readonly #byPath = new Map<string, { readonly identity: string; readonly gitlinks: readonly string[] | undefined }>();
  // How many times an index was read (tests).
  #reads = 0;

  constructor(private readonly tooRecent: (ctimeNs: bigint) => boolean = recentlyChanged) {}

  get reads(): number {
    return this.#reads;
  }

  // indexGitlinks of the file `index` (at most `max` bytes); undefined when it cannot be read or parsed.
  gitlinks(index: string, max: number): readonly string[] | undefined {
    const before = identityOf(index);
    const known = this.#byPath.get(index);
    if (before !== undefined && known?.identity === before.key) return known.gitlinks;
    this.#reads += 1;
    const data = readGitMetadataBytes(index, max);
    const gitlinks = data ? indexGitlinks(data) : undefined;
    const after = identityOf(index);
    if (before !== undefined && after?.key === before.key && !this.tooRecent(before.ctimeNs)) this.#byPath.set(index, { identity: before.key, gitlinks });
    else this.#byPath.delete(index);
    return gitlinks;
  }
}

function identityOf(path: string): { key: string; ctimeNs: bigint } | undefined {
  const stats = statQuiet(path, true);
  return stats?.isFile() ? { key: `${stats.dev}:${stats.ino}:${stats.size}:${stats.mtimeNs}:${stats.ctimeNs}`, ctimeNs: stats.ctimeNs } : undefined;
}
