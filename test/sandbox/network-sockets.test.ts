import { spawn, spawnSync } from 'node:child_process';
import { writeFile } from 'node:fs/promises';
import { createServer, type Server } from 'node:net';
import { createServer as createHttpServer } from 'node:http';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { NO_LOCAL_SOCKETS } from '../../src/sandbox/network-words.js';
import { CLI, removeDir, tempDir } from '../helpers/fixture.js';

// Red team R16-3: with --sandbox-network the run keeps the host's network namespace, and with it the host's
// abstract unix sockets (X11 `@/tmp/.X11-unix/X0`, abstract D-Bus): a listener in THIS process stands for them.
// The network itself (TCP to this machine's 127.0.0.1, here) and the pipes programs make between their own
// processes keep working. Real bwrap (skipped where it cannot run), real node and python processes.
const bwrapWorks = spawnSync('bwrap', ['--ro-bind', '/', '/', '--unshare-net', 'true']).status === 0;
const python = spawnSync('python3', ['-c', 'import multiprocessing']).status === 0;

let home: string;
let root: string;
const servers: Server[] = [];

interface Envelope {
  ok: boolean;
  data?: { stdout: string; stderr: string };
  error?: { code: string; message: string };
}

// exec --cmd `bash FILE` (the script written to the workspace), asynchronous: this process answers it.
function exec(script: string, flags: string[]): Promise<Envelope> {
  return new Promise((resolve, reject) => {
    const file = `script-${Math.random().toString(36).slice(2)}.sh`;
    const env = { ...process.env, HOME: home, CODEWARD_STATE_DIR: join(home, 'state') };
    void writeFile(join(root, file), script).then(() => {
      const child = spawn(process.execPath, [CLI, '--yes', '--json', ...flags, 'exec', '--cmd', `bash ${file}`], { cwd: root, env, stdio: ['ignore', 'pipe', 'pipe'] });
      let stdout = '';
      child.stdout.setEncoding('utf8').on('data', (chunk: string) => (stdout += chunk));
      child.on('error', reject);
      child.on('close', () => resolve(JSON.parse(stdout) as Envelope));
    }, reject);
  });
}

const output = (run: Envelope): string => `${run.data?.stdout ?? ''}${run.data?.stderr ?? ''}${run.error?.message ?? ''}`;

function listen(server: Server, address: string | number): Promise<void> {
  servers.push(server);
  return new Promise((resolve) => (typeof address === 'number' ? server.listen(address, '127.0.0.1', resolve) : server.listen(address, resolve)));
}

beforeEach(async () => {
  home = await tempDir('codeward-netsock-home-');
  root = await tempDir('codeward-netsock-ws-');
});

afterEach(async () => {
  await Promise.all(servers.splice(0).map((server) => new Promise((resolve) => server.close(resolve))));
  await removeDir(home);
  await removeDir(root);
});

describe.skipIf(!bwrapWorks)("the network-on sandbox and this machine's local sockets", () => {
  it('a host service on an abstract unix address is out of reach with --sandbox-network, as without it', async () => {
    const name = `codeward-r16-3-${process.pid}-${Math.random().toString(36).slice(2)}`;
    let reached = '';
    await listen(createServer((connection) => connection.on('data', (data) => (reached += String(data))).end('host-ipc-reached')), `\0${name}`);
    const client = `node -e "require('net').connect('\\\\0${name}').on('connect', function () { this.write('from-sandbox') }).on('data', (d) => console.log('GOT ' + d)).on('error', (e) => console.log('REFUSED ' + e.code))"\n`;
    for (const flags of [['--sandbox-network'], []]) {
      const run = await exec(client, flags);
      expect(output(run)).toContain('REFUSED');
      expect(output(run)).not.toContain('host-ipc-reached');
    }
    expect(reached).toBe('');
  });

  it.skipIf(!python)('neither a unix socket nor a DGRAM pair (which could sendto an abstract name) can be made; the refusal says why', async () => {
    const name = `codeward-r16-3-dgram-${process.pid}`;
    const script = [
      'import socket',
      'for make in (lambda: socket.socket(socket.AF_UNIX), lambda: socket.socketpair(socket.AF_UNIX, socket.SOCK_DGRAM)[0]):',
      '    try:',
      `        s = make(); s.sendto(b"x", "\\0${name}"); print("SENT")`,
      '    except OSError as e: print("REFUSED", e.errno)',
      'socket.socket(socket.AF_UNIX)',
    ].join('\n');
    await writeFile(join(root, 'unix.py'), `${script}\n`);
    const run = await exec('python3 unix.py\n', ['--sandbox-network']);
    expect(run.data?.stdout).toBe('REFUSED 13\nREFUSED 13\n');
    expect(run.error?.code).toBe('C253');
    expect(run.error?.message).toContain(NO_LOCAL_SOCKETS);
  });

  it('TCP to a server on 127.0.0.1 works with the network on (node fetch), and node starts its own child processes', async () => {
    const server = createHttpServer((_request, response) => response.end('pong'));
    await listen(server, 0);
    const port = (server.address() as { port: number }).port;
    const script = `node -e "fetch('http://127.0.0.1:${port}/').then((r) => r.text()).then((t) => console.log('FETCH ' + t)); require('child_process').exec('echo CHILD', (e, o) => process.stdout.write(o))"\n`;
    const run = await exec(script, ['--sandbox-network']);
    expect(run.ok).toBe(true);
    expect(run.data?.stdout).toContain('FETCH pong');
    expect(run.data?.stdout).toContain('CHILD');
  });

  it.skipIf(!python)("python's multiprocessing (a pool, a duplex Pipe: socketpair) and asyncio work with the network on", async () => {
    const script = [
      'import asyncio, multiprocessing as mp',
      'def square(x): return x * x',
      "if __name__ == '__main__':",
      '    with mp.Pool(2) as pool: print("POOL", pool.map(square, [1, 2, 3]))',
      '    a, b = mp.Pipe(); a.send("PIPE"); print(b.recv())',
      '    print(asyncio.run(asyncio.sleep(0, "ASYNCIO")))',
    ].join('\n');
    await writeFile(join(root, 'mp.py'), `${script}\n`);
    const run = await exec('python3 mp.py\n', ['--sandbox-network']);
    expect(output(run)).toContain('POOL [1, 4, 9]\nPIPE\nASYNCIO\n');
    expect(run.ok).toBe(true);
  });
});
