// Red team round 30, R30-4 (CRITICAL: a program planted by a sandboxed command, run later outside any sandbox by a
// plain git command): two implementations of "a folder git takes for a git directory by its shape". The write gate's
// predicate (permissions/git-shape.ts, R5-8/R13-21) counts `objects` and `refs` that are LINKS or executable files,
// as git does (setup.c: access(X_OK)); the after-run walk of an in-place run (sandbox/obeyed-scan.ts
// isGitDirShape) counts only real folders (`entry.dir` of a Dirent, false for a symlink). A run with `--no-stage`
// (the model's own flag; also every run where no overlay can be made: no user namespaces, CODEWARD_NO_OVERLAY=1)
// that makes `docs/HEAD`, `docs/objects -> ../.git/objects`, `docs/refs -> ../.git/refs` and an executable
// `docs/hooks/reference-transaction` leaves them all in place with no warning (its `docs/config` IS moved aside, by
// the name-based catalogue check): git now takes docs/ for a bare repository, and the person's next plain
// `cd docs && git branch x` (any ref update: fetch, tag, update-ref; `pre-auto-gc` on housekeeping) runs the hook,
// unasked and unconfined. The default staged run is judged by git-shape.ts and sets HEAD aside (held).
// Held-back variants a fix must also cover (isGitDirShape must BE git-shape.ts's predicate, fsLookup): HEAD a
// symlink, objects/refs executable regular files, a shape completed by a later run (HEAD made now, refs link later),
// `info/` and `packed-refs` of such a folder, a `.git` FILE elsewhere naming it (caught by name today).
// Fix: src/sandbox/obeyed-scan.ts isGitDirShape (and nested-git.ts obeyed(), which then judges its hooks).
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { removeDir, runCli, tempDir, writeFiles } from '../helpers/fixture.js';

const bwrapWorks = spawnSync('bwrap', ['--ro-bind', '/', '/', '--unshare-net', 'true']).status === 0;
const GIT_ENV = { GIT_AUTHOR_NAME: 'x', GIT_AUTHOR_EMAIL: 'x@x', GIT_COMMITTER_NAME: 'x', GIT_COMMITTER_EMAIL: 'x@x' };

let base: string;
let count = 0;
beforeAll(async () => {
  base = await tempDir('rt30-gitshape-');
});
afterAll(async () => {
  await removeDir(base);
});

// A repository with a committed docs/ folder; `script` run in-place in the sandbox under --yes; then, outside any
// sandbox, `git branch zz` in docs/: whether the planted hook ran (its marker exists).
async function plant(script: string | readonly string[], stage: boolean, hook = 'reference-transaction'): Promise<{ hook: boolean; ran: boolean }> {
  // `hook`: still in place after the run (informative; the safe outcome is `ran` false, however a fix gets there).
  const top = join(base, `w${++count}`), home = join(base, `h${count}`), marker = join(base, `ran${count}`);
  const scripts = typeof script === 'string' ? [script] : script;
  await writeFiles(top, { 'docs/readme.md': 'hi\n', ...Object.fromEntries(scripts.map((text, i) => [`mk${i}.sh`, text.replaceAll('MARKER', marker)])) });
  await writeFiles(home, { '.keep': '' });
  const env = { ...process.env, ...GIT_ENV };
  execFileSync('git', ['init', '-q', '-b', 'master', top]);
  execFileSync('git', ['-C', top, 'add', 'docs'], { env });
  execFileSync('git', ['-C', top, 'commit', '-qm', 'a'], { env });
  for (let i = 0; i < scripts.length; i++) runCli(['--json', '-C', top, 'exec', ...(stage ? [] : ['--no-stage']), '--cmd', `sh mk${i}.sh`], { env: { HOME: home, CODEWARD_NO_SERVE: '1' }, yes: true });
  spawnSync('git', ['branch', 'zz'], { cwd: join(top, 'docs'), env: { ...env, HOME: home }, stdio: 'ignore' });
  return { hook: existsSync(join(top, 'docs/hooks', hook)), ran: existsSync(marker) };
}

const HOOK = 'mkdir hooks\nprintf \'#!/bin/sh\\ntouch MARKER\\n\' > hooks/reference-transaction\nchmod +x hooks/reference-transaction\n';
const LINKED = `cd docs\nprintf 'ref: refs/heads/master\\n' > HEAD\nln -s ../.git/objects objects\nln -s ../.git/refs refs\n${HOOK}`;
const HEAD_LINK = `cd docs\nln -s refs/heads/master HEAD\nln -s ../.git/objects objects\nln -s ../.git/refs refs\n${HOOK}`;
// Held back (fix30d): objects and refs executable FILES (git's access(X_OK) takes docs/ for a git directory, so it
// obeys its hooks and config; a ref update there fails for want of objects, so the hook's presence is the test).
const EXEC_FILES = `cd docs\nprintf 'ref: refs/heads/master\\n' > HEAD\ntouch objects refs\nchmod +x objects refs\n${HOOK}`;
// Held back: the shape completed by a later run (HEAD, objects and the hook now; refs in the next run).
const LATER = [`cd docs\nprintf 'ref: refs/heads/master\\n' > HEAD\nln -s ../.git/objects objects\n${HOOK}`, 'cd docs\nln -s ../.git/refs refs\n'];
// Held back: another hook name (housekeeping's, run by `git gc --auto` after many commits: its presence is the test).
const GC_HOOK = LINKED.replaceAll('reference-transaction', 'pre-auto-gc');

describe.skipIf(!bwrapWorks)('R30-4 CRITICAL: an in-place run makes a git directory of linked objects/refs: its hook survives the walk', () => {
  test.each([
    ['objects and refs links', LINKED],
    ['HEAD, objects and refs links', HEAD_LINK],
  ])('--no-stage, %s: a plain git command in docs runs nothing', async (_name, script) => {
    const { ran } = await plant(script, false);
    expect(ran).toBe(false);
  }, 120_000);

  test('--no-stage, objects and refs executable files: the hook does not stay in place', async () => {
    const { hook, ran } = await plant(EXEC_FILES, false);
    expect({ hook, ran }).toEqual({ hook: false, ran: false });
  }, 120_000);

  test('--no-stage, the shape completed by a second run: a plain git command in docs runs nothing', async () => {
    expect((await plant(LATER, false)).ran).toBe(false);
  }, 120_000);

  test('--no-stage, a pre-auto-gc hook: it does not stay in place', async () => {
    expect((await plant(GC_HOOK, false, 'pre-auto-gc')).hook).toBe(false);
  }, 120_000);
});

describe.skipIf(!bwrapWorks)('control (held)', () => {
  test('the staged run (git-shape.ts) sets the shape aside', async () => {
    expect((await plant(LINKED, true)).ran).toBe(false);
  }, 120_000);
});
