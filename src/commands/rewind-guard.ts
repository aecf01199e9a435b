import type { CommandContext } from '../engine/command.js';
import { fail } from '../engine/errors.js';
import { immunePath } from '../permissions/immune-paths.js';
import { obeyedContext } from '../permissions/obeyed-context.js';
import type { Workspace } from '../workspace/workspace.js';

// undo, redo and restore declare only the workspace to the gate (their files come from the checkpoint
// store), so the gate never judged the files they write. A safety-immune file (.git/, .codeward/, policy
// files, hooks other tools run) is never written by them: neither a file recorded there nor one whose
// folder now leads there (a step for x/hooks/pre-commit after x became a link to .git would have planted
// an executable git hook under --yes). Checked on every file before any is written (the store resolves
// each file first), by the recorded name and where it resolves now. The write gate's predicate with the
// workspace's git configuration (permissions/obeyed.ts): a step for hooks/pre-commit under
// core.hooksPath = hooks, or for pkg/.cargo/config.toml, is refused like one for .git/hooks/pre-commit.
export function withoutImmuneFiles(ctx: CommandContext): CommandContext {
  const workspace = ctx.workspace;
  const resolve: Workspace['resolve'] = async (input, access) => {
    const resolved = await workspace.resolve(input, access);
    const git = obeyedContext(workspace.root);
    const immune = immunePath(input, true, [], git) ?? immunePath(resolved.rel, true, [], git);
    if (immune) {
      const where = resolved.rel === input ? input : `${input} (now ${resolved.rel})`;
      throw fail('C241', `${where}: ${immune.description} is safety-immune, so undo, redo and restore never write it; nothing was restored. Restore it yourself if you mean it (git checkout, or an edit you approve)`);
    }
    return resolved;
  };
  const guarded = new Proxy(workspace, {
    get(target, property) {
      if (property === 'resolve') return resolve;
      const value: unknown = Reflect.get(target, property, target);
      return typeof value === 'function' ? (value as (...args: unknown[]) => unknown).bind(target) : value;
    },
  });
  // Every other member as the engine made it (methods bound: the context may be a class instance).
  return new Proxy(ctx, {
    get(target, property) {
      if (property === 'workspace') return guarded;
      const value: unknown = Reflect.get(target, property, target);
      return typeof value === 'function' ? (value as (...args: unknown[]) => unknown).bind(target) : value;
    },
  });
}
