// A `codeward serve` test's setting (test/doors/serve): fresh temp folders for the workspace, HOME, the state folder
// and any more a test names, the environment the CLI runs with there (no XDG runtime folder, the warm engine on),
// and the servers it started, each stopped after the test.
import { spawn, type ChildProcess } from 'node:child_process';
import { afterEach, beforeEach } from 'vitest';
import { mkdtemp } from 'node:fs/promises';
import { CLI, removeDir, tempDir, writeFiles } from './fixture.js';

export interface ServeRig {
  root: string;
  home: string;
  state: string;
  // The folders named in `more`, by name.
  readonly more: Record<string, string>;
  // The environment of the server and the calls (a test may replace it).
  env: Record<string, string>;
  readonly servers: ChildProcess[];
}

// Registers the hooks that make the folders (the workspace holding `files`) before each test and remove them after.
export function serveRig(prefix: string, files: Record<string, string>, more: readonly string[] = []): ServeRig {
  const rig: ServeRig = { root: '', home: '', state: '', more: {}, env: {}, servers: [] };
  beforeEach(async () => {
    rig.root = await tempDir(`${prefix}-root-`);
    rig.home = await tempDir(`${prefix}-home-`);
    // The state folder holds the socket (XDG_RUNTIME_DIR is empty): directly in /tmp, short, as a socket path may hold
    // only 107 bytes (a file's nested TMPDIR made it 111 in ci1: the server refuses such a path now).
    rig.state = await mkdtemp('/tmp/cws-');
    for (const name of more) rig.more[name] = await tempDir(`${prefix}-${name}-`);
    rig.env = { ...(process.env as Record<string, string>), HOME: rig.home, CODEWARD_STATE_DIR: rig.state, XDG_RUNTIME_DIR: '', CODEWARD_NO_SERVE: '' };
    await writeFiles(rig.root, files);
  });
  afterEach(async () => {
    await stopServers(rig);
    await Promise.all([rig.root, rig.home, rig.state, ...Object.values(rig.more)].map(removeDir));
  });
  return rig;
}

// How long a server may take to start listening, or to exit after SIGTERM, before the test fails naming the step
// (serve's own grace for a running call is 10 s; a loaded CI machine gets room beyond it).
const SERVE_STEP_MS = 30_000;

// Stops every server still running: SIGTERM, then SIGKILL and a failure naming the server's stderr when it did not
// exit within SERVE_STEP_MS.
export async function stopServers(rig: ServeRig): Promise<void> {
  for (const server of rig.servers.splice(0)) {
    if (server.exitCode !== null || server.signalCode !== null) continue;
    const exited = new Promise((done) => server.once('exit', done));
    server.kill('SIGTERM');
    const late = await Promise.race([exited.then(() => false), new Promise((done) => setTimeout(done, SERVE_STEP_MS, true))]);
    if (!late) continue;
    server.kill('SIGKILL');
    await exited;
    throw new Error(`codeward serve did not exit ${SERVE_STEP_MS / 1000} s after SIGTERM; its stderr: ${serveStderr.get(server) ?? ''}`);
  }
}

// What each started server wrote to stderr (kept for the failures above).
const serveStderr = new WeakMap<ChildProcess, string>();

// Starts `codeward serve` for the workspace `root` with `env` and waits until it listens (" on " on its stderr); the
// server joins `servers`.
export async function startServe(at: Pick<ServeRig, 'root' | 'env' | 'servers'>, args: readonly string[] = []): Promise<{ server: ChildProcess; stderr: () => string }> {
  const server = spawn(process.execPath, [CLI, '-C', at.root, 'serve', ...args], { env: at.env, stdio: ['ignore', 'ignore', 'pipe'] });
  at.servers.push(server);
  let stderr = '';
  await new Promise<void>((done, refuse) => {
    const late = setTimeout(() => refuse(new Error(`codeward serve did not listen within ${SERVE_STEP_MS / 1000} s; its stderr: ${stderr}`)), SERVE_STEP_MS);
    server.stderr!.on('data', (chunk: Buffer) => {
      stderr += chunk.toString();
      serveStderr.set(server, stderr);
      if (/ on .* stops after /.test(stderr)) {
        clearTimeout(late);
        done();
      }
    });
    server.once('exit', (code) => {
      clearTimeout(late);
      refuse(new Error(`serve exited ${code}: ${stderr}`));
    });
  });
  return { server, stderr: () => stderr };
}
