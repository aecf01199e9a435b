import { closeSync, constants, openSync } from 'node:fs';
import { connect } from 'node:net';
import { basename, dirname } from 'node:path';

// Asking a unix socket file whether something listens on it (modes-special.ts, red team R40-a4): a local connect(),
// never a network connection (test/lint/tls-in-process.test.ts).
// What a connect() to the socket at `path` meets: 'listens', or the error's code. A path longer than a socket address
// holds is reached through its folder's descriptor; the connection is closed at once (the server sees one that sends
// nothing).
export const PROBE_MS = 1000;
export async function listener(path: string): Promise<string> {
  let folder: number | undefined;
  try {
    let target = path;
    if (Buffer.byteLength(path) > 100) {
      folder = openSync(dirname(path), constants.O_RDONLY | constants.O_DIRECTORY);
      target = `/proc/self/fd/${folder}/${basename(path)}`;
      if (Buffer.byteLength(target) > 107) return 'its name is too long to connect to';
    }
    return await new Promise<string>((settle) => {
      const socket = connect({ path: target });
      const done = (answer: string): void => {
        clearTimeout(timer);
        socket.destroy();
        settle(answer);
      };
      const timer = setTimeout(() => done(`no answer within ${PROBE_MS} ms`), PROBE_MS);
      socket.once('connect', () => done('listens'));
      socket.once('error', (error: NodeJS.ErrnoException) => done(error.code === 'EAGAIN' ? 'listens' : (error.code ?? error.message)));
    });
  } catch (error) {
    return (error as NodeJS.ErrnoException).code ?? (error as Error).message;
  } finally {
    if (folder !== undefined) closeSync(folder);
  }
}
