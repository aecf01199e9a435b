// `git status` and `git diff` look inside every submodule checked out in the work tree (any gitlink of the
// index, registered in .gitmodules or not) by running git there, with that repository's own config and
// hooks: core.fsmonitor in .git/modules/x/config (or in x/.git/config) ran on the top-level `git status`.
// The gitlinks are read from the index with the sandbox's reader (no git process, nothing obeyed).
import { join } from 'node:path';
import { metadataText, readGitMetadataBytesOr } from '../git/config-read.js';
import { indexGitlinks } from '../sandbox/git-index.js';

const MAX_INDEX_BYTES = 256 * 1024 * 1024;

// Gitlink paths of the repository whose git folder is gitDir ([] without an index); undefined when the
// index is in a form the reader does not read (a split index, SHA-256 object names, oversized): the
// caller then cannot tell which submodules git would enter.
export function gitlinks(gitDir: string): string[] | undefined {
  // Only a missing index (or a folder there) means no gitlinks: an oversized one, a FIFO, is unknown.
  const read = readGitMetadataBytesOr(join(gitDir, 'index'), MAX_INDEX_BYTES);
  if (read === 'absent' || read === 'folder') return [];
  if (typeof read !== 'object') return undefined;
  // No config: SHA-1. A config that cannot be read (padded past the bound: bounds23) may say SHA-256: unknown.
  const config = metadataText(join(gitDir, 'config'));
  if (config.unread !== undefined || /objectformat\s*=\s*"?sha256/i.test(config.text ?? '')) return undefined;
  return indexGitlinks(read.bytes);
}
