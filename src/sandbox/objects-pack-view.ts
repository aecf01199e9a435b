// The pack folder of a read-only objects view (objects-view.ts) when a PACK holds an object no ref, reflog or
// index reaches (red team R27-4): one pack of the reachable packed objects, written by git into codeward's
// state folder, shown in place of the real `pack/` folder. Made with `git pack-objects --stdout` (a pack
// written to a base name puts its tmp_pack_* in the repository's own objects/pack first: never used, as
// nothing is written in the user's store) and `git index-pack` run in the view outside any repository.
// Made only after objects-view.ts found no link for `objects` or `objects/pack` (linkedInStore: git would pack what
// a linked pack folder leads to, outside the repository, into the view).
// Kept while the set of reachable packed objects is the same (its hash names the pack): a commit adds loose
// objects, not packed ones; a repack, a fetch or a ref deleted makes a new one (bench: 0.2-2.2 s for 20k objects).
import { spawnSync } from 'node:child_process';
import { closeSync, mkdirSync, openSync, readdirSync, renameSync, rmSync } from 'node:fs';
import { nodeCrypto } from '../engine/lazy-crypto.js';
import { dirname, join } from 'node:path';
import { findOnPath, type ToolEnv } from './which.js';

type Env = ToolEnv;

// The names in a folder of a view in codeward's state folder (none when it is missing): objects-view.ts too.
export function viewNames(folder: string): string[] {
  try {
    return readdirSync(folder);
  } catch {
    return [];
  }
}

// Whether the view's pack folder holds a filtered pack (then the real one is not bound).
export function hasFilteredPack(view: string): boolean {
  return viewNames(join(view, 'pack')).some((name) => name.endsWith('.idx'));
}

// Brings the view's pack folder in line: `packed` the reachable packed ids (a filtered pack of them), or
// undefined (no pack needed: the folder emptied, the real one is bound). False when git failed.
export function syncPackView(view: string, worktree: string, env: Env, packed: readonly string[] | undefined, timeoutMs: number): boolean {
  const folder = join(view, 'pack');
  mkdirSync(folder, { recursive: true });
  if (packed === undefined) {
    for (const name of viewNames(folder)) rmSync(join(folder, name), { recursive: true, force: true });
    return true;
  }
  const key = nodeCrypto().createHash('sha256').update([...packed].sort().join('\n')).digest('hex').slice(0, 40);
  const base = `pack-${key}`;
  const present = viewNames(folder);
  if (present.includes(`${base}.idx`) && present.includes(`${base}.pack`)) return true;
  const program = findOnPath('git', env);
  if (!program) return false;
  const clean = { ...Object.fromEntries(Object.entries(env).filter(([name]) => !name.startsWith('GIT_'))), GIT_OPTIONAL_LOCKS: '0', GIT_CONFIG_NOSYSTEM: '1' };
  const work = join(dirname(view), `.pack-${process.pid}`);
  rmSync(work, { recursive: true, force: true });
  mkdirSync(work, { recursive: true });
  try {
    const fd = openSync(join(work, `${base}.pack`), 'w', 0o444);
    let written;
    try {
      written = spawnSync(program, ['-c', 'core.fsmonitor=false', 'pack-objects', '--stdout', '-q'], { cwd: worktree, env: clean, input: `${packed.join('\n')}\n`, stdio: ['pipe', fd, 'ignore'], timeout: timeoutMs, maxBuffer: 64 * 1024 * 1024 });
    } finally {
      closeSync(fd);
    }
    if (written.status !== 0) return false;
    // Outside any repository (the ceiling stops discovery at the state folder): nothing read or written but here.
    const indexed = spawnSync(program, ['index-pack', '-o', `${base}.idx`, `${base}.pack`], { cwd: work, env: { ...clean, GIT_CEILING_DIRECTORIES: dirname(work) }, stdio: 'ignore', timeout: timeoutMs });
    if (indexed.status !== 0) return false;
    for (const name of viewNames(folder)) rmSync(join(folder, name), { recursive: true, force: true });
    for (const name of viewNames(work)) renameSync(join(work, name), join(folder, name));
    return true;
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}
