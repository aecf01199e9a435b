// Red team round 25, R25-13 FRICTION (members26's hook-members.ts: find -exec / xargs / run-parts members queued, 32
// files then fail closed; a loop variable is "a file only known at run time"): a pre-commit hook that runs each test
// file of a suite makes EVERY write ask under --yes (src/a.ts, lib/b.js: C241 safety-immune, "every file is
// obeyed"), not only the members and what they load: `find test -name '*.test.js' -exec node {} \;` with 40 test
// files (past the 32-file bound; a small suite), and `for f in test/*.test.js; do node "$f"; done` with any number
// (the loop's `$f` is not read as the glob's members). Control: the find -exec with 10 test files leaves them free.
import { describe, it } from 'vitest';
import { checkHookRow, rowPlace } from './hook-check.js';

const place = rowPlace('cw-r25-bound-');
const suite = (count: number): Record<string, string> => Object.fromEntries(Array.from({ length: count }, (_, i) => [`test/t${i}.test.js`, 'require("assert");\n']));

describe('R25-13 FRICTION: a hook running each test file of a suite', () => {
  it.each<[string, number]>([
    ["find test -name '*.test.js' -exec node {} \\;", 40],
    // LEFT: `for f in test/*.test.js; do node "$f"; done` (the loop variable is read as only known at run time).
  ])('`%s` with %i test files: src/a.ts and lib/b.js stay free', async (hook, count) => {
    await checkHookRow(place.next(), place.home, { hook, files: suite(count), asks: [], free: ['src/a.ts', 'lib/b.js'] });
  });
  it('control: the find -exec with 10 test files leaves src/a.ts free', async () => {
    await checkHookRow(place.next(), place.home, { hook: "find test -name '*.test.js' -exec node {} \\;", files: suite(10), asks: [], free: ['src/a.ts', 'lib/b.js'] });
  });
});
