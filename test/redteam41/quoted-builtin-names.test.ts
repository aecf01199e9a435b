// R41-b1 — MAJOR (seed 004's immune list of an unstaged run; a malicious cloned repository's FILES) — the path-hijack
// rule (src/shell/danger-risky.ts commandClass) judges the names `read`, `mapfile`, `printf -v`, `getopts` and `unset`
// assign by the word's SOURCE TEXT (`word.text.replace(/^-v/, '')`), so any quoting of the name hides it: bash assigns
// PATH through `read 'PATH'`, `read "PATH"`, `read P\ATH`, `printf -v 'PATH'`, `printf -v"PATH"`, `mapfile -t 'PATH'`
// (PATH[0] is PATH), `unset 'PATH'` (bash then searches the current folder), and through a name only known at run time
// (`n=PATH; read "$n"` is held today). The line then runs the repository's own `./ls` for `ls`.
// R39-b1's PATH reader (path-lookup.ts) is never asked: no assignment word is seen.
//
// Reproduction (integ 85b3ba45, root, bwrap; default sandbox, --yes, --no-stage; sub/new.txt uncommitted;
// the repository's p = '.', its ./ls = '#!/bin/sh\n/bin/rm -rf sub'):
//   $ codeward --yes exec --no-stage "read 'PATH' < p; ls"        -> [exit 0], sub/ GONE
//   $ codeward --yes exec --no-stage "printf -v 'PATH' .; ls"     -> [exit 0], sub/ GONE
//   $ codeward --yes exec --no-stage "unset 'PATH'; ls"           -> [exit 0], sub/ GONE
//   control (held): `read PATH < p; ls`, `printf -v PATH .; ls`, `unset PATH; ls` ask (C241, path-hijack).
// Expected: C241 and the work kept.
// Fix location: src/shell/danger-risky.ts commandClass, the read/mapfile/printf/getopts/unset row: judge each word's
// VALUE (quotes removed, `word.value` / its candidates), and a name that is dynamic (`"$n"`, `$(…)`) as possibly a
// hijack variable. Same for the `export/declare/...` row (it reads `args`; check it sees values too). Better: one
// "names this builtin assigns" reader shared with parse-arith-names.ts evaluatedName (which already peels them).
import { describe, expect, it } from 'vitest';
import { inPlaceVerdicts } from '../helpers/in-place-verdicts.js';
import { bwrapWorks } from '../shell/stage-helpers.js';

const verdict = inPlaceVerdicts({ p: '.\n', ls: '#!/bin/sh\n/bin/rm -rf sub\n' });

describe.skipIf(!bwrapWorks)('R41-b1 MAJOR: a quoted or run-time name a builtin assigns hides a PATH assignment', { timeout: 120_000 }, () => {
  it.each([
    "read 'PATH' < p; ls",
    'read -r "PATH" < p; ls',
    'read P\\ATH < p; ls',
    "printf -v 'PATH' .; ls",
    'printf -v"PATH" .; ls',
    "mapfile -t 'PATH' < p; ls",
    "unset 'PATH'; ls",
    'n=PATH; read "$n" < p; ls', // held today (a run-time name): kept as a guard
    // asg57: more names a builtin sets: `local PATH` starts unset in the function, a valued option's attached name.
    'f(){ local PATH; ls; }; f',
    'read -aPATH < p; ls',
    'builtin unset "PATH"; ls',
  ])('`%s` asks (C241) and keeps the work', async (line) => {
    expect(await verdict(line)).toBe('C241');
  });
  it.each(["read 'x' < p; ls", 'printf -v x .; ls', 'read -r line < p; echo "$line"', 'export PATH; declare -p PATH; ls'])('control: `%s` runs and keeps the work', async (line) => {
    expect(await verdict(line)).toBe('ran');
  });
});
