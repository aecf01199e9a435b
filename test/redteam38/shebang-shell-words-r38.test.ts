// R38-b1 — MAJOR (seed 004's immune list of an unstaged run; R37-b1 / R36-9 class) — a #! line that runs a SHELL is
// judged as "the shell reads this file" (task-runner-shell.ts shebangProgram -> 'shell' -> the file's own text), but
// the #! line's own words after the shell are never read: `-c CODE` (the shell runs CODE, the file is only $0),
// another script operand (`sh ./other.sh`: the shell runs other.sh, not this file), and env assignments that make
// the shell run another file first (`BASH_ENV=./e.sh bash`: a non-interactive bash sources $BASH_ENV). The file's
// text (a comment line and `echo hi`) is judged; what runs is `rm -rf sub`, unread, in place under --yes.
//
// Reproduction (integ 8bf2b72d, root, bwrap; default sandbox, --yes, --no-stage; sub/new.txt uncommitted):
//   x = '#!/usr/bin/env -S sh -c "rm -rf sub"\necho hi\n' (0755)
//     $ codeward --yes exec --no-stage './x'                                -> ran, sub/ GONE
//   x = '#!/usr/bin/env -S BASH_ENV=./e.sh bash\necho hi\n', e.sh = 'rm -rf sub\n'
//     $ codeward --yes exec --no-stage './x'                                -> ran, sub/ GONE
//   x = '#!/usr/bin/env -S sh ./e.sh\necho hi\n'                           -> ran, sub/ GONE
//   control (held): `BASH_ENV=./e.sh bash -c true` and `env BASH_ENV=./e.sh bash -c true` at the top level -> C241
//   (`. ./e.sh` read); `#!/usr/bin/env -S sh -e\nrm -rf sub` -> C241.
// Expected: C241 and the work kept.
// ONE place for the class fix: task-runner-shell.ts shebangProgram: return 'shell' only when the words envCommand
// leaves after the shell are what scriptOperand accepts as flags with no operand (the file is the script) and the
// env part sets no variable a shell obeys (BASH_ENV, ENV, SHELLOPTS...; or any assignment); a `-c` string is judged
// as the line it is, another operand is read as that script; anything else unknown. Better: build the #! call as
// the words the kernel passes (`interp [arg] FILE`) and hand them to the top level's own runner reading (the same
// reader that holds for `env BASH_ENV=./e.sh bash -c true`), so a #! and a typed line cannot differ.
import { describe, expect, it } from 'vitest';
import { inPlaceRuns } from '../helpers/in-place-verdicts.js';
import { bwrapWorks } from '../shell/stage-helpers.js';

// One in-place run (default sandbox, --yes, --no-stage) of `line` in a workspace holding `files` (0755; ROOT in a
// text or the line is the workspace's absolute path) and the uncommitted sub/new.txt.
const verdict = inPlaceRuns({ codes: 'raw' });

describe.skipIf(!bwrapWorks)('R38-b1 MAJOR: a #! line running a shell with its own code, script or BASH_ENV runs it unread', { timeout: 120_000 }, () => {
  it.each([
    ['-c code', { x: '#!/usr/bin/env -S sh -c "rm -rf sub"\necho hi\n' }],
    ['BASH_ENV', { x: '#!/usr/bin/env -S BASH_ENV=./e.sh bash\necho hi\n', 'e.sh': 'rm -rf sub\n' }],
    ['another script operand', { x: '#!/usr/bin/env -S sh ./e.sh\necho hi\n', 'e.sh': 'rm -rf sub\n' }],
  ] as const)('`./x` whose #! line has %s asks (C241) and keeps the work', async (_what, files) => {
    expect(await verdict('./x', files)).toBe('C241');
  });
  it.each([
    ['BASH_ENV=./e.sh bash -c true', { 'e.sh': 'rm -rf sub\n' }],
    ['./x', { x: '#!/usr/bin/env -S sh -e\nrm -rf sub\n' }],
  ] as const)('control: `%s` asks', async (line, files) => {
    expect(await verdict(line, files)).toBe('C241');
  });
});
