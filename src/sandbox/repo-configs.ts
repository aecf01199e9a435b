import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { lstatQuiet } from '../files/stat-quiet.js';
import { repositoryConfigSecrets } from '../git/config-secrets.js';
import { cleanCopy } from './git-identity.js';
import { repositoryOf } from './git-config.js';
import { within } from './policy.js';

// The workspace repository's own config files shown without their credentials (red team round 5,
// R5-9): a token in a remote URL, http.extraHeader, a credential helper with the secret inline reached
// the model through `cat .git/config`, `git remote -v`, `git config --get …`. Each config file of the
// repository that holds one (its git folder's and common folder's config and config.worktree, every
// linked worktree's config.worktree, every submodule's config under modules/) gets a filtered copy
// (git/config-secrets.ts) bound read-only over it in the sandbox: git still works, remotes keep their
// URL without the token. The host file is never changed.

// How deep submodules of submodules are looked for (modules/a/modules/b/config ...).
const MODULE_DEPTH = 6;

// A `worktrees` or `modules` folder that is a link (a planted `.git/worktrees -> /elsewhere`) is not
// listed: its configs are outside the repository, and a filtered copy bound over the link would show the
// sandbox a file the default-deny view hides (and fail the run: bwrap cannot make the mount point).
const folders = (dir: string): string[] => {
  if (lstatQuiet(dir)?.isDirectory() !== true) return [];
  try {
    return readdirSync(dir, { withFileTypes: true }).filter((entry) => entry.isDirectory()).map((entry) => join(dir, entry.name));
  } catch {
    return [];
  }
};

// A submodule's git folder is named by its path (modules/lib/sub): every folder below modules/ with a
// HEAD is one, and may hold modules/ of its own.
function moduleDirs(modules: string, depth: number): string[] {
  if (depth === 0) return [];
  return folders(modules).flatMap((dir) => {
    const isRepository = lstatQuiet(join(dir, 'HEAD'))?.isFile() === true;
    return isRepository ? [dir, ...moduleDirs(join(dir, 'modules'), depth - 1)] : moduleDirs(dir, depth - 1);
  });
}

// Every config file of the workspace's repository, inside the workspace or in the `shown` folders (the
// enclosing repository of a subfolder workspace, read-only in the view: enclosing-git.ts).
export function repositoryConfigFiles(root: string, shown: readonly string[] = []): string[] {
  const repository = repositoryOf(root);
  if (!repository) return [];
  const common = repository.common ?? repository.gitDir;
  const dirs = [...new Set([repository.gitDir, common, ...folders(join(common, 'worktrees')), ...moduleDirs(join(common, 'modules'), MODULE_DEPTH)])];
  return dirs.flatMap((dir) => [join(dir, 'config'), join(dir, 'config.worktree')]).filter((path) => [root, ...shown].some((area) => within(path, area)));
}

// The filtered copies to bind: config file -> its copy in the state folder (null: none could be
// written, an empty file is bound instead). Files under a hidden folder (`hidden`: a tracked secret
// hides the whole git folder) are left out: the mount point would not exist.
export function repositoryConfigCopies(root: string, stateDir: string | undefined, hidden: readonly { readonly path: string; readonly kind: string }[], shown: readonly string[] = []): Map<string, string | null> {
  const copies = new Map<string, string | null>();
  for (const path of repositoryConfigFiles(root, shown)) {
    if (hidden.some((entry) => entry.kind === 'dir' && within(path, entry.path))) continue;
    const clean = repositoryConfigSecrets(path);
    if (clean !== undefined) copies.set(path, cleanCopy(path, clean, stateDir));
  }
  return copies;
}
