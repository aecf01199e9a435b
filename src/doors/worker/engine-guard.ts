import { subscribe, unsubscribe } from 'node:diagnostics_channel';
import type { Socket } from 'node:net';
import { werr, type WorkerError } from './errors.js';
import { isLocalAddress, peerUid, type Ends } from './peer.js';

// The worker serves only an engine of its own user (THREAT-MODEL H8): any local process that binds the
// engine's port first (another user's, on a shared machine) would otherwise get the jail's read and write
// functions. Every TCP connection the worker opens to the engine's port is judged the moment it connects,
// before a byte is sent or read (the SDK's upgrade request waits for the same 'connect' event, and this
// listener was added first); a refused one is destroyed and the worker stops with C240 naming the fix.
// Reconnections are judged the same way, so an engine replaced while the worker waits is caught too.

export interface PeerCheck {
  // The worker's own (effective) uid: what the kernel records as a socket's owner (undefined where the system has none).
  readonly ownUid: number | undefined;
  // The uid owning the engine's end (peer.ts peerUid: null = not a socket of this machine, undefined =
  // the system does not say).
  readonly uidOf: (ends: Ends) => number | null | undefined;
  readonly isLocal: (address: string) => boolean;
}

export const SYSTEM_PEER_CHECK: PeerCheck = { ownUid: process.geteuid?.(), uidOf: (ends) => peerUid(ends), isLocal: isLocalAddress };

const TRUST_FIX = 'pass --engine-trust if you started that engine yourself (for example in a container, whose port a proxy of another user forwards)';

// The judgement of one connection: undefined when the engine may be served.
export function judgeEngine(url: string, ends: Ends, check: PeerCheck): WorkerError | undefined {
  const uid = check.uidOf(ends);
  // Root can read and write every file of the user already; an engine behind a root-owned proxy (Docker's) is no new reach.
  if (typeof uid === 'number') {
    if (uid === check.ownUid || uid === 0) return undefined;
    return werr('C240', `the iii engine at ${url} is a process of another user (uid ${uid}; the worker runs as uid ${check.ownUid ?? '?'}): it would get the worker's read and write functions, so the worker does not serve it; stop that process and start your own engine, or ${TRUST_FIX}`);
  }
  // An engine on another machine: the user named it (its network is theirs to trust).
  if (!check.isLocal(ends.remote.address)) return undefined;
  const why = uid === undefined ? 'this system does not say which user owns a local connection' : 'its end of the connection is not a socket of this machine';
  return werr('C240', `cannot tell which user runs the iii engine at ${url} (${why}), so the worker does not serve it; ${TRUST_FIX}`);
}

const DEFAULT_PORTS: Readonly<Record<string, number>> = { 'ws:': 80, 'wss:': 443 };
const LOCAL_NAMES = new Set(['localhost', 'localhost.', '[::1]']);

// The port to watch; an engine URL whose connection cannot be judged (a Unix socket, TLS to this machine:
// their sockets are not seen here) is refused at start unless trusted.
function enginePort(url: string): number {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    throw werr('C210', `--url ${JSON.stringify(url)} is not a URL; the engine's address looks like ws://127.0.0.1:49134`);
  }
  const local = LOCAL_NAMES.has(parsed.hostname) || isLocalAddress(parsed.hostname.replace(/^\[|\]$/g, ''));
  if (parsed.protocol === 'ws+unix:' || (parsed.protocol === 'wss:' && local)) {
    throw werr('C240', `cannot tell which user runs the iii engine at ${url} (the worker checks the owner of plain ws:// connections only), so the worker does not serve it; use ws://, or ${TRUST_FIX}`);
  }
  return parsed.port === '' ? (DEFAULT_PORTS[parsed.protocol] ?? 80) : Number(parsed.port);
}

export interface EngineWatch {
  // Settles with the refusal of the first connection that may not be served.
  readonly refused: Promise<WorkerError>;
  readonly stop: () => void;
}

// Starts judging the worker's connections to `url`; call before the SDK connects.
export function watchEngine(url: string, check: PeerCheck = SYSTEM_PEER_CHECK): EngineWatch {
  const port = enginePort(url);
  let refuse!: (error: WorkerError) => void;
  const refused = new Promise<WorkerError>((done) => {
    refuse = done;
  });
  const onSocket = (message: unknown): void => {
    const { socket } = message as { socket: Socket };
    socket.once('connect', () => {
      if (socket.remotePort !== port || socket.remoteAddress === undefined || socket.localAddress === undefined) return;
      const ends = { local: { address: socket.localAddress, port: socket.localPort! }, remote: { address: socket.remoteAddress, port } };
      const error = judgeEngine(url, ends, check);
      if (error === undefined) return;
      socket.destroy();
      refuse(error);
    });
  };
  subscribe('net.client.socket', onSocket);
  return { refused, stop: () => unsubscribe('net.client.socket', onSocket) };
}
