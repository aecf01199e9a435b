// Which objects of a repository no ref, reflog or index entry reaches (red team R27-4), asked of git once
// per change of the repository (unreachable-objects.ts keeps the answer). Such an object has no path a
// check can judge: a `.env` staged once and unstaged is one.
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { git } from './history-secrets.js';
import type { ToolEnv } from './which.js';
import { alternatesOf, type GitRepository } from './tracked-secrets.js';

type Env = ToolEnv;

export interface ObjectsFound {
  // Loose objects (ids) no ref, reflog or index reaches.
  readonly loose: readonly string[];
  // Loose objects (ids) git listed as reached: what a read-only view of the objects may show (objects-view.ts).
  readonly shown?: readonly string[];
  // Why the git folders must be hidden instead (unreachable objects in a pack or an alternate, a ref naming
  // a tree or blob itself, git failing): undefined when masking the loose ones is enough.
  readonly hide?: string;
  // With `hide` for unreachable objects in the repository's own packs (no alternate store): the reachable
  // packed ids, of which a filtered pack can be shown instead (objects-pack-view.ts).
  readonly packedShown?: readonly string[];
  // git failed or timed out (not kept: the next run asks again).
  readonly failed?: true;
}

const ID = /^[0-9a-f]{40}(?:[0-9a-f]{24})?$/;

// The loose objects of an objects folder (`ab/cdef...` files), by id.
export function looseObjects(objects: string): string[] {
  const ids: string[] = [];
  let folders: string[];
  try {
    folders = readdirSync(objects).filter((name) => /^[0-9a-f]{2}$/.test(name));
  } catch {
    return [];
  }
  for (const folder of folders) {
    let names: string[] = [];
    try {
      names = readdirSync(join(objects, folder));
    } catch {
      // Not a folder (or gone): no object.
    }
    for (const name of names) if (ID.test(`${folder}${name}`)) ids.push(`${folder}${name}`);
  }
  return ids;
}

const ids = (output: string): string[] => output.split('\n').map((line) => line.slice(0, line.indexOf(' ') < 0 ? undefined : line.indexOf(' '))).filter((id) => ID.test(id));

// The cruft packs (git gc's pack of unreachable objects: a `.mtimes` beside it), by name.
function cruftPacks(objects: string): string[] {
  try {
    return readdirSync(join(objects, 'pack')).filter((name) => name.endsWith('.mtimes')).map((name) => `objects/pack/${name}`);
  } catch {
    return [];
  }
}

const FIX = 'remove them outside codeward with `git gc --prune=now` (after `git reflog expire --expire-unreachable=now --all` if a reflog keeps them)';

// What git says: reachable = every object `git rev-list --objects --all --reflog --indexed-objects` lists;
// present = `git cat-file --batch-all-objects` (packs and alternates too). A ref or reflog entry naming a
// tree or blob itself (not through a commit) reaches objects of no known path: the git folders are hidden.
export function findUnreachable(repository: GitRepository, env: Env, timeoutMs: number): ObjectsFound {
  const run = (args: readonly string[]): string | undefined => git(repository.worktree, env, args, timeoutMs);
  const failed = { loose: [], hide: 'objects codeward could not list (git failed or timed out)', failed: true } as const;
  const tips = ['rev-list', '--objects', '--no-walk', '--all', '--reflog', '--filter=tree:0'];
  const named = run(tips);
  const commits = run([...tips, '--filter-provided-objects']);
  if (named === undefined || commits === undefined) return failed;
  const throughCommits = new Set(commits.split('\n'));
  const direct = named.split('\n').filter((line) => line !== '' && !throughCommits.has(line));
  if (direct.length > 0) return { loose: [], hide: `a tree or blob a ref or reflog names itself (${direct[0]!.trim()}), which no path describes; delete that ref outside codeward` };
  const reached = run(['rev-list', '--objects', '--all', '--reflog', '--indexed-objects', '--missing=allow-promisor']);
  const present = run(['cat-file', '--batch-all-objects', '--batch-check=%(objectname)']);
  if (reached === undefined || present === undefined) return failed;
  const reachable = new Set(ids(reached));
  const objects = join(repository.commonDir, 'objects');
  const all = looseObjects(objects);
  const loose = all.filter((id) => !reachable.has(id));
  const looseSet = new Set(loose);
  const packed = ids(present).filter((id) => !reachable.has(id) && !looseSet.has(id));
  if (packed.length === 0) return { loose, shown: all.filter((id) => reachable.has(id)) };
  const cruft = cruftPacks(objects);
  const where = cruft.length > 0 ? `a cruft pack (${cruft.join(', ')})` : 'a pack or an alternate object store';
  const hide = `${packed.length} object${packed.length === 1 ? '' : 's'} no ref, reflog or index reaches in ${where}; ${FIX}`;
  const allSet = new Set(all);
  const packedShown = alternatesOf(repository).length > 0 ? undefined : ids(present).filter((id) => reachable.has(id) && !allSet.has(id));
  return { loose, hide, shown: all.filter((id) => reachable.has(id)), ...(packedShown ? { packedShown } : {}) };
}

// Why the git folders are hidden when too many loose objects are unreachable to mask each.
export function tooManyLoose(count: number, bound: number): string {
  return `${count} loose objects no ref, reflog or index reaches (more than the ${bound} the sandbox masks one by one); ${FIX}, or \`git prune\``;
}

// What a git that fails to write inside the sandbox is told when the objects are shown as a read-only view
// (objects-view.ts: past the bound of masks, reading works; adding objects does not).
export function objectsReadOnly(count: number, packed: boolean): string {
  const what = packed ? `objects no ref, reflog or index reaches in a pack${count > 0 ? ` and ${count} loose ones` : ''}` : `${count} loose objects no ref, reflog or index reaches`;
  return `git's object store is read-only inside exec here: it holds ${what}, which the sandbox leaves out of a read-only view of it (git status, diff and log work; add, commit and stash cannot write objects); ${FIX}, or \`git prune\`, or use codeward's git tools`;
}
