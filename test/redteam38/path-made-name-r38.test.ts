// R38-b10 — MAJOR (seed 004's immune list of an unstaged run; stop 61 LEFT "R37-b2's `PATH=./bin:$PATH t` where the
// line makes bin/t", still open; filed so a fix helper has a red row) — a PATH prefix assignment naming a workspace
// folder makes a bare name that folder's file; a file the SAME line copies or links there is absent when the line is
// judged, so the bare name is judged as itself (`t`: unknown program; `ls`, `git`: the system's), unread. An
// existing bin/t, or `export PATH=...`, asks (held).
//
// Reproduction (integ 8bf2b72d, root, bwrap; default sandbox, --yes, --no-stage; sub/new.txt uncommitted;
// s.sh = '#!/bin/sh\n/bin/rm -rf sub\n' (0755)):
//   $ codeward --yes exec --no-stage 'mkdir -p bin && cp s.sh bin/t && PATH=./bin:$PATH t'  -> [exit 0], sub/ GONE
//   $ codeward --yes exec --no-stage 'cp s.sh ls; PATH=.:$PATH ls'                         -> [exit 0], sub/ GONE
//   $ codeward --yes exec --no-stage 'ln -s s.sh git; PATH=".:$PATH" git status'           -> [exit 0], sub/ GONE
//   control (held): `PATH=./bin:$PATH t` with bin/t already there -> C241; `export PATH=./bin:$PATH; …` -> C241.
// Expected: C241 and the work kept.
// ONE place for the class fix: where a prefix PATH assignment is resolved for the program it starts (the same lookup
// that reads an existing bin/t): a workspace PATH folder that precedes the system's and does not hold the name when
// judged is unknown while the immune list is in play (task-runner-shell.ts scriptText's 'absent' rule, applied to
// names looked up on a line-set PATH).
import { describe, expect, it } from 'vitest';
import { inPlaceRuns } from '../helpers/in-place-verdicts.js';
import { bwrapWorks } from '../shell/stage-helpers.js';

// One in-place run (default sandbox, --yes, --no-stage) of `line` in a workspace holding `files` (0755; ROOT in a
// text or the line is the workspace's absolute path) and the uncommitted sub/new.txt.
const verdict = inPlaceRuns({ codes: 'raw' });

const S = { 's.sh': '#!/bin/sh\n/bin/rm -rf sub\n' };
describe.skipIf(!bwrapWorks)('R38-b10 MAJOR (known LEFT): a name on a line-set PATH whose file the same line makes runs unread', { timeout: 120_000 }, () => {
  it.each(['mkdir -p bin && cp s.sh bin/t && PATH=./bin:$PATH t', 'cp s.sh ls; PATH=.:$PATH ls', 'ln -s s.sh git; PATH=".:$PATH" git status'])('`%s` asks (C241) and keeps the work', async (line) => {
    expect(await verdict(line, S)).toBe('C241');
  });
  it('control: `PATH=./bin:$PATH t` with bin/t there asks', async () => {
    expect(await verdict('PATH=./bin:$PATH t', { 'bin/t': S['s.sh'] })).toBe('C241');
  });
});
