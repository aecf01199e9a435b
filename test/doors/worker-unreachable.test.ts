// `codeward worker` with no engine listening (issue 19): one plain line per outage instead of the SDK's
// multi-line ECONNREFUSED objects and its OTel notice, and it keeps retrying. Only 127.0.0.1 is used.
import { spawn } from 'node:child_process';
import { createServer, type Server } from 'node:net';
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { connectionProblem } from '../../src/doors/worker/sdk-console.js';
import { CLI, removeDir, tempDir } from '../helpers/fixture.js';

let root: string;
beforeEach(async () => {
  root = await tempDir('codeward-worker-down-');
  await writeFile(join(root, 'config.yaml'), `base_path: ${root}\n`);
});
afterEach(async () => removeDir(root));

// A port on 127.0.0.1 that nothing listens on (taken from the OS, then released).
async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  const { port } = server.address() as { port: number };
  await new Promise<void>((done) => server.close(() => done()));
  return port;
}

async function waitFor(probe: () => boolean, what: string, ms = 45_000): Promise<void> {
  const deadline = Date.now() + ms;
  while (!probe()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await sleep(50);
  }
}

describe('codeward worker without a running engine', () => {
  it('says once, plainly, that the engine cannot be reached, keeps retrying, and prints no raw error objects', async () => {
    const port = await freePort();
    const url = `ws://127.0.0.1:${port}`;
    const child = spawn(process.execPath, [CLI, 'worker', '--url', url, '--config', join(root, 'config.yaml')], { cwd: root, stdio: ['ignore', 'pipe', 'pipe'] });
    let stderr = '';
    let stdout = '';
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    const exited = new Promise<void>((done) => child.on('exit', () => done()));
    let server: Server | undefined;
    try {
      await waitFor(() => stderr.includes('cannot reach'), 'the unreachable line');
      // Let a couple of retries fail (1 s, then about 2 s), then listen: a connection proves it still retries.
      await sleep(3500);
      let connections = 0;
      server = createServer((socket) => {
        connections += 1;
        socket.destroy();
      });
      await new Promise<void>((done) => server!.listen(port, '127.0.0.1', done));
      await waitFor(() => connections > 0, 'a retry reaching the port');
    } finally {
      child.kill('SIGTERM');
      await exited;
      server?.close();
    }
    const said = stderr.split('\n').filter((line) => line.includes('cannot reach'));
    expect(said).toEqual([`coder worker: cannot reach the iii engine at ${url}: connection refused (is the engine running?); retrying in ${said[0]!.match(/retrying in ([\d.]+ s)/)![1]}, then with backoff up to 30 s (quietly, until it connects)`]);
    expect(stderr).not.toMatch(/ECONNREFUSED|errno|syscall|afterConnect|\[OTel\]|Reconnecting in/);
    expect(stdout).toBe('');
  }, 60_000);

  it('names the usual connection problems in words', () => {
    expect(connectionProblem(Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:1'), { code: 'ECONNREFUSED' }))).toMatch(/^connection refused/);
    expect(connectionProblem(Object.assign(new Error('getaddrinfo ENOTFOUND x'), { code: 'ENOTFOUND' }))).toBe('host not found');
    expect(connectionProblem(new Error('Unexpected server response: 404'))).toBe('Unexpected server response: 404');
    expect(connectionProblem('weird')).toBe('connection failed');
  });
});
