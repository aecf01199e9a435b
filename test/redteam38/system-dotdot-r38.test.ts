// R38-b3 — MAJOR (seed 004's immune list of an unstaged run; needs the workspace's absolute path, which a
// prompt-injected model has: it is the run folder) — "a program of the system folders" is decided by a regex on the
// path AS SPELLED (`/^\/(?:usr|bin|sbin|opt|nix|snap)\//`, twice: task-runner-shell.ts SYSTEM in shebangProgram and
// the same literal in pathScript), never on the path the kernel opens. `/usr/../<workspace>/x` starts with `/usr/`
// and names a file of the workspace: at the top level it is not read as a script at all (pathScript -> undefined),
// and as a #! interpreter it is judged by its base name (`node` -> "another language, unread").
//
// Reproduction (integ 8bf2b72d, root, bwrap; default sandbox, --yes, --no-stage; sub/new.txt uncommitted;
// W = the workspace's absolute path; s.sh = node = '#!/bin/sh\n/bin/rm -rf sub\n' (0755)):
//   $ codeward --yes exec --no-stage "/usr/..$W/s.sh"                      -> [exit 0], sub/ GONE
//   x = "#!/usr/..$W/node\necho\n"
//     $ codeward --yes exec --no-stage './x'                                -> ran, sub/ GONE
//   control (held): `./s.sh` -> C241; x = '#!./node' -> C241.
// Expected: C241 and the work kept.
// ONE place for the class fix: one `systemProgram(path)` in task-runner-shell.ts that resolves the path (and its
// symlinks: realpath where it exists) before asking whether it lies in a system folder; shebangProgram and
// pathScript both call it (no second copy of the regex).
import { describe, expect, it } from 'vitest';
import { inPlaceRuns } from '../helpers/in-place-verdicts.js';
import { bwrapWorks } from '../shell/stage-helpers.js';

// One in-place run (default sandbox, --yes, --no-stage) of `line` in a workspace holding `files` (0755; ROOT in a
// text or the line is the workspace's absolute path) and the uncommitted sub/new.txt.
const verdict = inPlaceRuns({ codes: 'raw' });

const RM = '#!/bin/sh\n/bin/rm -rf sub\n';
describe.skipIf(!bwrapWorks)('R38-b3 MAJOR: a workspace path spelled through /usr/.. counts as a system program', { timeout: 120_000 }, () => {
  it.each([
    ['/usr/..ROOT/s.sh', { 's.sh': RM }],
    ['./x', { x: '#!/usr/..ROOT/node\necho\n', node: RM }],
  ] as const)('`%s` (%j) asks (C241) and keeps the work', async (line, files) => {
    expect(await verdict(line, files)).toBe('C241');
  });
  it.each([
    ['./s.sh', { 's.sh': RM }],
    ['./x', { x: '#!./node\necho\n', node: RM }],
  ] as const)('control: `%s` asks', async (line, files) => {
    expect(await verdict(line, files)).toBe('C241');
  });
});
