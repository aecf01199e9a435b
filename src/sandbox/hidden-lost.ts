import { lstatSync, rmSync } from 'node:fs';
import { relative, sep } from 'node:path';
import { fail } from '../engine/errors.js';
import { lostRecordFile } from '../engine/state-dir.js';
import { readCacheFile, writeCacheFile } from '../workspace/cache-file.js';
import { sealHolds, sealWritten } from '../engine/writer-seal.js';
import { within } from './paths.js';
import { FIND_BUDGET, identity, moveBack, type FindBudget } from './hidden-moves.js';

// A folder above a hidden path that a run moved, and that the move-back's walk was cut short looking for
// (hidden-moves.ts find's budget): what it holds lies somewhere in the workspace under a path no glob names. Failing
// closed, it is recorded in the workspace's state folder (no sandboxed process can write it), and every later
// sandboxed run of the workspace, and every path the read jail resolves (workspace/lost-record.ts), first looks for it
// again: back at its place (the person moved it) or found (moved back, said): the record is cleared; cut short again,
// or not found (removed, or moved where it cannot be moved back): refused until the person moves it back or
// removes it and the record.

// Red team R45-a3: the record is used only with its writer's seal (engine/writer-seal.ts: a state folder a run reached
// held a forged one, which moved a folder of the run onto .git/hooks); one without is removed, said, and moves nothing.
// Whatever wrote it, a folder is moved back only to a place lost-place.ts allows.

// The record's format (cache-file.ts `v`): not the build's, so an upgrade keeps a folder lost.
const FORMAT = 'hidden-lost:1';

interface Lost {
  readonly path: string;
  readonly id: string;
}

// The record's entries; `forged`: a file is there without its writer's seal.
function read(file: string): { lost: Lost[]; forged: boolean } {
  const stats = lstatSync(file, { bigint: true, throwIfNoEntry: false });
  if (stats === undefined) return { lost: [], forged: false };
  if (!sealHolds(file, stats)) return { lost: [], forged: true };
  const entries = readCacheFile(file, FORMAT)?.['lost'];
  return { lost: Array.isArray(entries) ? entries.filter((entry): entry is Lost => typeof entry?.path === 'string' && typeof entry?.id === 'string') : [], forged: false };
}

// Whether it was written and sealed (none left: the file removed; not sealed: removed too, a record no one may use).
function write(file: string, lost: readonly Lost[]): boolean {
  if (lost.length > 0 && writeCacheFile(file, { lost }, FORMAT) && sealWritten(file)) return true;
  rmSync(file, { force: true });
  return lost.length === 0;
}

// Records a lost folder; false when there is no state folder to record it in (the caller says so).
export function recordLost(stateDir: string | undefined, path: string, id: string): boolean {
  if (stateDir === undefined) return false;
  const file = lostRecordFile(stateDir);
  return write(file, [...read(file).lost.filter((entry) => entry.path !== path), { path, id }]);
}

// Before a sandboxed run: each recorded folder looked for again. Its warnings; throws (C240) while one is still lost, or
// the record names a place lost-place.ts refuses. `globs`: the hidden-files globs.
export async function settleLost(stateDir: string | undefined, root: string, globs: readonly string[], budget: FindBudget = FIND_BUDGET): Promise<string[]> {
  if (stateDir === undefined) return [];
  const file = lostRecordFile(stateDir);
  const { lost, forged } = read(file);
  if (forged) {
    rmSync(file, { force: true });
    return [`removed ${file}: a lost-folder record codeward did not write (it has no writer's seal), so nothing it names was moved`];
  }
  const recorded = lost.filter((entry) => within(entry.path, root) && entry.path !== root);
  if (recorded.length === 0) return [];
  // (The write gate's context and the place check: loaded only while a record exists.)
  const [{ lostPlaceRefusal }, { obeyedContext }] = await Promise.all([import('./lost-place.js'), import('../permissions/obeyed-context.js')]);
  const ctx = obeyedContext(root);
  const warnings: string[] = [];
  const still: Lost[] = [];
  const refused: string[] = [];
  for (const entry of recorded) {
    if (identity(entry.path) === entry.id) continue;
    const back = moveBack(root, entry.path, entry.id, budget, Infinity, (at) => lostPlaceRefusal(root, entry.path, at, globs, ctx));
    if (back.refused !== undefined) refused.push(`${relative(root, entry.path).split(sep).join('/')} (${back.refused})`);
    else warnings.push(...back.warnings);
    if (back.cut || back.stuck) still.push(entry);
  }
  write(file, still);
  if (refused.length > 0) throw fail('C240', `refused: the lost-folder record ${file} names ${refused.join(', ')} as the place to move a folder of the workspace back to, and codeward moves no folder there; delete ${file} (if a run of yours moved a folder that holds hidden files, move it back yourself), then run again`);
  if (still.length === 0) return warnings;
  const names = still.map((entry) => relative(root, entry.path).split(sep).join('/')).join(', ');
  throw fail('C240', `refused: a sandboxed command moved ${names}, which holds files the hidden-files globs hide, and codeward cannot find where it went within its budget or move it back (${budget.entries} entries or ${budget.ms} ms of the workspace's folders): move it back to ${names} yourself (or remove it and delete ${file}), then run again${warnings.length > 0 ? ` (${warnings.join('; ')})` : ''}`);
}
