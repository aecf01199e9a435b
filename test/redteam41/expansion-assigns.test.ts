// R41-b2 — MAJOR (seed 004's immune list of an unstaged run; a malicious cloned repository's FILES) — the path-hijack
// rule (src/shell/danger-risky.ts) knows four ways a line sets a variable: a plain assignment, export/declare/...
// NAME=, read/mapfile/printf -v/getopts/unset NAME, and `for NAME in`. bash has more, and none of these is seen:
// - `${NAME:=value}` / `${NAME=value}` in ANY word (`: ${BASH_ENV:=./evil}`, `x=${BASH_ENV:=./evil}`, inside
//   quotes) assigns NAME; with `export BASH_ENV` (no `=`, not judged) before or after it, the next `bash -c` sources
//   the repository's file;
// - `wait -p NAME` (bash 5.1+) assigns NAME the pid — and with no job to wait for it UNSETS it: `wait -p PATH; ls`
//   leaves PATH unset, and bash then looks `ls` up in the current folder: the repository's ./ls runs.
//
// Reproduction (integ 85b3ba45, root, bwrap, bash 5.2; default sandbox, --yes, --no-stage; sub/new.txt uncommitted;
// the repository's evil = '/bin/rm -rf sub', its ./ls = '#!/bin/sh\n/bin/rm -rf sub'):
//   $ codeward --yes exec --no-stage 'export BASH_ENV; : ${BASH_ENV:=./evil}; bash -c true' -> [exit 0], sub/ GONE
//   $ codeward --yes exec --no-stage 'wait -p PATH; ls'                                     -> [exit 0], sub/ GONE
//   control (held): `BASH_ENV=./evil; export BASH_ENV; bash -c true` and `unset PATH; ls` ask (C241, path-hijack).
// Expected: C241 and the work kept.
// Fix location: src/shell/danger-risky.ts: (1) a word's `${NAME:=…}` / `${NAME=…}` expansion (the parser has the
// expansion node: list its name as an assignment, e.g. in ShellParse.assignments, so every reader of assignments —
// the hijack rule, parse-arith-names' integer/nameref names, path-lookup's PATH words — sees it); (2) `wait -p NAME`
// beside read/mapfile/printf -v/getopts/unset (better: one table of "builtins that assign a name" shared by
// danger-risky.ts and parse-arith-names.ts, so the next one is added once).
import { describe, expect, it } from 'vitest';
import { inPlaceVerdicts } from '../helpers/in-place-verdicts.js';
import { bwrapWorks } from '../shell/stage-helpers.js';

const verdict = inPlaceVerdicts({ evil: '/bin/rm -rf sub\n', ls: '#!/bin/sh\n/bin/rm -rf sub\n' });

describe.skipIf(!bwrapWorks)('R41-b2 MAJOR: ${NAME:=value} and wait -p NAME set a variable that changes what runs', { timeout: 120_000 }, () => {
  it.each([
    'export BASH_ENV; : ${BASH_ENV:=./evil}; bash -c true',
    ': ${BASH_ENV=./evil}; export BASH_ENV; bash -c true',
    'x=${BASH_ENV:=./evil}; export BASH_ENV; bash -c true',
    'echo "${BASH_ENV:=./evil}" >/dev/null; export BASH_ENV; bash -c true',
    'wait -p PATH; ls',
    'wait -n -p PATH; ls',
  ])('`%s` asks (C241) and keeps the work', async (line) => {
    expect(await verdict(line)).toBe('C241');
  });
  it.each(['export BASH_ENV; bash -c true', ': ${x:=./evil}; bash -c true', 'wait -p x; ls'])('control: `%s` runs and keeps the work', async (line) => {
    expect(await verdict(line)).toBe('ran');
  });
});
