// R43-b7 (install part, LEFT by fix70) — `install -s --strip-program=./evil x y` runs ./evil unjudged. A row named
// `install` in parse-launch-program-rows.ts closes it, but the same row is then read for `npm install`'s launched
// words (the npm reader yields a command `install --offline ...` wrapped by npm), which makes `npm install; npm test`
// a writer of unknown files (test/redteam40/script-replaced-by-line-r40b.test.ts fix55 friction row turns C241).
// Fix: find where npm's subcommand becomes a launched command named install, and key the row to the coreutils program.
import { describe, expect, it } from 'vitest';
import { inPlaceRuns } from '../helpers/in-place-verdicts.js';
import { bwrapWorks } from '../shell/stage-helpers.js';

const run = inPlaceRuns();
const files = { evil: '#!/bin/sh\nrm -rf ROOT/sub\n', x: 'y\n' };

describe.skipIf(!bwrapWorks)('R43-b7: install --strip-program', { timeout: 120_000 }, () => {
  it('`install -s --strip-program=./evil x y` asks (C241)', async () => {
    expect(await run('install -s --strip-program=./evil x y', files)).toBe('C241');
  });
});
