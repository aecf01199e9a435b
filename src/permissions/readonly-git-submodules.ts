// `git status` and `git diff` look inside every submodule checked out in the work tree (any gitlink of the
// index, registered in .gitmodules or not) by running git there, with that repository's own config and
// hooks: core.fsmonitor in .git/modules/x/config (or in x/.git/config) ran on the top-level `git status`.
// The gitlinks are read from the index with the sandbox's reader (no git process, nothing obeyed).
import { join } from 'node:path';
import { statQuiet } from '../files/stat-quiet.js';
import { readGitMetadata, readGitMetadataBytes } from '../git/config-read.js';
import { indexGitlinks } from '../sandbox/git-index.js';

const MAX_INDEX_BYTES = 256 * 1024 * 1024;

const sizeOf = (path: string): number => statQuiet(path)?.size ?? 0;

// Gitlink paths of the repository whose git folder is gitDir ([] without an index); undefined when the
// index is in a form the reader does not read (a split index, SHA-256 object names, oversized): the
// caller then cannot tell which submodules git would enter.
export function gitlinks(gitDir: string): string[] | undefined {
  // An oversized index reads as undefined here too: told apart from a missing one by its size.
  const index = readGitMetadataBytes(join(gitDir, 'index'), MAX_INDEX_BYTES);
  if (!index) return sizeOf(join(gitDir, 'index')) > MAX_INDEX_BYTES ? undefined : [];
  // No config: SHA-1.
  if (/objectformat\s*=\s*"?sha256/i.test(readGitMetadata(join(gitDir, 'config')) ?? '')) return undefined;
  return indexGitlinks(index);
}
