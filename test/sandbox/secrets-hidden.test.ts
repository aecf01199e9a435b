import { spawn, spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, readFile, realpath, symlink, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { CLI, REPO_ROOT, removeDir, writeFiles } from '../helpers/fixture.js';

// THREAT-MODEL invariant 6 from the attacker's side: what `read` refuses (the non-accessible globs), a
// recursive reader in a sandboxed exec must not see either. The scripts live outside the workspace, so
// the danger classifier never sees the file names: only the OS sandbox stands between them and SECRET.
const bwrapWorks = spawnSync('bwrap', ['--ro-bind', '/', '/', '--unshare-net', 'true']).status === 0;
const why = 'bwrap (bubblewrap) is not installed or cannot run here; .ci/run installs it when it runs as root';
const SECRET = 'SECRET-MARKER-4711';

const base = existsSync('/var/tmp') ? '/var/tmp' : join(REPO_ROOT, 'test');
let home: string;
let root: string;
let scripts: string;

interface Envelope {
  ok: boolean;
  data?: { stdout: string; stderr: string; exitCode?: number };
  error?: { code: string; message: string; data?: { stdout: string; stderr: string } };
}

function env(): Record<string, string> {
  const kept = Object.entries(process.env).filter(([key, value]) => value !== undefined && !key.startsWith('CODEWARD_') && !key.startsWith('GIT_'));
  return { ...(Object.fromEntries(kept) as Record<string, string>), HOME: home, CODEWARD_STATE_DIR: join(scripts, 'state'), GIT_CONFIG_NOSYSTEM: '1' };
}

// Runs a bash script (kept outside the workspace) through `codeward exec`; everything it printed.
async function exec(script: string): Promise<string> {
  const file = join(scripts, `script-${Math.random().toString(36).slice(2)}.sh`);
  await writeFile(file, script);
  const stdout = await new Promise<string>((resolve, reject) => {
    const child = spawn(process.execPath, [CLI, '--yes', '--json', '-C', root, 'exec', '--cmd', `bash ${file}`], { cwd: root, env: env(), stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => (out += chunk));
    child.on('error', reject);
    child.on('close', () => resolve(out));
  });
  const parsed = JSON.parse(stdout) as Envelope;
  const data = parsed.data ?? parsed.error?.data;
  return `${data?.stdout ?? ''}${data?.stderr ?? ''}${parsed.error?.message ?? ''}`;
}

beforeEach(async () => {
  home = await realpath(await mkdtemp(join(base, 'codeward-hide-home-')));
  scripts = await realpath(await mkdtemp(join(base, 'codeward-hide-out-')));
  root = join(home, 'project');
  await mkdir(root);
  await writeFiles(root, {
    '.env': `TOKEN=${SECRET}-env\n`,
    'sub/deeper/.env': `TOKEN=${SECRET}-nested\n`,
    'secrets/token.txt': `${SECRET}-folder\n`,
    'certs/server.pem': `${SECRET}-pem\n`,
    'private.custom': `${SECRET}-custom\n`,
    'real/creds.txt': `${SECRET}-linked\n`,
    'normal.txt': 'ordinary content\n',
    'src/app.js': 'console.log("app")\n',
    '.codeward/config.json': '{"nonAccessibleGlobs": ["**/.env", "**/.env.*", "**/*.pem", "**/*.key", "**/secrets/**", "**/*.custom"]}\n',
  });
  // The scripts folder is outside the workspace: out of view unless the user names it (sandboxReadable).
  await writeFiles(home, { '.codeward/config.json': `${JSON.stringify({ sandboxReadable: [scripts] })}\n` });
  // A secret behind a link whose name matches: the target (inside the workspace) is hidden.
  await symlink('real/creds.txt', join(root, '.env.local'));
  // One whose target is outside the workspace: hidden as well (the name is what read refuses).
  await writeFile(join(scripts, 'outside-creds'), `${SECRET}-outside\n`);
  await symlink(join(scripts, 'outside-creds'), join(root, 'app.key'));
  // Links that must not hide the workspace or the kernel's files.
  await symlink(root, join(root, 'self.key'));
  await symlink('/dev/null', join(root, 'null.key'));
}, 20_000);

afterEach(async () => {
  await removeDir(home);
  await removeDir(scripts);
});

describe.skipIf(!bwrapWorks)(`sandboxed exec does not see the non-accessible files (${why})`, () => {
  it('grep -r, tar, cat $(ls | grep env), cp -r: no secret content comes out', async () => {
    const out = await exec(
      [
        'grep -r SECRET . ; echo "grep=$?"',
        'tar cf - . | tar xOf - ; echo tar-done',
        'tar cf - . | tar tvf -',
        'cat $(ls -a | grep env) ; echo cat-done',
        'cat sub/deeper/* sub/deeper/.* 2>&1; cat secrets/* 2>&1; ls -la secrets',
        'cp -r . /tmp/x && grep -r SECRET /tmp/x ; echo "copy=$?"',
        'cat real/creds.txt; cat certs/server.pem private.custom; cat app.key',
        'echo to-dev-null > /dev/null; echo "devnull=$?"',
        'find . -type f -exec cat {} + 2>/dev/null; echo find-done',
      ].join('\n'),
    );
    expect(out).toContain('grep=1');
    expect(out).toContain('tar-done');
    expect(out).toContain('cat-done');
    expect(out).toContain('find-done');
    expect(out).toContain('devnull=0');
    expect(out).toContain('ordinary content');
    expect(out).not.toContain(SECRET);
  }, 30_000);

  it('hidden files cannot be written, removed or renamed; ordinary ones can', async () => {
    const out = await exec(
      [
        'echo overwritten > .env; echo "write=$?"',
        'echo planted > secrets/new.txt; echo "plant=$?"',
        'rm -f sub/deeper/.env; echo "rm=$?"',
        'mv private.custom moved.txt; echo "mv=$?"',
        'echo more >> normal.txt; echo "ordinary=$?"',
        'echo fresh > src/new.js; echo "fresh=$?"',
      ].join('\n'),
    );
    expect(out).toMatch(/write=[1-9]/);
    expect(out).toMatch(/plant=[1-9]/);
    expect(out).toMatch(/rm=[1-9]/);
    expect(out).toMatch(/mv=[1-9]/);
    expect(out).toContain('ordinary=0');
    expect(out).toContain('fresh=0');
    expect(await readFile(join(root, '.env'), 'utf8')).toContain(SECRET);
    expect(await readFile(join(root, 'sub/deeper/.env'), 'utf8')).toContain(SECRET);
    expect(await readFile(join(root, 'private.custom'), 'utf8')).toContain(SECRET);
    expect(existsSync(join(root, 'secrets/new.txt'))).toBe(false);
    expect(await readFile(join(root, 'normal.txt'), 'utf8')).toBe('ordinary content\nmore\n');
    expect(await readFile(join(root, 'src/new.js'), 'utf8')).toBe('fresh\n');
  }, 30_000);

  it('a secret created between two runs is hidden in the next one (the folder cache notices)', async () => {
    expect(await exec('grep -r SECRET . ; echo "grep=$?"')).toContain('grep=1');
    await writeFiles(root, { 'src/late/.env.local': `${SECRET}-late\n`, 'secrets/more.txt': `${SECRET}-more\n` });
    const out = await exec('grep -r SECRET . ; echo "grep=$?"');
    expect(out).toContain('grep=1');
    expect(out).not.toContain(SECRET);
  }, 30_000);
});
