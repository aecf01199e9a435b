// Red team round 26, R26-12 (hook walk: node's built-in test runner). `node --test` with no operand runs every file
// matching node's default test patterns, and with a folder or glob operand every test file under it; rt26 expected a
// pre-commit hook running it to obey those test files. DECIDED otherwise (stop 52): the tests a runner discovers
// itself are the project's ordinary sources, as vitest's/jest's/pytest's are (obeyed-hooks-monorepo.test.ts "the
// ordinary case stays free"); obeying them would make every file they import ask. A FILE named on the line runs as
// `node FILE` does and is obeyed (hook-fed-node-test.ts); before this, `node --test --test-reporter spec x.test.js`
// read `spec` as the script and left x.test.js free.
import { describe, it } from 'vitest';
import { checkHookRow, rowPlace } from './hook-check.js';

const place = rowPlace('rt26-nodetest-');
const FILES = { 'test/t1.test.js': '1;\n', 'package.json': '{"name":"p"}' };

describe('R26-12: node --test in a hook', () => {
  it.each(['node --test test/t1.test.js', 'node --test --test-reporter spec test/t1.test.js', 'node --test --test-concurrency=2 -- test/t1.test.js', 'node test/t1.test.js'])('hook `%s`: the file it names asks, sources stay free', async (hook) => {
    await checkHookRow(place.next(), place.home, { hook, files: FILES, asks: ['test/t1.test.js'], free: ['src/a.ts', 'docs/x.md'] });
  }, 120_000);
  it.each(['node --test', 'node --test test/', 'node --test "test/**/*.test.js"'])('hook `%s`: discovered tests are ordinary sources (free), as with vitest', async (hook) => {
    await checkHookRow(place.next(), place.home, { hook, files: FILES, asks: [], free: ['test/t1.test.js', 'test/z.test.js', 'src/a.ts'] });
  }, 120_000);
  it('a test file only known at run time makes the walk unmodeled (every file asks)', async () => {
    await checkHookRow(place.next(), place.home, { hook: 'node --test "$(cat list)"', files: FILES, asks: ['src/a.ts'], free: [] });
  }, 120_000);
});
