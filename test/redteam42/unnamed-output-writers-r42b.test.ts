// R42-b2 — MAJOR (issue 26: rm -rf of uncommitted work in place under --yes --no-stage, no ask) — written-before.ts
// (fix55) reads a program that is not code-by-name as writing exactly its operands and redirections. Writers whose
// written file is NOT one of their words escape: `gunzip -f ok.sh.gz` writes ok.sh (the operand minus .gz), `patch <
// evil.patch` writes the files the patch text names, `sed -n 'w ok.sh' evil` writes ok.sh from inside sed's script
// (also `s/x/y/w FILE`). In each, the `sh ok.sh` after it is judged by the old harmless text and rm -rf runs unasked.
// (tar -x / unzip HOLD: they are read as writing anywhere; git apply/checkout/restore hold the same way.)
// Class: a writer whose outputs its words do not name (derived names, names inside a script or an input file) is
// read as writing only what its words say. Others of the class (not run here): xz/bzip2/zstd/lz4 -d, uncompress,
// cpio -i, ar x, 7z x, shar/uudecode, `ex`/`vim -es` scripts, `sed -s`'s `W`, busybox unzip, git am.
// Repro (h-asgre 7b4b82b5, root, bwrap; default sandbox, --yes, --no-stage; sub/new.txt uncommitted;
// ok.sh = '#!/bin/sh\necho fine'; ok.sh.gz holds '#!/bin/sh\nrm -rf sub'; evil.patch turns `echo fine` into `rm -rf sub`):
//   $ codeward --yes exec --no-stage 'gunzip -f ok.sh.gz; sh ok.sh'      -> ran, sub/ GONE
//   $ codeward --yes exec --no-stage 'patch < evil.patch; sh ok.sh'      -> ran, sub/ GONE
//   $ codeward --yes exec --no-stage "sed -n 'w ok.sh' evil; sh ok.sh"   -> ran, sub/ GONE
// Expected: C241 (the line may write ok.sh before `sh ok.sh` reads it), work kept.
// Fix place: src/permissions/written-before.ts commandWrites: fail closed — only programs whose writes their words
// bound (a short known list: cp, mv, ln, install, tee, touch, dd, truncate, rsync, sed -i without w/W, ...) are read
// as writing their operands; any other writing program (mayWrite true, not in that list) may write any path under the
// run folder (`anywhere`), as code is.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { inPlaceRuns } from '../helpers/in-place-verdicts.js';
import { bwrapWorks } from '../shell/stage-helpers.js';

const run = inPlaceRuns();
const scratch = mkdtempSync('/var/tmp/cw-rt42b-gz-');
writeFileSync(join(scratch, 'ok.sh'), '#!/bin/sh\nrm -rf sub\n');
execFileSync('gzip', [join(scratch, 'ok.sh')]);
const gz = readFileSync(join(scratch, 'ok.sh.gz'));
rmSync(scratch, { recursive: true, force: true });
const files = {
  'ok.sh': '#!/bin/sh\necho fine\n',
  evil: '#!/bin/sh\nrm -rf sub\n',
  'ok.sh.gz': gz,
  'evil.patch': '--- ok.sh\n+++ ok.sh\n@@ -1,2 +1,2 @@\n #!/bin/sh\n-echo fine\n+rm -rf sub\n',
};

describe.skipIf(!bwrapWorks)('R42-b2 MAJOR: a writer whose written file its words do not name', { timeout: 120_000 }, () => {
  it('control: `cp evil ok.sh; sh ok.sh` asks (C241)', async () => {
    expect(await run('cp evil ok.sh; sh ok.sh', files)).toBe('C241');
  });
  it.each([
    'gunzip -f ok.sh.gz; sh ok.sh',
    'patch < evil.patch; sh ok.sh',
    "sed -n 'w ok.sh' evil; sh ok.sh",
  ])('`%s` asks (C241) and keeps the work', async (line) => {
    expect(await run(line, files)).toBe('C241');
  });
});
