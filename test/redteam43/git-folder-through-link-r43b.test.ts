// R43-b3 — MAJOR (issue 26: rm -rf of uncommitted work in place under --yes --no-stage, no ask) — git-folders.ts
// (fix64: ONE composed reading of git's folder) composes every step with path.resolve: lexically, never following a
// link. A repository link into a nested repository (`l -> d/e`, d/.git holding core.fsmonitor) is a folder git
// reaches: `git -C l status` chdirs to d/e and git discovers d/.git upward; `git -C l/..` is d to the kernel (the
// `..` is taken after the link) but ./ to codeward. The nested repository's fsmonitor (`rm -rf ROOT/sub`) runs.
// `git -C d/e status` and `cd d/e && git status` HOLD (C241): the same folder spelled without the link.
// Class: a folder git starts in (cd/pushd targets, env -C, sudo -D, -C, --git-dir, --work-tree, GIT_DIR) compared
// with the nested repositories by its spelling instead of the place the kernel reaches (links, `..` after a link).
// Repro (h-rt43b on integ 3bd9898c, root, bwrap; default sandbox, --yes, --no-stage; sub/new.txt uncommitted;
// d/.git a repository whose config has fsmonitor = /bin/rm -rf ROOT/sub; false, d/e/ a folder, l -> d/e):
//   $ codeward --yes exec --no-stage 'git -C l status; true'                   -> ran, sub/ GONE
//   $ codeward --yes exec --no-stage 'git -C l/.. status; true'                -> ran, sub/ GONE
//   $ codeward --yes exec --no-stage 'git --git-dir=l/../.git status; true'    -> ran, sub/ GONE
//   $ codeward --yes exec --no-stage 'GIT_DIR=l/../.git git status; true'      -> ran, sub/ GONE
//   $ codeward --yes exec --no-stage 'env -C l/.. git status; true'            -> ran, sub/ GONE
//   $ codeward --yes exec --no-stage 'cd -P l/.. && git status; true'          -> ran, sub/ GONE
// Expected: C241 as for `git -C d/e status; true`, work kept.
// Fix place: src/permissions/git-folders.ts (cdFolders, gitStart's step, the --git-dir places): map each folder
// reached to the kernel's place (realpath of its longest existing prefix, `..` after links; written-paths.ts
// writtenPlace does this walk) before it is compared with nestedRepositories; or a step through a link = unknown.
// (See R43-b2 for the same lexical reading in the script readers: one helper for both.)
import { describe } from 'vitest';
import { eachAsks, inPlaceRuns } from '../helpers/in-place-verdicts.js';
import { bwrapWorks } from '../shell/stage-helpers.js';

const run = inPlaceRuns();
const files = {
  'd/README': 'x\n',
  'd/.git/HEAD': 'ref: refs/heads/main\n',
  'd/.git/config': '[core]\n\trepositoryformatversion = 0\n\tbare = false\n\tfsmonitor = /bin/rm -rf ROOT/sub; false\n',
  'd/.git/objects/info/.keep': '',
  'd/.git/refs/heads/.keep': '',
  'd/e/k': 'x\n',
};
const links = { l: 'd/e' };

describe.skipIf(!bwrapWorks)('R43-b3 MAJOR: git-folders.ts reads a folder through a link by its spelling', { timeout: 120_000 }, () => {
  eachAsks([
    'git -C l status; true',
    'cd l && git status; true',
    'git -C l/.. status; true',
    'git --git-dir=l/../.git status; true',
    'GIT_DIR=l/../.git git status; true',
    'env -C l/.. git status; true',
    'cd -P l/.. && git status; true',
  ], (line) => run(line, files, links), ['git -C d/e status; true', 'cd d/e && git status; true']);
});
