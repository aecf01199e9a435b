import { lstatSync, type Dirent } from 'node:fs';
import { configHoldsCredential } from './repo-configs-bytes.js';

// Red team R43-a2: the view filters every git config file `read` refuses (C211). read judges a file by its place
// (git/config-secrets.ts isRepositoryConfig): `config` or `config.worktree` in a folder below a `.git`, or in a
// folder shaped as a git folder (HEAD, and objects or commondir): a submodule's at any depth, a module's linked
// worktree's, a nested clone's, a bare repository's. The secret walk (secret-files.ts), which already lists every
// folder of the workspace, picks them out of each listing by the same rule: no second walk, no depth cap.

const CONFIGS = new Set(['config', 'config.worktree']);

interface Named {
  readonly name: string;
  readonly kind: Pick<Dirent, 'isDirectory' | 'isFile' | 'isSymbolicLink'>;
}

// The config files (relative paths) of the folder `rel` by its listing; `inGit`: a `.git` is on the workspace's own path.
// A link is left out: read judges its target by the target's real path (listed in its own folder when it is one), and a
// bind over a link would land on its target.
export function folderGitConfigs(rel: string, entries: readonly Named[], inGit: boolean): string[] {
  const has = (name: string, folder: boolean): boolean => entries.some((entry) => entry.name === name && (folder ? entry.kind.isDirectory() : entry.kind.isFile()));
  const gitFolder = inGit || rel.split('/').includes('.git') || (has('HEAD', false) && (has('objects', true) || has('commondir', false)));
  if (!gitFolder) return [];
  return entries.filter((entry) => CONFIGS.has(entry.name) && !entry.kind.isDirectory() && !entry.kind.isSymbolicLink()).map((entry) => (rel === '' ? entry.name : `${rel}/${entry.name}`));
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
  const is = (name: string, dir: boolean): boolean => {
    try {
      const stats = lstatSync(Buffer.concat([folder, Buffer.from(`/${name}`)]));
      return dir ? stats.isDirectory() : stats.isFile();
    } catch {
      return false;
    }
  };
  const gitFolder = inGit || rel.split('/').slice(0, -1).includes('.git') || (is('HEAD', false) && (is('objects', true) || is('commondir', false)));
  return gitFolder && configHoldsCredential(path);
}
