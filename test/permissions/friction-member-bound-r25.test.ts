// Red team round 25, R25-13 FRICTION (members26's hook-members.ts: find -exec / xargs / run-parts members queued, 32
// files then fail closed; a loop variable is "a file only known at run time"): a pre-commit hook that runs each test
// file of a suite makes EVERY write ask under --yes (src/a.ts, lib/b.js: C241 safety-immune, "every file is
// obeyed"), not only the members and what they load: `find test -name '*.test.js' -exec node {} \;` with 40 test
// files (past the 32-file bound; a small suite), and `for f in test/*.test.js; do node "$f"; done` with any number
// (the loop's `$f` is not read as the glob's members). Control: the find -exec with 10 test files leaves them free.
// Fixed: hook-members.ts 256 members; a `for` variable over static words nothing else sets (hook-fed.ts scriptFunctions
// loops) is read word by word where it is a program or an interpreter's file (hook-unmodeled.ts looped).
import { describe, it } from 'vitest';
import { checkHookRow, rowPlace } from './hook-check.js';

const place = rowPlace('cw-r25-bound-');
const suite = (count: number): Record<string, string> => Object.fromEntries(Array.from({ length: count }, (_, i) => [`test/t${i}.test.js`, 'require("assert");\n']));

describe('R25-13 FRICTION: a hook running each test file of a suite', () => {
  it.each<[string, number]>([
    ["find test -name '*.test.js' -exec node {} \\;", 40],
    ['for f in test/*.test.js; do node "$f"; done', 10],
    ['for f in test/*.test.js\ndo\n  node "$f" || exit 1\ndone', 50],
  ])('`%s` with %i test files: src/a.ts and lib/b.js stay free', async (hook, count) => {
    await checkHookRow(place.next(), place.home, { hook, files: suite(count), asks: [], free: ['src/a.ts', 'lib/b.js'] });
  }, 120_000);
  it('control: the find -exec with 10 test files leaves src/a.ts free', async () => {
    await checkHookRow(place.next(), place.home, { hook: "find test -name '*.test.js' -exec node {} \\;", files: suite(10), asks: [], free: ['src/a.ts', 'lib/b.js'] });
  }, 120_000);
});

describe('R25-13: the members a loop runs are still read (what they load asks)', () => {
  it.each([
    'for f in test/*.test.js; do node "$f"; done',
    'for f in test/t0.test.js test/t1.test.js; do node "${f}"; done',
    'for f in test/*.js; do "$f"; done',
    'for f in test/*.test.js\ndo\n  node "$f" || exit 1\ndone',
  ])('`%s`: the loop\'s files and what they require ask', async (hook) => {
    await checkHookRow(place.next(), place.home, { hook, files: { ...suite(2), 'test/t0.test.js': 'require("../src/x.js");\n', 'src/x.js': '1\n' }, asks: ['test/t0.test.js', 'test/t9.test.js', 'src/x.js'].filter((file) => !(hook.includes('t1.test.js') && file === 'test/t9.test.js')), free: ['src/a.ts'] });
  }, 120_000);
  it('a loop variable the script also sets another way fails closed', async () => {
    await checkHookRow(place.next(), place.home, { hook: 'for f in test/*.test.js; do :; done\nf=$(cat list)\nnode "$f"', files: suite(2), asks: ['src/a.ts'], free: [] });
  }, 120_000);
  // The loop variable is static only where nothing else may set it: each of these makes every file ask.
  it.each([
    'for f in test/*.test.js; do f=tools/evil.js; node "$f"; done',
    'for f in test/*.test.js; do eval "f=tools/evil.js"; node "$f"; done',
    'for f in $(ls test); do :; done\nfor f in test/t0.test.js; do :; done\nnode "$f"',
    'for f; do node "$f"; done\nfor f in test/t0.test.js; do :; done',
    '. ./env.sh\nfor f in test/*.test.js; do node "$f"; done',
    'for t in eslint jest; do "$t"; done',
    'for d in test; do make -C "$d"; done\nfor d in a b; do cd "pkgs/$d" && node x.js; done',
  ])('`%s`: every file asks', async (hook) => {
    await checkHookRow(place.next(), place.home, { hook, files: suite(2), asks: ['src/a.ts'], free: [] });
  }, 120_000);
  it('a loop over words only known at run time still fails closed', async () => {
    await checkHookRow(place.next(), place.home, { hook: 'for f in $(ls test); do node "test/$f"; done', files: suite(2), asks: ['src/a.ts'], free: [] });
  }, 120_000);
});

// mends29: the "set another way" reading is the token reading of hook-fed-vars.ts (assignedNames, sourcesFile), no
// longer a regex over the script text. Where the two disagreed: the regex missed these sets (every file must ask) ...
describe('a loop variable set another way, where the old text regex missed it', () => {
  it.each([
    'for f in test/*.test.js; do f[0]=tools/evil.js; node "$f"; done',
    'for f in test/*.test.js; do printf -v "f" tools/evil.js; node "$f"; done',
    'for f in test/*.test.js; do eval "$(cat vars)"; node "$f"; done',
    'X=1 . ./env.sh\nfor f in test/*.test.js; do node "$f"; done',
  ])('`%s`: every file asks', async (hook) => {
    await checkHookRow(place.next(), place.home, { hook, files: suite(2), asks: ['src/a.ts'], free: [] });
  }, 120_000);
  // ... and read these as sets (a word printed, a comment, a child shell's or a substitution's own variable): friction.
  it.each([
    'for f in test/*.test.js; do echo "f=$f"; node "$f"; done',
    'for f in test/*.test.js; do echo read f; node "$f"; done',
    '# f=anything\nfor f in test/*.test.js; do node "$f"; done',
    'for f in test/*.test.js; do bash -c "f=1"; node "$f"; done',
  ])('`%s`: src/a.ts stays free, the loop\'s files ask', async (hook) => {
    await checkHookRow(place.next(), place.home, { hook, files: suite(2), asks: ['test/t0.test.js'], free: ['src/a.ts'] });
  }, 120_000);
});
