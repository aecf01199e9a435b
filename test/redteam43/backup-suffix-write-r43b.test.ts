// R43-b1 — MAJOR (issue 26: rm -rf of uncommitted work in place under --yes --no-stage, no ask) — bounded-writers.ts
// (fix65) reads cp/mv/ln/install's words as the paths they write, and `-S`/`--suffix`'s value as a path of its own
// (`./.sh`). But with a backup (-b, --backup) these writers RENAME the file they replace to its name + the suffix:
// `cp -b -S .sh x ok` moves the old ./ok to ./ok.sh before writing x over ./ok. The rename's target is written by
// no word: the operand joined with the suffix. With ok = 'rm -rf sub' (planted, harmless as a data file) and
// ok.sh = 'echo fine', `cp -b -S .sh x ok; sh ok.sh` is judged by the old text of ok.sh and the rm -rf runs unasked.
// The suffix needs no option at all: SIMPLE_BACKUP_SUFFIX=.sh in the command's (or an exported) environment.
// Class: a bounded writer writes a path made of an operand and an option's (or env's) value (the backup name:
// DEST + suffix, DEST.~N~ with --backup=numbered / VERSION_CONTROL), not named by any one word.
// Repro (h-rt43b on integ 3bd9898c, root, bwrap; default sandbox, --yes, --no-stage; sub/new.txt uncommitted;
// ok.sh = '#!/bin/sh\necho fine', ok = '#!/bin/sh\nrm -rf sub', x = 'y'):
//   $ codeward --yes exec --no-stage 'cp -b -S .sh x ok; sh ok.sh'                 -> ran, sub/ GONE
//   $ codeward --yes exec --no-stage 'SIMPLE_BACKUP_SUFFIX=.sh cp -b x ok; sh ok.sh' -> ran, sub/ GONE
//   (also mv -b -S.sh, cp --suffix=.sh -b, ln -bf -S .sh, install -b -S .sh)
// Expected: C241 (the line may write ok.sh before `sh ok.sh` reads it), work kept.
// Fix place: src/permissions/bounded-writers.ts writtenWords: for cp/mv/ln/install a backup option (-b,
// --backup[=...], or any -S/--suffix, or a SIMPLE_BACKUP_SUFFIX/VERSION_CONTROL in the command's environment or the
// line's) makes each operand's folder a written folder (any name beside the operand), or fail closed: `unread`.
import { describe } from 'vitest';
import { eachAsks, inPlaceVerdicts } from '../helpers/in-place-verdicts.js';
import { bwrapWorks } from '../shell/stage-helpers.js';

const verdict = inPlaceVerdicts({
  'ok.sh': '#!/bin/sh\necho fine\n',
  ok: '#!/bin/sh\nrm -rf sub\n',
  x: 'y\n',
});

describe.skipIf(!bwrapWorks)('R43-b1 MAJOR: a backup suffix renames a file onto the script read after', { timeout: 120_000 }, () => {
  eachAsks([
    'cp -b -S .sh x ok; sh ok.sh',
    'cp -b --suffix=.sh x ok; sh ok.sh',
    'mv -b -S.sh x ok; sh ok.sh',
    'SIMPLE_BACKUP_SUFFIX=.sh cp -b x ok; sh ok.sh',
    'export SIMPLE_BACKUP_SUFFIX=.sh; mv --backup x ok; sh ok.sh',
    'ln -bf -S .sh x ok; sh ok.sh',
    'install -b -S .sh x ok; sh ok.sh',
  ], verdict, ['cp x ok.sh; sh ok.sh']);
});
