import { spawnSync } from 'node:child_process';
import { chmodSync, chownSync, cpSync, existsSync, mkdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { CLI, writeFiles } from '../../helpers/fixture.js';
import { serveRig, startServe } from '../../helpers/serve.js';
import { trustWorkspaceAt } from '../../helpers/trust.js';

// `codeward serve` through the real binary: a warm engine answers like a cold process, and only its user.
const rig = serveRig('cw-serve', { 'open.txt': 'visible\n', 'token.secret': 'hidden\n' });
const startServer = (args: readonly string[] = []): ReturnType<typeof startServe> => startServe(rig, args);

// One call as the ChatCLI wrapper makes it (no terminal); `warm` tells whether the server answered it.
function call(args: readonly string[], extra: Record<string, string> = {}): { status: number; stdout: string; stderr: string; warm: boolean } {
  const result = spawnSync(process.execPath, [CLI, '--debug-timing', '--json', ...args], { cwd: rig.root, env: { ...rig.env, ...extra }, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });
  return { status: result.status ?? -1, stdout: result.stdout, stderr: result.stderr.replace(/^timing: .*\n/gm, ''), warm: /^timing: warm engine call/m.test(result.stderr) };
}

// The same call warm and cold (CODEWARD_NO_SERVE=1), each from the same per-workspace state (a notice
// is shown once per change): the same status, output and messages.
function warmAndCold(args: readonly string[]): ReturnType<typeof call> {
  const workspaces = join(rig.state, 'workspaces');
  const snapshot = join(rig.state, 'snapshot');
  rmSync(snapshot, { recursive: true, force: true });
  if (existsSync(workspaces)) cpSync(workspaces, snapshot, { recursive: true });
  const warm = call(args);
  rmSync(workspaces, { recursive: true, force: true });
  if (existsSync(snapshot)) cpSync(snapshot, workspaces, { recursive: true });
  const cold = call(args, { CODEWARD_NO_SERVE: '1' });
  expect(warm.warm).toBe(true);
  expect(cold.warm).toBe(false);
  expect({ status: warm.status, stdout: warm.stdout, stderr: warm.stderr }).toEqual({ status: cold.status, stdout: cold.stdout, stderr: cold.stderr });
  return warm;
}

describe('codeward serve: the same answers as a cold call', { timeout: 120_000 }, () => {
  it('start-up warnings reach the caller, and --content=- reads the caller\'s stdin (red team round 3, L1/L2)', async () => {
    // The workspace is the home folder: the engine warns at start-up.
    rig.env = { ...rig.env, HOME: rig.root };
    await startServer();
    const warned = warmAndCold(['read', 'open.txt']);
    expect(warned.stderr).toContain('the workspace is your home folder');
    const piped = spawnSync(process.execPath, [CLI, '--debug-timing', '--json', '--yes', 'write', '--file', 'piped.txt', '--content=-'], { cwd: rig.root, env: rig.env, input: 'from stdin\n', encoding: 'utf8' });
    expect(piped.stderr).not.toMatch(/^timing: warm engine call/m);
    expect(JSON.parse(piped.stdout).ok, piped.stdout + piped.stderr).toBe(true);
    expect(readFileSync(join(rig.root, 'piped.txt'), 'utf8')).toBe('from stdin\n');
  });

  it('sees a policy file changed between two calls', async () => {
    await startServer();
    expect(JSON.parse(warmAndCold(['read', 'open.txt']).stdout).ok).toBe(true);
    await writeFiles(rig.home, { '.codeward/policy.json': JSON.stringify({ rules: [{ pattern: '@coder read open.txt', action: 'deny' }] }) });
    const denied = JSON.parse(warmAndCold(['read', 'open.txt']).stdout);
    expect(denied.ok).toBe(false);
    expect(denied.error.code).toBe('C240');
  });

  it('sees a trust revoked between two calls', async () => {
    await writeFiles(rig.root, { '.codeward/policy.json': JSON.stringify({ rules: [{ pattern: '@coder write *.txt', action: 'allow' }] }) });
    await trustWorkspaceAt(rig.root, rig.home);
    await startServer();
    const allowed = call(['write', '--file', 'a.txt', '--content', 'one\n']);
    expect(allowed.warm).toBe(true);
    expect(JSON.parse(allowed.stdout).ok).toBe(true);
    expect(JSON.parse(call(['write', '--file', 'b.txt', '--content', 'one\n'], { CODEWARD_NO_SERVE: '1' }).stdout).ok).toBe(true);
    const revoked = spawnSync(process.execPath, [CLI, '-C', rig.root, 'trust', '--revoke'], { env: rig.env, encoding: 'utf8' });
    expect(revoked.status).toBe(0);
    const asked = JSON.parse(warmAndCold(['write', '--file', 'notes.txt', '--content', 'two\n']).stdout);
    expect(asked.ok).toBe(false);
    expect(asked.error.code).toBe('C241');
  });

  it('sees a config file changed between two calls', async () => {
    await startServer();
    expect(JSON.parse(warmAndCold(['read', 'token.secret']).stdout).ok).toBe(true);
    await writeFiles(rig.root, { '.codeward/config.yaml': 'nonAccessibleGlobs:\n  - "**/*.secret"\n' });
    expect(JSON.parse(warmAndCold(['read', 'token.secret']).stdout).error.code).toBe('C211');
  });

  it("runs a call in the caller's folder and environment", async () => {
    mkdirSync(join(rig.root, 'sub'));
    writeFileSync(join(rig.root, 'sub', 'inner.txt'), 'inner\n');
    await startServer();
    const relative = spawnSync(process.execPath, [CLI, '--debug-timing', '-C', '..', 'read', 'sub/inner.txt'], { cwd: join(rig.root, 'sub'), env: rig.env, encoding: 'utf8' });
    expect(relative.stderr).toMatch(/^timing: warm engine call/m);
    expect(relative.stdout).toContain('inner');
  });

  // Issue 31: the client of a warm call is a cold node process; what it loads beyond the hand-off is paid by
  // every call of a ChatCLI session. A loader hook records every module it imports, built-ins included.
  it('hands a call over loading neither node:crypto, node:v8 nor the CLI door', async () => {
    await startServer();
    const record = join(rig.state, 'loads.txt');
    const hook = join(rig.state, 'hook.mjs');
    writeFileSync(hook, `import { register } from 'node:module';\nregister('data:text/javascript,' + encodeURIComponent(\`import { appendFileSync } from 'node:fs';\nexport async function load(url, context, next) { appendFileSync(${JSON.stringify(record)}, url + '\\\\n'); return next(url, context); }\`));\n`);
    const warm = call(['read', 'open.txt'], { NODE_OPTIONS: `--import ${hook}` });
    expect(warm.warm).toBe(true);
    expect(JSON.parse(warm.stdout).data.content).toContain('visible');
    const loaded = readFileSync(record, 'utf8').split('\n').filter(Boolean);
    expect(loaded.some((url) => /\/client-[\w-]+\.js$/.test(url))).toBe(true);
    expect(loaded).not.toContain('node:crypto');
    expect(loaded).not.toContain('node:v8');
    expect(loaded.filter((url) => /\/main-[\w-]+\.js$/.test(url))).toEqual([]);
  });
});

describe('codeward serve: only its user, and a fallback', { timeout: 120_000 }, () => {
  // Another user needs root to become (setpriv); elsewhere the folder checks below still run.
  const canBecomeNobody = process.getuid?.() === 0 && spawnSync('setpriv', ['--version']).status === 0;
  it.skipIf(!canBecomeNobody)('refuses another user at the socket folder (0700, this user)', async () => {
    await startServer();
    const folder = join(rig.state, 'serve');
    // nobody may reach the temp folders above (they are 0700 for other reasons): the folder's own mode
    // must refuse, so open the path up to it.
    chmodSync(rig.state, 0o755);
    const script = `const net = require('net'); const path = process.argv[1]; net.connect(path).on('connect', () => { console.log('CONNECTED'); process.exit(0); }).on('error', (e) => { console.log(e.code); process.exit(0); });`;
    const socket = spawnSync('ls', [folder], { encoding: 'utf8' }).stdout.trim();
    expect(socket).toMatch(/\.sock$/);
    const other = spawnSync('setpriv', ['--reuid=65534', '--regid=65534', '--clear-groups', process.execPath, '-e', script, join(folder, socket)], { encoding: 'utf8' });
    expect(other.stdout.trim()).toBe('EACCES');
    // The same probe as this user connects: the refusal above is the folder's, not a broken probe.
    const self = spawnSync(process.execPath, ['-e', script, join(folder, socket)], { encoding: 'utf8' });
    expect(self.stdout.trim()).toBe('CONNECTED');
  });

  it('will not serve from, nor hand a call to, a socket folder of another user or open to others', async () => {
    const folder = join(rig.state, 'serve');
    mkdirSync(folder, { mode: 0o700 });
    const elsewhere = join(rig.state, 'elsewhere');
    mkdirSync(elsewhere, { mode: 0o700 });
    const spoils = [() => chmodSync(folder, 0o777)];
    if (process.getuid?.() === 0) spoils.push(() => chownSync(folder, 65534, 65534));
    // A symlink to a private folder of ours is refused too: whoever made the link chose where it points.
    spoils.push(() => {
      rmSync(folder, { recursive: true, force: true });
      symlinkSync(elsewhere, folder);
    });
    for (const spoil of spoils) {
      spoil();
      const refused = spawnSync(process.execPath, [CLI, '-C', rig.root, 'serve'], { env: rig.env, encoding: 'utf8' });
      expect(refused.status).not.toBe(0);
      expect(refused.stderr).toMatch(/socket folder is not private/);
      const cold = call(['read', 'open.txt']);
      expect(cold.warm).toBe(false);
      expect(JSON.parse(cold.stdout).ok).toBe(true);
      expect(cold.stderr).toMatch(/not using the warm engine/);
      chmodSync(folder, 0o700);
      if (process.getuid?.() === 0) chownSync(folder, 0, 0);
    }
  });

  it('falls back to the calling process when the server is gone and its socket stale', async () => {
    const { server } = await startServer();
    expect(call(['read', 'open.txt']).warm).toBe(true);
    server.kill('SIGKILL');
    await new Promise((done) => server.once('exit', done));
    const folder = join(rig.state, 'serve');
    expect(spawnSync('ls', [folder], { encoding: 'utf8' }).stdout).toMatch(/\.sock/);
    const cold = call(['read', 'open.txt']);
    expect(cold.warm).toBe(false);
    expect(JSON.parse(cold.stdout).data.content).toContain('visible');
    // A new server takes the stale socket's place.
    await startServer();
    expect(call(['read', 'open.txt']).warm).toBe(true);
  });

  it('stops when idle and leaves no socket behind', async () => {
    const { server, stderr } = await startServer(['--idle-minutes', '0.02']);
    await new Promise((done) => (server.exitCode === null ? server.once('exit', done) : done(undefined)));
    expect(server.exitCode).toBe(0);
    expect(stderr()).toMatch(/stopped after 0 calls/);
    expect(spawnSync('ls', [join(rig.state, 'serve')], { encoding: 'utf8' }).stdout.trim()).toBe('');
  });
});
