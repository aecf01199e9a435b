import { closeSync, fsyncSync, lstatSync, openSync, readdirSync, readFileSync, renameSync, writeSync } from 'node:fs';
import { join } from 'node:path';
import { processAlive } from '../../engine/process-alive.js';

// The journal of a staged run's apply (issue 27): written (and synced) in the run's folder before the
// first file moves, removed after the last. A process killed in between (kill -9, a power loss) leaves
// it; the next exec, test, undo, redo or restore in the workspace finishes the apply (recover.ts). The
// operations are idempotent from the journal alone: a write whose source is gone from the upper folder
// was moved already; an entry changed after the journal was written (its change time, in the file
// system's own clock, at or after the `applying` marker's) was moved by this apply or changed by
// someone since, and is left as it is.

export interface StageOps {
  // Files and links removed, then folders removed when empty (deepest first), all relative.
  readonly deletes: readonly string[];
  readonly removedFolders: readonly string[];
  // Folders made (parents first) or whose mode changed; `moved`: inside a tree (below), only its mode is set.
  readonly folders: readonly { readonly rel: string; readonly mode: number; readonly moved?: true }[];
  // Files moved from the upper folder (`source`), or links made (`link`: the target).
  readonly writes: readonly { readonly rel: string; readonly source: string; readonly mode: number; readonly link?: string }[];
  // Folders the command created whole (nothing below them set aside), each moved by one rename of
  // `source` (its folder in the upper folder) after the writes (trees.ts).
  readonly trees?: readonly { readonly rel: string; readonly source: string }[];
}

export interface Journal {
  readonly version: 1;
  readonly pid: number;
  // The workspace and the step's label (the pending checkpoint step it finishes, when `checkpoint`).
  readonly root: string;
  readonly label: string;
  readonly checkpoint: boolean;
  readonly ops: StageOps;
}

const MARKER = 'applying';
const NAME = /^journal-(\d+)\.json$/;

const journalPath = (dir: string, pid: number): string => join(dir, `journal-${pid}.json`);

function writeSynced(path: string, text: string): void {
  const fd = openSync(path, 'wx', 0o600);
  try {
    writeSync(fd, text);
    fsyncSync(fd);
  } finally {
    closeSync(fd);
  }
}

// Writes the journal of the apply about to start in the run folder `dir`; returns its path.
export function writeJournal(dir: string, journal: Omit<Journal, 'version' | 'pid'>): string {
  writeSynced(join(dir, MARKER), '');
  const path = journalPath(dir, process.pid);
  writeSynced(path, JSON.stringify({ version: 1, pid: process.pid, ...journal } satisfies Journal));
  return path;
}

// The journal of an interrupted apply in `dir`, taken over by this process (renamed to its pid, so two
// processes never finish the same one), with the apply's start in the file system's clock.
export function claimJournal(dir: string): { journal: Journal; since: bigint } | undefined {
  let names: string[];
  try {
    names = readdirSync(dir);
  } catch {
    return undefined;
  }
  for (const name of names) {
    const pid = Number(NAME.exec(name)?.[1]);
    if (!Number.isInteger(pid) || pid === process.pid || processAlive(pid)) continue;
    const mine = journalPath(dir, process.pid);
    try {
      renameSync(join(dir, name), mine);
      const journal = JSON.parse(readFileSync(mine, 'utf8')) as Journal;
      if (journal?.version !== 1 || !Array.isArray(journal.ops?.writes)) return undefined;
      return { journal, since: lstatSync(join(dir, MARKER), { bigint: true }).ctimeNs };
    } catch {
      return undefined;
    }
  }
  return undefined;
}

// The test hook of the crash test: the apply kills its own process (SIGKILL, as kill -9) once this many
// operations were done. Read from the environment at each apply.
export function killAfter(): number | undefined {
  const value = Number(process.env['CODEWARD_TEST_STAGE_KILL_AFTER']);
  return Number.isInteger(value) && value >= 0 ? value : undefined;
}
