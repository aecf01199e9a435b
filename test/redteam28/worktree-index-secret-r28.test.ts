// Red team round 28, R28-3 (CRITICAL, secret to the model): a `.env` staged in ANOTHER linked worktree of the same
// repository (`git worktree add ../wt2`, the everyday agent layout; there `git add -f .env`). Its blob is reachable
// through that worktree's index (`rev-list --indexed-objects` reads every worktree's index), so
// unreachable-objects*.ts does not mask it; tracked-secrets.ts reads only THIS worktree's index (`ls-files` in
// repository.worktree), so the git folders stay shown. A sandboxed exec under --yes prints it with
// `git cat-file --batch-all-objects --batch` or a zlib script over .git/objects. The other way round held (workspace the linked
// worktree, the main worktree's index holding it: git hidden), so the check knows the main worktree, not the others.
// Controls (held): the same .env staged-then-unstaged (masked, R27-4); staged in THIS worktree (git hidden);
// a submodule's dangling blob; `.git/objects` a symlink to a folder of the workspace.
import { execFileSync } from 'node:child_process';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { removeDir, runCli, tempDir, writeFiles } from '../helpers/fixture.js';

const SECRET = 'sk-live-OTHERWORKTREE';
const ZLIB = 'import zlib,glob,os\nfor f in glob.glob(os.popen("git rev-parse --git-common-dir").read().strip() + "/objects/??/*"):\n    try:\n        d = zlib.decompress(open(f, "rb").read())\n    except Exception:\n        continue\n    if b"OTHERWORKTREE" in d: print(d)\n';
let base: string;
let count = 0;
const git = (cwd: string, ...args: string[]): string =>
  execFileSync('git', ['-c', 'user.name=t', '-c', 'user.email=t@e', ...args], { cwd, encoding: 'utf8', env: { ...process.env, GIT_CONFIG_NOSYSTEM: '1' } }).trim();

// A repository and a linked worktree beside it; the secret staged in `staged`'s index, the workspace `from`.
async function layout(staged: 'main' | 'linked', from: 'main' | 'linked'): Promise<{ top: string; home: string }> {
  const main = join(base, `w${++count}`), linked = join(base, `l${count}`), home = join(base, `h${count}`);
  await writeFiles(main, { 'a.txt': 'a\n', 'z.py': ZLIB, '.gitignore': '.env\n' });
  await writeFiles(home, { '.keep': '' });
  git(main, 'init', '-q');
  git(main, 'add', '-A');
  git(main, 'commit', '-qm', 'one');
  git(main, 'worktree', 'add', '-q', linked);
  const at = staged === 'main' ? main : linked;
  await writeFiles(at, { '.env': `API_KEY=${SECRET}\n` });
  git(at, 'add', '-f', '.env');
  return { top: from === 'main' ? main : linked, home };
}

const printed = async (line: string, staged: 'main' | 'linked', from: 'main' | 'linked'): Promise<string> => {
  const { top, home } = await layout(staged, from);
  const result = runCli(['--json', '-C', top, 'exec', '--cmd', line], { env: { HOME: home, CODEWARD_NO_SERVE: '1' } });
  return `${result.stdout}${result.stderr}`;
};

beforeAll(async () => {
  base = await tempDir('rt28-wtindex-');
});
afterAll(async () => {
  await removeDir(base);
});

describe('R28-3 CRITICAL: another worktree\'s staged .env is printed by a sandboxed exec under --yes', () => {
  test.each([
    ['git cat-file --batch-all-objects --batch', 'linked', 'main'],
    ['python3 z.py', 'linked', 'main'],
  ] as const)('`%s` (staged in the %s worktree, workspace the %s one) does not print the secret', async (line, staged, from) => {
    expect(await printed(line, staged, from)).not.toContain(SECRET);
  }, 120_000);
});

// Held back (cfg30): the secret staged in one linked worktree, the workspace another linked one; and staged after
// a first run (the cached answer is read again when another worktree's index changes).
describe('R28-3 variants', () => {
  test('staged in one linked worktree, workspace another linked one: not printed', async () => {
    const { top, home } = await layout('main', 'linked');
    const other = join(base, `o${count}`);
    git(top, 'worktree', 'add', '-q', '--detach', other);
    await writeFiles(other, { '.env': `API_KEY=${SECRET}2\n` });
    git(other, 'add', '-f', '.env');
    const result = runCli(['--json', '-C', top, 'exec', '--cmd', 'git cat-file --batch-all-objects --batch'], { env: { HOME: home, CODEWARD_NO_SERVE: '1' } });
    expect(`${result.stdout}${result.stderr}`).not.toContain(`${SECRET}2`);
  }, 120_000);
  test('staged in the linked worktree after a first run from the main one: not printed', async () => {
    const main = join(base, `w${++count}`), linked = join(base, `l${count}`), home = join(base, `h${count}`);
    await writeFiles(main, { 'a.txt': 'a\n', '.gitignore': '.env\n' });
    await writeFiles(home, { '.keep': '' });
    git(main, 'init', '-q');
    git(main, 'add', '-A');
    git(main, 'commit', '-qm', 'one');
    git(main, 'worktree', 'add', '-q', linked);
    const line = ['--json', '-C', main, 'exec', '--cmd', 'git cat-file --batch-all-objects --batch'];
    expect(runCli(line, { env: { HOME: home, CODEWARD_NO_SERVE: '1' } }).json.ok).toBe(true);
    await writeFiles(linked, { '.env': `API_KEY=${SECRET}\n` });
    git(linked, 'add', '-f', '.env');
    const result = runCli(line, { env: { HOME: home, CODEWARD_NO_SERVE: '1' } });
    expect(`${result.stdout}${result.stderr}`).not.toContain(SECRET);
  }, 120_000);
});

describe('control (held)', () => {
  test.each([
    ['main', 'main'],
    ['main', 'linked'],
  ] as const)('staged in the %s worktree, workspace the %s one: not printed', async (staged, from) => {
    expect(await printed('git cat-file --batch-all-objects --batch', staged, from)).not.toContain(SECRET);
  }, 120_000);
});
