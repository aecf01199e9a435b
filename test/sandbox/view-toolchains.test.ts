import { spawn, spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, realpath } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CLI, REPO_ROOT, removeDir, writeFiles } from '../helpers/fixture.js';

// The default-deny view keeps real toolchains working (issue 26): npm test, pytest, cargo test and go
// test run sandboxed with the user's real HOME (as root: /root), where their toolchains are installed.
// Each is skipped, with the reason, where its toolchain is not installed.
const bwrapWorks = spawnSync('bwrap', ['--ro-bind', '/', '/', '--unshare-net', 'true']).status === 0;
const HOME = process.env['HOME'] ?? '';
const has = (command: string, args: string[]): boolean => spawnSync(command, args, { stdio: 'ignore' }).status === 0;
const BASE = existsSync('/var/tmp') ? '/var/tmp' : join(REPO_ROOT, 'test');
let base: string;

interface Envelope {
  ok: boolean;
  warnings?: string[];
  data?: { stdout: string; stderr: string; exitCode?: number };
  error?: { code: string; message: string; data?: { stdout: string; stderr: string } };
}

// `exec --cmd LINE` in `workspace`, sandboxed, with the real HOME; the envelope and all output.
async function exec(workspace: string, line: string): Promise<{ envelope: Envelope; out: string }> {
  const kept = Object.entries(process.env).filter(([key, value]) => value !== undefined && !key.startsWith('CODEWARD_') && key !== 'npm_config_cache' && key !== 'XDG_CACHE_HOME');
  const env = { ...(Object.fromEntries(kept) as Record<string, string>), CODEWARD_STATE_DIR: join(base, 'state') };
  const stdout = await new Promise<string>((resolve, reject) => {
    const child = spawn(process.execPath, [CLI, '--yes', '--json', '--sandbox', 'workspace-write', '-C', workspace, 'exec', '--timeout', '280', '--cmd', line], { cwd: workspace, env, stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => (out += chunk));
    child.on('error', reject);
    child.on('close', () => resolve(out));
  });
  const envelope = JSON.parse(stdout) as Envelope;
  const data = envelope.data ?? envelope.error?.data;
  return { envelope, out: `${data?.stdout ?? ''}${data?.stderr ?? ''}${envelope.error?.message ?? ''}` };
}

beforeAll(async () => {
  base = await realpath(await mkdtemp(join(BASE, 'codeward-toolchains-')));
});

afterAll(async () => {
  await removeDir(base);
});

describe.skipIf(!bwrapWorks)('real toolchains run in the default-deny view', () => {
  it.skipIf(!has('npm', ['--version']))('npm test (node --test)', async () => {
    const ws = join(base, 'node');
    await writeFiles(ws, {
      'package.json': `${JSON.stringify({ name: 'p', version: '1.0.0', private: true, type: 'module', scripts: { test: 'node --test' } })}\n`,
      'test/a.test.js': "import { test } from 'node:test';\nimport assert from 'node:assert/strict';\ntest('adds', () => assert.equal(1 + 1, 2));\n",
    });
    const { envelope, out } = await exec(ws, 'npm test');
    expect(envelope.ok, out).toBe(true);
    expect(out).toMatch(/pass 1/);
  }, 300_000);

  it.skipIf(!has('python3', ['-m', 'pytest', '--version']))(`pytest (python3 from ${spawnSync('sh', ['-c', 'command -v python3'], { encoding: 'utf8' }).stdout.trim() || 'PATH'})`, async () => {
    const ws = join(base, 'python');
    await writeFiles(ws, { 'test_math.py': 'def test_adds():\n    assert 1 + 1 == 2\n' });
    const { envelope, out } = await exec(ws, 'python3 -m pytest -q -p no:cacheprovider');
    expect(envelope.ok, out).toBe(true);
    expect(out).toMatch(/1 passed/);
  }, 300_000);

  it.skipIf(!has('cargo', ['--version']))(`cargo test (rustup and cargo under ${HOME})`, async () => {
    const ws = join(base, 'rust');
    await writeFiles(ws, {
      'Cargo.toml': '[package]\nname = "viewcheck"\nversion = "0.1.0"\nedition = "2021"\n\n[dependencies]\n',
      'src/lib.rs': 'pub fn add(a: i32, b: i32) -> i32 { a + b }\n\n#[cfg(test)]\nmod tests {\n    #[test]\n    fn adds() { assert_eq!(super::add(1, 1), 2); }\n}\n',
    });
    const { envelope, out } = await exec(ws, 'cargo test --offline -q');
    expect(envelope.ok, out).toBe(true);
    expect(out).toMatch(/1 passed/);
  }, 300_000);

  // go is not installed on every machine: skipped with that reason where `go version` fails.
  it.skipIf(!has('go', ['version']))(`go test${has('go', ['version']) ? '' : ' (skipped: go is not installed here)'}`, async () => {
    const ws = join(base, 'go');
    await writeFiles(ws, { 'go.mod': 'module viewcheck\n\ngo 1.20\n', 'add_test.go': 'package viewcheck\n\nimport "testing"\n\nfunc TestAdd(t *testing.T) {\n\tif 1+1 != 2 {\n\t\tt.Fatal("math")\n\t}\n}\n' });
    const { envelope, out } = await exec(ws, 'go test ./...');
    expect(envelope.ok, out).toBe(true);
    expect(out).toMatch(/^ok/m);
  }, 300_000);

  // Issue 28 item 5 (F10): git works from a subfolder workspace (its repository is shown read-only,
  // enclosing-git.ts; test/sandbox/subfolder-git has the hidden parts and the refused writes).
  it.skipIf(!has('git', ['--version']))('git in a subfolder workspace: git status works and the other folders do not read as deleted', async () => {
    const repo = join(base, 'mono');
    await writeFiles(repo, { 'pkg/a.txt': 'a\n', 'other/b.txt': 'b\n' });
    const git = (args: string[]): number | null => spawnSync('git', ['-c', 'user.name=t', '-c', 'user.email=t@example.com', ...args], { cwd: repo, stdio: 'ignore' }).status;
    expect(git(['init', '-q'])).toBe(0);
    expect(git(['add', '-A'])).toBe(0);
    expect(git(['commit', '-qm', 'first'])).toBe(0);
    const { envelope, out } = await exec(join(repo, 'pkg'), 'git status');
    expect(envelope.ok, out).toBe(true);
    expect(out).toMatch(/nothing to commit, working tree clean/);
    expect(out).not.toMatch(/deleted/);
  }, 300_000);
});
