import { lstatSync, type Dirent } from 'node:fs';
import { lstatQuiet } from '../files/stat-quiet.js';
import { folderConfigs } from '../git/folder-configs.js';
import { gitFolderShaped, shapeKind } from '../git/git-folder-shape.js';
import { configHoldsCredential } from './repo-configs-bytes.js';

// Red team R43-a2: the view filters every git config file `read` refuses (C211). read judges a file by its place
// (git/config-secrets.ts isRepositoryConfig): `config` or `config.worktree` in a folder below a `.git`, or in a
// folder shaped as a git folder (git/git-folder-shape.ts: HEAD, and objects or commondir; links count): a submodule's at any depth, a module's linked
// worktree's, a nested clone's, a bare repository's. The secret walk (secret-files.ts), which already lists every
// folder of the workspace, picks them out of each listing by the same rule: no second walk, no depth cap.

const CONFIGS = new Set(['config', 'config.worktree']);

interface Named {
  readonly name: string;
  readonly kind: Pick<Dirent, 'isDirectory' | 'isFile' | 'isSymbolicLink'>;
}

// The config files (relative paths) of the folder `rel` by its listing; `inGit`: a `.git` is on the workspace's own path.
// A link is listed too (R44-a3: git loads its target as the config): the view hides its target when it holds a
// credential (sandbox.ts, git/workspace-loads.ts); no filtered copy is bound over it (a bind over a link would land
// on its target): the caller leaves links out of the copies (notLinks).
export function folderGitConfigs(rel: string, entries: readonly Named[], inGit: boolean): string[] {
  const kind = (name: string): Named['kind'] | undefined => entries.find((entry) => entry.name === name)?.kind;
  return folderConfigs(rel, (name) => shapeKind(kind(name)), (name) => kind(name)?.isDirectory() === false, inGit);
}

// The paths that are no link (lstat; one gone is left out too).
export function notLinks(paths: readonly string[]): string[] {
  return paths.filter((path) => lstatQuiet(path)?.isSymbolicLink() === false);
}

// fix75: a folder whose name is not UTF-8 is walked only when something below it is what the view hides (secret-files.ts
// spell()); a git config there holding a credential is (`v\xff/lib/.git/config` with a token URL: read refuses it, a
// glob names it). `rel`: its lossy relative path (its parts up to the odd one are faithful), `path`: its bytes.
export function credentialConfig(rel: string, path: Buffer, entry: Pick<Dirent, 'isFile'> | undefined, inGit: boolean): boolean {
  if (entry?.isFile() !== true || !CONFIGS.has(rel.slice(rel.lastIndexOf('/') + 1))) return false;
  // The repository's own modules and worktrees: repo-configs.ts judges them by bytes (the folder holding one is hidden
  // whole, never renamed: git finds a submodule's git folder by its name).
  if (rel.startsWith('.git/modules/') || rel.startsWith('.git/worktrees/')) return false;
  const folder = path.subarray(0, path.lastIndexOf('/'));
  const kind = (name: string): ReturnType<typeof shapeKind> => {
    try {
      return shapeKind(lstatSync(Buffer.concat([folder, Buffer.from(`/${name}`)])));
    } catch {
      return undefined;
    }
  };
  const gitFolder = inGit || rel.split('/').slice(0, -1).includes('.git') || gitFolderShaped(kind);
  return gitFolder && configHoldsCredential(path);
}
