// `git status` and `git diff` look inside every submodule checked out in the work tree (any gitlink of the
// index, registered in .gitmodules or not) by running git there, with that repository's own config and
// hooks: core.fsmonitor in .git/modules/x/config (or in x/.git/config) ran on the top-level `git status`.
// The gitlinks are read from the index with the sandbox's reader (no git process, nothing obeyed).
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { indexGitlinks } from '../sandbox/git-index.js';

const MAX_INDEX_BYTES = 256 * 1024 * 1024;

// Gitlink paths of the repository whose git folder is gitDir ([] without an index); undefined when the
// index is in a form the reader does not read (a split index, SHA-256 object names, oversized): the
// caller then cannot tell which submodules git would enter.
export function gitlinks(gitDir: string): string[] | undefined {
  let index: Buffer;
  try {
    index = readFileSync(join(gitDir, 'index'));
  } catch {
    return [];
  }
  if (index.length > MAX_INDEX_BYTES) return undefined;
  try {
    if (/objectformat\s*=\s*"?sha256/i.test(readFileSync(join(gitDir, 'config'), 'utf8'))) return undefined;
  } catch {
    // no config: SHA-1
  }
  return indexGitlinks(index);
}
