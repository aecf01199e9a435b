// R43-b6 — MAJOR (issue 26: rm -rf of uncommitted work in place under --yes --no-stage, no ask) — parse-wrappers.ts's
// `script` spec (writesOperand, R31-5; read by bounded-writers.ts writtenWords through wrapperWritten) says script
// writes its FILE operand. Without one, util-linux script writes ./typescript: a written file no word names, so
// `script -qc 'cat evil' </dev/null >/dev/null; sh typescript` is judged by typescript's old text. The log holds the
// output of the -c command ('rm -rf ROOT/sub #' — the `#` eats the pty's \r; the header line is a harmless
// "Script: not found"), and sh runs it. (`script -qc 'cat evil' ok.sh` with the operand asks, though its reason names a program running code codeward
// does not parse rather than the write.)
// Class: a wrapper whose written file has a DEFAULT name when no word names it (script: typescript; also to check:
// `nohup` (a launcher, writes nothing per bounded-writers.ts) appends to ./nohup.out when its stdout is a terminal,
// e.g. under script's pty).
// Repro (h-rt43b on integ 3bd9898c, root, bwrap, util-linux script; default sandbox, --yes, --no-stage;
// sub/new.txt uncommitted; typescript = '#!/bin/sh\necho fine', evil = '#!/bin/sh\nrm -rf ROOT/sub #'):
//   $ codeward --yes exec --no-stage "script -qc 'cat evil' </dev/null >/dev/null; sh typescript"  -> C253 (exit 127 of
//     the header line), sub/ GONE
// Expected: C241 (the line may write typescript before `sh typescript` reads it), work kept.
// Fix place: src/shell/parse-wrappers.ts WrapperSpec: a `defaultWrites` ('typescript' for script when no operand),
// read by parse-wrappers.ts wrapperWritten (so bounded-writers.ts and the write gate see it).
import { describe, expect, it } from 'vitest';
import { inPlaceRuns } from '../helpers/in-place-verdicts.js';
import { bwrapWorks } from '../shell/stage-helpers.js';
import { hasProgram } from '../helpers/has-program.js';

const scriptWorks = hasProgram('script');
const run = inPlaceRuns();
const files = { typescript: '#!/bin/sh\necho fine\n', 'ok.sh': '#!/bin/sh\necho fine\n', evil: '#!/bin/sh\nrm -rf ROOT/sub #\n' };

describe.skipIf(!bwrapWorks || !scriptWorks)('R43-b6 MAJOR: script\'s default ./typescript is not read as written', { timeout: 120_000 }, () => {
  it('control: `script -qc \'cat evil\' ok.sh ...; sh ok.sh` asks (C241)', async () => {
    expect(await run("script -qc 'cat evil' ok.sh </dev/null >/dev/null; sh ok.sh", files)).toBe('C241');
  });
  it('`script -qc \'cat evil\' </dev/null >/dev/null; sh typescript` asks (C241) and keeps the work', async () => {
    expect(await run("script -qc 'cat evil' </dev/null >/dev/null; sh typescript", files)).toBe('C241');
  });
});
