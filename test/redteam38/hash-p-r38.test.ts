// R38-b4 — MAJOR (seed 004's immune list of an unstaged run; R37-b2's absent-path class through the shell's own
// lookup table) — `hash -p PATH NAME` makes the shell run PATH whenever NAME is called. The line's later `NAME` is
// judged as the bare program NAME (`t`: unknown name, or a harmless one like `ls`), never as the file PATH; the file
// (a shell script of the repository with rm -rf) runs unread, in place, under --yes.
//
// Reproduction (integ 8bf2b72d, root, bwrap; default sandbox, --yes, --no-stage; sub/new.txt uncommitted;
// s.sh = '#!/bin/sh\n/bin/rm -rf sub\n' (0755)):
//   $ codeward --yes exec --no-stage 'hash -p ./s.sh t; t'                  -> [exit 0], sub/ GONE
//   $ codeward --yes exec --no-stage 'hash -p ./s.sh ls; ls'                -> [exit 0], sub/ GONE
//   control (held): `./s.sh` -> C241; `f() { sh s.sh; }; f` -> C241; `alias t='rm -rf sub'<newline>t` -> C241.
// Expected: C241 (or at least: `hash -p` is read as `PATH` being what NAME runs, for every later NAME).
// ONE place for the class fix: the parse's reading of shell builtins that rebind a name (parse-walk-*: `hash -p`, as
// `alias`/functions already are): `hash -p FILE NAME` is a program path (pathScript(FILE) for the immune list), or
// simply immune/unknown (nobody needs it in an agent's line).
import { describe, expect, it } from 'vitest';
import { inPlaceRuns } from '../helpers/in-place-verdicts.js';
import { bwrapWorks } from '../shell/stage-helpers.js';

// One in-place run (default sandbox, --yes, --no-stage) of `line` in a workspace holding `files` (0755; ROOT in a
// text or the line is the workspace's absolute path) and the uncommitted sub/new.txt.
const verdict = inPlaceRuns({ codes: 'raw' });

const RM = { 's.sh': '#!/bin/sh\n/bin/rm -rf sub\n' };
describe.skipIf(!bwrapWorks)('R38-b4 MAJOR: hash -p binds a name to a workspace script that then runs unread', { timeout: 120_000 }, () => {
  it.each(['hash -p ./s.sh t; t', 'hash -p ./s.sh ls; ls'])('`%s` asks (C241) and keeps the work', async (line) => {
    expect(await verdict(line, RM)).toBe('C241');
  });
  it.each(['./s.sh', 'f() { sh s.sh; }; f'])('control: `%s` asks', async (line) => {
    expect(await verdict(line, RM)).toBe('C241');
  });
});
