import { obeyedContext } from '../../permissions/obeyed-context.js';
import type { NestedContext, ObeyedContext } from '../../permissions/obeyed.js';

// The write gate's context for judging ONE staged change set (plan.ts). The workspace does not change
// while it is judged (nothing is applied yet; what the command made is in the upper folder, where the
// venv markers and `.git` it may have made are set aside by the gate anyway), so the file-system probes
// the context asks at every judgement (obeyed-context.ts: is this folder a venv, which folders above a
// path hold a repository of their own) are asked once per folder here: a staged `npm ci` judges ~22,000
// paths in ~3,000 folders, and the probes were most of the plan's time (bench/stage.mjs).
export function planContext(root: string): ObeyedContext {
  const ctx = obeyedContext(root);
  const { venv, nested } = ctx;
  const venvs = new Map<string, boolean>();
  const repositories = new Map<string, readonly NestedContext['ctx'][]>();
  return {
    ...ctx,
    ...(venv ? { venv: (folder: string) => venvs.get(folder) ?? venvs.set(folder, venv(folder)).get(folder)! } : {}),
    ...(nested
      ? {
          // The repositories above `path` are those above any name in its folder; the paths judged here are
          // plain workspace-relative ones (the upper folder's names), so `rel` is the path itself.
          nested: (path: string) => {
            const cut = path.lastIndexOf('/');
            if (cut <= 0 || path.includes('//') || path.split('/').some((name) => name === '.' || name === '..')) return nested(path);
            const folder = path.slice(0, cut);
            let found = repositories.get(folder);
            if (found === undefined) {
              found = nested(`${folder}/-`).map((each) => each.ctx);
              repositories.set(folder, found);
            }
            return found.map((each) => ({ rel: path, ctx: each }));
          },
        }
      : {}),
  };
}
