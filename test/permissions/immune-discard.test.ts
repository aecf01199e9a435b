// Issue 26, red team H5, from the attacker's side: commands that throw away work a person cannot get back
// from codeward's undo ran unasked under --yes and allow rules (`git diff | git apply -R`, `git mv -f`,
// `rsync --delete`, `git read-tree HEAD`, `truncate -s0`, `find -exec rm`, `xargs rm`, `mv x /dev/null`).
// Each spelling is judged with the held-back variants: options before the subcommand, `git -c`, wrappers
// (env, command, nice, timeout), abbreviations, quoted words, clustered short options.
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CLI, removeDir, runCli, tempDir, writeFiles } from '../helpers/fixture.js';
import { sandbox, type Sandbox } from './helpers.js';
import { immunityCases } from './immune-cases.js';

const IMMUNE: readonly (readonly [string, string])[] = [
  // Reversed patches.
  ['git-discard', 'git diff | git apply -R'],
  ['git-discard', 'git diff | git apply --reverse'],
  ['git-discard', 'git diff | git apply --rev'],
  ['git-discard', 'git diff HEAD | git -C . apply -R -'],
  ['git-discard', "git diff | 'git' apply '-R'"],
  ['git-discard', 'git apply -R --index fix.patch'],
  ['git-discard', 'git diff -R | git apply'],
  ['git-discard', 'git diff --cached -R | env git apply --index'],
  ['git-discard', 'git stash show -p -R | git apply'],
  ['git-discard', 'git diff -R > p && patch -p1 < p'],
  ['patch-reverse', 'git diff | patch -R -p1'],
  ['patch-reverse', 'git diff | patch -Rp1'],
  ['patch-reverse', 'git diff | patch --rev -p1'],
  // Forced moves, index rewrites, sparse checkouts.
  ['git-discard', 'git mv -f a.txt b.txt'],
  ['git-discard', 'git mv --for a.txt b.txt'],
  ['git-discard', 'git -C . mv -kf a.txt b.txt'],
  ['git-discard', 'git -c core.x=1 mv a.txt b.txt'],
  ['git-discard', 'git read-tree HEAD'],
  ['git-discard', 'git read-tree --empty'],
  ['git-discard', 'git read-tree -m -u HEAD'],
  ['git-discard', 'nice git read-tree HEAD'],
  ['git-discard', 'git update-index --force-remove a.txt'],
  ['git-discard', 'git update-index --force-r a.txt'],
  ['git-discard', 'git update-index --cacheinfo 100644,e69de29bb2d1d6434b8b29ae775ad8c2e48c5391,a.txt'],
  ['git-discard', 'git update-index --index-info'],
  ['git-discard', 'git sparse-checkout set src'],
  ['git-discard', 'git sparse-checkout reapply'],
  ['git-discard', 'git sparse-checkout disable'],
  ['git-discard', 'git sparse-checkout init --cone'],
  ['git-discard', 'git sparse-checkout add lib'],
  ['git-discard', 'command git --no-pager sparse-checkout set --no-cone "/*"'],
  // git clean in every spelling.
  ['git-clean-force', 'git clean -fdx'],
  ['git-clean-force', 'git clean'],
  ['git-clean-force', 'git clean -d'],
  ['git-clean-force', 'git -c clean.requireForce=false clean -n'],
  ['git-clean-force', 'env GIT_DIR=.git git clean --for'],
  ['git-clean-force', 'timeout 5 git -C sub clean -xf'],
  // Outside git.
  ['rsync-delete', 'rsync -a --delete src/ dst/'],
  ['rsync-delete', 'rsync -a --del src/ dst/'],
  ['rsync-delete', 'rsync -a --delete-after src/ dst/'],
  ['rsync-delete', 'rsync -a --delete-excluded src/ dst/'],
  ['rsync-delete', 'rsync -a --remove-source-files src/ dst/'],
  ['rsync-delete', 'nice -n 5 rsync -av --delete-before src/ dst/'],
  ['truncate', 'truncate -s0 a.txt'],
  ['truncate', 'truncate -s 0 a.txt'],
  ['truncate', 'truncate --size=0 a.txt'],
  ['truncate', 'truncate --si 0 a.txt'],
  ['truncate', 'truncate -cs0 a.txt'],
  ['truncate', 'truncate -s -100 a.txt'],
  ['truncate', 'truncate -s /4K a.txt'],
  ['truncate', 'truncate -r empty a.txt'],
  ['truncate', 'env truncate "-s0" a.txt'],
  ['shred', 'shred -u a.txt'],
  ['bulk-delete', "find . -name '*.ts' -exec rm {} +"],
  ['bulk-delete', 'find . -type f -execdir rm -f {} ;'],
  ['bulk-delete', 'git ls-files | xargs rm'],
  ['bulk-delete', 'git ls-files -z | xargs -0 rm -f'],
  ['bulk-delete', 'ls | xargs unlink'],
  ['mv-device', 'mv a.txt /dev/null'],
  ['mv-device', 'mv -f a.txt //dev/null'],
  ['mv-device', 'mv -t /dev/ a.txt'],
  ['mv-device', 'mv --target-directory=/dev a.txt'],
];

// Decided on the principle (src/permissions/README.md, "What discards work") and left ordinary.
const NOT_IMMUNE: readonly string[] = [
  'git stash',
  'git stash push -u',
  'git checkout --orphan fresh',
  'git apply fix.patch',
  'git apply -R --check fix.patch',
  'git apply -R --stat fix.patch',
  'git apply -R --cached fix.patch',
  'git diff | git apply --check',
  'git mv a.txt b.txt',
  'git mv -n -f a.txt b.txt',
  'git read-tree -n HEAD',
  'git update-index --refresh',
  'git update-index --add a.txt',
  'git sparse-checkout list',
  'git clean -n',
  'git diff -R',
  'rsync -a src/ dst/',
  'truncate -s +1K a.txt',
  "truncate -s '>1M' a.txt",
  'patch -p1 < fix.patch',
  'patch -R --dry-run -p1 < fix.patch',
  'find . -name x -exec cat {} +',
  'git ls-files | xargs wc -l',
  'rm a.txt',
  'mv a.txt b.txt',
  'echo x > out.txt',
];

let box: Sandbox;
beforeAll(async () => {
  box = await sandbox();
});
afterAll(async () => {
  await box.cleanup();
});

describe('what discards work asks a person, under allow rules and --yes', () => {
  immunityCases(() => box, IMMUNE, NOT_IMMUNE);
});

describe('the real binary', () => {
  it.skipIf(!existsSync(CLI))('--yes does not reverse uncommitted edits, force a move or empty a tracked file', async () => {
    const repo = await tempDir('codeward-discard-');
    try {
      const git = (...args: string[]): void => {
        expect(spawnSync('git', ['-c', 'user.name=t', '-c', 'user.email=t@t', ...args], { cwd: repo }).status).toBe(0);
      };
      git('init', '-q');
      await writeFiles(repo, { 'a.txt': 'one\n', 'b.txt': 'two\n' });
      git('add', '.');
      git('commit', '-qm', 'init');
      await writeFiles(repo, { 'a.txt': 'uncommitted work\n', 'b.txt': 'more work\n' });
      for (const line of ['git diff | git apply -R', 'git diff -R | git apply', 'git mv -f a.txt b.txt', 'truncate -s0 a.txt', 'git ls-files | xargs rm']) {
        const result = runCli(['-C', repo, '--json', '--sandbox', 'off', 'exec', '--cmd', line]);
        expect(result.json, line).toMatchObject({ ok: false, error: { code: 'C241' } });
      }
      expect(readFileSync(`${repo}/a.txt`, 'utf8')).toBe('uncommitted work\n');
      expect(readFileSync(`${repo}/b.txt`, 'utf8')).toBe('more work\n');
    } finally {
      await removeDir(repo);
    }
  }, 180_000);
});
