import { spawnSync } from 'node:child_process';
import { chownSync, existsSync, lstatSync, readdirSync } from 'node:fs';
import { mkdtemp, realpath } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { CLI, REPO_ROOT, removeDir, writeFiles } from '../helpers/fixture.js';

// Red team H5 of issue 26, for every walk above the workspace (workspace/above.ts): in a shared folder
// another user (uid 65534 here; the tests run as root) makes a repository around our workspace, with a
// config naming programs and hooks and an index tracking `proj/.env`. git itself refuses it ("dubious
// ownership"); no walk of codeward's may read it either: not the gate's git-config judge
// (readonly-git-config.ts), not the write gate's context (sandbox/git-config.ts), not the tracked-secret
// judge (sandbox/tracked-secrets.ts via readonly-git-secrets.ts), not the sandbox view's enclosing
// repository (sandbox/view.ts). On the old code each of these decided from the other user's files.
const OTHER = 65534;
const canChown = process.getuid?.() === 0;
const BASE = existsSync('/var/tmp') ? '/var/tmp' : join(REPO_ROOT, 'test');
const bwrapWorks = spawnSync('bwrap', ['--ro-bind', '/', '/', '--unshare-net', 'true']).status === 0;

let base: string;
let shared: string;
let proj: string;

function git(cwd: string, ...args: string[]): void {
  const result = spawnSync('git', ['-c', 'user.name=t', '-c', 'user.email=t@t', '-c', 'core.fsmonitor=false', ...args], { cwd, encoding: 'utf8' });
  if (result.status !== 0) throw new Error(`git ${args.join(' ')}: ${result.stderr}`);
}

function chownTree(path: string): void {
  chownSync(path, OTHER, OTHER);
  if (!lstatSync(path).isDirectory()) return;
  for (const name of readdirSync(path)) chownTree(join(path, name));
}

// The other user's repository around `proj`: `config` lines added to its .git/config.
async function plant(config: Record<string, string>, foreign = true): Promise<void> {
  await writeFiles(shared, { 'proj/.env': 'TOKEN=1\n', 'proj/a.txt': 'a\n' });
  git(shared, 'init', '-q', '.');
  git(shared, 'add', '-f', 'proj/.env', 'proj/a.txt');
  git(shared, 'commit', '-qm', 'x');
  for (const [key, value] of Object.entries(config)) git(shared, 'config', key, value);
  if (!foreign) return;
  chownTree(join(shared, '.git'));
  chownSync(shared, OTHER, OTHER);
}

function cli(args: string[], yes = false): { json: Record<string, any>; stdout: string } {
  const env = { ...process.env, CODEWARD_STATE_DIR: join(base, 'state'), HOME: join(base, 'home') };
  const result = spawnSync(process.execPath, [CLI, ...(yes ? ['--yes'] : []), '--json', '-C', proj, ...args], { cwd: proj, env, encoding: 'utf8' });
  let json: Record<string, any>;
  try {
    json = JSON.parse(result.stdout) as Record<string, any>;
  } catch {
    json = {};
  }
  return { json, stdout: result.stdout + result.stderr };
}

const check = (call: string): Record<string, any> => cli(['policy', 'check', call]).json.data;

beforeEach(async () => {
  base = await realpath(await mkdtemp(join(BASE, 'codeward-foreign-')));
  shared = join(base, 'shared');
  proj = join(shared, 'proj');
});
afterEach(async () => removeDir(base));

describe.skipIf(!canChown)("another user's repository above the workspace is never read", () => {
  it('the gate does not take its config for the workspace repository (readonly-git-config walk)', async () => {
    await plant({ 'core.fsmonitor': './fsm.sh' });
    const decision = check('exec --cmd "git status"');
    expect(decision.reason).not.toMatch(/fsmonitor|config names a program/);
    expect(decision.decision).toBe('allow');
  });

  it('the write gate takes no hook folder from its core.hooksPath (sandbox/git-config.ts walk)', async () => {
    await plant({ 'core.hooksPath': 'proj/hooks' });
    const decision = check('write --file hooks/pre-commit --content x');
    expect(decision.source).not.toBe('immune');
    const written = cli(['write', '--file', 'hooks/pre-commit', '--content', 'x'], true).json;
    expect(written.ok).toBe(true);
  });

  it('the tracked-secret judge does not read its index (tracked-secrets walk)', async () => {
    await plant({});
    const decision = check('exec --cmd "git log -p"');
    expect(decision.reason ?? '').not.toMatch(/tracks/);
  });

  it('the same repository, owned by the current user, still counts for every walk', async () => {
    await plant({ 'core.fsmonitor': './fsm.sh', 'core.hooksPath': 'proj/hooks' }, false);
    expect(check('exec --cmd "git status"').reason).toMatch(/fsmonitor/);
    expect(check('write --file hooks/pre-commit --content x').source).toBe('immune');
  });

  it.skipIf(!bwrapWorks)('the sandbox does not name it as the repository the workspace is a subfolder of (sandbox/view.ts walk)', async () => {
    await plant({});
    const run = cli(['exec', '--cmd', 'git status'], true);
    expect(run.stdout).toMatch(/not a git repository/i);
    expect(run.stdout).not.toContain('is a subfolder of');
    expect(run.stdout).not.toContain("codeward's git-status");
  });
});
