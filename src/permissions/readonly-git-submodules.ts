// `git status` and `git diff` look inside every submodule checked out in the work tree (any gitlink of the
// index, registered in .gitmodules or not) by running git there, with that repository's own config and
// hooks: core.fsmonitor in .git/modules/x/config (or in x/.git/config) ran on the top-level `git status`.
// The gitlinks are read from the index with the sandbox's reader (no git process, nothing obeyed).
// A gitlink whose path is not UTF-8 (issue 26, fix59) is carried with its bytes (git-index.ts `carriedGitlinks`): no
// string names its checkout, so one git would enter (a `.git` there) cannot be judged: the caller asks (unchecked).
import { lstatSync } from 'node:fs';
import { join } from 'node:path';
import { metadataText, readGitMetadataBytesOr } from '../git/config-read.js';
import { bytePath, spelled } from '../sandbox/byte-names.js';
import { carriedGitlinks, rawOf } from '../sandbox/git-index.js';

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
  return carriedGitlinks(read.bytes);
}

// Why the carried gitlink `path` below `workTree` cannot be judged (git would enter it: a `.git` stands there, or
// that cannot be told); undefined for a UTF-8 path or a checkout git does not enter.
export function unnamedSubmodule(workTree: string, path: string): string | undefined {
  const raw = rawOf(path);
  if (raw === undefined) return undefined;
  try {
    if (lstatSync(bytePath(bytePath(workTree, raw), Buffer.from('.git')), { throwIfNoEntry: false }) === undefined) return undefined;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOTDIR') return undefined;
  }
  return `submodule ${spelled(raw)} has a path that is not UTF-8 (bytes ${raw.toString('hex')}): codeward cannot read the config and hooks git would obey there`;
}
