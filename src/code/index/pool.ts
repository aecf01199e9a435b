// Parses files on worker threads (two by default: the index's bulk work), or on this thread when the
// worker script is not built (tests running from the sources) or one file is all there is.
import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import { CodeParsers } from '../parsers.js';
import { beforeBulkIndex } from '../tree-sitter-init.js';
import { extractBytes, type Extracted } from './entry.js';
import type { WorkRequest } from './worker.js';

export const WORKER_SCRIPT = 'code-index-worker.js';
// A parse worker's young generation, in MB (V8's default lets it grow to ~48). A worker's garbage is
// short-lived (each file's outline and tags), so a small one costs a few per cent of CPU, while each
// worker's heap held ~45 MB instead of ~30 for the whole of a cold index, when its memory peaks (20 k-file
// fixture, 2 workers: peak RSS 325-353 MiB against 364-396 without the limit).
const WORKER_YOUNG_MB = 8;

interface Pending {
  resolve(result: Extracted | { skip: string } | undefined): void;
  reject(error: Error): void;
}

interface Lane {
  readonly worker: Worker;
  readonly pending: Map<number, Pending>;
}

// The built worker script next to this module's bundle (dist/ or dist/chunks/), if there is one.
function workerScript(): string | undefined {
  const here = dirname(fileURLToPath(import.meta.url));
  return [join(here, WORKER_SCRIPT), join(here, '..', WORKER_SCRIPT)].find((candidate) => existsSync(candidate));
}

export class ParsePool {
  readonly #lanes: Lane[] = [];
  readonly #local: CodeParsers;
  #next = 0;
  #turn = 0;

  // `local`: the grammars of this thread (the engine's, when it has them).
  constructor(threads: number, local: CodeParsers = new CodeParsers()) {
    this.#local = local;
    const script = threads > 0 ? workerScript() : undefined;
    if (script === undefined) return;
    // Before the workers' isolates exist: they take the process's V8 flags as they are now.
    beforeBulkIndex();
    for (let index = 0; index < threads; index++) {
      const worker = new Worker(script, { resourceLimits: { maxYoungGenerationSizeMb: WORKER_YOUNG_MB } });
      const lane: Lane = { worker, pending: new Map() };
      worker.on('message', (message: { id: number; result?: Extracted | { skip: string }; error?: string }) => {
        const pending = lane.pending.get(message.id);
        lane.pending.delete(message.id);
        if (message.error !== undefined) pending?.reject(new Error(message.error));
        else pending?.resolve(message.result);
      });
      worker.on('error', (error) => {
        for (const pending of lane.pending.values()) pending.reject(error);
        lane.pending.clear();
      });
      this.#lanes.push(lane);
    }
  }

  get threads(): number {
    return this.#lanes.length;
  }

  // `bytes` are the file's as read; handed to a worker they are transferred (unusable here afterwards).
  extract(file: string, bytes: Uint8Array): Promise<Extracted | { skip: string } | undefined> {
    if (this.#lanes.length === 0) return extractBytes(this.#local, file, bytes);
    const lane = this.#lanes[this.#turn++ % this.#lanes.length]!;
    const id = this.#next++;
    // Only a buffer the bytes have to themselves moves; a view into a larger one (never what the index
    // reads, but a caller might pass one) is copied, so nothing else is detached.
    const own = bytes.byteOffset === 0 && bytes.buffer.byteLength === bytes.byteLength && bytes.buffer instanceof ArrayBuffer ? bytes : bytes.slice();
    return new Promise((resolve, reject) => {
      lane.pending.set(id, { resolve, reject });
      const request: WorkRequest = { id, file, bytes: own };
      lane.worker.postMessage(request, [own.buffer as ArrayBuffer]);
    });
  }

  async close(): Promise<void> {
    await Promise.all(this.#lanes.map((lane) => lane.worker.terminate()));
    this.#lanes.length = 0;
  }
}
