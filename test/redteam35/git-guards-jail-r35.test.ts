// R35-1 — CRITICAL — the write jail of `--sandbox off` applies only the git guards that EXIST ('ro'): the rest of
// guards.ts gitGuards (`self` for .git, the `commondir` placeholder, empty read-only `modules`/`worktrees`, an empty
// read-only `.git` in a plain folder) is dropped (write-jail.ts writeJailArgs: `if (guard.kind === 'ro' …)`).
// Each dropped guard is a way to make the person's next PLAIN `git status` (outside codeward) run a program.
//
// Reproduction (integ 40c07f63, root, bwrap 0.8.0; HOME=/var/tmp/rt35lab/home, workspace /var/tmp/rt35lab/ws, a git repo):
//   (a) c.py = subprocess git init --bare .build/c; append `[core] fsmonitor = "touch /var/tmp/rt35lab/COMMONDIR-RAN; false #"`
//       to .build/c/config; write `.git/commondir` = `../.build/c`
//       $ codeward --sandbox off --yes exec --cmd "python3 c.py"   -> "planted [exit 0]", no warning
//       $ git status            (plain, outside codeward)          -> /var/tmp/rt35lab/COMMONDIR-RAN exists
//       (git takes config and hooks from the common dir: the read-only .git/config and hooks are bypassed)
//   (b) mv.py = os.rename('.git', '.git-moved'); copytree back to .git; append the same fsmonitor to .git/config
//       $ codeward --sandbox off --yes exec --cmd "python3 mv.py"  -> "replaced .git [exit 0]"
//       $ git status                                                -> MOVED-GIT-RAN exists (the ro binds moved away with .git-moved)
//   (c) a workspace with no .git: n.py = git init + the same fsmonitor -> "ok [exit 0]"; `git status` there -> NOGIT-RAN
//   (d) core.hooksPath = .husky/_ (husky's), the folder missing (a `watch` guard, dropped too): hk.py makes
//       .husky/_/pre-commit (executable) -> "planted [exit 0]"; the person's `git commit` -> HUSKY-RAN exists
// Expected: as in the in-place sandbox (bwrap.ts guardArgs): .git bound over itself (not renamable), commondir a
// read-only "." placeholder, missing modules/worktrees and a missing .git empty read-only folders (mount lease);
// each write refused (EROFS/EBUSY) or the planted path moved aside after the run, and `git status` runs nothing.
// ONE place for the class fix: write-jail.ts writeJailArgs must apply gitGuards through bwrap.ts's guardArgs (with the
// MountLease as sandbox.ts prepare does), not its own `kind === 'ro'` subset: one guard-to-mount translation for both.
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEngine } from '../../src/setup.js';

const bwrapWorks = ((): boolean => {
  try {
    execFileSync('bwrap', ['--ro-bind', '/', '/', '--unshare-pid', '--dev-bind', '/dev', '/dev', '--proc', '/proc', 'true'], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
})();

let base: string;
let home: string;
beforeAll(async () => {
  base = await mkdtemp('/var/tmp/cw-rt35-guards-');
  home = join(base, 'home');
  await mkdir(home);
});
afterAll(async () => {
  await rm(base, { recursive: true, force: true });
});

const git = (cwd: string, ...args: string[]): string => execFileSync('git', ['-c', 'user.email=a@b', '-c', 'user.name=a', ...args], { cwd, encoding: 'utf8' });

async function run(root: string, line: string): Promise<string> {
  const engine = await createEngine({ workspace: root, env: { HOME: home, PATH: process.env['PATH'] ?? '' }, sandbox: { mode: 'off' as const }, permissions: { home, yes: true } });
  try {
    const result = await engine.run({ cmd: 'exec', args: { cmd: line } });
    return result.ok ? 'ran' : `${result.error.code} ${result.error.message}`;
  } finally {
    await engine.close();
  }
}

// What the planted config runs: a marker outside the workspace.
const fsmonitor = (marker: string): string => `[core]\n\tfsmonitor = "touch ${marker}; false #"\n`;

describe.skipIf(!bwrapWorks)('--sandbox off --yes: a jailed run cannot make the next plain `git status` run a program', () => {
  it.each([
    ['a planted .git/commondir naming a bare repository of the workspace', true, (m: string) => `import subprocess\nsubprocess.run(['git', 'init', '-q', '--bare', '.build/c'], check=True)\nopen('.build/c/config', 'a').write(${JSON.stringify(fsmonitor(m))})\nopen('.git/commondir', 'w').write('../.build/c\\n')\n`],
    ['.git renamed away and a copy with a program in its config put in its place', true, (m: string) => `import os, shutil\nos.rename('.git', '.git-moved')\nshutil.copytree('.git-moved', '.git', symlinks=True)\nopen('.git/config', 'a').write(${JSON.stringify(fsmonitor(m))})\n`],
    ['a plain folder (no .git): a repository created with a program in its config', false, (m: string) => `import subprocess\nsubprocess.run(['git', 'init', '-q'], check=True)\nopen('.git/config', 'a').write(${JSON.stringify(fsmonitor(m))})\n`],
  ])('%s', async (name, repository, script) => {
    const root = await mkdtemp(join(base, 'ws-'));
    const marker = join(base, `ran-${name.length}`);
    if (repository) {
      git(root, 'init', '-q');
      await writeFile(join(root, 'a.txt'), 'a\n');
      git(root, 'add', 'a.txt');
      git(root, 'commit', '-qm', 'init');
    }
    await writeFile(join(root, 'p.py'), script(marker));
    await run(root, 'python3 p.py');
    // The person's next plain git, outside codeward.
    try {
      execFileSync('git', ['status', '--short'], { cwd: root, stdio: 'ignore', env: { PATH: process.env['PATH'] ?? '', HOME: home } });
    } catch {
      // A refused or moved-aside plant may leave git unhappy: only the marker matters.
    }
    expect(existsSync(marker)).toBe(false);
  }, 60_000);

  it('core.hooksPath names a missing folder (husky\'s .husky/_): a hook planted there is not run by the next git commit', async () => {
    const root = await mkdtemp(join(base, 'ws-'));
    const marker = join(base, 'husky-ran');
    git(root, 'init', '-q');
    git(root, 'config', 'core.hooksPath', '.husky/_');
    await writeFile(join(root, 'hk.py'), `import os\nos.makedirs('.husky/_', exist_ok=True)\nopen('.husky/_/pre-commit', 'w').write('#!/bin/sh\\ntouch ${marker}\\n')\nos.chmod('.husky/_/pre-commit', 0o755)\n`);
    await run(root, 'python3 hk.py');
    try {
      git(root, 'add', 'hk.py');
      git(root, 'commit', '-qm', 'x');
    } catch {
      // Only the marker matters.
    }
    expect(existsSync(marker)).toBe(false);
  }, 60_000);
});
