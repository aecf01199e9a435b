// Parses files on worker threads (two by default: the index's bulk work), or on this thread when the
// worker script is not built (tests running from the sources) or one file is all there is.
import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { CodeParsers } from '../parsers.js';
import { beforeBulkIndex } from '../tree-sitter-init.js';
import { extractBytes } from './entry.js';
import { Lane, type LaneOptions, type ParseAnswer } from './pool-lane.js';

export { ParseWorkerLost } from './pool-lane.js';

export const WORKER_SCRIPT = 'code-index-worker.js';
const MB = 1024 * 1024;
// A parse worker's young generation, in MB (V8's default lets it grow to ~48). A worker's garbage is
// short-lived (each file's outline and tags), so a small one costs a few per cent of CPU, while each
// worker's heap held ~45 MB instead of ~30 for the whole of a cold index, when its memory peaks (20 k-file
// fixture, 2 workers: peak RSS 325-353 MiB against 364-396 without the limit).
const WORKER_YOUNG_MB = 8;
// Its old generation: far above what a file within the index's size budget needs (a worker's heap stays
// under ~40 MB), so only a runaway parse meets it; the worker is then stopped (ERR_WORKER_OUT_OF_MEMORY)
// instead of growing the process, and the file is retried alone once, then skipped (code-index.ts).
const WORKER_OLD_MB = 256;
// A worker whose heap and WebAssembly memory together pass this is replaced between files: its WebAssembly
// memory grows to the largest tree it parsed and never shrinks. A fresh worker holds ~52 MB (16 heap, 36
// WebAssembly) and a worker on the 20 k-file fixture 56-71; replacing at 64 started 18 workers and cost
// +18 % CPU without lowering the peak (freed worker memory stays with the allocator), so only a worker
// well past the usual is replaced.
const WORKER_RECYCLE_MB = 128;

export interface PoolOptions {
  // Another worker script (tests: one that misbehaves on purpose); default: the built one.
  readonly script?: string;
  readonly recycleMb?: number;
  readonly oldGenerationMb?: number;
}

// The built worker script next to this module's bundle (dist/ or dist/chunks/), if there is one.
function workerScript(): string | undefined {
  const here = dirname(fileURLToPath(import.meta.url));
  return [join(here, WORKER_SCRIPT), join(here, '..', WORKER_SCRIPT)].find((candidate) => existsSync(candidate));
}

export class ParsePool {
  readonly #lanes: Lane[] = [];
  // Retried files, one at a time on a worker of their own: when it stops, the file it held is the cause.
  #alone: Lane | undefined;
  #aloneQueue: Promise<unknown> = Promise.resolve();
  readonly #local: CodeParsers;
  #next = 0;
  #turn = 0;

  // `local`: the grammars of this thread (the engine's, when it has them).
  constructor(threads: number, local: CodeParsers = new CodeParsers(), options: PoolOptions = {}) {
    this.#local = local;
    const script = threads > 0 ? options.script ?? workerScript() : undefined;
    if (script === undefined) return;
    // Before the workers' isolates exist: they take the process's V8 flags as they are now.
    beforeBulkIndex();
    const lane: LaneOptions = {
      script,
      resourceLimits: { maxYoungGenerationSizeMb: WORKER_YOUNG_MB, maxOldGenerationSizeMb: options.oldGenerationMb ?? WORKER_OLD_MB },
      recycleBytes: (options.recycleMb ?? WORKER_RECYCLE_MB) * MB,
    };
    for (let index = 0; index < threads; index++) this.#lanes.push(new Lane(lane));
    this.#alone = new Lane(lane);
  }

  get threads(): number {
    return this.#lanes.length;
  }

  // How many workers were started, the replacements included (tests).
  get started(): number {
    return this.#lanes.reduce((sum, lane) => sum + lane.started, this.#alone?.started ?? 0);
  }

  // `bytes` are the file's as read; handed to a worker they are transferred (unusable here afterwards).
  // A parse its worker did not finish rejects with ParseWorkerLost. `alone`: on a worker that has no other
  // file (a retry after such a loss).
  extract(file: string, bytes: Uint8Array, alone = false): Promise<ParseAnswer> {
    if (this.#lanes.length === 0) return extractBytes(this.#local, file, bytes);
    const id = this.#next++;
    // Only a buffer the bytes have to themselves moves; a view into a larger one (never what the index
    // reads, but a caller might pass one) is copied, so nothing else is detached.
    const own = bytes.byteOffset === 0 && bytes.buffer.byteLength === bytes.byteLength && bytes.buffer instanceof ArrayBuffer ? bytes : bytes.slice();
    if (alone && this.#alone !== undefined) {
      const lane = this.#alone;
      const done = this.#aloneQueue.then(() => lane.post(id, file, own));
      this.#aloneQueue = done.catch(() => undefined);
      return done;
    }
    return this.#pick().post(id, file, own);
  }

  // Round robin over the lanes whose worker is not being replaced (any, when all are).
  #pick(): Lane {
    for (let tries = 0; tries < this.#lanes.length; tries++) {
      const lane = this.#lanes[this.#turn++ % this.#lanes.length]!;
      if (!lane.retiring) return lane;
    }
    return this.#lanes[this.#turn++ % this.#lanes.length]!;
  }

  async close(): Promise<void> {
    await Promise.all([...this.#lanes, ...(this.#alone ? [this.#alone] : [])].map((lane) => lane.close()));
    this.#lanes.length = 0;
    this.#alone = undefined;
  }
}
