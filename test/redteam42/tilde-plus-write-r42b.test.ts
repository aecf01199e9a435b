// R42-b4 — MAJOR (issue 26: rm -rf of uncommitted work in place under --yes --no-stage, no ask) — written-before.ts
// addWord skips every written word that starts with `~` ("a home path"). bash expands `~+` to $PWD (and `~-` to
// $OLDPWD, `~user` to that user's home, which may be the workspace): `cp evil ~+/ok.sh` writes ./ok.sh, the rule sees
// no write, and the following `sh ok.sh` is judged by the old text: rm -rf runs unasked.
// (`HOME=$PWD; cp evil ~/ok.sh; sh ok.sh` and `cd d; cp ok.sh ~-/ok.sh; cd ..; sh ok.sh` HOLD — asked elsewhere.)
// Class: tilde forms are paths the shell expands; skipping them fails open. Same word reading (`~+`) may matter to other
// path readers that skip `~` (not checked).
// Repro (h-asgre 7b4b82b5, root, bwrap; default sandbox, --yes, --no-stage; sub/new.txt uncommitted):
//   $ codeward --yes exec --no-stage 'cp evil ~+/ok.sh; sh ok.sh'   -> ran, sub/ GONE
// Expected: C241, work kept.
// Fix place: src/permissions/written-before.ts addWord: `~+` / `~+/x` is the command's folder; any other `~`
// form (`~-`, `~name`, `~` with HOME assigned by the line) is an unbounded path (folder '/'), not skipped.
import { describe, expect, it } from 'vitest';
import { inPlaceVerdicts } from '../helpers/in-place-verdicts.js';
import { bwrapWorks } from '../shell/stage-helpers.js';

const verdict = inPlaceVerdicts({ 'ok.sh': '#!/bin/sh\necho fine\n', evil: '#!/bin/sh\nrm -rf sub\n' });

describe.skipIf(!bwrapWorks)('R42-b4 MAJOR: a script written through `~+/`', { timeout: 120_000 }, () => {
  it('control: `cp evil ./ok.sh; sh ok.sh` asks (C241)', async () => {
    expect(await verdict('cp evil ./ok.sh; sh ok.sh')).toBe('C241');
  });
  it('`cp evil ~+/ok.sh; sh ok.sh` asks (C241) and keeps the work', async () => {
    expect(await verdict('cp evil ~+/ok.sh; sh ok.sh')).toBe('C241');
  });
});
