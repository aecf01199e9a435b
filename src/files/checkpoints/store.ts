import { mkdirSync, readdirSync, readFileSync, readlinkSync, renameSync, symlinkSync, unlinkSync } from 'node:fs';
import { mkdir, readdir, readFile, stat, unlink } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { markAfterMkdir } from '../../engine/state-dir.js';
import { fail } from '../../engine/errors.js';
import { tempPathFor } from '../atomic-write.js';
import type { Identity } from './identity.js';
import { createJson, overwriteJson, writeJson } from './json-file.js';
import { pruneStore, type PrunePlan } from './prune.js';
import { acquireFileLocks } from '../lock-file.js';
import type { FileState } from './state.js';

// One file of a step: what it was before codeward changed it and what codeward left there.
export interface StepFile {
  readonly rel: string;
  // Absent only in a step that kept no checkpoint (Step.kept false).
  readonly before?: FileState;
  // Absent while the step is in progress (or when the writer died before it finished).
  readonly after?: FileState;
  // The identity (identity.ts) of the file codeward left when `after` is a file and it was taken; lets
  // the next step on the file know its state without reading it (knownState).
  readonly stamp?: Identity;
}

// A folder a step made, removed or changed the mode of (a staged command's, issue 27): its mode before
// and after (null: absent). Undo and redo put the folder back after the files (folders.ts).
export interface StepFolder {
  readonly rel: string;
  readonly before: number | null;
  readonly after: number | null;
}

// One change codeward made (one call: a multipatch is one step however many files it touched).
export interface Step {
  readonly version: 1;
  readonly id: number;
  readonly time: string;
  readonly command: string;
  // Who asked (the caller's label: "coder agent ac-2"), when a door says.
  readonly caller?: string;
  // The door the call came through (cli, chatcli, mcp, agent, worker) and its session, when known.
  readonly door?: string;
  readonly session?: string;
  // The agent's turn, and the call (Engine.run) that made it: a call that recorded several steps (a
  // batched create, update or delete records one per file) is one change for undo and redo.
  readonly turn?: string;
  readonly call?: string;
  readonly pid: number;
  readonly status: 'pending' | 'done' | 'undone';
  // false: a change made with `backups: false`, noted (command, files, time) without any content or
  // state, so undo can say it cannot take it back instead of blaming someone else (see unkeptStep).
  readonly kept?: false;
  readonly files: readonly StepFile[];
  readonly folders?: readonly StepFolder[];
  // The undone steps this change dropped (the redo tail a new change ends): their ids are not reused.
  readonly replaced?: readonly number[];
}

// A step that kept no checkpoint (backups: false), or one whose file lacks its before state.
export const isUnkept = (step: Step): boolean => step.kept === false || step.files.some((file) => file.before === undefined);

// Whether a step changed `rel`: one of its files, or, for a step that kept no checkpoint (a recursive
// delete notes only the folder), a file below one of its paths.
export const stepTouches = (step: Step, rel: string): boolean =>
  step.files.some((file) => file.rel === rel || (file.before === undefined && rel.startsWith(`${file.rel}/`)));

interface Head {
  // The last id handed out.
  readonly seq: number;
  // Steps undone and not redone, in the order they were undone: the redo tail a new change drops (kept
  // here so recording a step never reads the whole journal).
  readonly undone: readonly number[];
}

export interface StoreLimits {
  readonly maxBytes: number;
  readonly maxAgeMs: number;
}

const LOCK = { timeoutMs: 30_000, staleMs: 10_000 };
const STEP_NAME = /^(\d{1,15})\.json$/;
const STATUSES = new Set<unknown>(['pending', 'done', 'undone']);
// The share of the size limit left free after a prune (record.ts prunes before it fills up).
export const PRUNE_HEADROOM = 0.1;

// The checkpoint store of one workspace: `<state dir>/checkpoints/` (never inside the workspace; see
// engine/state-dir.ts), holding `blobs/` (content-addressed), `steps/<id>.json` (the journal) and
// `head.json`. Changes to the journal happen under a lock file in the store.
export class CheckpointStore {
  constructor(readonly dir: string) {}

  static for(stateDir: string): CheckpointStore {
    return new CheckpointStore(join(stateDir, 'checkpoints'));
  }

  async locked<T>(work: () => Promise<T>): Promise<T> {
    markAfterMkdir(await mkdir(join(this.dir, 'steps'), { recursive: true, mode: 0o700 }), dirname(this.dir));
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

  // A recorder's finishing update of its own pending step (status done, the after states), written
  // over it in place (see overwriteJson); anew when the file is gone.
  async finishStep(step: Step): Promise<void> {
    if (!overwriteJson(this.stepPath(step.id), step)) await this.writeStep(step, false);
  }

  // A step that does not parse is read once more: it may have been caught mid-way through finishStep.
  async readStep(id: number): Promise<Step | undefined> {
    for (let attempt = 1; ; attempt += 1) {
      try {
        const step = JSON.parse(await readFile(this.stepPath(id), 'utf8')) as Step;
        if (step?.version === 1 && step.id === id && Array.isArray(step.files) && STATUSES.has(step.status)) return step;
        if (attempt === 2 || step?.id !== id) return undefined;
      } catch (error) {
        if (!(error instanceof SyntaxError) || attempt === 2) return undefined;
      }
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
  async begin(fields: Omit<Step, 'version' | 'id' | 'time' | 'pid' | 'status'>, status: Step['status'] = 'pending'): Promise<Step> {
    // Synchronous: a handful of small metadata calls, on every edit, cost less than thread-pool trips.
    markAfterMkdir(mkdirSync(join(this.dir, 'steps'), { recursive: true, mode: 0o700 }), dirname(this.dir));
    const head = this.readHead() ?? (await this.head());
    if (head.undone.length > 0) return this.beginLocked(fields, status);
    // The last id handed out, from a hint (no listing of the whole journal per edit); a missing or torn
    // hint falls back to the listing, and so does a stale one (its next id is taken), so an id freed
    // below the newest (a step that changed nothing is removed) is not handed out again out of order.
    for (let id = Math.max(head.seq, this.lastIdHint() ?? this.lastId()) + 1, listed = false; ; id += 1) {
      const step: Step = { version: 1, id, time: new Date().toISOString(), pid: process.pid, status, ...fields };
      if (createJson(this.stepPath(id), step)) {
        this.writeLastIdHint(id);
        return step;
      }
      if (!listed) {
        listed = true;
        id = Math.max(id, this.lastId());
      }
    }
  }

  private async beginLocked(fields: Omit<Step, 'version' | 'id' | 'time' | 'pid' | 'status'>, status: Step['status']): Promise<Step> {
    return this.locked(async () => {
      const head = await this.head();
      // An id is never handed out twice: one read in an earlier result ("checkpoint:3") or in `checkpoints`
      // names that change for good, so the id after a dropped redo tail comes after every id handed out.
      const id = Math.max(head.seq, this.lastIdHint() ?? 0, this.lastId(), ...head.undone) + 1;
      // The redo tail this session's new change replaces; another session's undone steps stay redoable
      // (red team round 6, R6-2: a model's `undo --all-sessions` then any change deleted the person's steps).
      // They stay in the head too, so that session's own next change still drops them.
      const kept: number[] = [];
      const dropped: number[] = [];
      for (const undone of head.undone) {
        const other = await this.readStep(undone);
        if (other !== undefined && other.session !== fields.session) kept.push(undone);
        else {
          dropped.push(undone);
          await unlink(this.stepPath(undone)).catch(() => undefined);
        }
      }
      const step: Step = { version: 1, id, time: new Date().toISOString(), pid: process.pid, status, ...fields, ...(dropped.length > 0 ? { replaced: dropped.sort((a, b) => a - b) } : {}) };
      await this.writeStep(step);
      this.writeLastIdHint(id);
      if (head.undone.length > 0) await this.writeHead({ seq: id, undone: kept });
      return step;
    });
  }

  // Only a step still pending (its writer changed nothing) or one the caller holds the lock for.
  async removeStep(id: number): Promise<void> {
    await unlink(this.stepPath(id)).catch(() => undefined);
  }

  // The last id handed out, from `last-id`: a symbolic link whose target is the number (creating and
  // renaming a short link writes no data block; a small file rewritten in place or renamed over makes
  // ext4 flush it, ~0.2 ms on every edit). An older store's regular file is read too.
  lastIdHint(): number | undefined {
    const path = join(this.dir, 'last-id');
    let text: string;
    try {
      text = readlinkSync(path);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EINVAL') return undefined;
      try {
        text = readFileSync(path, 'utf8');
      } catch {
        return undefined;
      }
    }
    const id = /^\d{1,15}$/.test(text) ? Number(text) : NaN;
    return Number.isSafeInteger(id) ? id : undefined;
  }

  private writeLastIdHint(id: number): void {
    const path = join(this.dir, 'last-id');
    const temp = tempPathFor(path);
    try {
      symlinkSync(String(id), temp);
      renameSync(temp, path);
    } catch {
      try {
        unlinkSync(temp);
      } catch {
        // never created
      }
    }
  }

  private lastId(): number {
    let names: string[];
    try {
      names = readdirSync(join(this.dir, 'steps'));
    } catch {
      names = [];
    }
    return names.reduce((max, name) => Math.max(max, Number(STEP_NAME.exec(name)?.[1] ?? 0)), 0);
  }

  // The head; without a readable one (first use, damage) it is rebuilt from the journal.
  private readHead(): Head | undefined {
    try {
      const head = JSON.parse(readFileSync(join(this.dir, 'head.json'), 'utf8')) as Head;
      if (Number.isSafeInteger(head.seq) && Array.isArray(head.undone) && head.undone.every((id) => Number.isSafeInteger(id))) return head;
    } catch {
      // rebuilt by head()
    }
    return undefined;
  }

  async head(): Promise<Head> {
    const found = this.readHead();
    if (found) return found;
    const steps = await this.steps();
    const head = { seq: steps.reduce((max, step) => Math.max(max, step.id), 0), undone: steps.filter((step) => step.status === 'undone').map((step) => step.id) };
    await this.writeHead(head);
    return head;
  }

  // Marks steps undone or done again in the head (under the lock).
  async markUndone(ids: readonly number[], undone: boolean): Promise<void> {
    const head = await this.head();
    // Kept in the order the steps were undone (the last one undone last): redo starts from there.
    const others = head.undone.filter((id) => !ids.includes(id));
    await this.writeHead({ seq: head.seq, undone: undone ? [...others, ...ids] : others });
  }

  // The undone steps' ids in the order they were undone (a head written before that order was kept lists
  // them by id).
  async undoneOrder(): Promise<readonly number[]> {
    return (await this.head()).undone;
  }

  private async writeHead(head: Head): Promise<void> {
    await writeJson(join(this.dir, 'head.json'), head, true);
  }

  // See pruneStore (prune.ts). Call under the lock.
  async prune(limits: StoreLimits, now = Date.now(), target = limits.maxBytes * (1 - PRUNE_HEADROOM), keep?: (step: Step) => boolean): Promise<PrunePlan & { steps: number }> {
    return pruneStore(this, limits, now, target, keep);
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

export function noCheckpoint(id: number): Error {
  return fail('C224', `no checkpoint ${id}: list them with "checkpoints"`);
}
