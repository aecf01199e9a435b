// H8 (issue 26): the iii worker serves only an engine of its own user. A local process of another user that
// binds the engine's port first must not get the jail's read and write functions.
import { spawn } from 'node:child_process';
import { createRequire } from 'node:module';
import { createServer, connect, type Socket } from 'node:net';
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { workerCommand } from '../../src/doors/worker/cli.js';
import { judgeEngine, type PeerCheck } from '../../src/doors/worker/engine-guard.js';
import { parseProcNetTcp, peerUid } from '../../src/doors/worker/peer.js';
import { CLI, removeDir, tempDir, writeFiles } from '../helpers/fixture.js';
import { EngineDouble } from './worker-engine-double.js';

const linux = process.platform === 'linux';
const ownUid = process.getuid?.();

let root: string;
beforeEach(async () => {
  root = await tempDir('codeward-worker-peer-');
  await writeFiles(root, { 'a.txt': 'alpha\n' });
  await writeFile(join(root, 'config.yaml'), `base_path: ${root}\n`);
});
afterEach(async () => removeDir(root));

// A live loopback connection: the client's socket and the server's accepted one.
async function liveConnection(host: string): Promise<{ client: Socket; close: () => Promise<void> }> {
  const server = createServer();
  const accepted = new Promise<Socket>((done) => server.once('connection', done));
  await new Promise<void>((done) => server.listen(0, host, done));
  const { port } = server.address() as { port: number };
  const client = connect(port, host);
  await new Promise<void>((done) => client.once('connect', done));
  const peer = await accepted;
  return { client, close: async () => {
    client.destroy();
    peer.destroy();
    await new Promise<void>((done) => server.close(() => done()));
  } };
}

const ends = (socket: Socket) => ({ local: { address: socket.localAddress!, port: socket.localPort! }, remote: { address: socket.remoteAddress!, port: socket.remotePort! } });

describe('who owns the other end of a loopback connection (/proc/net/tcp, tcp6)', () => {
  it.skipIf(!linux)('finds the server end of a live IPv4 connection and reads its uid', async () => {
    const { client, close } = await liveConnection('127.0.0.1');
    try {
      expect(peerUid(ends(client))).toBe(ownUid);
      // A connection that does not exist has no row.
      expect(peerUid({ local: ends(client).local, remote: { address: '127.0.0.1', port: 1 } })).toBeNull();
    } finally {
      await close();
    }
  });

  it.skipIf(!linux)('finds it over IPv6 loopback too', async () => {
    let live;
    try {
      live = await liveConnection('::1');
    } catch {
      return; // no IPv6 loopback on this machine
    }
    try {
      expect(peerUid(ends(live.client))).toBe(ownUid);
    } finally {
      await live.close();
    }
  });

  it('reads IPv4-mapped IPv6 rows as the IPv4 address Node reports', () => {
    const header = '  sl  local_address                         remote_address                        st tx_queue rx_queue tr tm->when retrnsmt   uid  timeout inode\n';
    const row = '   0: 0000000000000000FFFF00000100007F:C35A 0000000000000000FFFF00000100007F:9C4E 01 00000000:00000000 00:00000000 00000000  1001        0 1 1 0 20 4 30 10 -1\n';
    expect(parseProcNetTcp(header + row)).toEqual([{ local: '127.0.0.1:50010', remote: '127.0.0.1:40014', uid: 1001 }]);
    expect(peerUid({ local: { address: '::ffff:127.0.0.1', port: 40014 }, remote: { address: '127.0.0.1', port: 50010 } }, [header + row])).toBe(1001);
  });
});

const URL_ = 'ws://127.0.0.1:49134';
const LOOPBACK = { local: { address: '127.0.0.1', port: 40000 }, remote: { address: '127.0.0.1', port: 49134 } };
const check = (uid: number | null | undefined, local = true): PeerCheck => ({ ownUid: 1000, uidOf: () => uid, isLocal: () => local });

describe('judging the engine (uid lookup injected at the module boundary)', () => {
  it('serves the own user and root (root can read everything already); refuses another user with C240 naming the fix', () => {
    expect(judgeEngine(URL_, LOOPBACK, check(1000))).toBeUndefined();
    expect(judgeEngine(URL_, LOOPBACK, check(0))).toBeUndefined();
    const refused = judgeEngine(URL_, LOOPBACK, check(1001))!;
    expect(refused.code).toBe('C240');
    expect(refused.message).toContain('another user (uid 1001');
    expect(refused.message).toContain('--engine-trust');
  });

  it('refuses a local engine it cannot check (no row, or no tables on this system); serves a remote one', () => {
    expect(judgeEngine(URL_, LOOPBACK, check(null))?.code).toBe('C240');
    expect(judgeEngine(URL_, LOOPBACK, check(undefined))?.message).toContain('this system does not say');
    expect(judgeEngine('ws://10.1.2.3:49134', { ...LOOPBACK, remote: { address: '10.1.2.3', port: 49134 } }, check(null, false))).toBeUndefined();
  });
});

// The worker in-process: its output, and a stop signal per run.
function inProcess(): { out: string[]; io: Parameters<typeof workerCommand>[1]; stopper: () => { signal: Promise<void>; stop: () => void } } {
  const out: string[] = [];
  const io = { stdout: { write: (t: string) => out.push(t) }, stderr: { write: (t: string) => out.push(t) }, env: {}, cwd: root };
  const stopper = (): { signal: Promise<void>; stop: () => void } => {
    let stop!: () => void;
    const signal = new Promise<void>((done) => {
      stop = done;
    });
    return { signal, stop };
  };
  return { out, io, stopper };
}

const FOREIGN: PeerCheck = { ownUid: 1000, uidOf: () => 4242, isLocal: () => true };
const registered = (engine: EngineDouble): Promise<boolean> => engine.until(() => (engine.frames.some((frame) => frame.type === 'registerfunction') ? true : undefined));

describe('codeward worker against an engine of another user', () => {
  it('stops with C240 before registering anything when the engine is not the user\'s (in-process, injected uid)', async () => {
    const engine = await EngineDouble.start();
    const { out, io, stopper } = inProcess();
    const first = stopper();
    const second = stopper();
    try {
      const running = workerCommand(['--url', engine.url, '--config', join(root, 'config.yaml')], io, { stopSignal: first.signal, peerCheck: FOREIGN });
      // The old worker registered its functions with whatever listened; stop it then, so the test fails fast.
      const outcome = await Promise.race([running, engine.until(() => (engine.frames.length > 0 ? 'served' : undefined)).catch(() => 'none')]);
      first.stop();
      expect(outcome).toBe(1);
      expect(engine.frames).toEqual([]);
      expect(engine.connections).toBe(0);
      expect(out.join('')).toMatch(/error C240: the iii engine at ws:\/\/127\.0\.0\.1:\d+ is a process of another user \(uid 4242/);
      // With --engine-trust the user vouches for it.
      const trusted = workerCommand(['--url', engine.url, '--config', join(root, 'config.yaml'), '--engine-trust'], io, { stopSignal: second.signal, peerCheck: FOREIGN });
      await registered(engine);
      second.stop();
      expect(await trusted).toBe(0);
    } finally {
      first.stop();
      second.stop();
      await engine.close();
    }
  });

  it('engine_trust: true applies from the config the user names, never from a project config.yaml', async () => {
    const engine = await EngineDouble.start();
    const { out, io, stopper } = inProcess();
    const run = stopper();
    await writeFile(join(root, 'config.yaml'), `base_path: ${root}\nengine_trust: true\n`);
    try {
      // Without --config the file is the repository's: not applied, the engine is judged and refused.
      expect(await workerCommand(['--url', engine.url], io, { stopSignal: new Promise(() => undefined), peerCheck: FOREIGN })).toBe(1);
      expect(out.join('')).toContain('not applied: engine_trust true');
      expect(out.join('')).toContain('error C240');
      expect(engine.frames).toEqual([]);
      const trusted = workerCommand(['--url', engine.url, '--config', join(root, 'config.yaml')], io, { stopSignal: run.signal, peerCheck: FOREIGN });
      await registered(engine);
      run.stop();
      expect(await trusted).toBe(0);
    } finally {
      run.stop();
      await engine.close();
    }
  });

  it('refuses an engine URL whose owner it cannot check (a Unix socket) unless trusted', async () => {
    const { out, io } = inProcess();
    const status = await workerCommand(['--url', `ws+unix:${join(root, 'engine.sock')}`, '--config', join(root, 'config.yaml')], io, { stopSignal: new Promise(() => undefined) });
    expect(status).toBe(1);
    expect(out.join('')).toContain('error C240: cannot tell which user runs the iii engine');
  });

  // A real engine of another user: the engine double runs as nobody (needs root to start it so).
  it.skipIf(!linux || ownUid !== 0)('the real binary refuses an engine that another user (nobody) runs', async () => {
    const ws = createRequire(import.meta.url).resolve('ws');
    const script = `const { WebSocketServer } = require(${JSON.stringify(ws)}); const s = new WebSocketServer({ host: '127.0.0.1', port: 0 });
s.on('listening', () => console.log(s.address().port)); s.on('connection', (c) => { console.log('served'); c.send(JSON.stringify({ type: 'workerregistered', worker_id: 'w1' })); });`;
    const engine = spawn(process.execPath, ['-e', script], { uid: 65534, gid: 65534, cwd: '/', stdio: ['ignore', 'pipe', 'ignore'] });
    let engineOut = '';
    // undefined: nobody cannot run node or read ws here (a checkout in a private folder): nothing to test.
    const port = await new Promise<string | undefined>((done) => {
      engine.stdout.on('data', (chunk: Buffer) => {
        engineOut += chunk.toString();
        if (engineOut.includes('\n')) done(engineOut.split('\n')[0]!);
      });
      engine.on('error', () => done(undefined));
      engine.on('exit', () => done(undefined));
    });
    if (port === undefined) return;
    try {
      const worker = spawn(process.execPath, [CLI, 'worker', '--url', `ws://127.0.0.1:${port}`, '--config', join(root, 'config.yaml')], { cwd: root, stdio: ['ignore', 'pipe', 'pipe'] });
      let stderr = '';
      worker.stderr.on('data', (chunk: Buffer) => {
        stderr += chunk.toString();
      });
      const served = new Promise<string>((done) => engine.stdout.on('data', () => engineOut.includes('served') && done('served')));
      const exited = new Promise<number | null>((done) => worker.on('exit', (code) => done(code)));
      const first = await Promise.race([exited, served]);
      worker.kill('SIGKILL');
      expect(first).toBe(1);
      expect(stderr).toContain('is a process of another user (uid 65534');
      expect(engineOut).not.toContain('served');
    } finally {
      engine.kill('SIGKILL');
    }
  });
});
