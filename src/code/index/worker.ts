// A worker thread of the index: decodes and parses the bytes the main thread read (through the jail) and
// returns their symbols and references. It reads no file itself.
import { getHeapStatistics } from 'node:v8';
import { parentPort } from 'node:worker_threads';
import { CodeParsers } from '../parsers.js';
import { extractBytes } from './entry.js';

export interface WorkRequest {
  readonly id: number;
  readonly file: string;
  // The file's bytes (transferred: the main thread no longer holds them).
  readonly bytes: Uint8Array;
}

// This isolate's heap and external memory (the WebAssembly memory is external): the pool replaces a worker
// that holds too much (pool-lane.ts).
function memory(): number {
  const stats = getHeapStatistics();
  return stats.total_heap_size + stats.external_memory;
}

function serve(): void {
  const port = parentPort;
  if (port === null) return;
  const parsers = new CodeParsers(undefined, { subsets: false });
  port.on('message', (request: WorkRequest) => {
    extractBytes(parsers, request.file, request.bytes).then(
      (result) => port.postMessage({ id: request.id, result, memory: memory() }),
      (error: unknown) => port.postMessage({ id: request.id, error: error instanceof Error ? error.message : String(error), memory: memory() }),
    );
  });
}

serve();
