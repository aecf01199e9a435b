import { mkdir, open, readdir, readFile, rename, stat, unlink } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { fail } from '../../engine/errors.js';
import { syncDir, tempPathFor } from '../atomic-write.js';
import { acquireFileLocks } from '../lock-file.js';
import type { FileState } from './state.js';

// One file of a step: what it was before codeward changed it and what codeward left there.
export interface StepFile {
  readonly rel: string;
  readonly before: FileState;
  // Absent while the step is in progress (or when the writer died before it finished).
  readonly after?: FileState;
}

// One change codeward made (one call: a multipatch is one step however many files it touched).
export interface Step {
  readonly version: 1;
  readonly id: number;
  readonly time: string;
  readonly command: string;
  // Who asked (the caller's label: "coder agent ac-2"), when a door says.
  readonly caller?: string;
  readonly pid: number;
  readonly status: 'pending' | 'done' | 'undone';
  readonly files: readonly StepFile[];
}

interface Head {
  // The last id handed out.
  readonly seq: number;
  // Steps undone and not redone: the redo tail a new change drops (kept here so recording a step
  // never reads the whole journal).
  readonly undone: readonly number[];
}

export interface StoreLimits {
  readonly maxBytes: number;
  readonly maxAgeMs: number;
}

const LOCK = { timeoutMs: 30_000, staleMs: 10_000 };
// A blob younger than this may belong to a step being recorded right now (its blobs and its step file
// are written side by side, well within this): never collected. Short, so a burst of edits is bounded
// too; a recording slower than this loses its blob, which undo reports (C224), never guesses.
const BLOB_GRACE_MS = 10 * 1000;
const STEP_NAME = /^(\d{1,15})\.json$/;

// The checkpoint store of one workspace: `<state dir>/checkpoints/` (never inside the workspace; see
// engine/state-dir.ts), holding `blobs/` (content-addressed), `steps/<id>.json` (the journal) and
// `head.json`. Changes to the journal happen under a lock file in the store.
export class CheckpointStore {
  constructor(readonly dir: string) {}

  static for(stateDir: string): CheckpointStore {
    return new CheckpointStore(join(stateDir, 'checkpoints'));
  }

  async locked<T>(work: () => Promise<T>): Promise<T> {
    await mkdir(join(this.dir, 'steps'), { recursive: true, mode: 0o700 });
    const release = await acquireFileLocks(join(this.dir, 'locks'), [this.dir], LOCK);
    try {
      return await work();
    } finally {
      await release();
    }
  }

  stepPath(id: number): string {
    return join(this.dir, 'steps', `${id}.json`);
  }

  // Temp file + rename (readers see the old or the new step, never a part). `durable` adds the fsyncs
  // that make it survive a power loss: taken for the step written before any file is touched; the
  // finishing update (the after states) skips them, at worst leaving the step pending (undo then asks
  // for --force).
  async writeStep(step: Step, durable = true): Promise<void> {
    await writeJson(this.stepPath(step.id), step, durable);
  }

  async readStep(id: number): Promise<Step | undefined> {
    try {
      const step = JSON.parse(await readFile(this.stepPath(id), 'utf8')) as Step;
      return step?.version === 1 && step.id === id && Array.isArray(step.files) ? step : undefined;
    } catch {
      return undefined;
    }
  }

  // Every readable step, oldest first.
  async steps(): Promise<Step[]> {
    const names = await readdir(join(this.dir, 'steps')).catch(() => [] as string[]);
    const ids = names.map((name) => STEP_NAME.exec(name)?.[1]).filter((id): id is string => id !== undefined).map(Number).sort((a, b) => a - b);
    const steps = await Promise.all(ids.map((id) => this.readStep(id)));
    return steps.filter((step): step is Step => step !== undefined);
  }

  // Writes the step as pending under the next free id, before any file is touched. The id is taken by
  // creating its file exclusively (O_EXCL: two processes never get the same one), so an ordinary change
  // needs no lock; only dropping the redo tail (steps undone before this new change) takes the lock.
  async begin(fields: Omit<Step, 'version' | 'id' | 'time' | 'pid' | 'status'>): Promise<Step> {
    await mkdir(join(this.dir, 'steps'), { recursive: true, mode: 0o700 });
    const head = await this.head();
    if (head.undone.length > 0) return this.beginLocked(fields);
    for (let id = Math.max(head.seq, await this.lastId()) + 1; ; id += 1) {
      const step: Step = { version: 1, id, time: new Date().toISOString(), pid: process.pid, status: 'pending', ...fields };
      if (await createJson(this.stepPath(id), step)) return step;
    }
  }

  private async beginLocked(fields: Omit<Step, 'version' | 'id' | 'time' | 'pid' | 'status'>): Promise<Step> {
    return this.locked(async () => {
      const head = await this.head();
      for (const undone of head.undone) await unlink(this.stepPath(undone)).catch(() => undefined);
      const id = Math.max(head.seq, await this.lastId()) + 1;
      const step: Step = { version: 1, id, time: new Date().toISOString(), pid: process.pid, status: 'pending', ...fields };
      await this.writeStep(step);
      if (head.undone.length > 0) await this.writeHead({ seq: id, undone: [] });
      return step;
    });
  }

  // Only a step still pending (its writer changed nothing) or one the caller holds the lock for.
  async removeStep(id: number): Promise<void> {
    await unlink(this.stepPath(id)).catch(() => undefined);
  }

  // The highest step id in the journal (file names only; the newest step is never pruned).
  private async lastId(): Promise<number> {
    const names = await readdir(join(this.dir, 'steps')).catch(() => [] as string[]);
    return names.reduce((max, name) => Math.max(max, Number(STEP_NAME.exec(name)?.[1] ?? 0)), 0);
  }

  // The head; without a readable one (first use, damage) it is rebuilt from the journal.
  async head(): Promise<Head> {
    try {
      const head = JSON.parse(await readFile(join(this.dir, 'head.json'), 'utf8')) as Head;
      if (Number.isSafeInteger(head.seq) && Array.isArray(head.undone) && head.undone.every((id) => Number.isSafeInteger(id))) return head;
    } catch {
      // rebuilt below
    }
    const steps = await this.steps();
    const head = { seq: steps.reduce((max, step) => Math.max(max, step.id), 0), undone: steps.filter((step) => step.status === 'undone').map((step) => step.id) };
    await this.writeHead(head);
    return head;
  }

  // Marks steps undone or done again in the head (under the lock).
  async markUndone(ids: readonly number[], undone: boolean): Promise<void> {
    const head = await this.head();
    const set = new Set(head.undone);
    for (const id of ids) {
      if (undone) set.add(id);
      else set.delete(id);
    }
    await this.writeHead({ seq: head.seq, undone: [...set].sort((a, b) => a - b) });
  }

  private async writeHead(head: Head): Promise<void> {
    await writeJson(join(this.dir, 'head.json'), head, true);
  }

  // Drops steps older than the age limit, then the oldest steps until the blobs fit the size limit
  // (the newest step always stays), then every blob no step names. Call under the lock.
  async prune(limits: StoreLimits, now = Date.now()): Promise<{ steps: number; blobs: number }> {
    let steps = await this.steps();
    let droppedSteps = 0;
    const drop = async (step: Step): Promise<void> => {
      await unlink(this.stepPath(step.id)).catch(() => undefined);
      droppedSteps += 1;
    };
    const keep: Step[] = [];
    for (const [index, step] of steps.entries()) {
      if (index < steps.length - 1 && now - Date.parse(step.time) > limits.maxAgeMs) await drop(step);
      else keep.push(step);
    }
    steps = keep;
    const blobs = await this.blobSizes();
    const referenced = (list: readonly Step[]): Set<string> => new Set(list.flatMap((step) => step.files.flatMap((file) => [file.before, file.after]).flatMap((state) => (state?.kind === 'file' ? [state.hash] : []))));
    const total = (list: readonly Step[]): number => [...referenced(list)].reduce((sum, hash) => sum + (blobs.get(hash)?.size ?? 0), 0);
    while (steps.length > 1 && total(steps) > limits.maxBytes) await drop(steps.shift()!);
    const live = referenced(steps);
    let droppedBlobs = 0;
    for (const [hash, info] of blobs) {
      if (live.has(hash) || now - info.mtimeMs < BLOB_GRACE_MS) continue;
      await unlink(info.path).catch(() => undefined);
      droppedBlobs += 1;
    }
    return { steps: droppedSteps, blobs: droppedBlobs };
  }

  async blobSizes(): Promise<Map<string, { size: number; mtimeMs: number; path: string }>> {
    const found = new Map<string, { size: number; mtimeMs: number; path: string }>();
    const base = join(this.dir, 'blobs');
    for (const prefix of await readdir(base).catch(() => [] as string[])) {
      for (const name of await readdir(join(base, prefix)).catch(() => [] as string[])) {
        if (!/^[0-9a-f]{64}$/.test(name)) continue;
        const path = join(base, prefix, name);
        const st = await stat(path).catch(() => undefined);
        if (st?.isFile()) found.set(name, { size: st.size, mtimeMs: st.mtimeMs, path });
      }
    }
    return found;
  }
}

// Creates `path` exclusively with `value`, fsynced; false when it exists (the id is taken).
async function createJson(path: string, value: unknown): Promise<boolean> {
  let handle;
  try {
    handle = await open(path, 'wx', 0o600);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') return false;
    throw error;
  }
  try {
    await handle.writeFile(JSON.stringify(value));
    await handle.sync();
  } catch (error) {
    await handle.close().catch(() => undefined);
    await unlink(path).catch(() => undefined);
    throw error;
  }
  await handle.close();
  await syncDir(dirname(path));
  return true;
}

async function writeJson(path: string, value: unknown, durable: boolean): Promise<void> {
  const temp = tempPathFor(path);
  const handle = await open(temp, 'wx', 0o600);
  try {
    await handle.writeFile(JSON.stringify(value));
    if (durable) await handle.sync();
  } finally {
    await handle.close();
  }
  try {
    await rename(temp, path);
  } catch (error) {
    await unlink(temp).catch(() => undefined);
    throw error;
  }
  if (durable) await syncDir(dirname(path));
}

export function noCheckpoint(id: number): Error {
  return fail('C224', `no checkpoint ${id}: list them with "checkpoints"`);
}
