import { gitFolderShaped, type ShapeKind } from './git-folder-shape.js';

// The one rule "the repository configs of a folder, by its listing" (red team R43-a2), for the view's secret walk
// (sandbox/secret-files.ts) and the readers' walk (workspace-configs.ts): `config` and `config.worktree` (not a
// folder; a link too: git loads its target as the config, R44-a3) of a folder below a `.git`, or of a folder shaped
// as a git folder (git-folder-shape.ts: HEAD, and objects or commondir; links count). `kind`: an entry's kind by
// name in the listing (undefined: none or no shape kind); `notFolder`: whether the listing holds that name as anything
// but a folder (a FIFO too: git opens it); `inGit`: a `.git` is on the workspace's own path. Relative paths.
const CONFIGS = ['config', 'config.worktree'] as const;

export function folderConfigs(rel: string, kind: (name: string) => ShapeKind, notFolder: (name: string) => boolean, inGit: boolean): string[] {
  const found = CONFIGS.filter(notFolder);
  if (found.length === 0) return [];
  if (!inGit && !rel.split('/').includes('.git') && !gitFolderShaped(kind)) return [];
  return found.map((name) => (rel === '' ? name : `${rel}/${name}`));
}
