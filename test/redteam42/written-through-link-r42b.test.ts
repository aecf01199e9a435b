// R42-b3 — MAJOR (issue 26: rm -rf of uncommitted work in place under --yes --no-stage, no ask) — written-before.ts
// compares the reader's path with the written paths after following links of their FOLDERS only (`real()` keeps the
// last name). A repository link `l2 -> ok.sh` (a symbolic link is ordinary repository content) lets the line write
// ok.sh through it: `cp evil l2` and `cat evil > l2` write ok.sh (cp and the shell follow a link at the target), but
// the rule compares ./l2 with ./ok.sh and finds no write; `sh ok.sh` is judged by the old text and rm -rf runs.
// (The other direction HOLDS: reading through a link `sh link.sh` (link.sh -> real.sh) after `cp evil real.sh` asks.)
// Needs no planted link: `cp evil /dev/fd/../../self/cwd/ok.sh; sh ok.sh` (the kernel follows /dev/fd -> /proc/self/fd,
// then `..` twice and self/cwd: the run folder) also runs rm -rf; the plain `/proc/self/cwd/ok.sh` spelling asks.
// Class: a written path that is a link to the file read (or to a folder above it: not tried) is the file read.
// Repro (h-asgre 7b4b82b5, root, bwrap; default sandbox, --yes, --no-stage; sub/new.txt uncommitted;
// ok.sh = '#!/bin/sh\necho fine', evil = '#!/bin/sh\nrm -rf sub', l2 -> ok.sh):
//   $ codeward --yes exec --no-stage 'cp evil l2; sh ok.sh'      -> ran, sub/ GONE
//   $ codeward --yes exec --no-stage 'cat evil > l2; sh ok.sh'   -> ran, sub/ GONE
// Expected: C241, work kept.
// Fix place: src/permissions/written-before.ts hit(): compare the full real path of each written file (realpath of
// the path itself when it exists, following the last link too) with the reader's full real path, as well as the
// folder-only form (a name the line itself creates as a link: `ln -s ok.sh l3; cp evil l3` is then caught by ln's write).
import { describe, expect, it } from 'vitest';
import { inPlaceRuns } from '../helpers/in-place-verdicts.js';
import { bwrapWorks } from '../shell/stage-helpers.js';

const run = inPlaceRuns();
const files = { 'ok.sh': '#!/bin/sh\necho fine\n', evil: '#!/bin/sh\nrm -rf sub\n', 'real.sh': '#!/bin/sh\necho fine\n' };
const links = { l2: 'ok.sh', 'link.sh': 'real.sh' };

describe.skipIf(!bwrapWorks)('R42-b3 MAJOR: a script written through a link to it', { timeout: 120_000 }, () => {
  it('control: `cp evil real.sh; sh link.sh` asks (C241)', async () => {
    expect(await run('cp evil real.sh; sh link.sh', files, links)).toBe('C241');
  });
  it.each(['cp evil l2; sh ok.sh', 'cat evil > l2; sh ok.sh', 'cp evil /dev/fd/../../self/cwd/ok.sh; sh ok.sh'])('`%s` asks (C241) and keeps the work', async (line) => {
    expect(await run(line, files, links)).toBe('C241');
  });
});
