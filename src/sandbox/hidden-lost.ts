import { rmSync } from 'node:fs';
import { relative, sep } from 'node:path';
import { fail } from '../engine/errors.js';
import { lostRecordFile } from '../engine/state-dir.js';
import { readCacheFile, writeCacheFile } from '../workspace/cache-file.js';
import { within } from './paths.js';
import { FIND_BUDGET, identity, moveBack, type FindBudget } from './hidden-moves.js';

// A folder above a hidden path that a run moved, and that the move-back's walk was cut short looking for
// (hidden-moves.ts find's budget): what it holds lies somewhere in the workspace under a path no glob names. Failing
// closed, it is recorded in the workspace's state folder (no sandboxed process can write it), and every later
// sandboxed run of the workspace, and every path the read jail resolves (workspace/lost-record.ts), first looks for it
// again: back at its place (the person moved it) or found (moved back, said): the record is cleared; cut short again,
// or not found (removed, or moved where it cannot be moved back): refused until the person moves it back or
// removes it and the record.

// The record's format (cache-file.ts `v`): not the build's, so an upgrade keeps a folder lost.
const FORMAT = 'hidden-lost:1';

interface Lost {
  readonly path: string;
  readonly id: string;
}

function read(file: string): Lost[] {
  const entries = readCacheFile(file, FORMAT)?.['lost'];
  return Array.isArray(entries) ? entries.filter((entry): entry is Lost => typeof entry?.path === 'string' && typeof entry?.id === 'string') : [];
}

// Whether it was written (none left: the file removed).
function write(file: string, lost: readonly Lost[]): boolean {
  if (lost.length > 0) return writeCacheFile(file, { lost }, FORMAT);
  rmSync(file, { force: true });
  return true;
}

// Records a lost folder; false when there is no state folder to record it in (the caller says so).
export function recordLost(stateDir: string | undefined, path: string, id: string): boolean {
  if (stateDir === undefined) return false;
  const file = lostRecordFile(stateDir);
  return write(file, [...read(file).filter((entry) => entry.path !== path), { path, id }]);
}

// Before a sandboxed run: each recorded folder looked for again. Its warnings; throws (C240) while one is still lost.
export function settleLost(stateDir: string | undefined, root: string, budget: FindBudget = FIND_BUDGET): string[] {
  if (stateDir === undefined) return [];
  const file = lostRecordFile(stateDir);
  const recorded = read(file).filter((entry) => within(entry.path, root) && entry.path !== root);
  if (recorded.length === 0) return [];
  const warnings: string[] = [];
  const still: Lost[] = [];
  for (const entry of recorded) {
    if (identity(entry.path) === entry.id) continue;
    const back = moveBack(root, entry.path, entry.id, budget);
    warnings.push(...back.warnings);
    if (back.cut || back.stuck) still.push(entry);
  }
  write(file, still);
  if (still.length === 0) return warnings;
  const names = still.map((entry) => relative(root, entry.path).split(sep).join('/')).join(', ');
  throw fail('C240', `refused: a sandboxed command moved ${names}, which holds files the hidden-files globs hide, and codeward cannot find where it went within its budget or move it back (${budget.entries} entries or ${budget.ms} ms of the workspace's folders): move it back to ${names} yourself (or remove it and delete ${file}), then run again${warnings.length > 0 ? ` (${warnings.join('; ')})` : ''}`);
}
