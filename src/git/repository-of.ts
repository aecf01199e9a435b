import { resolve } from 'node:path';
import { statQuiet } from '../files/stat-quiet.js';
import { foldersUp } from '../workspace/above.js';
import { METADATA_MAX, metadataText } from './config-read.js';

// The repository the workspace is in: its own `.git` (folder or `gitdir:` file), else the nearest
// enclosing one (a workspace that is a subfolder of a repository: that repository's hooks and config
// are obeyed by every git command run in the workspace). `top`: its work tree.
export interface Repository {
  readonly top: string;
  readonly gitDir: string;
  readonly common?: string;
  // A `commondir` git reads but this cannot (padded past METADATA_MAX: git trims its trailing newlines; a FIFO):
  // where the common folder is, is unknown. Its path: the config walks read it as a config file, and fail closed
  // on it unread (obeyed-context.ts, config-includes.ts loadedConfigNames; bounds23).
  readonly unread?: string;
}

// A `.git` file: git reads one of at most 1 MiB (a larger one is "too large to be a .git file": git stops; a FIFO
// is no `.git` file to it either: it looks further up, as this does).
const POINTER_MAX = 1024 * 1024;

function ownGitDir(folder: string): string | undefined {
  const dotGit = resolve(folder, '.git');
  const stats = statQuiet(dotGit);
  if (stats === undefined) return undefined;
  if (stats.isDirectory()) return statQuiet(resolve(dotGit, 'HEAD'))?.isFile() === true ? dotGit : undefined;
  const match = /^gitdir:\s*(.+?)\s*$/m.exec(metadataText(dotGit, POINTER_MAX).text ?? '');
  return match ? resolve(folder, match[1]!) : undefined;
}

// Above the workspace only the current user's repository counts (workspace/above.ts, red team H5).
export function repositoryOf(root: string): Repository | undefined {
  for (const folder of foldersUp(root)) {
    const gitDir = ownGitDir(folder);
    if (gitDir) {
      const read = metadataText(resolve(gitDir, 'commondir'), METADATA_MAX);
      const common = read.text?.trim();
      const commonDir = common ? resolve(gitDir, common) : undefined;
      return { top: folder, gitDir, ...(commonDir && commonDir !== gitDir ? { common: commonDir } : {}), ...(read.unread === undefined ? {} : { unread: resolve(gitDir, 'commondir') }) };
    }
  }
  return undefined;
}
