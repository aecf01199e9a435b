// Issue 26, red team H-D, from the attacker's side: work-discarding commands ran unasked under --yes and
// `--allow '@coder exec *'`: a committed version written over a file (`git show HEAD:a > a`, a checkout by
// another spelling), an archive extracted over the workspace (`git archive HEAD | tar x`), what makes work
// recoverable destroyed (`git reflog expire`, `git gc --prune=now`, `git prune`), work moved out of the
// workspace (`mv src ..`), and the bulk-delete class through launchers and delete tools (`npx rimraf`,
// `shx rm -rf`, `trash`) and inline code. Each with held-back variants; the real binary runs them.
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CLI, removeDir, runCli, tempDir, writeFiles } from '../helpers/fixture.js';
import { sandbox, type Sandbox } from './helpers.js';
import { immunityCases } from './immune-cases.js';

const IMMUNE: readonly (readonly [string, string])[] = [
  // A committed or staged version written over a file.
  ['git-discard', 'git show HEAD:a.txt > a.txt'],
  ['git-discard', 'git cat-file -p HEAD:a.txt > a.txt'],
  ['git-discard', 'git show :a.txt >| a.txt'],
  ['git-discard', 'git --no-pager show HEAD~1:a.txt | tee a.txt'],
  ['git-discard', 'git cat-file blob HEAD:a.txt | sponge a.txt'],
  ['git-discard', 'git show HEAD:a.txt | dd of=a.txt'],
  ['git-discard', 'git show HEAD:a.txt > t && mv t a.txt'],
  ['git-discard', 'git -C . show HEAD:a.txt 1> a.txt'],
  // Archives over the workspace.
  ['archive-overwrite', 'git archive HEAD | tar x'],
  ['archive-overwrite', 'git archive --format=tar HEAD | tar -xf -'],
  ['archive-overwrite', 'tar -xzf x.tgz'],
  ['archive-overwrite', 'tar xvf x.tar'],
  ['archive-overwrite', 'tar --extract --file=x.tar'],
  ['archive-overwrite', 'tar -x -f x.tar -C src'],
  ['archive-overwrite', 'bsdtar -xf x.tar'],
  ['archive-overwrite', 'unzip -o x.zip'],
  ['archive-overwrite', 'unzip x.zip'],
  ['archive-overwrite', '7z x -y x.7z'],
  // What makes work recoverable.
  ['git-discard', 'git reflog expire --expire=now --all'],
  ['git-discard', 'git reflog delete HEAD@{1}'],
  ['git-discard', 'git gc --prune=now'],
  ['git-discard', 'git gc'],
  ['git-discard', 'git -c gc.pruneExpire=now gc --auto'],
  ['git-discard', 'git prune'],
  ['git-discard', 'git prune --expire=now'],
  ['git-discard', 'git repack -a -d'],
  ['git-discard', 'git repack -adf'],
  ['git-discard', 'git maintenance run --task=gc'],
  ['git-discard', 'git tag -d v1'],
  ['git-discard', 'git tag --del v1'],
  ['git-discard', 'git stash drop'],
  ['git-discard', 'git stash clear'],
  ['git-discard', 'git branch -D topic'],
  ['git-discard', 'git update-ref -d refs/heads/topic'],
  ['git-discard', 'git stash && git reflog expire --expire-unreachable=now refs/stash'],
  // git's own command runners (red team round 6, R6-6).
  ['git-discard', "git submodule foreach 'git reset --hard'"],
  ['git-discard', 'git submodule --quiet foreach --recursive rm -rf .'],
  ['git-discard', "git rebase --exec 'rm -rf .' HEAD~1"],
  ['git-discard', 'git rebase -x true HEAD~1'],
  ['git-discard', 'git bisect run rm -rf .'],
  ['git-discard', "git difftool -x 'rm -rf' HEAD"],
  ['git-discard', "git difftool --extcmd='rm -rf' HEAD"],
  ['git-discard', "git filter-branch --tree-filter 'rm -rf .' HEAD"],
  // Moved out of the workspace.
  ['move-out', 'mv build /tmp/x'],
  ['move-out', 'mv src ..'],
  ['move-out', 'mv src ../elsewhere'],
  ['move-out', 'mv -t .. src'],
  ['move-out', 'mv --target-directory=/tmp src'],
  ['move-out', 'mv -f src ~/x'],
  ['move-out', 'cd src && mv a.ts /tmp/'],
  ['move-out', 'tar --remove-files -czf /tmp/x.tgz src'],
  ['move-out', 'zip -rm /tmp/x.zip src'],
  // The bulk-delete class through launchers, delete tools and inline code.
  ['bulk-delete-tool', 'rimraf src'],
  ['bulk-delete-tool', 'npx rimraf src'],
  ['bulk-delete-tool', 'npx --yes del-cli src'],
  ['bulk-delete-tool', 'trash src'],
  ['bulk-delete-tool', 'trash-put src'],
  ['bulk-delete-tool', 'gio trash src'],
  ['bulk-delete-tool', 'yarn rimraf src'],
  ['bulk-delete-tool', 'yarn dlx rimraf src'],
  ['bulk-delete-tool', 'pnpm dlx rimraf src'],
  ['bulk-delete-tool', 'pnpm exec rimraf src'],
  ['bulk-delete-tool', 'npm exec -- rimraf src'],
  ['bulk-delete-tool', 'npm x --package=rimraf rimraf src'],
  ['bulk-delete-tool', 'bunx rimraf src'],
  ['bulk-delete-tool', 'bun x rimraf src'],
  ['bulk-delete-tool', './node_modules/.bin/rimraf src'],
  ['rm-recursive', 'shx rm -rf src'],
  ['rm-recursive', 'npx shx rm -r src'],
  ['rm-recursive', "npm exec -c 'rm -rf src'"],
  ['inline-recursive-delete', `node -e "fs.rmSync('src',{recursive:true})"`],
  ['inline-recursive-delete', `python -c "shutil.rmtree('src')"`],
  ['inline-recursive-delete', `node -e "const o={recursive:true}; require('fs').rmSync('src', o)"`],
  ['inline-recursive-delete', `python3 -c "import os; [os.remove(os.path.join('src', f)) for f in os.listdir('src')]"`],
  ['inline-recursive-delete', `node -e "const fs=require('fs'); fs.readdirSync('src').forEach(f => fs.unlinkSync('src/'+f))"`],
  ['inline-recursive-delete', `python3 -c "from pathlib import Path; [p.unlink() for p in Path('src').rglob('*.ts')]"`],
  // Red team R45-b8: perl's paren-less unlink/rmdir (default $_) over File::Find, readdir and its glob operator; os.fwalk, opendirSync.
  ['inline-recursive-delete', `perl -MFile::Find -e 'finddepth(sub { unlink $_; rmdir $_ }, "src")'`],
  ['inline-recursive-delete', `perl -e 'unlink for <src/*>'`],
  ['inline-recursive-delete', `perl -e 'opendir D, "src"; unlink "src/$_" for readdir D'`],
  ['inline-recursive-delete', `python3 -c "import os; [os.unlink(f, dir_fd=d) for r, s, fs, d in os.fwalk('src') for f in fs]"`],
  ['inline-recursive-delete', `node -e "const fs=require('fs'); const d=fs.opendirSync('src'); let e; while ((e=d.readSync())) fs.unlinkSync('src/'+e.name)"`],
];

// Decided on the principle (src/permissions/README.md, "What discards work") and left ordinary.
const NOT_IMMUNE: readonly string[] = [
  'git show HEAD:a.txt',
  'git show HEAD:a.txt > /tmp/a.old',
  'git show HEAD:a.txt > a.new',
  'git show HEAD:a.txt >> notes.txt',
  'git cat-file -p HEAD',
  'git stash',
  'git reflog',
  'git reflog show',
  'git prune -n',
  'git repack -A -d',
  'git tag v1',
  'git archive -o /tmp/x.tar HEAD',
  'git archive HEAD | tar -x -C /tmp/out',
  'tar -tf x.tar',
  'tar -xOf x.tar a.txt',
  'tar -xkf x.tar',
  'tar --skip-old-files -xf x.tar',
  'tar -czf out.tgz src',
  'unzip -l x.zip',
  'unzip -n x.zip',
  'unzip -o x.zip -d /tmp/z',
  'zip -r out.zip src',
  'mv a.txt b.txt',
  'mv a.txt src/',
  'mv /tmp/x a.txt',
  'cd src && mv a.ts b.ts',
  'shx rm a.txt',
  'npm run build',
  'yarn install',
  'yarn build',
  'pnpm install',
  'npx tsc',
  `node -e "console.log(require('fs').readdirSync('.'))"`,
  `python3 -c "import os; os.remove('a.txt')"`,
  `perl -e 'unlink "a.txt"'`,
  `perl -e 'print 1 if 2 < 3*4 and unlink "a.txt"'`,
];

let box: Sandbox;
beforeAll(async () => {
  box = await sandbox();
  await writeFiles(box.root, { 'a.txt': 'work\n', 'src/a.ts': 'x\n' });
});
afterAll(async () => {
  await box.cleanup();
});

describe('work a person cannot get back asks, under allow rules and --yes', () => {
  immunityCases(() => box, IMMUNE, NOT_IMMUNE);
});

describe('the real binary', () => {
  it.skipIf(!existsSync(CLI))('--yes and an allow rule do not overwrite, move out, prune or bulk-delete work', async () => {
    const base = await tempDir('codeward-work-');
    const repo = join(base, 'repo');
    try {
      const git = (...args: string[]): string => {
        const run = spawnSync('git', ['-c', 'user.name=t', '-c', 'user.email=t@t', ...args], { cwd: repo, encoding: 'utf8' });
        expect(run.status, run.stderr).toBe(0);
        return run.stdout;
      };
      await writeFiles(repo, { 'a.txt': 'one\n', 'src/x.ts': 'x\n', 'build/out.js': 'b\n' });
      git('init', '-q');
      git('add', '.');
      git('commit', '-qm', 'init');
      git('tag', 'v1');
      await writeFiles(repo, { 'a.txt': 'uncommitted work\n' });
      git('stash');
      const stashes = git('stash', 'list');
      await writeFiles(repo, { 'a.txt': 'uncommitted work\n' });
      const lines = [
        'git show HEAD:a.txt > a.txt',
        'git cat-file -p HEAD:a.txt > a.txt',
        'git archive HEAD | tar x',
        'git reflog expire --expire=now --all && git gc --prune=now',
        'git tag -d v1',
        'mv build ..',
        'mv src /tmp',
        'npx --no-install rimraf src',
        'shx rm -rf src',
        `node -e "const o={recursive:true}; require('fs').rmSync('src', o)"`,
      ];
      for (const flags of [['--yes'], ['--allow', '@coder exec *']]) {
        for (const line of lines) {
          const result = runCli(['-C', repo, '--json', ...flags, '--sandbox', 'off', 'exec', '--cmd', line]);
          expect(result.json, `${flags.join(' ')} ${line}`).toMatchObject({ ok: false, error: { code: 'C241' } });
        }
      }
      expect(readFileSync(join(repo, 'a.txt'), 'utf8')).toBe('uncommitted work\n');
      expect(existsSync(join(repo, 'src/x.ts')) && existsSync(join(repo, 'build/out.js'))).toBe(true);
      expect(existsSync(join(base, 'build'))).toBe(false);
      expect(git('stash', 'list')).toBe(stashes);
      expect(git('tag')).toBe('v1\n');
    } finally {
      await removeDir(base);
    }
  }, 240_000);
});
