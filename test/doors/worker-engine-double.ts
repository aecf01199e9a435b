// A tiny stand-in for the iii engine (which is not installable from npm): a WebSocket server on 127.0.0.1
// that speaks the documented protocol. It answers every worker connection with `workerregistered`,
// records every frame the worker sends, can push `invokefunction` frames and waits for `invocationresult`.
import { createRequire } from 'node:module';

interface WsSocket {
  send(data: string): void;
  close(): void;
  terminate(): void;
  on(event: 'message', listener: (data: Buffer) => void): void;
  on(event: 'close', listener: () => void): void;
}
interface WsServer {
  address(): { port: number };
  clients: Set<WsSocket>;
  on(event: 'connection', listener: (socket: WsSocket) => void): void;
  on(event: 'listening', listener: () => void): void;
  close(callback?: () => void): void;
}
interface WsModule {
  WebSocketServer: new (options: { host: string; port: number }) => WsServer;
}

// `ws` ships without types (it comes with iii-sdk); only the few members used here are declared.
const { WebSocketServer } = createRequire(import.meta.url)('ws') as WsModule;

export type Frame = Record<string, any> & { type: string };

export class EngineDouble {
  readonly frames: Frame[] = [];
  connections = 0;
  private readonly server: WsServer;
  private socket: WsSocket | undefined;
  private readonly waiters = new Set<() => void>();

  private constructor(server: WsServer) {
    this.server = server;
    server.on('connection', (socket) => {
      this.connections += 1;
      this.socket = socket;
      socket.on('message', (data) => {
        this.frames.push(JSON.parse(data.toString()) as Frame);
        for (const wake of this.waiters) wake();
      });
      socket.send(JSON.stringify({ type: 'workerregistered', worker_id: `w${this.connections}` }));
      for (const wake of this.waiters) wake();
    });
  }

  static async start(): Promise<EngineDouble> {
    const server = new WebSocketServer({ host: '127.0.0.1', port: 0 });
    await new Promise<void>((done) => server.on('listening', done));
    return new EngineDouble(server);
  }

  get url(): string {
    return `ws://127.0.0.1:${this.server.address().port}`;
  }

  // Resolves with the first frame (from index `from`) that satisfies `test`.
  async waitFor(test: (frame: Frame) => boolean, timeoutMs = 10_000, from = 0): Promise<Frame> {
    return this.until(() => this.frames.slice(from).find(test), timeoutMs);
  }

  async until<T>(probe: () => T | undefined, timeoutMs = 10_000): Promise<T> {
    return new Promise((resolve, reject) => {
      const check = (): boolean => {
        const found = probe();
        if (found === undefined) return false;
        cleanup();
        resolve(found);
        return true;
      };
      const timer = setTimeout(() => {
        cleanup();
        reject(new Error(`engine double: timed out after ${timeoutMs} ms; frames: ${JSON.stringify(this.frames.map((f) => f.type))}`));
      }, timeoutMs);
      const cleanup = (): void => {
        clearTimeout(timer);
        this.waiters.delete(wake);
      };
      const wake = (): void => {
        check();
      };
      if (!check()) this.waiters.add(wake);
    });
  }

  send(frame: Frame): void {
    if (this.socket === undefined) throw new Error('engine double: no worker connected');
    this.socket.send(JSON.stringify(frame));
  }

  // Sends an `invokefunction` and resolves with the worker's `invocationresult` for it.
  async invoke(functionId: string, data: unknown, invocationId: string): Promise<Frame> {
    this.send({ type: 'invokefunction', invocation_id: invocationId, function_id: functionId, data });
    return this.waitFor((frame) => frame.type === 'invocationresult' && frame.invocation_id === invocationId);
  }

  // Drops the current connection from the engine side (the SDK should reconnect on its own).
  dropConnection(): void {
    this.socket?.terminate();
    this.socket = undefined;
  }

  async close(): Promise<void> {
    for (const client of this.server.clients) client.terminate();
    await new Promise<void>((done) => this.server.close(() => done()));
  }
}
