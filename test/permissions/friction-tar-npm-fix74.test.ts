// Friction (fix66's LEFT, fix74), in place (default sandbox, --yes, --no-stage): a later reader that opens a file the
// line may write first (`./ok.sh`, sqlite3 -init q.sql: written-before.ts) asked after
// - `tar -czf o.tgz . --exclude=x`: an unknown program's words were guessed to start `. --exclude=x` (a sourced file),
//   which bash and dash refuse (an option word after `.`): it sources nothing (shell/parse-launch-guess.ts);
// - `npm --prefix d view x`: npm was an unread writer; view/ls/outdated/why only print (written-before.ts PACKAGE_QUERIES).
import { describe, expect, it } from 'vitest';
import { inPlaceRuns } from '../helpers/in-place-verdicts.js';
import { bwrapWorks } from '../shell/stage-helpers.js';

const run = inPlaceRuns();
const files = { 'q.sql': 'select 1;\n', 'ok.sh': '#!/bin/sh\necho fine\n', 'd/package.json': '{"name":"d"}\n', 'a/k': 'x\n' };

describe.skipIf(!bwrapWorks)('friction: tar options after operands, npm queries', { timeout: 120_000 }, () => {
  it.each([
    'tar -czf o.tgz . --exclude=x; ./ok.sh',
    'tar -czf o.tgz a --exclude=x; ./ok.sh',
    'npm --prefix d view x; sqlite3 -init q.sql db .quit',
    'npm --prefix d ls; sqlite3 -init q.sql db .quit',
    'npm outdated; sqlite3 -init q.sql db .quit',
  ])('`%s` runs', async (line) => {
    expect(await run(line, files)).toBe('ran');
  });

  it.each([
    'npm --prefix d install; sqlite3 -init q.sql db .quit',
    'tar -czf o.tgz . -p x.sh; ./ok.sh',
  ])('control: `%s` still asks (C241)', async (line) => {
    expect(await run(line, files)).toBe('C241');
  });
});
