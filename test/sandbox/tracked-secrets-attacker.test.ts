// THREAT-MODEL invariant 6 from the attacker's side, for a non-accessible file the repository TRACKS:
// inside the sandbox the file reads as empty, but git's object database still holds it. No git command
// (nor a script reading .git/objects itself) may print it, and none may damage it: `git commit -a`
// would commit it emptied, `git stash` would stash the empty version and fail half-way. Afterwards
// `git status` outside shows only what the script changed on purpose, and the real bytes are untouched.
// The scripts live outside the workspace (in a folder on PATH: the sandbox shows it): the classifier never
// sees `.env`, only the sandbox stands.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, readFile, realpath, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { CLI, REPO_ROOT, removeDir, writeFiles } from '../helpers/fixture.js';

const bwrapWorks = spawnSync('bwrap', ['--ro-bind', '/', '/', '--unshare-net', 'true']).status === 0;
const why = 'bwrap (bubblewrap) is not installed or cannot run here; .ci/run installs it when it runs as root';
const SECRET = 'SECRET-MARKER-5811';
const base = existsSync('/var/tmp') ? '/var/tmp' : join(REPO_ROOT, 'test');

let home: string;
let root: string;
let scripts: string;

interface Envelope {
  ok: boolean;
  data?: { stdout: string; stderr: string };
  error?: { code: string; message: string; data?: { stdout: string; stderr: string } };
  warnings?: string[];
}

function env(): Record<string, string> {
  const kept = Object.entries(process.env).filter(([key, value]) => value !== undefined && !key.startsWith('CODEWARD_') && !key.startsWith('GIT_'));
  return { ...(Object.fromEntries(kept) as Record<string, string>), HOME: home, CODEWARD_STATE_DIR: join(scripts, 'state'), GIT_CONFIG_NOSYSTEM: '1', PATH: `${scripts}:${process.env['PATH'] ?? ''}` };
}

function git(...args: string[]): string {
  const result = spawnSync('git', ['-c', 'user.name=t', '-c', 'user.email=t@e', ...args], { cwd: root, encoding: 'utf8', env: env() });
  expect(result.status, result.stderr).toBe(0);
  return result.stdout;
}

// Runs `line` through `codeward exec` (extra global flags first); everything it printed and the warnings.
async function run(line: string, flags: readonly string[] = ['--yes']): Promise<{ out: string; warnings: string; code?: string }> {
  const stdout = await new Promise<string>((resolve, reject) => {
    const child = spawn(process.execPath, [CLI, ...flags, '--json', '-C', root, 'exec', '--cmd', line], { cwd: root, env: env(), stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => (out += chunk));
    child.on('error', reject);
    child.on('close', () => resolve(out));
  });
  const parsed = JSON.parse(stdout) as Envelope;
  const data = parsed.data ?? parsed.error?.data;
  return { out: `${data?.stdout ?? ''}${data?.stderr ?? ''}${parsed.error?.message ?? ''}`, warnings: (parsed.warnings ?? []).join('\n'), ...(parsed.error ? { code: parsed.error.code } : {}) };
}

// A script kept outside the workspace, run with bash.
async function script(lines: readonly string[], flags?: readonly string[]): Promise<{ out: string; warnings: string; code?: string }> {
  const file = join(scripts, `script-${Math.random().toString(36).slice(2)}.sh`);
  await writeFile(file, lines.join('\n'));
  return run(`bash ${file}`, flags);
}

beforeEach(async () => {
  home = await realpath(await mkdtemp(join(base, 'codeward-tracked-home-')));
  scripts = await realpath(await mkdtemp(join(base, 'codeward-tracked-out-')));
  root = join(home, 'project');
  await mkdir(root);
  await writeFiles(root, { '.env': `TOKEN=${SECRET}\n`, '.env.local': 'TOKEN=\n', 'a.txt': 'a\n' });
  git('init', '-q');
  git('add', '-A');
  git('commit', '-qm', 'init');
}, 20_000);

afterEach(async () => {
  await removeDir(home);
  await removeDir(scripts);
});

describe.skipIf(!bwrapWorks)(`a tracked non-accessible file in a sandboxed exec (${why})`, () => {
  it('no reader of the object database prints it: git diff/show/log -p/grep/archive/bundle, or .git/objects read directly', async () => {
    const { out, warnings } = await script([
      'git diff; git diff HEAD; git log -p; git show HEAD:.env; git cat-file -p HEAD:.env',
      'git grep -h TOKEN HEAD; git blame .env; git format-patch -1 --stdout; git archive HEAD | tar -xOf - .env',
      'git bundle create /tmp/b.bundle --all && grep -a TOKEN /tmp/b.bundle',
      'GIT_DIR=.git git show HEAD:.env; git --git-dir=.git --work-tree=. log -p; GIT_DISCOVERY_ACROSS_FILESYSTEM=1 git show HEAD:.env',
      'python3 -c "import zlib,glob\nfor f in glob.glob(\'.git/objects/*/*\'): print(zlib.decompress(open(f,\'rb\').read()))" ; ls -a .git',
      'echo done',
    ]);
    expect(out).toContain('done');
    expect(out).not.toContain(SECRET);
    expect(warnings).toContain('git is unavailable inside exec here because the repository tracks `.env` and `.env.local`');
  }, 40_000);

  it('git commit -a, stash, add -A, checkout, rm --cached inside change nothing of the repository outside', async () => {
    const head = git('rev-parse', 'HEAD');
    const { out } = await script([
      'echo changed >> a.txt',
      'export GIT_AUTHOR_NAME=t GIT_AUTHOR_EMAIL=t@e GIT_COMMITTER_NAME=t GIT_COMMITTER_EMAIL=t@e',
      'git commit -qam edit; git stash; git add -A; git commit -qm all; git checkout -- .env; git rm -q --cached .env; git stash pop',
      'echo done',
    ]);
    expect(out).toContain('done');
    expect(git('rev-parse', 'HEAD')).toBe(head);
    expect(git('status', '--porcelain')).toBe(' M a.txt\n');
    expect(git('stash', 'list')).toBe('');
    expect(await readFile(join(root, '.env'), 'utf8')).toBe(`TOKEN=${SECRET}\n`);
    expect(await readFile(join(root, '.env.local'), 'utf8')).toBe('TOKEN=\n');
    expect(await readFile(join(root, 'a.txt'), 'utf8')).toBe('a\nchanged\n');
  }, 40_000);

  it('a repository that tracks no hidden file keeps git inside: status and commit work', async () => {
    // Gone from history too (R6-11: a commit that held it counts): the only commit amended, the old one pruned.
    git('rm', '-q', '--cached', '.env', '.env.local');
    git('commit', '-q', '--amend', '-m', 'init');
    git('reflog', 'expire', '--expire=now', '--all');
    git('gc', '-q', '--prune=now');
    await writeFile(join(root, '.gitignore'), '.env*\n');
    git('add', '.gitignore');
    git('commit', '-qm', 'untrack');
    await writeFile(join(root, 'a.txt'), 'a\nchanged\n');
    // A line that runs git alone writes git's folder (a script would see it read-only: R12-21).
    const { out, warnings } = await run('git -c user.name=t -c user.email=t@e commit -qam edit && git status --porcelain && git log --oneline');
    expect(out).toMatch(/ edit\n/);
    expect(git('log', '--oneline').trim().split('\n')).toHaveLength(3);
    expect(warnings).not.toContain('git is unavailable');
    expect(git('status', '--porcelain')).toBe('');
    expect(await readFile(join(root, '.env'), 'utf8')).toBe(`TOKEN=${SECRET}\n`);
  }, 40_000);
});

describe('the gate, with the sandbox off', () => {
  it('git log -p / git show HEAD are not auto-approved: nothing runs without a person', async () => {
    for (const line of ['git log -p', 'git show HEAD']) {
      const { out, code } = await run(line, ['--sandbox', 'off']);
      expect(code, line).toBe('C241');
      expect(out, line).toContain('the repository tracks `.env` and `.env.local`');
      expect(out, line).not.toContain(SECRET);
    }
  }, 30_000);
});
