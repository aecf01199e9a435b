// Issue 28's hints through the real binary: a line number or a git revision taken for a path, a command
// put in the background, and git from a package folder of a monorepo (the sandbox shows only the package;
// codeward's git tools see the repository and stay within the package).
import { spawnSync } from 'node:child_process';
import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { removeDir, runCli, tempDir, writeFiles, type CliResult } from '../helpers/fixture.js';

let repo: string;
let home: string;
let state: string;
beforeEach(async () => {
  repo = await tempDir('cw-hints-');
  home = await tempDir('cw-hints-home-');
  state = await tempDir('cw-hints-state-');
});
afterEach(async () => {
  for (const dir of [repo, home, state]) await removeDir(dir);
});

const cw = (root: string, args: readonly string[]): CliResult => runCli(['-C', root, ...args], { env: { HOME: home, CODEWARD_STATE_DIR: state } });
const git = (args: readonly string[]): void => {
  const result = spawnSync('git', ['-c', 'user.email=t@t', '-c', 'user.name=t', ...args], { cwd: repo, encoding: 'utf8' });
  if (result.status !== 0) throw new Error(result.stderr);
};

// A monorepo: packages/app is the workspace; packages/other and a secret at the top are not in it.
async function monorepo(): Promise<string> {
  await writeFiles(repo, { 'packages/app/src/a.ts': 'export const a = 1;\n', 'packages/other/b.ts': 'b\n', 'top-secret.txt': 'outside\n' });
  git(['init', '-q']);
  git(['add', '.']);
  git(['commit', '-qm', 'init']);
  await writeFiles(repo, { 'packages/app/src/a.ts': 'export const a = 2;\n', 'packages/other/b.ts': 'changed\n', 'top-secret.txt': 'changed outside\n' });
  return join(repo, 'packages', 'app');
}

describe('a path that was meant as something else says what to pass instead', () => {
  it('read file:50 (and file:50-80) names --start and --end', async () => {
    await writeFiles(repo, { 'a.txt': 'x\n' });
    const one = cw(repo, ['read', 'a.txt:50']);
    expect([one.status, one.stderr]).toEqual([1, 'error C211: a.txt:50: no such file or directory, or not accessible; to read a.txt from line 50, pass the line as a flag: read --file a.txt --start 50\n']);
    expect(cw(repo, ['read', 'src/x.ts:50-80']).stderr).toContain('read --file src/x.ts --start 50 --end 80');
    // A file whose name really ends in :N is read as it is.
    await writeFiles(repo, { 'odd:7': 'odd\n' });
    expect(cw(repo, ['read', 'odd:7']).status).toBe(0);
  });

  it('git-diff HEAD~1 says git-diff takes no revision and what to run instead', async () => {
    const app = await monorepo();
    for (const revision of ['HEAD~1', 'HEAD^', 'main..feature', 'abc1234']) {
      const result = cw(app, ['git-diff', revision]);
      expect(result.status, revision).toBe(1);
      expect(result.stderr, revision).toContain(`${revision} looks like a git revision, and git-diff takes none`);
    }
    expect(cw(app, ['git-diff', 'nothing-here.txt']).stderr).not.toContain('revision');
  });
});

describe('exec says what it does not show by itself', () => {
  it('a command put in the background with & gets a notice; && and 2>&1 do not', async () => {
    const background = cw(repo, ['--json', 'exec', 'sleep 30 & echo started']);
    expect(background.json.ok).toBe(true);
    expect(background.json.warnings!.join('\n')).toMatch(/`sleep 30` ran in the background \(&\): nothing exec starts outlives the call/);
    const plain = cw(repo, ['--json', 'exec', 'true && echo "a & b" 2>&1']);
    expect(plain.json.warnings!.join('\n')).not.toContain('background');
  });
});

describe('git from a package folder of a monorepo', () => {
  it('codeward\'s git tools work from the package and show only the package', async () => {
    const app = await monorepo();
    const status = cw(app, ['git-status']);
    expect(status.status).toBe(0);
    expect(status.stdout).toContain('src/a.ts');
    expect(status.stdout).not.toMatch(/other|top-secret/);
    const diff = cw(app, ['git-diff']);
    expect(diff.stdout).toContain('+export const a = 2;');
    expect(diff.stdout).not.toMatch(/changed outside|b\.ts/);
    expect(cw(app, ['git-diff', '--file', '../../top-secret.txt']).stderr).toMatch(/^error C215/);
  });

  it('git inside exec fails in the sandbox, and the warning names the exact codeward call', async () => {
    const app = await monorepo();
    await mkdir(join(app, 'src', 'deep'), { recursive: true });
    const result = cw(app, ['--json', 'exec', 'git diff --stat -- src']);
    if (result.json.data?.sandboxed !== true) return; // no OS sandbox on this machine: git runs as it is
    expect(result.status).toBe(128);
    expect(result.json.warnings!.join('\n')).toContain('`codeward git-diff --stat --file src`');
    const log = cw(app, ['--json', 'exec', 'git log -n 3 --oneline']);
    expect(log.json.warnings!.join('\n')).toContain('`codeward git-log --limit 3 --oneline`');
  });
});
