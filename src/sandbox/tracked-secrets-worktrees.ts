// The OTHER worktrees of a repository (red team R28-3): a `.env` staged with `git add -f` in a linked worktree
// (`git worktree add ../wt2`) is a blob every worktree's git reaches (`rev-list --indexed-objects` reads every
// worktree's index; `git cat-file --batch-all-objects` prints it), so the git folders the workspace shares with it
// hide as they do for this worktree's own index. Their indexes are the main worktree's (`COMMON/index`, when this
// is a linked one) and `COMMON/worktrees/*/index`; each is read bounded (metadata-bound.test.ts), and one that
// cannot be read or listed without git (split, sparse) counts as tracking a secret (fails closed).
// Read-jail (R31): `COMMON/worktrees`, each worktree's folder and each index are listed and read through the
// jail's handles below the common git folder (own-read-sync.ts): a planted link there (the worktrees folder, one
// worktree's folder, an index) is never followed out of the repository; it counts as an index that cannot be read
// (fails closed). A `gitdir` file only names the worktree in a message: nothing is read where it points.
import { join, relative } from 'node:path';
import { listBeneath, lstatBeneath, readBeneath } from '../workspace/own-read-sync.js';
import { indexEntries, isSparseFolder } from './git-index.js';

// How many linked worktrees are read (past it: counted as unreadable).
const MAX_WORKTREES = 256;
const MAX_INDEX = 1024 * 1024 * 1024;

export interface OtherIndex {
  // The git folder the index is read below, the index file (undefined: refused, a link where a folder or the
  // index should be), and how that worktree is named in a message (`../wt2`, or its folder under worktrees/).
  readonly root: string;
  readonly index: string | undefined;
  readonly label: string;
}

// The indexes of the repository's other worktrees (this one's git folder `gitDir` left out).
export function otherIndexes(gitDir: string, commonDir: string, worktree: string): OtherIndex[] | 'too-many' {
  const found: OtherIndex[] = [];
  if (gitDir !== commonDir) found.push({ root: commonDir, index: join(commonDir, 'index'), label: relative(worktree, join(commonDir, '..')) || '.' });
  const listing = listBeneath(commonDir, join(commonDir, 'worktrees'), MAX_WORKTREES);
  if (listing === 'link') return [...found, { root: commonDir, index: undefined, label: 'worktrees' }];
  if (listing?.over === true) return 'too-many';
  const entries = (listing?.entries ?? []).filter((entry) => entry.kind === 'folder' || entry.kind === 'link');
  for (const { name, kind } of [...entries].sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0))) {
    const folder = join(commonDir, 'worktrees', name);
    if (folder === gitDir) continue;
    if (kind === 'link') {
      found.push({ root: commonDir, index: undefined, label: `worktrees/${name}` });
      continue;
    }
    const pointer = readBeneath(commonDir, join(folder, 'gitdir'), 64 * 1024);
    const top = typeof pointer === 'object' ? pointer.bytes.toString('utf8').trim().replace(/\/\.git$/, '') : undefined;
    found.push({ root: commonDir, index: join(folder, 'index'), label: top ? relative(worktree, top) : `worktrees/${name}` });
  }
  return found;
}

// Each other index's identity (inode, size, times, never through a link): the cached answer is read again when one changes.
export function othersIdentity(others: readonly OtherIndex[] | 'too-many'): string {
  if (others === 'too-many') return 'too-many';
  return others.map(({ root, index }) => {
    const stats = index === undefined ? undefined : lstatBeneath(root, index);
    return stats === undefined ? '-' : `${stats.ino}:${stats.size}:${stats.mtimeNs}:${stats.ctimeNs}`;
  }).join(',');
}

// The names each other index holds (undefined: present but not readable or listable here, or refused).
export function otherNames(others: readonly OtherIndex[]): { label: string; names: string[] | undefined }[] {
  return others.flatMap(({ root, index, label }) => {
    const read = index === undefined ? 'link' : readBeneath(root, index, MAX_INDEX);
    if (read === 'absent') return [];
    const entries = typeof read === 'object' ? indexEntries(read.bytes) : undefined;
    return [{ label, names: entries && !entries.some(isSparseFolder) ? entries.map((entry) => entry.name) : undefined }];
  });
}
