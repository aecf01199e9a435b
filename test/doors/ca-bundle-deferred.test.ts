// The ChatCLI wrapper of docs/chatcli-plugin.md starts node without NODE_EXTRA_CA_CERTS (node parses the bundle at
// every start: issue 31's plugin-door row), and codeward gives the bundle back to everything it runs, cold or
// through the warm engine; an entry point that may open TLS connections itself refuses such a process.
import { spawnSync, type ChildProcess } from 'node:child_process';
import { chmod, readFile, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { CLI, REPO_ROOT, removeDir, tempDir, writeFiles } from '../helpers/fixture.js';
import { startServe } from '../helpers/serve.js';

let root: string;
let home: string;
let state: string;
let bin: string;
let bundle: string;
const servers: ChildProcess[] = [];

beforeEach(async () => {
  root = await tempDir('cw-ca-root-');
  home = await tempDir('cw-ca-home-');
  state = await tempDir('cw-ca-state-');
  bin = await tempDir('cw-ca-bin-');
  bundle = join(bin, 'extra-ca.pem');
  await writeFiles(root, { 'a.txt': 'one\n' });
  // Not a PEM file: node would warn about it at start-up, which shows which process was given it.
  await writeFile(bundle, 'not a certificate\n');
});

afterEach(async () => {
  for (const server of servers.splice(0)) {
    if (server.exitCode !== null || server.signalCode !== null) continue;
    server.kill('SIGTERM');
    await new Promise((done) => server.once('exit', done));
  }
  await Promise.all([root, home, state, bin].map(removeDir));
});

// The wrapper exactly as the docs' install block writes it (its heredoc run by sh, $CODEWARD this checkout), and
// a `node` first on PATH that records the environment it was started with.
async function installDocumentedWrapper(): Promise<string> {
  const docs = await readFile(join(REPO_ROOT, 'docs/chatcli-plugin.md'), 'utf8');
  const heredoc = /^cat > ~\/\.chatcli\/plugins\/coder <<EOF\n[\s\S]*?\nEOF$/m.exec(docs)?.[0];
  expect(heredoc).toBeDefined();
  const wrapper = join(bin, 'coder');
  const written = spawnSync('sh', ['-c', heredoc!.replace('~/.chatcli/plugins/coder', '"$TARGET"')], { env: { PATH: process.env['PATH'] ?? '', CODEWARD: REPO_ROOT.replace(/\/$/, ''), TARGET: wrapper }, encoding: 'utf8' });
  expect(written.status, written.stderr).toBe(0);
  await chmod(wrapper, 0o755);
  await writeFile(join(bin, 'node'), `#!/bin/sh\nenv > "${join(bin, 'node-env')}"\nexec "${process.execPath}" "$@"\n`);
  await chmod(join(bin, 'node'), 0o755);
  return wrapper;
}

function environment(extra: Record<string, string> = {}): Record<string, string> {
  const path = `${bin}:${dirname(process.execPath)}:${process.env['PATH'] ?? '/usr/bin:/bin'}`;
  return { ...(process.env as Record<string, string>), PATH: path, HOME: home, CODEWARD_STATE_DIR: state, XDG_RUNTIME_DIR: '', NODE_EXTRA_CA_CERTS: bundle, ...extra };
}

// What the program exec runs sees of both variables, one line each ('-' for unset).
const SHOW = 'echo "extra=${NODE_EXTRA_CA_CERTS:--}"; echo "deferred=${CODEWARD_NODE_EXTRA_CA_CERTS:--}"';

async function startServer(): Promise<void> {
  // Without a bundle of its own: what the call's program gets comes from the call.
  const { NODE_EXTRA_CA_CERTS: _, ...env } = environment({ CODEWARD_NO_SERVE: '' });
  await startServe({ root, env, servers });
}

describe('the documented ChatCLI wrapper holds NODE_EXTRA_CA_CERTS back from node only', { timeout: 120_000 }, () => {
  it('cold: node starts without the bundle, and the command exec runs gets it back (the carrier never reaches it)', async () => {
    const wrapper = await installDocumentedWrapper();
    const result = spawnSync(wrapper, ['exec', '--cmd', SHOW], { cwd: root, env: environment({ CODEWARD_NO_SERVE: '1' }), encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });
    expect(result.status, result.stdout + result.stderr).toBe(0);
    const started = await readFile(join(bin, 'node-env'), 'utf8');
    expect(started).not.toMatch(/^NODE_EXTRA_CA_CERTS=/m);
    expect(started).toContain(`CODEWARD_NODE_EXTRA_CA_CERTS=${bundle}\n`);
    expect(result.stdout).toContain(`extra=${bundle}\n`);
    expect(result.stdout).toContain('deferred=-\n');
    // node was not given the (bad) bundle, so it had nothing to warn about.
    expect(result.stderr).not.toMatch(/extra certs/i);
  });

  it('warm: the call the warm engine answers hands the bundle to what it runs', async () => {
    await startServer();
    const wrapper = await installDocumentedWrapper();
    const result = spawnSync(wrapper, ['--debug-timing', 'exec', '--cmd', SHOW], { cwd: root, env: environment({ CODEWARD_NO_SERVE: '' }), encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });
    expect(result.status, result.stdout + result.stderr).toBe(0);
    expect(result.stderr).toMatch(/^timing: warm engine call/m);
    expect(await readFile(join(bin, 'node-env'), 'utf8')).not.toMatch(/^NODE_EXTRA_CA_CERTS=/m);
    expect(result.stdout).toContain(`extra=${bundle}\n`);
    expect(result.stdout).toContain('deferred=-\n');
  });

  it('the agent (and every entry point a person starts) refuses a process started without the bundle it was meant to have', () => {
    const run = (env: Record<string, string>, args: readonly string[]) => spawnSync(process.execPath, [CLI, ...args], { cwd: root, env, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });
    const { NODE_EXTRA_CA_CERTS: _, ...without } = environment({ CODEWARD_NO_SERVE: '1', CODEWARD_NODE_EXTRA_CA_CERTS: bundle });
    for (const args of [['agent', '--help'], ['agent', '-p', 'hello'], ['worker', '--help'], ['mcp'], ['serve']]) {
      const refused = run(without, args);
      expect(refused.status, `${args.join(' ')}: ${refused.stdout}${refused.stderr}`).toBe(2);
      expect(refused.stderr).toContain('CODEWARD_NODE_EXTRA_CA_CERTS held NODE_EXTRA_CA_CERTS back');
    }
    // Started with the bundle (the carrier then changes nothing), the agent answers.
    const started = run(environment({ CODEWARD_NO_SERVE: '1', CODEWARD_NODE_EXTRA_CA_CERTS: bundle }), ['agent', '--help']);
    expect(started.status, started.stderr).toBe(0);
    expect(started.stdout).toContain('codeward agent');
    // An engine command runs: it opens no TLS connection itself.
    const read = run(without, ['read', 'a.txt']);
    expect(read.status, read.stderr).toBe(0);
    expect(read.stdout).toContain('one');
  });
});
