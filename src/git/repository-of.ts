import { resolve } from 'node:path';
import { statQuiet } from '../files/stat-quiet.js';
import { foldersUp } from '../workspace/above.js';
import { readGitMetadata } from './config-read.js';

// The repository the workspace is in: its own `.git` (folder or `gitdir:` file), else the nearest
// enclosing one (a workspace that is a subfolder of a repository: that repository's hooks and config
// are obeyed by every git command run in the workspace). `top`: its work tree.
export interface Repository {
  readonly top: string;
  readonly gitDir: string;
  readonly common?: string;
}

// A `.git` file or `commondir`: one line.
const SMALL = 64 * 1024;

function ownGitDir(folder: string): string | undefined {
  const dotGit = resolve(folder, '.git');
  const stats = statQuiet(dotGit);
  if (stats === undefined) return undefined;
  if (stats.isDirectory()) return statQuiet(resolve(dotGit, 'HEAD'))?.isFile() === true ? dotGit : undefined;
  const match = /^gitdir:\s*(.+?)\s*$/m.exec(readGitMetadata(dotGit, SMALL) ?? '');
  return match ? resolve(folder, match[1]!) : undefined;
}

// Above the workspace only the current user's repository counts (workspace/above.ts, red team H5).
export function repositoryOf(root: string): Repository | undefined {
  for (const folder of foldersUp(root)) {
    const gitDir = ownGitDir(folder);
    if (gitDir) {
      const common = readGitMetadata(resolve(gitDir, 'commondir'), SMALL)?.trim();
      const commonDir = common ? resolve(gitDir, common) : undefined;
      return { top: folder, gitDir, ...(commonDir && commonDir !== gitDir ? { common: commonDir } : {}) };
    }
  }
  return undefined;
}
