import { obeyedContext } from '../../permissions/obeyed-context.js';
import { withoutRelativePath } from '../../permissions/obeyed-env.js';
import type { ObeyedContext } from '../../permissions/obeyed.js';
import { FolderListings } from '../../workspace/listings.js';

// The write gate's context for judging ONE staged change set (plan.ts). The workspace does not change
// while it is judged (nothing is applied yet; what the command made is in the upper folder, where the
// venv markers and `.git` it may have made are set aside by the gate anyway), so the venv probe the context
// asks at every judgement is asked once per folder here: a staged `npm ci` judges ~22,000 paths in ~3,000
// folders (bench/stage.mjs); the repositories the workspace holds are cached by obeyedContext itself.
// A relative PATH folder (`node_modules/.bin`) is left out: package managers write their programs' links
// there on every install (obeyed-env.ts); the file tools still ask before writing there.
// `keptFile`: the state folder's kept file (kept-across.ts keptFileFor), whose repository contexts the gate
// kept before the run: each is used while every file it was read from keeps its stamp, as the gate uses it
// (without it, every repository the workspace holds, each linked worktree, was walked again after each run
// that wrote a file: ~1 s of CPU for `echo hi > o.txt` in a repository with 33 worktrees).
export function planContext(root: string, keptFile?: string): ObeyedContext {
  const ctx = withoutRelativePath(obeyedContext(root, undefined, new FolderListings(keptFile)));
  const { venv } = ctx;
  const venvs = new Map<string, boolean>();
  return {
    ...ctx,
    ...(venv ? { venv: (folder: string) => venvs.get(folder) ?? venvs.set(folder, venv(folder)).get(folder)! } : {}),
  };
}
