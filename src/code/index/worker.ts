// A worker thread of the index: decodes and parses the bytes the main thread read (through the jail) and
// returns their symbols and references. It reads no file itself.
import { parentPort } from 'node:worker_threads';
import { CodeParsers } from '../parsers.js';
import { extractBytes } from './entry.js';

export interface WorkRequest {
  readonly id: number;
  readonly file: string;
  // The file's bytes (transferred: the main thread no longer holds them).
  readonly bytes: Uint8Array;
}

function serve(): void {
  const port = parentPort;
  if (port === null) return;
  const parsers = new CodeParsers();
  port.on('message', (request: WorkRequest) => {
    extractBytes(parsers, request.file, request.bytes).then(
      (result) => port.postMessage({ id: request.id, result }),
      (error: unknown) => port.postMessage({ id: request.id, error: error instanceof Error ? error.message : String(error) }),
    );
  });
}

serve();
