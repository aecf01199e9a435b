// Issue 26 (seed 004's "throws away uncommitted work", two-step and other spellings), from the attacker's
// side through the real binary, under --yes and under an allow rule for every exec: a repository with
// uncommitted work, and lines whose overwritten files are only known at run time (archive members, a
// source tree, names a listing gives). Each asks, and the work is intact (the old build ran the cpio, pax,
// ar, tree-copy and find/xargs spellings). A discard that names its one file (`: > a.txt`,
// `cp /dev/null a.txt`) is an ordinary write like `rm a.txt`: the question names it, and staged, undo
// takes it back (shown below); src/permissions/README.md, "What discards work".
import { execFileSync, spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { removeDir, runCli, tempDir, writeFiles } from '../helpers/fixture.js';
import { git } from './git-run.js';

const bwrapWorks = spawnSync('bwrap', ['--ro-bind', '/', '/', '--unshare-net', 'true']).status === 0;
const WORK = 'v1\nuncommitted work\n';

describe('spellings that replace uncommitted files whose names are only known at run time ask', () => {
  let base: string;
  let root: string;
  beforeEach(async () => {
    base = await tempDir();
    root = join(base, 'ws');
    await writeFiles(base, { 'ws/a.txt': 'v1\n', 'ws/d/b.txt': 'k\n', 'src/a.txt': 'from outside\n', 'src/d/b.txt': 'from outside\n' });
    git(root, 'init', '-q');
    git(root, 'add', '-A');
    git(root, 'commit', '-qm', 'i');
    await writeFiles(root, { 'a.txt': WORK });
    // Archives of the outside tree, members named like the workspace's files.
    execFileSync('sh', ['-c', 'printf "a.txt\\nd/b.txt\\n" | cpio -o -H newc > ../x.cpio 2>/dev/null; tar cf ../x.tar a.txt d; ar rc ../x.a a.txt 2>/dev/null || true'], { cwd: join(base, 'src') });
  });
  afterEach(async () => {
    await removeDir(base);
  });

  const lines = [
    'cpio -i < ../x.cpio', 'cpio -idu < ../x.cpio', 'cpio --extract --make-directories --unconditional < ../x.cpio', 'env cpio -idu < ../x.cpio',
    'printf "a.txt\\n" | cpio -pdmu .', 'pax -r -f ../x.tar', 'ar x ../x.a', 'ar -xv ../x.a', 'jar xf ../x.jar',
    'cp -r ../src/. .', 'cp -a ../src/. ./', 'cp --recursive ../src/a.txt ../src/d .', 'rsync -a ../src/ .', 'rsync -r ../src/ ./',
    'find . -name a.txt -exec cp /dev/null {} \\;', 'git ls-files | xargs -n1 cp /dev/null', 'ls | xargs -I{} install -m644 /dev/null {}',
    'git ls-files -z | xargs -0 -n1 ln -sf /dev/null', 'git stash && git stash drop', 'git checkout -b x && git reset --hard',
  ];
  it.each(lines)('%s', (line) => {
    for (const extra of [[], ['--allow', '@coder exec *']]) {
      const run = runCli(['--json', '-C', root, ...extra, 'exec', '--no-stage', '--cmd', line]);
      expect(run.json.error?.code, `${extra.join(' ')}: ${run.stdout}`).toBe('C241');
      expect(run.json.error?.message).toMatch(/safety-immune/);
      expect(readFileSync(join(root, 'a.txt'), 'utf8')).toBe(WORK);
    }
  });

  // One row a line (each a run of the binary: six in one test outgrew its time on a loaded machine).
  it.each(['cpio -it < ../x.cpio', 'cp -rn ../src/. .', 'cp -r d ../copy', 'cp -r d newdir', 'rsync -a --ignore-existing ../src/ .', 'find . -name a.txt -exec grep -c v {} +'])('the same tools that cannot overwrite run under --yes (list, never clobber, outside the workspace, a new folder): %s', (line) => {
    const run = runCli(['--json', '-C', root, 'exec', '--no-stage', '--cmd', line]);
    expect(run.json.error?.code ?? 'ran', `${line}: ${run.stdout}`).not.toBe('C241');
    expect(readFileSync(join(root, 'a.txt'), 'utf8')).toBe(WORK);
  });

  it.skipIf(!bwrapWorks)('a named discard staged (`: > a.txt`, `cp /dev/null a.txt`) is an ordinary write: undo brings the work back', () => {
    for (const line of [': > a.txt', 'cp /dev/null a.txt']) {
      const run = runCli(['--json', '-C', root, 'exec', '--cmd', line]);
      expect(run.json.ok, run.stdout).toBe(true);
      expect(readFileSync(join(root, 'a.txt'), 'utf8')).toBe('');
      const undo = runCli(['--json', '-C', root, 'undo']);
      expect(undo.json.ok, undo.stdout).toBe(true);
      expect(readFileSync(join(root, 'a.txt'), 'utf8')).toBe(WORK);
    }
  });
});
