// Red team R27-4 (unreachable-objects.ts): objects no ref, reflog or index reaches are masked in the sandbox
// view (loose) or hide git (packed, a ref naming a blob itself, past the bound, git failing). Controls: git's
// everyday work inside the sandbox still works in a repository holding such objects, and a normal
// repository's objects are shown. Real git, real bwrap, the real CLI.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, realpath, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { CLI, REPO_ROOT, removeDir, writeFiles } from '../helpers/fixture.js';

const bwrapWorks = spawnSync('bwrap', ['--ro-bind', '/', '/', '--unshare-net', 'true']).status === 0;
const SECRET = 'sk-live-UNREACHED-4417';
const base = existsSync('/var/tmp') ? '/var/tmp' : join(REPO_ROOT, 'test');
// Prints every loose object that inflates to something holding the marker (a script needs no git).
const ZLIB = 'import zlib,glob\nn=0\nfor f in glob.glob(".git/objects/??/*"):\n    d = open(f, "rb").read()\n    if d: n += 1; d = zlib.decompress(d)\n    if b"UNREACHED" in d: print(d)\nprint("inflated", n)\n';

let home: string;
let root: string;
let scripts: string;

function env(): Record<string, string> {
  const kept = Object.entries(process.env).filter(([key, value]) => value !== undefined && !key.startsWith('CODEWARD_') && !key.startsWith('GIT_'));
  return { ...(Object.fromEntries(kept) as Record<string, string>), HOME: home, CODEWARD_STATE_DIR: join(scripts, 'state'), GIT_CONFIG_NOSYSTEM: '1', PATH: `${scripts}:${process.env['PATH'] ?? ''}` };
}

function git(...args: string[]): string {
  const result = spawnSync('git', ['-c', 'user.name=t', '-c', 'user.email=t@e', ...args], { cwd: root, encoding: 'utf8', env: env() });
  expect(result.status, result.stderr).toBe(0);
  return result.stdout.trim();
}

// Runs `line` through `codeward --yes exec`: everything it printed (and the error's message, the warnings).
async function run(line: string): Promise<{ out: string; ok: boolean }> {
  const stdout = await new Promise<string>((resolve, reject) => {
    const child = spawn(process.execPath, [CLI, '--yes', '--json', '-C', root, 'exec', '--cmd', line], { cwd: root, env: env(), stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => (out += chunk));
    child.on('error', reject);
    child.on('close', () => resolve(out));
  });
  const parsed = JSON.parse(stdout) as { ok: boolean; warnings?: string[]; data?: { stdout: string; stderr: string; exitCode?: number }; error?: { message: string; data?: { stdout: string; stderr: string } } };
  const data = parsed.data ?? parsed.error?.data;
  return { out: `${data?.stdout ?? ''}${data?.stderr ?? ''}${parsed.error?.message ?? ''}${(parsed.warnings ?? []).join('\n')}`, ok: parsed.ok };
}

// A bash script kept outside the workspace (the classifier never sees what it does: only the sandbox stands).
async function script(lines: readonly string[]): Promise<{ out: string; ok: boolean }> {
  const file = join(scripts, `script-${Math.random().toString(36).slice(2)}.sh`);
  await writeFile(file, ['set -e', ...lines].join('\n'));
  return run(`bash ${file}`);
}

// `.env` staged once and unstaged: a dangling blob (its id).
function dangle(): string {
  git('add', '-f', '.env');
  const blob = git('rev-parse', ':.env');
  git('reset', '-q', '.env');
  return blob;
}

beforeEach(async () => {
  home = await realpath(await mkdtemp(join(base, 'codeward-unreached-home-')));
  scripts = await realpath(await mkdtemp(join(base, 'codeward-unreached-out-')));
  root = join(home, 'project');
  await mkdir(root);
  await writeFiles(root, { '.gitignore': '.env\n', 'a.txt': 'a\n', '.env': `API_KEY=${SECRET}\n` });
  await writeFile(join(scripts, 'z.py'), ZLIB);
  git('init', '-q');
  git('add', '-A');
  git('commit', '-qm', 'one');
});

afterEach(async () => {
  await removeDir(home);
  await removeDir(scripts);
});

describe.skipIf(!bwrapWorks)('unreachable loose objects are masked', () => {
  it('git and a zlib script print no dangling blob; git status, diff, log, add, commit and stash still work', async () => {
    const blob = dangle();
    const reads = await script([`git cat-file --batch-all-objects --batch || true`, `git cat-file -p ${blob} || true`, `git show ${blob} || true`, `python3 ${scripts}/z.py`, `cat .git/objects/${blob.slice(0, 2)}/${blob.slice(2)} | wc -c`]);
    expect(reads.out).not.toContain(SECRET);
    expect(reads.out).toMatch(/inflated [1-9]/);
    await writeFile(join(root, 'a.txt'), 'a\nb\n');
    // A line of git alone may write .git (a line running more makes it read-only: R13-8).
    for (const line of ['git status --short', 'git diff --stat', 'git add a.txt', 'git -c user.name=t -c user.email=t@e commit -qm two', 'git log -p', 'git branch other', 'git log --all --oneline']) {
      const done = await run(line);
      expect(done.ok, `${line}: ${done.out}`).toBe(true);
      expect(done.out).not.toContain(SECRET);
    }
    await writeFile(join(root, 'a.txt'), 'a\nb\nc\n');
    for (const line of ['git stash -q', 'git stash pop -q']) expect((await run(line)).ok, line).toBe(true);
    expect(git('log', '--format=%s')).toBe('two\none');
    expect(git('diff', '--stat')).toContain('a.txt');
  }, 120_000);

  it('a ref or an index entry a run writes naming a masked blob does not unmask it next run', async () => {
    const blob = dangle();
    for (const line of [`git update-ref refs/tags/leak ${blob}`, `git update-index --add --cacheinfo 100644,${blob},b.txt`, 'git cat-file -p leak', 'git show :b.txt']) {
      expect((await run(line)).out).not.toContain(SECRET);
    }
    expect((await script(['git cat-file -p leak || true', 'git show :b.txt || true', `python3 ${scripts}/z.py`])).out).not.toContain(SECRET);
  }, 120_000);

  it('a normal repository: every loose object is shown (no mask, git available)', async () => {
    const read = await script([`python3 ${scripts}/z.py`, 'git cat-file --batch-all-objects --batch-check | wc -l', 'git status --short']);
    // one commit: its tree, the commit, .gitignore and a.txt.
    expect(read.out).toContain('inflated 4');
    expect(read.out).not.toContain('unavailable');
  }, 120_000);
});

describe.skipIf(!bwrapWorks)('what cannot be masked one by one: a filtered pack (git31), or git hidden with a message naming the fix', () => {
  it('an unreachable object in a regular pack (`git add -f .env; git gc; git reset .env`)', async () => {
    git('add', '-f', '.env');
    git('gc', '-q');
    git('reset', '-q', '.env');
    const read = await script(['git cat-file --batch-all-objects --batch || true', 'cat .git/objects/pack/*.pack | wc -c', 'git status']);
    expect(read.out).not.toContain(SECRET);
    // git31: a filtered pack of the reachable objects stands for the real one (objects-pack-view.ts): git works.
    expect(read.out).toContain('On branch');
    expect(read.out).not.toMatch(/unavailable|not a git repository/);
  }, 120_000);

  it('a cruft pack', async () => {
    dangle();
    git('repack', '-q', '-d', '--cruft');
    expect(spawnSync('sh', ['-c', 'ls .git/objects/pack/*.mtimes'], { cwd: root }).status).toBe(0);
    const read = await script(['git cat-file --batch-all-objects --batch || true', 'ls .git/objects/pack', 'git status']);
    expect(read.out).not.toContain(SECRET);
    // git31: the cruft pack is not in the view (a filtered pack of the reachable objects is): git works.
    expect(read.out).not.toContain('.mtimes');
    expect(read.out).toContain('On branch');
  }, 120_000);

  it('a tag naming a blob itself (its path unknown)', async () => {
    const blob = dangle();
    git('tag', 'loose', blob);
    const read = await script(['git cat-file -p loose || true', `python3 ${scripts}/z.py || true`, 'git status']);
    expect(read.out).not.toContain(SECRET);
    expect(read.out).toContain('a tree or blob a ref or reflog names itself');
  }, 120_000);
});
