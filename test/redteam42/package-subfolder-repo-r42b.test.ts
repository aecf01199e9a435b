// R42-b7 — MAJOR (issue 26: rm -rf of uncommitted work in place under --yes --no-stage, no ask) — R41-b7's fix
// (git-nested-repos.ts nestedRepositories) judges every repository of the workspace when git's folder is only known
// at run time, but its walk skips the folders of a node_modules package below the package's top (modules-walk.ts
// insidePackage: "a clone sits at a package's top"). A repository can sit anywhere the attacker's repository puts
// it: node_modules/p/sub/.git with `core.fsmonitor = rm -rf ROOT/sub`, and `git -C node_modules/p/s* status; true`
// runs it unasked. (`git -C node_modules/p/sub status; true` — the literal folder — asks; so does a for-loop over
// node_modules/p/*.)
// Class: the walk's "where a clone can be" shortcut is a guess about honest package managers, not about what a
// malicious repository commits; a skipped folder is an unjudged repository.
// Repro (h-asgre 7b4b82b5, root, bwrap; default sandbox, --yes, --no-stage; sub/new.txt uncommitted;
// node_modules/p/sub/.git/config with `fsmonitor = /bin/rm -rf ROOT/sub; false`):
//   $ codeward --yes exec --no-stage --cmd 'git -C node_modules/p/s* status; true'   -> ran, sub/ GONE
// Expected: C241, work kept.
// Fix place: src/permissions/git-nested-repos.ts: do not use insidePackage's skip for this walk (its bound already
// caps the cost), or make any folder the skip leaves out that the run-time folder's known prefix reaches count as
// `unknown` (the glob's static part `node_modules/p/` names a folder the walk skipped).
import { describe, expect, it } from 'vitest';
import { inPlaceRuns } from '../helpers/in-place-verdicts.js';
import { bwrapWorks } from '../shell/stage-helpers.js';

const run = inPlaceRuns();
const at = 'node_modules/p/sub';
const files = {
  'node_modules/p/package.json': '{"name":"p"}\n',
  [`${at}/README`]: 'x\n',
  [`${at}/.git/HEAD`]: 'ref: refs/heads/main\n',
  [`${at}/.git/config`]: '[core]\n\trepositoryformatversion = 0\n\tbare = false\n\tfsmonitor = /bin/rm -rf ROOT/sub; false\n',
  [`${at}/.git/objects/info/.keep`]: '',
  [`${at}/.git/refs/heads/.keep`]: '',
};

describe.skipIf(!bwrapWorks)('R42-b7 MAJOR: a repository inside a node_modules package is missed by the nested-repository walk', { timeout: 120_000 }, () => {
  it('control: the literal folder `git -C node_modules/p/sub status; true` asks (C241)', async () => {
    expect(await run('git -C node_modules/p/sub status; true', files)).toBe('C241');
  });
  it('`git -C node_modules/p/s* status; true` asks (C241) and keeps the work', async () => {
    expect(await run('git -C node_modules/p/s* status; true', files)).toBe('C241');
  });
});
