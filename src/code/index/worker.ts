// A worker thread of the index: parses the texts the main thread read (through the jail) and returns
// their symbols and references. It reads no file itself.
import { parentPort } from 'node:worker_threads';
import { CodeParsers } from '../parsers.js';
import { extract } from './entry.js';

export interface WorkRequest {
  readonly id: number;
  readonly file: string;
  readonly text: string;
}

function serve(): void {
  const port = parentPort;
  if (port === null) return;
  const parsers = new CodeParsers();
  port.on('message', (request: WorkRequest) => {
    extract(parsers, request.file, request.text).then(
      (result) => port.postMessage({ id: request.id, result }),
      (error: unknown) => port.postMessage({ id: request.id, error: error instanceof Error ? error.message : String(error) }),
    );
  });
}

serve();
