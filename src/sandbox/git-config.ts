import { resolve } from 'node:path';
import { gitConfigPaths } from '../permissions/obeyed-git.js';
import { gitOuterConfigFiles } from '../git/config-path.js';
import { repositoryOf, type Repository } from '../git/repository-of.js';

// Paths in the workspace that a repository's own git config makes git run or read, outside the sandbox:
// the core.hooksPath folder (husky's `.husky/_` runs the hooks in `.husky/`, so that folder too),
// included config files, and programs named by a relative or workspace path (core.fsmonitor = ./x,
// a filter or diff driver script, sshCommand, credential helpers…). They are guarded like `.git/hooks`.

export interface ConfigRefs {
  readonly folders: string[];
  readonly files: string[];
}

// `files`: the config files git reads for this repository (its own, its common folder's, the user's).
// The one reader of what git's configuration runs or obeys (permissions/obeyed-git.ts: every word of every
// configured command, paths resolved as git resolves them) also serves the file tools' write gate, so the
// sandbox's read-only view and the gate cannot disagree (red team H3/H4).
export function gitConfigRefs(root: string, files: readonly string[], home: string | undefined): ConfigRefs {
  return gitConfigPaths(root, files, home);
}

// The repository the workspace is in (its own or the enclosing one): src/git/repository-of.ts.
export { repositoryOf, type Repository } from '../git/repository-of.js';

// Every path git is configured to run or read for the workspace's repository (its own or the enclosing
// one): the hooks folder core.hooksPath names, included files, programs, and the git folders themselves
// (a `.git` file may name a git folder anywhere, inside the workspace under another name too).
export function repositoryRefs(root: string, home: string | undefined): ConfigRefs & { readonly repository?: Repository } {
  const repository = repositoryOf(root);
  if (!repository) return { folders: [], files: [] };
  const dirs = [repository.gitDir, ...(repository.common ? [repository.common] : [])];
  // The system's and the user's config may name workspace paths too (core.hooksPath = .githooks).
  const files = [...dirs.flatMap((dir) => [resolve(dir, 'config'), resolve(dir, 'config.worktree')]), ...gitOuterConfigFiles(home)];
  const refs = gitConfigRefs(repository.top, files, home);
  return { folders: [...dirs, ...refs.folders], files: refs.files, repository };
}
