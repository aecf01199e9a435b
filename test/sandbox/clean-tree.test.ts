import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { existsSync, lstatSync, mkdirSync, readdirSync, writeFileSync } from 'node:fs';
import { mkdir, mkdtemp, realpath, rm, writeFile } from 'node:fs/promises';
import { join, relative } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { mountedElsewhere } from '../../src/sandbox/proc.js';
import { binaryEnv, CLI, removeDir, REPO_ROOT, writeFiles } from '../helpers/fixture.js';
import { WRITE_MODES, type WriteMode } from '../helpers/write-modes.js';

// Issue 20, "nothing in the working tree": a sandboxed exec (real bwrap, the real binary) leaves no
// empty `.git`, `.git/modules`, `.git/worktrees`, `.git/commondir` or `.git/config.worktree` behind,
// in a plain folder, a subfolder of a repository, and a repository with a submodule; and removing them
// never opens a hole: a second sandbox still running when the first ends cannot create `.git`, and a
// codeward killed mid-run leaves them only until the next run of the workspace.
const bwrapWorks = spawnSync('bwrap', ['--ro-bind', '/', '/', '--unshare-net', 'true']).status === 0;
const gitWorks = spawnSync('git', ['--version']).status === 0;
const why = !bwrapWorks ? 'bwrap (bubblewrap) is not installed or cannot run here' : 'git is not installed';

// /tmp is a fresh tmpfs inside the sandbox: everything lives in /var/tmp.
const base = existsSync('/var/tmp') ? '/var/tmp' : join(REPO_ROOT, 'test');
let home: string;
// The workspaces, and the scripts they run (a script file: the permission gate would ask about the
// attack's `.git` paths spelled on the command line, and no person is there to approve).
let box: string;
const children: ChildProcess[] = [];
let writeMode: WriteMode = WRITE_MODES[0]!;

function env(): Record<string, string> {
  const kept = Object.entries(process.env).filter(([key, value]) => value !== undefined && !key.startsWith('CODEWARD_') && !key.startsWith('GIT_') && key !== 'npm_config_cache' && key !== 'XDG_CACHE_HOME');
  // No mount point left behind, in place (a platform without overlay) and staged (the default): WRITE_MODES.
  return { ...(Object.fromEntries(kept) as Record<string, string>), HOME: home, CODEWARD_STATE_DIR: join(home, '.state'), ...writeMode.env, GIT_CONFIG_NOSYSTEM: '1', PATH: `${join(box, 'scripts')}:${process.env['PATH'] ?? ''}` };
}

interface Envelope {
  ok: boolean;
  data?: { stdout: string; stderr: string };
  error?: { message: string; data?: { stdout: string; stderr: string } };
}

function start(workspace: string, script: string): { child: ChildProcess; done: Promise<Envelope> } {
  // Beside the workspaces, in a folder on PATH (the sandbox shows PATH's folders, not the workspace's siblings).
  mkdirSync(join(box, 'scripts'), { recursive: true });
  const file = join(box, 'scripts', `script-${Math.random().toString(36).slice(2)}.sh`);
  writeFileSync(file, script);
  const child = spawn(process.execPath, [CLI, '--yes', '--json', '-C', workspace, 'exec', '--cmd', `sh ${file}`], { cwd: workspace, env: binaryEnv([file], env()), stdio: ['ignore', 'pipe', 'ignore'] });
  children.push(child);
  let stdout = '';
  child.stdout!.setEncoding('utf8').on('data', (chunk: string) => (stdout += chunk));
  const done = new Promise<Envelope>((resolve, reject) => {
    child.on('error', reject);
    child.on('close', () => resolve(stdout === '' ? { ok: false } : (JSON.parse(stdout) as Envelope)));
  });
  return { child, done };
}

const exec = (workspace: string, script: string): Promise<Envelope> => start(workspace, script).done;
// The flag a script wrote in `workspace`: there (in place) or in its run's upper folder (staged: applied
// only when the run ends). The test's go-ahead is a file in the scripts folder (on PATH: the sandbox shows
// it; staged, a file the test wrote in the workspace may stay hidden behind the overlay's cache).
const flagged = (workspace: string, name: string): boolean =>
  existsSync(join(workspace, name)) || (existsSync(join(home, '.state')) && (readdirSync(join(home, '.state'), { recursive: true, encoding: 'utf8' }) as string[]).some((path) => path.endsWith(`upper/${name}`)));
const goFlag = (): string => join(box, 'scripts', 'go.flag');
const out = (run: Envelope): string => `${run.data?.stdout ?? run.error?.data?.stdout ?? ''}${run.data?.stderr ?? run.error?.data?.stderr ?? ''}`;

function git(args: string[], cwd: string): string {
  const result = spawnSync('git', ['-c', 'protocol.file.allow=always', ...args], { cwd, env: env(), encoding: 'utf8' });
  expect(result.status, `${result.stdout}${result.stderr}`).toBe(0);
  return result.stdout;
}

// Every entry under `folder` (its `.git` included), with its kind; git's objects and logs are left out
// (git itself adds to them).
function listing(folder: string): string[] {
  const entries: string[] = [];
  const walk = (dir: string): void => {
    for (const name of readdirSync(dir)) {
      const path = join(dir, name);
      const rel = relative(folder, path);
      if (/(^|\/)\.git\/(modules\/[^/]+\/)?(objects|logs)$/.test(rel)) continue;
      const stats = lstatSync(path);
      entries.push(`${stats.isDirectory() ? 'd' : stats.isSymbolicLink() ? 'l' : 'f'} ${rel}`);
      if (stats.isDirectory()) walk(path);
    }
  };
  walk(folder);
  return entries.sort();
}

const until = async (test: () => boolean): Promise<void> => {
  for (let i = 0; i < 600 && !test(); i++) await new Promise((resolve) => setTimeout(resolve, 25));
};

beforeEach(async () => {
  home = await realpath(await mkdtemp(join(base, 'codeward-clean-home-')));
  box = await realpath(await mkdtemp(join(base, 'codeward-clean-')));
  await writeFiles(home, { '.gitconfig': '[user]\n\tname = Tester\n\temail = t@example.com\n[init]\n\tdefaultBranch = main\n' });
});

afterEach(async () => {
  for (const child of children.splice(0)) child.kill('SIGKILL');
  await removeDir(home);
  await removeDir(box);
});

describe.skipIf(!bwrapWorks || !gitWorks).each(WRITE_MODES)(`a sandboxed exec ($mode) leaves the working tree as it found it${bwrapWorks && gitWorks ? '' : ` — skipped: ${why}`}`, (mode) => {
  beforeEach(() => {
    writeMode = mode;
  });

  it('in a plain folder, a subfolder of a repository and a repository with a submodule: no new entry anywhere, git status clean', async () => {
    const plain = join(box, 'plain');
    const repo = join(box, 'repo');
    const upstream = join(box, 'upstream');
    await writeFiles(plain, { 'a.txt': 'a\n' });
    await writeFiles(upstream, { 'u.txt': 'u\n' });
    git(['init', '-q'], upstream);
    git(['add', '-A'], upstream);
    git(['commit', '-qm', 'u'], upstream);
    await writeFiles(repo, { 'sub/b.txt': 'b\n' });
    git(['init', '-q'], repo);
    git(['add', '-A'], repo);
    git(['commit', '-qm', 'r'], repo);
    git(['submodule', 'add', '-q', upstream, 'lib'], repo);
    git(['commit', '-qm', 'lib'], repo);
    const before = { plain: listing(plain), repo: listing(repo) };
    // Each workspace, twice (the second run finds what the first left, if anything).
    for (const workspace of [plain, join(repo, 'sub'), repo, plain, join(repo, 'sub'), repo]) {
      const run = await exec(workspace, 'ls -a >/dev/null; git status --short >/dev/null 2>&1; true');
      expect(run.ok, JSON.stringify(run)).toBe(true);
    }
    expect(listing(plain)).toEqual(before.plain);
    expect(listing(repo)).toEqual(before.repo);
    expect(git(['status', '--porcelain', '--ignored'], repo)).toBe('');
    expect(git(['-C', 'lib', 'status', '--porcelain', '--ignored'], repo)).toBe('');
    // What `git rev-parse` finds from the subfolder is the repository, not a leftover `.git` in it.
    expect(git(['rev-parse', '--show-toplevel', '--absolute-git-dir'], join(repo, 'sub')).trim().split('\n')).toEqual([repo, join(repo, '.git')]);
    expect(readdirSync(join(home, '.state', 'workspaces')).flatMap((key) => readdirSync(join(home, '.state', 'workspaces', key, 'sandbox-mounts')))).toEqual([]);
  });

  it('two sandboxes in one folder: the first ends while the second runs; the second still cannot create .git (plain folder) or plant in .git (repository)', async () => {
    const plain = join(box, 'plain');
    const repo = join(box, 'repo');
    await mkdir(plain);
    await mkdir(repo);
    git(['init', '-q'], repo);
    git(['commit', '-q', '--allow-empty', '-m', 'r'], repo);
    // Waits (bounded) for the test's go-ahead, then tries every way in.
    const attack = [
      'touch started.flag',
      `i=0; while [ ! -e ${goFlag()} ] && [ $i -lt 1200 ]; do sleep 0.05; i=$((i+1)); done`,
      'mkdir -p .git/hooks 2>/dev/null && touch .git/hooks/pre-commit 2>/dev/null && echo MADE-HOOKS',
      'git init -q . 2>/dev/null && echo INITED',
      'mkdir -p .git/modules/x 2>/dev/null && echo MADE-MODULE',
      'mkdir -p .git/worktrees/x 2>/dev/null && echo MADE-WORKTREE',
      'echo /elsewhere > .git/commondir 2>/dev/null && echo WROTE-COMMONDIR',
      'echo "[core] fsmonitor = /x" > .git/config.worktree 2>/dev/null && echo WROTE-CONFIG-WORKTREE',
      'ls -a .git | tr "\\n" " "; true',
    ].join('\n');
    for (const workspace of [plain, repo]) {
      const second = start(workspace, attack);
      await until(() => flagged(workspace, 'started.flag'));
      expect(flagged(workspace, 'started.flag')).toBe(true);
      const first = await exec(workspace, 'true');
      expect(first.ok, JSON.stringify(first)).toBe(true);
      await writeFile(goFlag(), '');
      const run = await second.done;
      expect(run.ok, JSON.stringify(run)).toBe(true);
      expect(out(run)).not.toMatch(/MADE-|INITED|WROTE-/);
      await rm(join(workspace, 'started.flag'));
      await rm(goFlag());
    }
    // Nothing planted, and nothing left: the last one out removed the mount points.
    expect(existsSync(join(plain, '.git'))).toBe(false);
    expect(listing(plain)).toEqual([]);
    expect(readdirSync(join(repo, '.git')).filter((name) => ['modules', 'worktrees', 'commondir', 'config.worktree'].includes(name))).toEqual([]);
    expect(git(['status', '--porcelain', '--ignored'], repo)).toBe('');
  });

  it('stress (bounded): sandboxes coming and going while one keeps trying to create .git; none gets in, none is left', async () => {
    const plain = join(box, 'plain');
    await mkdir(plain);
    const attacker = start(plain, [
      'touch started.flag',
      `i=0; while [ ! -e ${goFlag()} ] && [ $i -lt 1200 ]; do`,
      '  mkdir -p .git/hooks 2>/dev/null && echo GOT-IN',
      '  sleep 0.02; i=$((i+1))',
      'done; true',
    ].join('\n'));
    await until(() => flagged(plain, 'started.flag'));
    // Three waves of three short sandboxes each, ending while the attacker runs.
    for (let wave = 0; wave < 3; wave++) {
      const runs = await Promise.all([0, 1, 2].map(() => exec(plain, 'sleep 0.1; true')));
      for (const run of runs) expect(run.ok, JSON.stringify(run)).toBe(true);
    }
    await writeFile(goFlag(), '');
    const run = await attacker.done;
    expect(run.ok, JSON.stringify(run)).toBe(true);
    expect(out(run)).not.toContain('GOT-IN');
    await rm(join(plain, 'started.flag'));
    await rm(goFlag());
    expect(listing(plain)).toEqual([]);
  });

  it('a command that never starts (over 128 KiB: spawn E2BIG) leaves nothing either', async () => {
    const plain = join(box, 'plain');
    await mkdir(plain);
    const call = JSON.stringify({ cmd: 'exec', args: { cmd: `true # ${'x'.repeat(200_000)}` } });
    const result = spawnSync(process.execPath, [CLI, '--yes', '--json', '-C', plain, '-'], { cwd: plain, env: env(), input: call, encoding: 'utf8' });
    expect(result.stdout).toContain('E2BIG');
    expect(listing(plain)).toEqual([]);
  });

  it('a codeward killed (SIGKILL) mid-run leaves the empty .git; the next run of that folder removes it', async () => {
    const plain = join(box, 'plain');
    await mkdir(plain);
    const killed = start(plain, 'touch started.flag; sleep 60');
    await until(() => flagged(plain, 'started.flag'));
    expect(flagged(plain, 'started.flag')).toBe(true);
    killed.child.kill('SIGKILL');
    await killed.done;
    // bwrap dies with its parent; wait (bounded) until its mount namespace is gone.
    await until(() => mountedElsewhere([join(plain, '.git')])?.has(join(plain, '.git')) === false);
    expect(lstatSync(join(plain, '.git')).isDirectory()).toBe(true);
    // Staged, the flag was never applied (the run was killed before its apply).
    await rm(join(plain, 'started.flag'), { force: true });
    const next = await exec(plain, 'test -d .git && echo MOUNTED');
    expect(out(next)).toContain('MOUNTED');
    expect(listing(plain)).toEqual([]);
  });
});
