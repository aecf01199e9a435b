// Which objects of a repository no ref, reflog or index entry reaches (red team R27-4), asked of git once
// per change of the repository (unreachable-objects.ts keeps the answer). Such an object has no path a
// check can judge: a `.env` staged once and unstaged is one.
import { join } from 'node:path';
import { git } from './history-secrets.js';
import type { GitRepository } from './tracked-secrets.js';
import { packedIn } from './unreachable-packs.js';
import { namesBelow, quarantineOf } from './unreachable-quarantine.js';

type Env = Readonly<Record<string, string | undefined>>;

export interface ObjectsFound {
  // Loose objects (ids) no ref, reflog or index reaches, in the object folder (to be moved out: unreachable-quarantine.ts).
  readonly loose: readonly string[];
  // The other objects no ref, reflog or index reaches (in a pack, or an alternate: unreachable-packs.ts decides).
  readonly packed?: readonly string[];
  // Why the git folders must be hidden instead (a ref naming a tree or blob itself, an object folder that is a
  // link, git failing): undefined when moving the objects out is enough.
  readonly hide?: string;
  // git failed or timed out (not kept: the next run asks again).
  readonly failed?: true;
}

const ID = /^[0-9a-f]{40}(?:[0-9a-f]{24})?$/;
// The loose objects of the object folder `objects` below the real git folder `top` (`ab/cdef...` files), by id;
// 'link' or 'over' when it cannot be listed whole.
export function looseObjects(top: string, objects: string): string[] | 'link' | 'over' {
  const folders = namesBelow(top, objects);
  if (typeof folders === 'string') return folders;
  const ids: string[] = [];
  for (const folder of folders) {
    if (!/^[0-9a-f]{2}$/.test(folder.name)) continue;
    if (folder.kind === 'link') return 'link';
    if (folder.kind !== 'folder') continue;
    const names = namesBelow(top, join(objects, folder.name));
    if (typeof names === 'string') return names;
    for (const { name } of names) if (ID.test(`${folder.name}${name}`)) ids.push(`${folder.name}${name}`);
  }
  return ids;
}

const ids = (output: string): string[] => output.split('\n').map((line) => line.slice(0, line.indexOf(' ') < 0 ? undefined : line.indexOf(' '))).filter((id) => ID.test(id));

// The cruft packs (git gc's pack of unreachable objects: a `.mtimes` beside it), by name.
export function cruftPacks(top: string, objects: string): string[] {
  const names = namesBelow(top, join(objects, 'pack'));
  return typeof names === 'string' ? [] : names.map(({ name }) => name).filter((name) => name.endsWith('.mtimes')).map((name) => `objects/pack/${name}`);
}

export const FIX = 'remove them outside codeward with `git gc --prune=now` (after `git reflog expire --expire-unreachable=now --all` if a reflog keeps them)';

// What git says: reachable = every object `git rev-list --objects --all --reflog --indexed-objects` lists;
// present = `git cat-file --batch-all-objects` (packs and alternates too). A ref or reflog entry naming a
// tree or blob itself (not through a commit) reaches objects of no known path: the git folders are hidden.
// `commonDir`: the repository's common git folder, its real path (what is listed and moved).
export function findUnreachable(repository: GitRepository, commonDir: string, env: Env, timeoutMs: number): ObjectsFound {
  const objects = join(commonDir, 'objects');
  const listed = looseObjects(commonDir, objects);
  // Already moved out (unreachable-quarantine.ts): present through the alternate, hidden in the sandbox.
  const moved = looseObjects(commonDir, quarantineOf(commonDir));
  if (typeof listed === 'string' || typeof moved === 'string') return { loose: [], hide: `an object folder codeward will not list (${listed === 'link' || moved === 'link' ? 'a symbolic link' : 'too many names'} at ${objects})` };
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
  const loose = listed.filter((id) => !reachable.has(id));
  // The quarantine's packs (unreachable-packs.ts) are read only when some unreachable object is not loose.
  const looseSet = new Set([...loose, ...moved]);
  const unknown = ids(present).filter((id) => !reachable.has(id) && !looseSet.has(id));
  const movedPacks = unknown.length > 0 ? packedIn(commonDir, env, join(quarantineOf(commonDir), 'pack'), timeoutMs) : [];
  if (movedPacks === undefined) return failed;
  const inPacks = new Set(movedPacks);
  const packed = unknown.filter((id) => !inPacks.has(id));
  return packed.length === 0 ? { loose } : { loose, packed };
}
