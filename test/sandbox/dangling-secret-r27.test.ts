// Red team round 27, R27-4 (default-deny sandbox view + R7-10): a `.env` staged once and unstaged (`git add .` then
// `git reset .env`, the everyday slip) stays in .git/objects as a blob no ref reaches. The repository tracks no
// secret (index and history clean), so git is available inside exec, and the sandbox shows .git/objects whole:
// under --yes a sandboxed command prints the secret that `cat .env` / `read .env` refuse (C211). R7-10 made the
// git spellings "ask" at the gate, and --yes approves an ask; a script reading the loose objects with zlib is not
// even that. Checked here: each case printed API_KEY=sk-live-DANGLINGSECRET. Controls: `cat .env` refused, and
// in a repository that TRACKED .env once, git is unavailable and the zlib script finds nothing.
import { execFileSync } from 'node:child_process';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { removeDir, runCli, tempDir, writeFiles } from '../helpers/fixture.js';

const SECRET = 'sk-live-DANGLINGSECRET';
const ZLIB = 'import zlib,glob\nfor f in glob.glob(".git/objects/??/*"):\n    d = zlib.decompress(open(f, "rb").read())\n    if b"DANGLING" in d: print(d)\n';
let base: string;
let blob = '';
let count = 0;
const git = (cwd: string, ...args: string[]): string =>
  execFileSync('git', ['-c', 'user.name=t', '-c', 'user.email=t@e', ...args], { cwd, encoding: 'utf8', env: { ...process.env, GIT_CONFIG_NOSYSTEM: '1' } }).trim();

async function repo(tracked: boolean): Promise<{ top: string; home: string }> {
  const top = join(base, `w${++count}`), home = join(base, `h${count}`);
  await writeFiles(top, { 'a.txt': 'a\n', 'z.py': ZLIB, '.gitignore': tracked ? '' : '.env\n' });
  await writeFiles(home, { '.keep': '' });
  git(top, 'init', '-q');
  git(top, 'add', '-A');
  git(top, 'commit', '-qm', 'one');
  await writeFiles(top, { '.env': `API_KEY=${SECRET}\n` });
  git(top, 'add', '-f', '.env');
  if (tracked) git(top, 'commit', '-qm', 'two');
  else git(top, 'reset', '-q', '.env');
  blob = git(top, 'hash-object', '.env');
  return { top, home };
}

const printed = async (line: string, tracked = false): Promise<string> => {
  const { top, home } = await repo(tracked);
  const result = runCli(['--json', '-C', top, 'exec', '--cmd', line.replace('@BLOB@', blob)], { env: { HOME: home, CODEWARD_NO_SERVE: '1' } });
  return `${result.stdout}${result.stderr}`;
};

beforeAll(async () => {
  base = await tempDir('rt27-dangling-');
});
afterAll(async () => {
  await removeDir(base);
});

describe('R27-4 CRITICAL: a sandboxed exec under --yes prints a non-accessible file from a dangling blob', () => {
  test.each([
    'git cat-file --batch-all-objects --batch',
    'git cat-file -p @BLOB@',
    'git show @BLOB@',
    'python3 z.py',
  ])('`%s` does not print the secret', async (line) => {
    expect(await printed(line)).not.toContain(SECRET);
  }, 120_000);
});

describe('controls (held)', () => {
  test('`cat .env` does not print it', async () => {
    expect(await printed('cat .env')).not.toContain(SECRET);
  }, 120_000);
  test.each(['git cat-file --batch-all-objects --batch', 'python3 z.py'])('tracked once: `%s` does not print it', async (line) => {
    expect(await printed(line, true)).not.toContain(SECRET);
  }, 120_000);
});
