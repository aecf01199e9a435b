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

// The connects of one walk (red team R40-a4's LEFT, fix59): a run that leaves many sockets no list names would cost up
// to PROBE_MS each. Past PROBE_COUNT connects or PROBE_TOTAL_MS of them in all, a socket is not asked: it is left in
// place as a live one is (fails closed: nothing of the person's removed unasked), and one warning says how many.
export const PROBE_COUNT = 64;
export const PROBE_TOTAL_MS = 3000;
export interface ProbeBudget {
  count: number;
  spent: number;
  skipped: number;
}
export const probeBudget = (): ProbeBudget => ({ count: 0, spent: 0, skipped: 0 });

// listener(path) within `budget`; undefined past it (counted as skipped).
export async function budgetedListener(path: string, budget: ProbeBudget): Promise<string | undefined> {
  if (budget.count >= PROBE_COUNT || budget.spent >= PROBE_TOTAL_MS) {
    budget.skipped += 1;
    return undefined;
  }
  budget.count += 1;
  const started = performance.now();
  try {
    return await listener(path);
  } finally {
    budget.spent += performance.now() - started;
  }
}

// The one warning of the sockets a walk did not ask, or undefined.
export const skippedProbes = (budget: ProbeBudget | undefined): string | undefined =>
  budget && budget.skipped > 0 ? `and ${budget.skipped} more sockets made or changed while the run went were left in place unasked (past ${PROBE_COUNT} connects or ${PROBE_TOTAL_MS} ms of them): whether something listens on them was not told; remove them if they are not yours` : undefined;
