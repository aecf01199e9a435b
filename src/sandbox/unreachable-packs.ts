// Unreachable objects in a pack of the repository's own object folder (R27-4, git30): a cruft pack (`git gc`'s
// pack of unreachable objects), or a pack a `git gc` wrote while a `.env` was staged. Instead of hiding git, the
// pack moves into the quarantine's pack folder (unreachable-quarantine.ts: git outside still reads it through
// objects/info/alternates; the sandbox does not see it), after its reachable objects were written to a new pack
// of the object folder (`git pack-objects`, what `git repack` does). A pack git may not rewrite (a promisor pack,
// a multi-pack index naming the packs) keeps git hidden.
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { readGitMetadataBytesOr } from '../git/config-read.js';
import { namesBelow } from './unreachable-quarantine.js';
import { findOnPath } from './which.js';

type Env = Readonly<Record<string, string | undefined>>;

// An index file read at most (~36 bytes per object: 7 million objects).
const MAX_INDEX = 256 * 1024 * 1024;
const ID = /^[0-9a-f]{40}(?:[0-9a-f]{24})?$/;

// What to do about the packs: the packs (file names without extension) to move out, or why git stays hidden.
export type PacksPlan = { readonly move: readonly string[] } | { readonly hide: string };

function runGit(commonDir: string, env: Env, args: readonly string[], input: string | Buffer, timeoutMs: number): string | undefined {
  const program = findOnPath('git', env);
  if (!program) return undefined;
  const clean = Object.fromEntries(Object.entries(env).filter(([key]) => !key.startsWith('GIT_')));
  const result = spawnSync(program, ['-c', 'core.fsmonitor=false', ...args], {
    cwd: commonDir, input, encoding: 'utf8', maxBuffer: 512 * 1024 * 1024, timeout: timeoutMs, env: { ...clean, GIT_DIR: commonDir, GIT_OPTIONAL_LOCKS: '0', GIT_CONFIG_NOSYSTEM: '1' },
  });
  return result.status === 0 ? result.stdout : undefined;
}

// The objects of a pack, from its index (`git show-index` reads it from its input).
function packObjects(commonDir: string, env: Env, index: string, timeoutMs: number): string[] | undefined {
  // (Listed as a regular file just before; anything else there makes show-index fail: git hidden.)
  const read = readGitMetadataBytesOr(index, MAX_INDEX);
  if (typeof read !== 'object') return undefined;
  const listed = runGit(commonDir, env, ['show-index'], read.bytes, timeoutMs);
  return listed?.split('\n').map((line) => line.split(' ')[1] ?? '').filter((id) => ID.test(id));
}

// The objects of every pack in the pack folder `folder` (below the real common git folder `commonDir`);
// undefined when one cannot be read.
export function packedIn(commonDir: string, env: Env, folder: string, timeoutMs: number): string[] | undefined {
  const names = namesBelow(commonDir, folder);
  if (typeof names === 'string') return undefined;
  const ids: string[] = [];
  for (const { name } of names) {
    if (!name.endsWith('.idx')) continue;
    const listed = packObjects(commonDir, env, join(folder, name), timeoutMs);
    if (!listed) return undefined;
    ids.push(...listed);
  }
  return ids;
}

// For the real common git folder `commonDir`: which packs hold any of `unreachable`, each rewritten without them.
export function planPacks(commonDir: string, env: Env, unreachable: ReadonlySet<string>, timeoutMs: number): PacksPlan {
  const folder = join(commonDir, 'objects', 'pack');
  const names = namesBelow(commonDir, folder);
  if (typeof names === 'string') return { hide: `objects/pack is ${names === 'link' ? 'a symbolic link' : 'too large to list'}` };
  if (names.some(({ name }) => name === 'multi-pack-index')) return { hide: 'a multi-pack index names the packs (codeward does not rewrite it)' };
  const move: string[] = [];
  let left = unreachable.size;
  for (const { name, kind } of names) {
    if (!name.endsWith('.idx')) continue;
    const base = name.slice(0, -'.idx'.length);
    if (kind !== 'file') return { hide: `objects/pack/${name} is not a regular file` };
    const ids = packObjects(commonDir, env, join(folder, name), timeoutMs);
    if (!ids) return { hide: `objects/pack/${name} could not be read` };
    const held = ids.filter((id) => unreachable.has(id));
    if (held.length === 0) continue;
    if (names.some((entry) => entry.name === `${base}.promisor`)) return { hide: `a promisor pack (objects/pack/${base}.promisor) holds objects no ref reaches` };
    const reachable = ids.filter((id) => !unreachable.has(id));
    // Its reachable objects first, in a pack of their own (git outside and inside never miss one).
    if (reachable.length > 0 && runGit(commonDir, env, ['pack-objects', '-q', join(folder, 'pack')], `${reachable.join('\n')}\n`, timeoutMs) === undefined) {
      return { hide: `git could not rewrite objects/pack/${name} without its unreachable objects` };
    }
    move.push(base);
    left -= held.length;
  }
  // The rest are in an alternate object store of someone else's (or appeared meanwhile).
  return left > 0 ? { hide: `${left} object${left === 1 ? '' : 's'} no ref reaches outside the repository's own packs` } : { move };
}
