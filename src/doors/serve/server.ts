import { connect, createServer, type Server, type Socket } from 'node:net';
import { chmodSync, unlinkSync } from 'node:fs';
import { fail, usageError } from '../../engine/errors.js';
import type { CliIo } from '../io.js';
import type { GlobalOptions } from '../global-options.js';
import { frameAnswer, isWarmCall, type WarmAnswer, type WarmCall } from './protocol.js';
import { callWorkspace, ensureServeFolder, socketPath, socketPathProblem } from './socket.js';
import { handOffRefusal, runAsProcess } from './run-call.js';

const DEFAULT_IDLE_MINUTES = 10;
// A call line larger than this is refused (the largest write, escaped, fits with room).
const MAX_CALL_BYTES = 256 * 1024 * 1024;
// How long a connection may take to send its call line.
const READ_CALL_MS = 60_000;
// After SIGINT/SIGTERM or the idle stop, how long a call still running may take before its connection is cut.
const STOP_GRACE_MS = 10_000;

export type CliMain = (argv: readonly string[], io: CliIo) => Promise<number>;

function idleMinutes(rest: readonly string[]): number {
  const args = rest.slice(1);
  if (args.length === 0) return DEFAULT_IDLE_MINUTES;
  const value = args[0] === '--idle-minutes' && args.length === 2 ? Number(args[1]) : Number.NaN;
  if (!Number.isFinite(value) || value <= 0) throw usageError(`codeward serve takes only --idle-minutes N (a positive number; default ${DEFAULT_IDLE_MINUTES}), got: ${args.join(' ')}`);
  return value;
}

// Whether a server answers on `path` (a live one: do not take its place).
function answers(path: string): Promise<boolean> {
  return new Promise((done) => {
    const probe = connect(path);
    probe.once('connect', () => {
      probe.destroy();
      done(true);
    });
    probe.once('error', () => done(false));
  });
}

// Reads one call line from the socket: refused when the client closes or errs before a whole line, sends more than
// MAX_CALL_BYTES, or sends no line within READ_CALL_MS (a connection that sends nothing holds no call up: calls are
// read side by side, only their runs are queued). `empty` tells a client that sent nothing (a liveness probe).
function readCall(socket: Socket): Promise<WarmCall> {
  return new Promise((done, refuse) => {
    const chunks: Buffer[] = [];
    let size = 0;
    const timer = setTimeout(() => give(new CallRefused('no call line within ' + READ_CALL_MS / 1000 + ' s', size === 0)), READ_CALL_MS);
    const give = (error: unknown): void => {
      clearTimeout(timer);
      socket.removeAllListeners('data');
      refuse(error);
    };
    socket.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > MAX_CALL_BYTES) return give(new CallRefused(`a call line larger than ${MAX_CALL_BYTES / 1024 / 1024} MiB`, false));
      const end = chunk.indexOf(10);
      if (end < 0) return chunks.push(chunk);
      chunks.push(chunk.subarray(0, end));
      socket.removeAllListeners('data');
      clearTimeout(timer);
      try {
        const call: unknown = JSON.parse(Buffer.concat(chunks).toString('utf8'));
        if (isWarmCall(call)) done(call);
        else refuse(new CallRefused('not a call', false));
      } catch (error) {
        refuse(error);
      }
    });
    socket.once('end', () => give(new CallRefused('no call', size === 0)));
    socket.once('close', () => give(new CallRefused('closed before a call', size === 0)));
    socket.once('error', give);
  });
}

// A connection that brought no call; `empty`: it sent no byte (a liveness probe, not worth a line on stderr).
class CallRefused extends Error {
  constructor(
    message: string,
    readonly empty: boolean,
  ) {
    super(message);
  }
}

// `codeward serve`: keeps the modules (and V8's compiled code) of codeward loaded for one user and
// workspace, behind a private unix socket, until no call came for --idle-minutes. Each call runs
// as a cold process would (src/doors/serve/run-call.ts): every policy, trust and config file is read again.
export async function serveCommand(rest: readonly string[], options: GlobalOptions, io: CliIo, main: CliMain): Promise<number> {
  const idleMs = idleMinutes(rest) * 60_000;
  const workspace = callWorkspace(options.workspace === undefined ? [] : ['-C', options.workspace], io.cwd);
  const { folder, problem } = ensureServeFolder(io.env);
  if (problem) throw fail('C216', `codeward serve: the socket folder is not private: ${problem}; remove it (or set XDG_RUNTIME_DIR to a folder only you can enter)`);
  const path = socketPath(io.env, workspace);
  const tooLong = socketPathProblem(path);
  if (tooLong) throw fail('C216', `codeward serve: ${tooLong}`);
  if (await answers(path)) throw fail('C216', `codeward serve already runs for ${workspace} (socket ${path})`);
  try {
    unlinkSync(path);
  } catch {
    // no stale socket
  }
  // What this server keeps between the engines it builds (CliIo.lasting): caches checked by file identity at each use.
  const lasting = new Map<string, unknown>();
  let queue = Promise.resolve();
  let timer: NodeJS.Timeout | undefined;
  let calls = 0;
  let stopping = false;
  const open = new Set<Socket>();
  const server: Server = createServer((socket) => {
    clearTimeout(timer);
    open.add(socket);
    socket.once('close', () => open.delete(socket));
    // Each connection's call line is read as it comes (one that sends nothing holds no other call up); the runs are
    // queued in the order their lines came, one at a time.
    const dropped = (error: unknown): void => {
      if (!(error instanceof CallRefused && error.empty)) io.stderr.write(`codeward serve: a call was dropped: ${error instanceof Error ? error.message : String(error)}\n`);
      socket.destroy();
      idleAgain();
    };
    readCall(socket).then((call) => {
      queue = queue.then(async () => {
        let answer: WarmAnswer;
        try {
          answer = handOffRefusal(call) ?? (await runAsProcess(call, main, lasting));
          calls += 1;
        } catch (error) {
          return dropped(error);
        }
        idleAgain();
        socket.end(frameAnswer(answer, call.framed === true));
      });
    }, dropped);
  });
  // The idle stop counts from the last call (or connection) that ended.
  const idleAgain = (): void => {
    clearTimeout(timer);
    if (!stopping) timer = setTimeout(stop, idleMs);
  };
  const stop = (): void => {
    stopping = true;
    clearTimeout(timer);
    server.close();
    // A call still running gets its grace; then its connection is cut, so the server's close (which waits for every
    // connection) comes and the process ends.
    setTimeout(() => {
      for (const socket of open) socket.destroy();
    }, STOP_GRACE_MS).unref();
  };
  const previous = process.umask(0o177);
  try {
    await new Promise<void>((done, refuse) => {
      server.once('error', refuse);
      server.listen(path, done);
    });
  } finally {
    process.umask(previous);
  }
  try {
    chmodSync(path, 0o600);
  } catch (error) {
    // Not listening where it should: stop listening, so the process ends with the error (it hung before).
    server.close();
    throw error;
  }
  timer = setTimeout(stop, idleMs);
  for (const signal of ['SIGINT', 'SIGTERM'] as const) process.once(signal, stop);
  io.stderr.write(`codeward serve: ${workspace} on ${path} (${folder} is private); stops after ${idleMs / 60_000} idle minute${idleMs === 60_000 ? '' : 's'}\n`);
  await new Promise<void>((done) => server.once('close', done));
  clearTimeout(timer);
  io.stderr.write(`codeward serve: stopped after ${calls} calls\n`);
  return 0;
}
