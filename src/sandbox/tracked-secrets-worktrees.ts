// The OTHER worktrees of a repository (red team R28-3): a `.env` staged with `git add -f` in a linked worktree
// (`git worktree add ../wt2`) is a blob every worktree's git reaches (`rev-list --indexed-objects` reads every
// worktree's index; `git cat-file --batch-all-objects` prints it), so the git folders the workspace shares with it
// hide as they do for this worktree's own index. Their indexes are the main worktree's (`COMMON/index`, when this
// is a linked one) and `COMMON/worktrees/*/index`; each is read bounded (metadata-bound.test.ts), and one that
// cannot be read or listed without git (split, sparse) counts as tracking a secret (fails closed).
import { readdirSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { readGitMetadataBytesOr, readGitMetadataOr } from '../git/config-read.js';
import { indexEntries, isSparseFolder } from './git-index.js';

// How many linked worktrees are read (past it: counted as unreadable).
const MAX_WORKTREES = 256;
const MAX_INDEX = 1024 * 1024 * 1024;

export interface OtherIndex {
  // The index file, and how that worktree is named in a message (`../wt2`, or its folder under worktrees/).
  readonly index: string;
  readonly label: string;
}

// The indexes of the repository's other worktrees (this one's git folder `gitDir` left out).
export function otherIndexes(gitDir: string, commonDir: string, worktree: string): OtherIndex[] | 'too-many' {
  const found: OtherIndex[] = [];
  if (gitDir !== commonDir) found.push({ index: join(commonDir, 'index'), label: relative(worktree, join(commonDir, '..')) || '.' });
  let names: string[];
  try {
    names = readdirSync(join(commonDir, 'worktrees'), { withFileTypes: true }).filter((entry) => entry.isDirectory()).map((entry) => entry.name);
  } catch {
    names = [];
  }
  if (names.length > MAX_WORKTREES) return 'too-many';
  for (const name of names.sort()) {
    const folder = join(commonDir, 'worktrees', name);
    if (folder === gitDir) continue;
    const pointer = readGitMetadataOr(join(folder, 'gitdir'), 64 * 1024);
    const top = typeof pointer === 'object' ? pointer.text.trim().replace(/\/\.git$/, '') : undefined;
    found.push({ index: join(folder, 'index'), label: top ? relative(worktree, top) : `worktrees/${name}` });
  }
  return found;
}

// Each other index's identity (inode, size, times): the cached answer is read again when one changes.
export function othersIdentity(others: readonly OtherIndex[] | 'too-many'): string {
  if (others === 'too-many') return 'too-many';
  return others.map(({ index }) => {
    try {
      const stats = statSync(index, { bigint: true });
      return `${stats.ino}:${stats.size}:${stats.mtimeNs}:${stats.ctimeNs}`;
    } catch {
      return '-';
    }
  }).join(',');
}

// The names each other index holds (undefined: present but not readable or listable here).
export function otherNames(others: readonly OtherIndex[]): { label: string; names: string[] | undefined }[] {
  return others.flatMap(({ index, label }) => {
    const read = readGitMetadataBytesOr(index, MAX_INDEX);
    if (read === 'absent') return [];
    const entries = typeof read === 'object' ? indexEntries(read.bytes) : undefined;
    return [{ label, names: entries && !entries.some(isSparseFolder) ? entries.map((entry) => entry.name) : undefined }];
  });
}
