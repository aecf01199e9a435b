// R40-a7 — MAJOR (escape: a program runs on the HOST, outside every sandbox, at the person's next plain `git status`) —
// both after-run checks that find git folders a plain git would obey carry paths as lossy UTF-8 strings: the obeyed
// scan (obeyed-scan.ts find(): readdirSync(..., utf8), which caught the UTF-8 twin in run 1) and the gitlink check
// (nested-git.ts: `git ls-files --stage -z` with `encoding: 'utf8'`). A folder or gitlink named `d\xfe` becomes
// `d\uFFFD`, names nothing, and that nested repository's config is never judged. Two ordinary runs:
//   1. an in-place run (--no-stage, "stage": false, --sandbox off) of a committed script makes `d\xfe` a repository
//      with `core.fsmonitor = <program>` (its UTF-8 twin is set aside here already, by the obeyed scan),
//   2. `git add -A` (a git-only line: .git is written in place) records `d\xfe` as a gitlink.
// The same steps with a UTF-8 name are caught ("plain/.git/config (core.fsmonitor ...) was moved to ...planted-by-
// sandbox..."); with `d\xfe` nothing is said, and the person's next `git status` in the workspace enters the
// submodule and runs the fsmonitor program as the person (root here).
// Class: git paths carried as lossy UTF-8 strings in a check whose job is to find EVERY repository git enters
// (R40-a2's class in the after-run walk; the stage plan fails closed on the same names).
// Repro (integ 54799dc5, root, bwrap):
//   $ codeward --yes exec --no-stage --cmd 'python3 mk.py'    (git init d\xfe; commit; git config core.fsmonitor ...)
//   $ codeward --yes exec --cmd 'git add -A'                 -> (either run) warns only about plain/.git/config
//   $ git status --short                                     -> /var/tmp/.../PWNED-bad made
// Fix (obeyed-scan.ts' readdir, nested-git.ts, tracked-secrets.ts and every `ls-files -z` reader): read git's output as a Buffer and keep
// paths as bytes (Buffer / latin1 round-trip) when touching the file system; a path that cannot be named is
// refused loudly (the gitlink treated as planted), never skipped.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CLI } from '../helpers/fixture.js';
import { bwrapWorks } from '../shell/stage-helpers.js';

const usable = bwrapWorks && existsSync(CLI) && spawnSync('python3', ['-c', '0']).status === 0;
let base: string;
let second = '';
beforeAll(async () => {
  base = await mkdtemp('/var/tmp/cw-rt40a-nested-');
  const ws = join(base, 'ws');
  spawnSync('git', ['init', '-q', ws]);
  spawnSync('git', ['-C', ws, '-c', 'user.email=a@b', '-c', 'user.name=a', 'commit', '-q', '--allow-empty', '-m', 'i']);
  writeFileSync(join(ws, 'mk.py'), [
    'import subprocess',
    "for n, tag in [(b'd\\xfe', b'bad'), (b'plain', b'plain')]:",
    "    subprocess.run([b'git', b'init', b'-q', n], check=True)",
    "    subprocess.run([b'git', b'-C', n, b'-c', b'user.email=a@b', b'-c', b'user.name=a', b'commit', b'-q', b'--allow-empty', b'-m', b'x'], check=True)",
    `    subprocess.run([b'git', b'-C', n, b'config', b'core.fsmonitor', b'touch ${base}/PWNED-' + tag + b'; false'], check=True)`,
    '',
  ].join('\n'));
  mkdirSync(join(base, 'h'));
  if (!usable) return;
  const env = { HOME: join(base, 'h'), PATH: process.env['PATH'] ?? '/usr/bin:/bin', CODEWARD_STATE_DIR: join(base, 's') };
  const made = spawnSync('node', [CLI, '--yes', 'exec', '--no-stage', '--cmd', 'python3 mk.py'], { cwd: ws, env, encoding: 'utf8', timeout: 60_000 });
  const added = spawnSync('node', [CLI, '--yes', 'exec', '--cmd', 'git add -A'], { cwd: ws, env, encoding: 'utf8', timeout: 60_000 });
  second = `${made.stdout}${made.stderr}${added.stdout}${added.stderr}`;
  // The person, later, outside codeward.
  spawnSync('git', ['status', '--short'], { cwd: ws, env: { ...env, GIT_CONFIG_NOSYSTEM: '1' }, encoding: 'utf8', timeout: 20_000 });
}, 120_000);
afterAll(async () => rm(base, { recursive: true, force: true }));

describe.skipIf(!usable)('R40-a7 MAJOR: a nested repository behind a non-UTF-8 gitlink escapes the nested-git check', () => {
  it('control: the UTF-8 twin is caught and its config set aside; its program never runs', () => {
    expect(second).toMatch(/plain\/\.git\/config \(core\.fsmonitor/);
    expect(existsSync(join(base, 'PWNED-plain'))).toBe(false);
  });
  it("the non-UTF-8 one's program does not run at the person's git status", () => {
    expect(existsSync(join(base, 'PWNED-bad'))).toBe(false);
    // The fix (src/sandbox/byte-names.ts): the folder is set aside to its UTF-8 spelling, said, and judged under it.
    expect(second).toContain('renamed to d%FE');
    expect(second).toMatch(/d%FE\/\.git\/config \(core\.fsmonitor/);
  });
});
