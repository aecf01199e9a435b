// R35-5 — CRITICAL (expected to close with the in-place write gate walk about to land for jailed runs; kept as its
// check) — a jailed run has NO after-run step at all (write-jail-run.ts returns no `after`): the nested-git check of
// the in-place sandbox (nested-git.ts neutraliseNestedGit), the planted-file quarantine, the git-state judge and the
// obeyed walk do not run. A nested repository plus a gitlink in the (writable) index makes the person's next plain
// `git status` in the workspace run the nested repository's core.fsmonitor (git status recurses into a populated
// submodule: `git status --porcelain=2` runs there and reads its .git/config).
//
// Reproduction (integ 40c07f63; HOME=/var/tmp/rt35lab/home, workspace /var/tmp/rt35lab/ws, a git repository):
//   g.py: git init vendor/lib; commit --allow-empty there; append
//         `[core] fsmonitor = "touch /var/tmp/rt35lab/FSMON-RAN; false #"` to vendor/lib/.git/config;
//         git update-index --add --cacheinfo 160000,<sha>,vendor/lib      (all by subprocess: no parse sees it)
//   $ codeward --sandbox off --yes exec --cmd "python3 g.py"   -> "planted [exit 0]", no warning
//   $ git status --short        (plain)                        -> "A  vendor/lib" and /var/tmp/rt35lab/FSMON-RAN exists
//   An EXISTING nested repository (a monorepo folder of clones, a vendored checkout): `git init tools/lint` beforehand;
//   nh.py writes tools/lint/.git/hooks/pre-commit (0755) -> "ok [exit 0]"; the person's `git commit` in tools/lint
//   -> NESTED-HOOK-RAN exists (the in-place sandbox compares nested git state before/after: nested-git.ts)
// Expected: as after an in-place sandboxed run: the nested git folder naming a program is moved aside (warned), and the
// next plain git status runs nothing.
// ONE place for the class fix: the jailed run's PreparedRun gets the same after-run pipeline as the in-place one
// (sandbox.ts prepare's `after`: nested(), quarantine, gitStateAfter, ObeyedScan.finish), built by one function both call.
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEngine } from '../../src/setup.js';

const bwrapWorks = spawnSync('bwrap', ['--ro-bind', '/', '/', '--unshare-pid', '--dev-bind', '/dev', '/dev', '--proc', '/proc', 'true'], { stdio: 'ignore' }).status === 0;

let base: string;
let root: string;
let home: string;
beforeAll(async () => {
  base = await mkdtemp('/var/tmp/cw-rt35-nested-');
  root = join(base, 'ws');
  home = join(base, 'home');
  await mkdir(root);
  await mkdir(home);
  const git = (...args: string[]): string => execFileSync('git', ['-c', 'user.email=a@b', '-c', 'user.name=a', ...args], { cwd: root, encoding: 'utf8' });
  git('init', '-q');
  await writeFile(join(root, 'a.txt'), 'a\n');
  git('add', 'a.txt');
  git('commit', '-qm', 'init');
});
afterAll(async () => {
  await rm(base, { recursive: true, force: true });
});

describe.skipIf(!bwrapWorks)('--sandbox off --yes: a nested repository and a gitlink do not make the next git status run a program', () => {
  it('vendor/lib/.git/config names core.fsmonitor, the index holds vendor/lib as a gitlink', async () => {
    const marker = join(base, 'FSMON-RAN');
    await writeFile(
      join(root, 'g.py'),
      [
        'import subprocess, os',
        "run = lambda *a, **k: subprocess.run(list(a), check=True, capture_output=True, text=True, **k)",
        "os.makedirs('vendor/lib', exist_ok=True)",
        "run('git', 'init', '-q', cwd='vendor/lib')",
        "run('git', '-c', 'user.email=a@b', '-c', 'user.name=a', 'commit', '-q', '--allow-empty', '-m', 's', cwd='vendor/lib')",
        "sha = run('git', 'rev-parse', 'HEAD', cwd='vendor/lib').stdout.strip()",
        `open('vendor/lib/.git/config', 'a').write('[core]\\n\\tfsmonitor = "touch ${marker}; false #"\\n')`,
        "run('git', 'update-index', '--add', '--cacheinfo', '160000,%s,vendor/lib' % sha)",
        '',
      ].join('\n'),
    );
    const engine = await createEngine({ workspace: root, env: { HOME: home, PATH: process.env['PATH'] ?? '' }, sandbox: { mode: 'off' as const }, permissions: { home, yes: true } });
    try {
      await engine.run({ cmd: 'exec', args: { cmd: 'python3 g.py' } });
    } finally {
      await engine.close();
    }
    spawnSync('git', ['status', '--short'], { cwd: root, stdio: 'ignore', env: { PATH: process.env['PATH'] ?? '', HOME: home } });
    expect(existsSync(marker)).toBe(false);
  }, 60_000);

  it('an existing nested repository: a hook planted in its .git is not run by the person\'s next commit there', async () => {
    const marker = join(base, 'NESTED-HOOK-RAN');
    const nested = join(root, 'tools', 'lint');
    execFileSync('git', ['init', '-q', nested]);
    await writeFile(join(root, 'nh.py'), `import os\np = 'tools/lint/.git/hooks/pre-commit'\nopen(p, 'w').write('#!/bin/sh\\ntouch ${marker}\\n')\nos.chmod(p, 0o755)\n`);
    const engine = await createEngine({ workspace: root, env: { HOME: home, PATH: process.env['PATH'] ?? '' }, sandbox: { mode: 'off' as const }, permissions: { home, yes: true } });
    try {
      await engine.run({ cmd: 'exec', args: { cmd: 'python3 nh.py' } });
    } finally {
      await engine.close();
    }
    spawnSync('git', ['-c', 'user.email=a@b', '-c', 'user.name=a', 'commit', '-q', '--allow-empty', '-m', 'x'], { cwd: nested, stdio: 'ignore', env: { PATH: process.env['PATH'] ?? '', HOME: home } });
    expect(existsSync(marker)).toBe(false);
  }, 60_000);
});
