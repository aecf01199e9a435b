import type { CommandContext } from '../engine/command.js';
import { fail } from '../engine/errors.js';
import { findBelow } from '../files/remove-tree.js';
import { immunePath } from '../permissions/immune-paths.js';

// The write gate's predicate over everything a folder holds, for the commands that change a folder whole
// (move, delete --recursive; red team R11-5): the engine's gate judges the path the call names, and a folder
// holding `docs/AGENTS.md`, `.github/workflows/ci.yml` or a plugin a hook's test runner loads would
// otherwise go with it unjudged. `names(rel)`: the names an entry has (move: its old and its new one).
// Every entry, folders too, links not followed; at most `cap` of them are walked, and a folder holding more
// is refused whole (C241: nobody judged the rest).

export interface Protected {
  readonly rel: string;
  readonly code: 'C211' | 'C241';
  readonly why: string;
}

export interface FolderEntries {
  // Every entry below (workspace-relative), when the walk ended before the cap.
  readonly entries: readonly string[];
  // The entries the write gate protects or the jail hides, in walk order.
  readonly protected: readonly Protected[];
}

// How many entries are walked at most (a checkpoint keeps 20,000 files; without checkpoints a delete has no
// other limit).
export const FOLDER_CAP = 50_000;

const OBEYED = 'is (or becomes) a file another program runs or obeys later, which is safety-immune';

export async function folderEntries(ctx: CommandContext, input: string, real: string, names: (rel: string) => readonly string[] = (rel) => [rel], cap = FOLDER_CAP): Promise<FolderEntries> {
  const [{ movedLink }, { obeyedContext }] = await Promise.all([import('../permissions/obeyed-alias.js'), import('../permissions/obeyed-context.js')]);
  const git = obeyedContext(ctx.workspace.root);
  const entries: string[] = [];
  const found: Protected[] = [];
  const over = findBelow(ctx.workspace.jail, real, (each) => ctx.workspace.relative(each), (rel) => {
    if (entries.length >= cap) return true;
    entries.push(rel);
    const [own, ...others] = names(rel);
    const all = [own ?? rel, ...others];
    if (all.some((name) => ctx.workspace.isNonAccessible(name))) found.push({ rel, code: 'C211', why: 'is non-accessible' });
    else if (all.some((name) => immunePath(name, true, [], git)) || others.some((name) => movedLink(ctx, rel, name, git))) found.push({ rel, code: 'C241', why: OBEYED });
    return false;
  });
  if (over !== undefined) {
    throw fail('C241', `${input} holds more than ${cap} files and folders, more than the write gate checks one by one for files another program runs or obeys later; nothing was changed. Do it yourself if you mean it`);
  }
  return { entries, protected: found };
}

// The first protected entry as the refusal of a call that cannot ask about it (move).
export function refuseProtected(input: string, found: FolderEntries, done: string): void {
  const first = found.protected[0];
  if (first !== undefined) throw fail(first.code, `${input} holds ${first.rel}, which ${first.why}; ${done}`);
}
