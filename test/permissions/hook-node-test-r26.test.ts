// Red team round 26 (hook walk: which files a pre-commit hook runs): node's built-in test runner. `node --test`
// with no operand runs every file matching node's default test patterns (`**/*.test.?(c|m)js`, `test/**/*.js` ...),
// and with a folder operand (`node --test test/`) every test file under it (node 20: checked here, `node --test test/`
// and `node --test` both ran test/z.test.js). A pre-commit hook running it obeys those files, yet:
// - R26-12: with test/t1.test.js present, writing test/t1.test.js (and a new test/z.test.js) under --yes is not
//   asked about for `node --test`, `node --test test/`, `node --test test`, `node --test --test-reporter=spec`,
//   `node --experimental-test-coverage --test`, `node --test "test/**/*.test.js"` (node 21+ glob operand), `npx tsx --test`
//   (tsx's docs: `tsx --test` runs node's test runner with tsx's loader).
// Controls (held): `node --test test/t1.test.js`, `node test/t1.test.js`.
import { describe, it } from 'vitest';
import { checkHookRow, rowPlace } from './hook-check.js';

const place = rowPlace('rt26-nodetest-');
const asks = (hook: string, files: readonly string[]): Promise<void> =>
  checkHookRow(place.next(), place.home, { hook, files: { 'test/t1.test.js': '1;\n', 'package.json': '{"name":"p"}' }, asks: files, free: [] });

describe('R26-12: a hook running node --test obeys no test file', () => {
  it.each(['node --test', 'node --test test/', 'node --test test', 'node --test --test-reporter=spec', 'node --experimental-test-coverage --test', 'node --test "test/**/*.test.js"', 'npx tsx --test'])('hook `%s`: writing test/t1.test.js and test/z.test.js asks', async (hook) => {
    await asks(hook, ['test/t1.test.js', 'test/z.test.js']);
  }, 120_000);
});

describe('controls (held)', () => {
  it.each(['node --test test/t1.test.js', 'node test/t1.test.js'])('hook `%s`: writing test/t1.test.js asks', async (hook) => {
    await asks(hook, ['test/t1.test.js']);
  }, 120_000);
});

describe('fixed (hook-fed-node-test.ts): what the runner does not run stays free', () => {
  it.each(['node --test', 'node --test test/', 'node --test --test-reporter spec test/t1.test.js'])('hook `%s`: src/a.ts and docs/x.md stay free', async (hook) => {
    await checkHookRow(place.next(), place.home, { hook, files: { 'test/t1.test.js': '1;\n', 'package.json': '{"name":"p"}' }, asks: ['test/t1.test.js'], free: ['src/a.ts', 'docs/x.md'] });
  }, 120_000);
});
