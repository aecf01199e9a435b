// A `codeward serve` test's setting (test/doors/serve): fresh temp folders for the workspace, HOME, the state folder
// and any more a test names, the environment the CLI runs with there (no XDG runtime folder, the warm engine on),
// and the servers it started, each stopped after the test.
import { spawn, type ChildProcess } from 'node:child_process';
import { afterEach, beforeEach } from 'vitest';
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
    rig.state = await tempDir(`${prefix}-state-`);
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

// Stops every server still running.
export async function stopServers(rig: ServeRig): Promise<void> {
  for (const server of rig.servers.splice(0)) {
    if (server.exitCode !== null || server.signalCode !== null) continue;
    server.kill('SIGTERM');
    await new Promise((done) => server.once('exit', done));
  }
}

// Starts `codeward serve` for the workspace `root` with `env` and waits until it listens (" on " on its stderr); the
// server joins `servers`.
export async function startServe(at: Pick<ServeRig, 'root' | 'env' | 'servers'>, args: readonly string[] = []): Promise<{ server: ChildProcess; stderr: () => string }> {
  const server = spawn(process.execPath, [CLI, '-C', at.root, 'serve', ...args], { env: at.env, stdio: ['ignore', 'ignore', 'pipe'] });
  at.servers.push(server);
  let stderr = '';
  await new Promise<void>((done, refuse) => {
    server.stderr!.on('data', (chunk: Buffer) => {
      stderr += chunk.toString();
      if (stderr.includes(' on ')) done();
    });
    server.once('exit', (code) => refuse(new Error(`serve exited ${code}: ${stderr}`)));
  });
  return { server, stderr: () => stderr };
}
