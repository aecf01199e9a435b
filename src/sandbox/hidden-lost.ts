import { mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import { fail } from '../engine/errors.js';
import { within } from './paths.js';
import { FIND_BUDGET, identity, moveBack, type FindBudget } from './hidden-moves.js';

// A folder above a hidden path that a run moved, and that the move-back's walk was cut short looking for
// (hidden-moves.ts find's budget): what it holds lies somewhere in the workspace under a path no glob names. Failing
// closed, it is recorded in the workspace's state folder (no sandboxed process can write it), and every later
// sandboxed run of the workspace first looks for it again: back at its place (the person moved it), found (moved
// back, said), or gone from the workspace (removed): the record is cleared; cut short again: the run is refused.

const FILE = 'hidden-lost.json';

interface Lost {
  readonly path: string;
  readonly id: string;
}

function read(file: string): Lost[] {
  try {
    const parsed: unknown = JSON.parse(readFileSync(file, 'utf8'));
    return Array.isArray(parsed) ? parsed.filter((entry): entry is Lost => typeof entry?.path === 'string' && typeof entry?.id === 'string') : [];
  } catch {
    return [];
  }
}

function write(file: string, lost: readonly Lost[]): void {
  if (lost.length === 0) return void rmSync(file, { force: true });
  const temp = `${file}.${process.pid}`;
  writeFileSync(temp, JSON.stringify(lost), { mode: 0o600 });
  renameSync(temp, file);
}

// Records a lost folder; false when there is no state folder to record it in (the caller says so).
export function recordLost(stateDir: string | undefined, path: string, id: string): boolean {
  if (stateDir === undefined) return false;
  try {
    mkdirSync(stateDir, { recursive: true, mode: 0o700 });
    const file = join(stateDir, FILE);
    write(file, [...read(file).filter((entry) => entry.path !== path), { path, id }]);
    return true;
  } catch {
    return false;
  }
}

// Before a sandboxed run: each recorded folder looked for again. Its warnings; throws (C240) while one is still lost.
export function settleLost(stateDir: string | undefined, root: string, budget: FindBudget = FIND_BUDGET): string[] {
  if (stateDir === undefined) return [];
  const file = join(stateDir, FILE);
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
