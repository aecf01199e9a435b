import { uniqueToken } from '../engine/unique-token.js';
import { mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { quarantine, type Snapshot } from './planted.js';
import { within } from './paths.js';
import { processAlive } from '../engine/process-alive.js';

// The planted-file check of a run whose codeward was interrupted (Ctrl+C, killed) before the check
// ran: the snapshot is recorded in the user's state folder (outside the workspace) before the run and
// removed after the check; the next engine of that workspace runs any check left behind by a process
// that is gone, before it loads config or policy.

const FOLDER = 'sandbox-pending';

interface Record {
  readonly pid: number;
  readonly root: string;
  readonly entries: readonly (readonly [string, string])[];
}

export function recordPending(stateDir: string, root: string, before: Snapshot): string | undefined {
  if (before.size === 0) return undefined;
  try {
    const folder = join(stateDir, FOLDER);
    mkdirSync(folder, { recursive: true, mode: 0o700 });
    const file = join(folder, `${process.pid}-${uniqueToken()}.json`);
    const record: Record = { pid: process.pid, root, entries: [...before] };
    writeFileSync(file, JSON.stringify(record), { mode: 0o600, flag: 'wx' });
    return file;
  } catch {
    // No state folder: the check after the run still happens, only an interruption is not covered.
    return undefined;
  }
}

export function clearPending(file: string | undefined): void {
  if (file) rmSync(file, { force: true });
}

// Runs the checks of interrupted runs of this workspace; returns their warnings.
export function recoverPending(stateDir: string, root: string): string[] {
  const folder = join(stateDir, FOLDER);
  let names: string[];
  try {
    names = readdirSync(folder).filter((name) => name.endsWith('.json'));
  } catch {
    return [];
  }
  const warnings: string[] = [];
  for (const name of names) {
    const file = join(folder, name);
    let record: Record;
    try {
      record = JSON.parse(readFileSync(file, 'utf8')) as Record;
    } catch {
      continue;
    }
    if (record.root !== root || !Array.isArray(record.entries) || typeof record.pid !== 'number' || processAlive(record.pid)) continue;
    // Paths are jailed again: only what lies in this workspace is ever moved.
    const entries = record.entries.filter((entry) => Array.isArray(entry) && typeof entry[0] === 'string' && typeof entry[1] === 'string' && within(entry[0], root) && entry[0] !== root);
    warnings.push(...quarantine(new Map(entries)));
    rmSync(file, { force: true });
  }
  return warnings;
}
