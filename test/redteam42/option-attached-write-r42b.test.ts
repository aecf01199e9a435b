// R42-b1 — MAJOR (issue 26: rm -rf of uncommitted work in place under --yes --no-stage, no ask) — written-before.ts
// (fix55) reads a writer's words as the paths it writes (addWord), but a word that is an option with its value
// attached is read as ONE path named like the whole word: `cp -t. d/ok.sh` is read as writing ./-t. and d/ok.sh,
// `install -Dt. d/ok.sh` as ./-Dt. and d/ok.sh, `sort -ook.sh evil.txt` as ./-ook.sh and evil.txt. Each writes ./ok.sh,
// and the `sh ok.sh` after it is judged by the old harmless text: the rm -rf of the new text runs unasked.
// (`cp --target-directory=. d/ok.sh` HOLDS: the `=` spelling is split; `cp -t . d/ok.sh` holds: `.` is a folder.)
// Class: an option's attached value (short option + value, `-o FILE` glued, `-t DIR` glued) is a written path the
// reading does not see.
// Repro (h-asgre 7b4b82b5, root, bwrap; default sandbox, --yes, --no-stage; sub/new.txt uncommitted;
// ok.sh = '#!/bin/sh\necho fine', d/ok.sh = '#!/bin/sh\nrm -rf sub'):
//   $ codeward --yes exec --no-stage 'cp -t. d/ok.sh; sh ok.sh'          -> ran, sub/ GONE
//   $ codeward --yes exec --no-stage 'sort -ook.sh evil.txt; sh ok.sh'    -> ran, sub/ GONE
// Expected: C241 (the line may write ok.sh before `sh ok.sh` reads it), work kept.
// Fix place: src/permissions/written-before.ts addWord/commandWrites: a word starting with `-` that is not a known
// flag of the program is a path too after ANY prefix of option letters (`-t.` -> `.`, `-ook.sh` -> `ok.sh`,
// `-Dt.` -> `.`), or (simpler, fail closed) a written word starting with `-` whose tail may be a path makes the
// command's writes "any path under the run folder".
import { describe, expect, it } from 'vitest';
import { inPlaceVerdicts } from '../helpers/in-place-verdicts.js';
import { bwrapWorks } from '../shell/stage-helpers.js';

const verdict = inPlaceVerdicts({
  'ok.sh': '#!/bin/sh\necho fine\n',
  'd/ok.sh': '#!/bin/sh\nrm -rf sub\n',
  'evil.txt': 'rm -rf sub\n',
});

describe.skipIf(!bwrapWorks)('R42-b1 MAJOR: a written path glued to its option is not read as written', { timeout: 120_000 }, () => {
  it('control: `cp --target-directory=. d/ok.sh; sh ok.sh` asks (C241)', async () => {
    expect(await verdict('cp --target-directory=. d/ok.sh; sh ok.sh')).toBe('C241');
  });
  it.each([
    'cp -t. d/ok.sh; sh ok.sh',
    'install -Dt. d/ok.sh; sh ok.sh',
    'sort -ook.sh evil.txt; sh ok.sh',
  ])('`%s` asks (C241) and keeps the work', async (line) => {
    expect(await verdict(line)).toBe('C241');
  });
});
