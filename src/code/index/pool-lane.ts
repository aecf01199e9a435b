// One parse worker of the pool, replaced by a fresh one when it holds too much memory (recycled between
// files) or when it dies (its resource limit, a crash): a worker's WebAssembly memory grows to the largest
// tree it parsed and never shrinks, and its heap keeps what V8 let pile up, for the whole of a cold index.
import { Worker } from 'node:worker_threads';
import type { Extracted } from './entry.js';
import type { WorkRequest } from './worker.js';

export type ParseAnswer = Extracted | { skip: string } | undefined;

// A parse lost because its worker stopped before it answered. `held`: this file was the one the worker
// was parsing (the oldest it had: a worker parses in order), not one queued behind it.
export class ParseWorkerLost extends Error {
  constructor(
    readonly held: boolean,
    why: string,
  ) {
    super(`the parse worker stopped (${why})`);
  }
}

export interface LaneOptions {
  readonly script: string;
  readonly resourceLimits: { readonly maxYoungGenerationSizeMb: number; readonly maxOldGenerationSizeMb: number };
  // Recycle the worker once its own memory (V8 heap + external, which holds the WebAssembly memory) passes this.
  readonly recycleBytes: number;
}

interface Pending {
  resolve(result: ParseAnswer): void;
  reject(error: Error): void;
}

interface Reply {
  readonly id: number;
  readonly result?: ParseAnswer;
  readonly error?: string;
  // The worker's heap and external memory after this answer (worker.ts).
  readonly memory: number;
}

export class Lane {
  #worker: Worker | undefined;
  readonly #pending = new Map<number, Pending>();
  // The next worker's start waits for the last one's end (its memory freed first, not beside it).
  #ended: Promise<unknown> = Promise.resolve();
  #retiring = false;
  #retired: Promise<void> = Promise.resolve();
  #onRetired: () => void = () => undefined;
  // How many workers this lane started (tests, the report).
  started = 0;

  constructor(readonly options: LaneOptions) {}

  // Whether new work should go elsewhere while this worker finishes what it has and is replaced.
  get retiring(): boolean {
    return this.#retiring;
  }

  get pending(): number {
    return this.#pending.size;
  }

  async post(id: number, file: string, bytes: Uint8Array): Promise<ParseAnswer> {
    // A worker being replaced takes nothing new (when every lane is, the pool still posts here): the file
    // waits for the fresh one, so the old one drains and goes.
    while (this.#retiring && this.#worker !== undefined) await this.#retired;
    if (this.#worker === undefined) {
      await this.#ended;
      // Another post may have started one during the wait.
      this.#worker ??= this.#start();
    }
    const worker = this.#worker;
    return new Promise((resolve, reject) => {
      this.#pending.set(id, { resolve, reject });
      const request: WorkRequest = { id, file, bytes };
      worker.postMessage(request, [bytes.buffer as ArrayBuffer]);
    });
  }

  async close(): Promise<void> {
    if (this.#worker !== undefined) this.#end(this.#worker);
    await this.#ended;
  }

  // The worker goes (its end awaited before a next one starts); posts waiting for its replacement go on.
  #end(worker: Worker): void {
    this.#worker = undefined;
    this.#ended = worker.terminate();
    this.#retiring = false;
    this.#onRetired();
  }

  #start(): Worker {
    const worker = new Worker(this.options.script, { resourceLimits: this.options.resourceLimits });
    this.started++;
    worker.on('message', (reply: Reply) => {
      const pending = this.#pending.get(reply.id);
      this.#pending.delete(reply.id);
      if (reply.error !== undefined) pending?.reject(new Error(reply.error));
      else pending?.resolve(reply.result);
      if (reply.memory > this.options.recycleBytes && this.#worker === worker && !this.#retiring) {
        this.#retiring = true;
        this.#retired = new Promise((resolve) => (this.#onRetired = resolve));
      }
      if (this.#retiring && this.#pending.size === 0 && this.#worker === worker) this.#end(worker);
    });
    // A worker that stops on its own (its resource limit: ERR_WORKER_OUT_OF_MEMORY, a crash) loses what it
    // had; the next post starts a fresh one.
    const lost = (why: string): void => {
      if (this.#worker !== worker) return;
      this.#end(worker);
      let first = true;
      for (const pending of this.#pending.values()) {
        pending.reject(new ParseWorkerLost(first, why));
        first = false;
      }
      this.#pending.clear();
    };
    worker.on('error', (error) => lost(error.message));
    worker.on('exit', (code) => lost(`exit code ${code}`));
    return worker;
  }
}
