// Parked: imports are written for the file moved to test/redteam39/<name>.test.ts (as round 38 moved its own).
// R39-b3 — MAJOR (seed 004's immune list of an unstaged run; R38-b3/R38-b9's "what is the system's program" class) —
// a program named by a path that is neither the workspace's by its spelling nor a system folder's is judged by its NAME
// (an unknown name: allowed under --yes), never read and never unknown:
//   - `/proc/self/cwd/s.sh`, `/proc/thread-self/cwd/s.sh`, `/proc/self/root/WORKSPACE/s.sh`: the workspace's own script
//     (rm -rf in it) by a /proc spelling runs unread (`WORKSPACE/s.sh` and `sh /proc/self/cwd/s.sh` ask);
//   - `/proc/self/cwd/x -rf sub` where x is a link to /bin/rm (`./x -rf sub` asks);
//   - `cp /bin/rm /tmp/x; /tmp/x -rf sub`: a program the line itself put in the run's private /tmp (`cp /bin/rm ./x;
//     ./x -rf sub` asks);
//   - `PATH=/proc/self/cwd t`: runners-started.ts pathEntryFile skips a folder outside the workspace that has the name
//     ("a folder outside the workspace has it first" -> judged by name).
// R38-b9's fix (f114e006) made a LIBRARY outside the system folders unknown (task-runner-library.ts loaded()); the same
// rule is missing for the PROGRAM of a command.
//
// Reproduction (integ 507f8cca, root, bwrap; default sandbox, --yes, --no-stage; sub/new.txt uncommitted;
// s.sh = '#!/bin/sh\necho EVIL\n/bin/rm -rf WORKSPACE/sub\n' (0755)):
//   $ codeward --yes exec --no-stage '/proc/self/cwd/s.sh'               -> EVIL, [exit 0], sub/ GONE
//   $ codeward --yes exec --no-stage '/proc/self/root/WORKSPACE/s.sh'    -> EVIL, [exit 0], sub/ GONE
//   $ codeward --yes exec --no-stage 'cp /bin/rm /tmp/x; /tmp/x -rf sub' -> [exit 0], sub/ GONE
//   $ codeward --yes exec --no-stage 'PATH=/proc/self/cwd t'  (t = s.sh) -> EVIL, [exit 0], sub/ GONE
// Expected: C241 and the work kept.
// ONE place for the class fix: the program's path question (shell-subjects.ts scriptProgram / the script-file row,
// task-runner-shell.ts) asks ONE predicate: inside the workspace after resolving /proc/<self|thread-self|pid>/{cwd,root}
// (and realpath of the folder) -> read it; a system folder (system-folders.ts systemProgram) -> judged by name; anything
// else (/tmp, the home, /proc, /dev/fd) -> unknown, as task-runner-library.ts loaded() already does for libraries;
// pathEntryFile's "outside the workspace and has it" the same.
import { describe, expect, it } from 'vitest';
import { inPlaceRuns } from '../helpers/in-place-verdicts.js';
import { bwrapWorks } from '../shell/stage-helpers.js';

// One in-place run (default sandbox, --yes, --no-stage) of `line` (ROOT: the workspace's path) in a workspace holding
// s.sh and t (rm -rf of sub, 0755), x (a link to /bin/rm) and the uncommitted sub/new.txt.
const RM = '#!/bin/sh\necho EVIL\n/bin/rm -rf ROOT/sub\n';
const run = inPlaceRuns({ codes: 'raw' });
const verdict = (line: string): Promise<string> => run(line, { 's.sh': RM, t: RM }, { x: '/bin/rm' });

describe.skipIf(!bwrapWorks)('R39-b3 MAJOR: a program by a /proc or private-/tmp path runs unread', { timeout: 120_000 }, () => {
  it.each(['/proc/self/cwd/s.sh', '/proc/thread-self/cwd/s.sh', '/proc/self/root/ROOT/s.sh', '/proc/self/cwd/x -rf sub', 'cp /bin/rm /tmp/cw-rt39b-x; /tmp/cw-rt39b-x -rf sub', 'PATH=/proc/self/cwd t'])('`%s` asks (C241) and keeps the work', async (line) => {
    expect(await verdict(line)).toBe('C241');
  });
  it.each(['ROOT/s.sh', './x -rf sub', 'sh /proc/self/cwd/s.sh', 'cp /bin/rm ./y; ./y -rf sub'])('control: `%s` asks', async (line) => {
    expect(await verdict(line)).toBe('C241');
  });
});
