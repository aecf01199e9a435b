import { describe, expect, it } from 'vitest';
import { parseTestSummary, TestSummaryScanner } from '../../src/shell/test-summary.js';

describe('parseTestSummary', () => {
  it.each([
    ['vitest', ' Test Files  1 failed | 2 passed (3)\n      Tests  1 failed | 7 passed | 2 skipped (10)\n   Start at  10:00:00\n', { passed: 7, failed: 1, skipped: 2 }],
    ['vitest all passed, with colour codes', '\x1b[2m      Tests \x1b[22m \x1b[1m\x1b[32m44 passed\x1b[39m\x1b[22m\x1b[90m (44)\x1b[39m\n', { passed: 44, failed: 0 }],
    ['jest', 'Test Suites: 1 failed, 1 passed, 2 total\nTests:       1 failed, 2 skipped, 3 passed, 6 total\nSnapshots:   0 total\n', { passed: 3, failed: 1, skipped: 2 }],
    ['pytest', '....F\n=========== 1 failed, 4 passed, 1 skipped in 0.12s ===========\n', { passed: 4, failed: 1, skipped: 1 }],
    ['pytest -q', '.....\n5 passed in 0.03s\n', { passed: 5, failed: 0 }],
    ['pytest errors', '==== 2 passed, 1 error in 1.00s (0:00:01) ====\n', { passed: 2, failed: 1 }],
    ['cargo (summed over crates)', 'test result: ok. 3 passed; 0 failed; 1 ignored; 0 measured; 0 filtered out; finished in 0.00s\n\ntest result: FAILED. 2 passed; 1 failed; 0 ignored; 0 measured; 0 filtered out\n', { passed: 5, failed: 1, skipped: 1 }],
    ['maven (totals per module, not per class)', '[INFO] Tests run: 3, Failures: 0, Errors: 0, Skipped: 0, Time elapsed: 0.05 s - in a.ATest\n[INFO] \n[INFO] Results:\n[INFO] \n[ERROR] Tests run: 5, Failures: 1, Errors: 1, Skipped: 1\n[INFO] Tests run: 4, Failures: 0, Errors: 0, Skipped: 0\n', { passed: 6, failed: 2, skipped: 1 }],
    ['gradle', '> Task :test FAILED\n5 tests completed, 1 failed, 1 skipped\n', { passed: 3, failed: 1, skipped: 1 }],
    ['dotnet', 'Failed!  - Failed:     1, Passed:     4, Skipped:     0, Total:     5, Duration: 12 ms - A.dll (net8.0)\nPassed!  - Failed:     0, Passed:     2, Skipped:     1, Total:     3, Duration: 3 ms - B.dll (net8.0)\n', { passed: 6, failed: 1, skipped: 1 }],
    ['dotnet 9', 'Test summary: total: 5, failed: 1, succeeded: 4, skipped: 0, duration: 1.2s\n', { passed: 4, failed: 1, skipped: 0 }],
    ['node --test (TAP)', 'TAP version 13\n# tests 3\n# suites 0\n# pass 2\n# fail 1\n# cancelled 0\n# skipped 0\n# todo 0\n', { passed: 2, failed: 1, skipped: 0 }],
    ['node --test (spec)', 'ℹ tests 3\nℹ pass 3\nℹ fail 0\nℹ skipped 0\n', { passed: 3, failed: 0, skipped: 0 }],
    ['mocha', '\n  3 passing (12ms)\n  1 failing\n  2 pending\n', { passed: 3, failed: 1, skipped: 2 }],
    ['bun test', ' 3 pass\n 1 fail\n 0 skip\n 5 expect() calls\nRan 4 tests across 1 file.\n', { passed: 3, failed: 1, skipped: 0 }],
    ['go -v (tests)', '=== RUN   TestA\n--- PASS: TestA (0.00s)\n=== RUN   TestB\n    --- PASS: TestB/sub (0.00s)\n--- FAIL: TestB (0.00s)\nFAIL\nFAIL\texample.com/x\t0.01s\n', { passed: 1, failed: 1 }],
    ['go (packages)', '--- FAIL: TestB (0.00s)\nFAIL\nFAIL\texample.com/x\t0.01s\nok  \texample.com/y\t0.02s\nok  \texample.com/z\t(cached)\n?   \texample.com/w\t[no test files]\n', { passed: 2, failed: 1, unit: 'packages' }],
    ['generic', 'running...\n2 passed, 1 failed\n', { passed: 2, failed: 1 }],
  ])('%s', (_name, output, expected) => {
    expect(parseTestSummary(output)).toEqual(expected);
  });

  it('nothing recognisable → undefined', () => {
    expect(parseTestSummary('hello\nworld\n')).toBeUndefined();
    expect(parseTestSummary('')).toBeUndefined();
  });

  it('streams: lines split across chunks, stdout and stderr apart, overlong lines skipped', () => {
    const scanner = new TestSummaryScanner();
    scanner.feed(Buffer.from('x'.repeat(10_000)), 'stdout');
    scanner.feed(Buffer.from(' 3 passed\nTests:  1 fa'), 'stdout');
    scanner.feed(Buffer.from('noise\n'), 'stderr');
    scanner.feed(Buffer.from('iled, 2 passed, 3 total\r\n'), 'stdout');
    expect(scanner.finish()).toEqual({ passed: 2, failed: 1 });
  });
});
