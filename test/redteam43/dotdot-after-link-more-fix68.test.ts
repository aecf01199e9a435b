// fix68 — the rest of R43-b2's class (rt43b's untried rows): every reader of a path word takes the place the KERNEL
// reaches (workspace/kernel-place.ts: links followed before each `..`); bash's own `cd` stays logical. l -> d/e.
import { describe, expect, it } from 'vitest';
import { inPlaceRuns } from '../helpers/in-place-verdicts.js';
import { bwrapWorks } from '../shell/stage-helpers.js';

const run = inPlaceRuns();
const files = {
  'ok.sh': '#!/bin/sh\necho fine\n',
  'd/ok.sh': '#!/bin/sh\nrm -rf ROOT/sub\n',
  'd/e/k': 'x\n',
  'e2/k': 'x\n',
  Makefile: 'all:\n\t@echo fine\n',
  'd/Makefile': 'all:\n\t@rm -rf ROOT/sub\n',
};
const links = { l: 'd/e' };

describe.skipIf(!bwrapWorks)('fix68: `..` after a link, the untried readers', { timeout: 120_000 }, () => {
  it.each(['cd -L l/.. && sh ok.sh', 'sh d/e/../../ok.sh'])('control: `%s` runs ./ok.sh (work kept)', async (line) => {
    expect(await run(line, files, links)).toBe('ran');
  });
  it.each([
    'PATH=l/..:$PATH ok.sh',
    'sudo -D l/.. sh ok.sh',
    'cd l && sh ../ok.sh',
    'set -P; cd l/.. && sh ok.sh',
    'sh /proc/self/cwd/l/../ok.sh',
    'make -C l -C ..',
    'ln -s d/e m && sh m/../ok.sh',
    'rm -r e2 && ln -s d/e e2 && sh e2/../ok.sh',
    'just --working-directory l/..',
    'task -d l/..',
  ])('`%s` asks (C241) and keeps the work', async (line) => {
    expect(await run(line, files, links)).toBe('C241');
  });
});
