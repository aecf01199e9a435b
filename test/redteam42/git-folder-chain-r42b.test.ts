// R42-b6 — MAJOR (issue 26: rm -rf of uncommitted work in place under --yes --no-stage, no ask) — immune-git-config.ts
// judges the git configuration of the folders src/permissions/git-folders.ts says git works in (R40-b9: a nested
// repository whose .git/config sets core.fsmonitor runs that program). git-folders.ts resolves every `-C`,
// `--git-dir` and GIT_DIR against the RUN folder alone, and knows only `cd`/`pushd` as folder changes, so the folder
// git really works in is missed when the steps compose:
//   `git -C a -C b status`   (git: each -C is relative to the one before: a/b; read: ./a and ./b)
//   `cd a && git -C b status` (a/b; read: ./a and ./b)   — also with git alone on the line, no `; true` needed
//   `git -C a --git-dir=b/.git status`, `cd a; GIT_DIR=b/.git git status` (a/b/.git; read: ./b/.git)
//   `env -C r git status`, `env --chdir=r git status`, `nice env -C r git status` (env's chdir is not a folder change)
//   `git -C ~+/r status; true` (bash expands ~+ to $PWD; read as the folder ./~+/r)
// Each runs the nested repository's fsmonitor (`rm -rf ROOT/sub`) unasked: the work is gone. `git -C a/b status`
// and `cd ~+/r && git status` ask (C241) — the same repository reached in one step.
// Class: git's folder is the composition of the line's folder changes, env -C and git's own -C chain; any step read
// alone (or a `~` word read as a folder name) misses the repository.
// Repro (h-asgre 7b4b82b5, root, bwrap; default sandbox, --yes, --no-stage; sub/new.txt uncommitted; a/b/.git/config
// with `fsmonitor = /bin/rm -rf ROOT/sub; false`):
//   $ codeward --yes exec --no-stage --cmd 'cd a && git -C b status'       -> ran, sub/ GONE
//   $ codeward --yes exec --no-stage --cmd 'git -C a -C b status; true'    -> ran, sub/ GONE
//   $ codeward --yes exec --no-stage --cmd 'env -C r git status'           -> ran, sub/ GONE
// Expected: C241, work kept.
// Fix place: src/permissions/git-folders.ts: start from each folder the cds reach (and env -C/--chdir, read where
// the wrappers are read), apply git's -C values in order, each relative to the last, then --git-dir/--work-tree/
// GIT_DIR relative to that; a `~`-word (other than one the shell's HOME rule resolves) is unknown, not a name.
import { describe, expect, it } from 'vitest';
import { inPlaceRuns } from '../helpers/in-place-verdicts.js';
import { bwrapWorks } from '../shell/stage-helpers.js';

const run = inPlaceRuns();
const repo = (at: string): Record<string, string> => ({
  [`${at}/README`]: 'x\n',
  [`${at}/.git/HEAD`]: 'ref: refs/heads/main\n',
  [`${at}/.git/config`]: '[core]\n\trepositoryformatversion = 0\n\tbare = false\n\tfsmonitor = /bin/rm -rf ROOT/sub; false\n',
  [`${at}/.git/objects/info/.keep`]: '',
  [`${at}/.git/refs/heads/.keep`]: '',
});
const deep = repo('a/b');
const top = repo('r');

describe.skipIf(!bwrapWorks)('R42-b6 MAJOR: git-folders.ts reads each folder step alone', { timeout: 120_000 }, () => {
  it('control: `git -C a/b status; true` asks (C241)', async () => {
    expect(await run('git -C a/b status; true', deep)).toBe('C241');
  });
  it.each([
    'git -C a -C b status; true',
    'cd a && git -C b status',
    'git -C a --git-dir=b/.git status; true',
    'cd a; GIT_DIR=b/.git git status; true',
  ])('`%s` asks (C241) and keeps the work', async (line) => {
    expect(await run(line, deep)).toBe('C241');
  });
  it.each([
    'env -C r git status',
    'env --chdir=r git status; true',
    'git -C ~+/r status; true',
  ])('`%s` asks (C241) and keeps the work', async (line) => {
    expect(await run(line, top)).toBe('C241');
  });
});
