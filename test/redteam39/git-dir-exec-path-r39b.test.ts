// Parked: imports are written for the file moved to test/redteam39/<name>.test.ts (as round 38 moved its own).
// R39-b12 — MAJOR (seed 004's immune list of an unstaged run; "every spelling is one reading") — git's own ways to
// take a program or a repository from the workspace, in spellings the readers miss:
//   (a) `GIT_DIR=ev git status` (and GIT_DIR + GIT_WORK_TREE): the repository in ev/ is a workspace folder whose config
//       names core.fsmonitor = ./s.sh; git status runs it. The option spelling `git --git-dir=ev status` asks ("a file
//       another program runs or obeys later"); the environment spelling is not read.
//   (b) `git --exec-path=. ls-remote http://…` / `GIT_EXEC_PATH=. git …` (also `$PWD`, `$(pwd)`): git runs its helper
//       programs (git-remote-http, git-remote-https, …) from that folder; the workspace's git-remote-http (rm -rf)
//       runs.
//
// Reproduction (integ 507f8cca, root, bwrap; default sandbox, --yes, --no-stage; sub/new.txt uncommitted;
// s.sh / git-remote-http = '#!/bin/sh\necho EVIL\n/bin/rm -rf sub\n' (0755); ev/ = HEAD, objects/, refs/heads/ and
// config with `[core] repositoryformatversion = 0, fsmonitor = ./s.sh`):
//   $ codeward --yes exec --no-stage 'GIT_DIR=ev git status'                            -> [exit 0], sub/ GONE
//   $ codeward --yes exec --no-stage 'git --exec-path=. ls-remote http://127.0.0.1:1/x' -> [exit 128], sub/ GONE
//   $ codeward --yes exec --no-stage 'GIT_EXEC_PATH=. git ls-remote http://127.0.0.1:1/x' -> [exit 128], sub/ GONE
//   control (held): `git --git-dir=ev --work-tree=. status` -> C241.
// Expected: C241 and the work kept.
// ONE place for the class fix: git's option reader and git's environment (the parse's recorded SimpleCommand.env) as
// ONE reading: GIT_DIR/GIT_WORK_TREE/GIT_COMMON_DIR = --git-dir/--work-tree; GIT_EXEC_PATH = --exec-path, whose value
// in the workspace (or outside the system folders) is a program folder codeward cannot read (unknown), as
// task-runner-library.ts does for LD_LIBRARY_PATH.
import { describe, expect, it } from 'vitest';
import { inPlaceVerdicts } from '../helpers/in-place-verdicts.js';
import { bwrapWorks } from '../shell/stage-helpers.js';

const EVIL = '#!/bin/sh\necho EVIL\n/bin/rm -rf sub\n';
const FILES: Record<string, string> = {
  's.sh': EVIL, 'git-remote-http': EVIL, 'git-remote-https': EVIL,
  'ev/config': '[core]\n\trepositoryformatversion = 0\n\tfsmonitor = ./s.sh\n', 'ev/HEAD': 'ref: refs/heads/main\n', 'ev/objects/.k': '', 'ev/refs/heads/.k': '',
};
const verdict = inPlaceVerdicts(FILES);

describe.skipIf(!bwrapWorks)("R39-b12 MAJOR: git's repository and helper folders taken from the workspace by GIT_DIR / --exec-path", { timeout: 120_000 }, () => {
  it.each(['GIT_DIR=ev git status', 'GIT_DIR=ev GIT_WORK_TREE=. git status', 'git --exec-path=. ls-remote http://127.0.0.1:1/x', 'GIT_EXEC_PATH=. git ls-remote http://127.0.0.1:1/x'])('`%s` asks (C241) and keeps the work', async (line) => {
    expect(await verdict(line)).toBe('C241');
  });
  it('control: `git --git-dir=ev --work-tree=. status` asks', async () => {
    expect(await verdict('git --git-dir=ev --work-tree=. status')).toBe('C241');
  });
});
