import { spawn } from 'node:child_process';
import { readdirSync } from 'node:fs';
import { connect, type Socket } from 'node:net';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { CLI } from '../../helpers/fixture.js';
import { serveRig, startServe, stopServers } from '../../helpers/serve.js';

// A connection that sends nothing (a stuck client, a liveness probe, another user's process of this user) held every
// later call up: calls were queued before their line was read, so the next call waited for it for ever, and SIGTERM
// waited for it too (server.close() waits for every connection). Lines are now read side by side; only runs queue;
// a stop cuts the connections still open after a grace; a probe that sends nothing is not "a call was dropped".
const rig = serveRig('cw-silent', { 'small.txt': 'hello\n' });

function openSilently(): Promise<Socket> {
  const folder = join(rig.state, 'serve');
  const name = readdirSync(folder).find((file) => file.endsWith('.sock'));
  expect(name).toBeDefined();
  return new Promise((done, refuse) => {
    const socket = connect(join(folder, name!));
    socket.once('connect', () => done(socket));
    socket.once('error', refuse);
  });
}

// One warm-able call (no terminal), awaited without blocking this process (the silent socket lives here).
function call(): Promise<{ status: number | null; stdout: string; stderr: string }> {
  const child = spawn(process.execPath, [CLI, '--debug-timing', '--json', 'read', '--file', 'small.txt'], { cwd: rig.root, env: rig.env, stdio: ['ignore', 'pipe', 'pipe'] });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  return new Promise((done) => child.once('close', (status) => done({ status, stdout, stderr })));
}

describe('codeward serve and a client that sends nothing', { timeout: 90_000 }, () => {
  it('a silent connection holds no call up, a probe is not a dropped call, and SIGTERM still stops the server', async () => {
    const { server, stderr } = await startServe(rig);
    const silent = await openSilently();
    const answered = await call();
    expect(answered.status, answered.stderr).toBe(0);
    expect(answered.stderr).toMatch(/^timing: warm engine call/m);
    expect(JSON.parse(answered.stdout).data.content).toContain('hello');
    // A liveness probe: connects, sends nothing, goes.
    (await openSilently()).destroy();
    const second = await call();
    expect(second.stderr).toMatch(/^timing: warm engine call/m);
    expect(stderr()).not.toContain('dropped');
    // The silent connection is still open: the stop cuts it after its grace, and the server exits.
    await stopServers(rig);
    expect(server.signalCode ?? server.exitCode).toBe(0);
    expect(stderr()).toMatch(/stopped after 2 calls/);
    silent.destroy();
  });
});
