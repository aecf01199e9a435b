// R41-b7 — MAJOR (seed 004's immune list of an unstaged run; a malicious repository's nested repository) — the
// R40-b9 fix (src/permissions/immune-git-config.ts gitConfigProgram) judges the config of the repositories git runs
// in by the folders decide-script-dirs / git-folders can name (`git -C r`, `cd r &&`, `pushd`, `( cd r; … )`,
// `--git-dir`, `GIT_DIR=`, a `.git` file or link to another repository: all ask). When the folder is only known at run
// time, "the run folder and the workspace root's repositories" are judged — so a NESTED repository (a vendored
// checkout, a test fixture, a submodule's folder) whose `.git/config` names `core.fsmonitor = <cmd>` runs that
// command in place through:
//   `git -C r* status; true` (a glob), `for d in r; do git -C $d status; done` (a loop variable),
//   `echo r | xargs -I{} git -C {} status` (xargs), `find … -execdir git status \;` (find's folder).
//
// Reproduction (integ 85b3ba45, root, bwrap; default sandbox, --yes, --no-stage; sub/new.txt uncommitted; r/ a
// repository whose .git/config has `[core] fsmonitor = /bin/rm -rf ROOT/sub; false`):
//   $ codeward --yes exec --no-stage 'git -C r* status; true'                     -> [exit 0], sub/ GONE
//   $ codeward --yes exec --no-stage 'for d in r; do git -C $d status; done; true' -> [exit 0], sub/ GONE
//   $ codeward --yes exec --no-stage 'echo r | xargs -I{} git -C {} status; true'  -> [exit 0], sub/ GONE
//   control (held): `git -C r status; true`, `cd r && git status; true`, `git -C ./r/. status; true`, `d=$(echo r);
//   git -C "$d" status` ask.
// Expected: C241 and the work kept.
// Fix location: src/permissions/immune-git-config.ts: when gitFolders reports `unknown`, judge EVERY repository under
// the workspace (the nested `.git` folders/files, bounded like the other workspace walks; past the bound: unknown →
// ask), or read a glob operand as its matches and a loop variable as its list (decide-script-dirs.ts).
import { describe, expect, it } from 'vitest';
import { inPlaceRuns } from '../helpers/in-place-verdicts.js';
import { bwrapWorks } from '../shell/stage-helpers.js';

const run = inPlaceRuns();
// A minimal repository written as files (HEAD, config, objects/, refs/): git accepts it.
const files = {
  'r/README': 'x\n',
  'r/.git/HEAD': 'ref: refs/heads/main\n',
  'r/.git/config': '[core]\n\trepositoryformatversion = 0\n\tbare = false\n\tfsmonitor = /bin/rm -rf ROOT/sub; false\n',
  'r/.git/objects/info/.keep': '',
  'r/.git/refs/heads/.keep': '',
};

describe.skipIf(!bwrapWorks)('R41-b7 MAJOR: a nested repository reached by a run-time folder runs its fsmonitor', { timeout: 120_000 }, () => {
  it.each([
    'git -C r* status; true',
    'for d in r; do git -C $d status; done; true',
    'echo r | xargs -I{} git -C {} status; true',
    "find . -maxdepth 2 -name README -path './r/*' -execdir git status \\; ; true",
  ])('`%s` asks (C241) and keeps the work', async (line) => {
    expect(await run(line, files)).toBe('C241');
  });
  it('control: `git -C r status; true` asks (C241) and keeps the work', async () => {
    expect(await run('git -C r status; true', files)).toBe('C241');
  });
  // cat57: the same class through a cd the gate cannot follow (red before), and two guard rows that held before (a
  // --git-dir variable, a loop over `*`); a repository nested below the folder the glob names (red before).
  it.each([
    'd=r; git --git-dir=$d/.git status; true',
    'cd "$(echo r)" && git status; true',
    'for d in *; do git -C "$d" status; done; true',
  ])('`%s` asks (C241) and keeps the work', async (line) => {
    expect(await run(line, files)).toBe('C241');
  });
  it('a repository nested two folders down is judged too: `git -C v* status; true` asks', async () => {
    const deep = Object.fromEntries(Object.entries(files).map(([name, text]) => [`vendor/${name}`, text]));
    expect(await run('git -C v* status; true', deep)).toBe('C241');
  });
  // Free: the same lines when every nested repository is a plain one (no program in its config).
  const plain = { ...files, 'r/.git/config': '[core]\n\trepositoryformatversion = 0\n\tbare = false\n' };
  it.each(['git -C sub status; true', 'git -C r* status; true', 'for d in r; do git -C $d status; done; true', "find . -maxdepth 2 -name README -path './r/*' -execdir git status \\; ; true"])('control: `%s` with a plain nested repository runs and keeps the work', async (line) => {
    expect(await run(line, plain)).toBe('ran');
  });
});
