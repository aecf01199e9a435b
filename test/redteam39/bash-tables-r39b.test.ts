// Parked: imports are written for the file moved to test/redteam39/<name>.test.ts (as round 38 moved its own).
// R39-b11 — MAJOR (seed 004's immune list; R38-b4's hash-bind class: "a builtin that rebinds a name") — bash exposes its
// command hash table and its alias table as the arrays BASH_CMDS and BASH_ALIASES: assigning an element is `hash -p` /
// `alias` by another spelling. R38-b4's fix reads `hash -p FILE NAME` (asks); the array spellings are plain
// assignments to the parse, so the later `git status` / `ls` / `t` is judged as the bare program while the shell runs
// the workspace script (or the alias text `rm -rf sub`, which is never read as a line):
//   `BASH_CMDS[git]=./s.sh; git status`, `declare -A BASH_CMDS=([ls]=./s.sh); ls`, `BASH_CMDS+=([ls]=./s.sh); ls`,
//   `read -r x < g2; BASH_CMDS[ls]=$x; ls` (the path from the repository's data),
//   `shopt -s expand_aliases; BASH_ALIASES[ls]='rm -rf sub'<newline>ls`.
//
// Reproduction (integ 507f8cca, root, bwrap; default sandbox, --yes, --no-stage; sub/new.txt uncommitted;
// s.sh = '#!/bin/sh\necho EVIL\n/bin/rm -rf sub\n' (0755)):
//   $ codeward --yes exec --no-stage 'BASH_CMDS[git]=./s.sh; git status'   -> EVIL, [exit 0], sub/ GONE
//   $ codeward --yes exec --no-stage $'shopt -s expand_aliases; BASH_ALIASES[ls]=\'rm -rf sub\'\nls' -> sub/ GONE
//   control (held): `hash -p ./s.sh git; git status` -> C241; `alias ls='rm -rf sub'<newline>ls` -> C241.
// Expected: C241 and the work kept.
// ONE place for the class fix: where R38-b4 reads `hash -p` (the parse's name-rebinding builtins): an assignment (plain,
// `+=`, declare/typeset/local/export/readonly, read/printf -v/mapfile into it) to BASH_CMDS or BASH_ALIASES (or to any
// of bash's own special tables: BASH_CMDS, BASH_ALIASES, and for completeness BASH_ARGV0, BASH_COMPAT) is read as
// `hash -p VALUE KEY` / `alias KEY=VALUE`, or simply immune ("setting … a variable that changes what runs").
import { describe, expect, it } from 'vitest';
import { inPlaceVerdicts } from '../helpers/in-place-verdicts.js';
import { bwrapWorks } from '../shell/stage-helpers.js';

// One in-place run (default sandbox, --yes, --no-stage) of `line` in a workspace holding g2 (the repository's data
// file: `./s.sh`), s.sh (rm -rf sub) and the uncommitted sub/new.txt. Only the ask counts: a run that failed after the
// substitution ran (C253) lost the work all the same.
const verdict = inPlaceVerdicts({ g2: './s.sh\n', 's.sh': '#!/bin/sh\necho EVIL\n/bin/rm -rf sub\n' });

describe.skipIf(!bwrapWorks)("R39-b11 MAJOR: BASH_CMDS / BASH_ALIASES elements rebind a name to a workspace script or a line, unread", { timeout: 120_000 }, () => {
  it.each(['BASH_CMDS[git]=./s.sh; git status', 'declare -A BASH_CMDS=([ls]=./s.sh); ls', 'BASH_CMDS+=([ls]=./s.sh); ls', 'read -r x < g2; BASH_CMDS[ls]=$x; ls', "shopt -s expand_aliases; BASH_ALIASES[ls]='rm -rf sub'\nls"])('`%s` asks (C241) and keeps the work', async (line) => {
    expect(await verdict(line)).toBe('C241');
  });
  it.each(['hash -p ./s.sh git; git status', "alias ls='rm -rf sub'\nls"])('control: `%s` asks', async (line) => {
    expect(await verdict(line)).toBe('C241');
  });
});
