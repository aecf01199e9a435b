import { describe, expect, it } from 'vitest';
import { dropNoise, findFailures, formatFailures } from '../../src/shell/test-summary-report.js';

// Captured from real runs (vitest 4 with NO_COLOR, pytest -q, node 20 --test piped, go test, jest 29).
const VITEST = "\n RUN  v4.1.12 /tmp/vt\n\n \u276f x.test.mjs (2 tests | 1 failed) 8ms\n     \u00d7 splits on commas 6ms\n     \u2713 ok 0ms\n\n\u23af\u23af\u23af\u23af\u23af\u23af\u23af Failed Tests 1 \u23af\u23af\u23af\u23af\u23af\u23af\u23af\n\n FAIL  x.test.mjs > parse > splits on commas\nAssertionError: expected [ 'a,b' ] to deeply equal [ 'a', 'b' ]\n\n- Expected\n+ Received\n\n  [\n-   \"a\",\n-   \"b\",\n+   \"a,b\",\n  ]\n\n \u276f x.test.mjs:2:83\n      1| import { describe, it, expect } from 'vitest';\n      2| describe('parse', () => { it('splits on commas', () => { expect('a,b'.\u2026\n       |                                                                                   ^\n      3|\n\n\u23af\u23af\u23af\u23af\u23af\u23af\u23af\u23af\u23af\u23af\u23af\u23af\u23af\u23af\u23af\u23af\u23af\u23af\u23af\u23af\u23af\u23af\u23af\u23af[1/1]\u23af\n\n\n Test Files  1 failed (1)\n      Tests  1 failed | 1 passed (2)\n   Start at  16:26:32\n   Duration  660ms (transform 23ms, setup 0ms, import 33ms, tests 8ms, environment 0ms)\n\n";
const PYTEST = ".F                                                                       [100%]\n=================================== FAILURES ===================================\n___________________________________ test_bad ___________________________________\n\n    def test_bad():\n>       assert 1 == 2, \"one is not two\"\nE       AssertionError: one is not two\nE       assert 1 == 2\n\ntest_p.py:5: AssertionError\n=========================== short test summary info ============================\nFAILED test_p.py::test_bad - AssertionError: one is not two\n1 failed, 1 passed in 2.01s\n";
const NODE_TAP = [
  'TAP version 13',
  '# Subtest: splits on commas',
  'not ok 1 - splits on commas',
  '  ---',
  '  duration_ms: 18.003286',
  "  location: '/tmp/nt/parse.test.js:3:1'",
  "  failureType: 'testCodeFailure'",
  '  error: |-',
  '    Expected values to be strictly equal:',
  '    ',
  "    'a' !== 'a '",
  '    ',
  "  code: 'ERR_ASSERTION'",
  '  stack: |-',
  '    TestContext.<anonymous> (file:///tmp/nt/parse.test.js:3:41)',
  '    Test.runInAsyncScope (node:async_hooks:206:9)',
  '    Test.run (node:internal/test_runner/test:796:25)',
  '    node:internal/test_runner/harness:255:12',
  '  ...',
  '# Subtest: ok one',
  'ok 2 - ok one',
  '  ---',
  '  duration_ms: 0.135831',
  '  ...',
  '1..2',
  '# tests 2',
  '# pass 1',
  '# fail 1',
  '# duration_ms 267.08',
].join('\n');
const GO = '=== RUN   TestParse\n    parse_test.go:9: got [a,b], want [a b]\n--- FAIL: TestParse (0.00s)\n    parse_test.go:9: got [a,b], want [a b]\nFAIL\nFAIL\texample.com/p\t0.002s\n';
const JEST = '  ● parse › splits on commas\n\n    expect(received).toEqual(expected) // deep equality\n\n    - Expected  - 1\n\n      at Object.<anonymous> (parse.test.js:3:30)\n\nTests:       1 failed, 1 passed, 2 total\n';
// mocha 12's spec reporter (recorded): a test outside any suite, and one two suites deep.
const MOCHA = "\n\n  1) top fails\n  outer\n    inner\n      ✔ passes one\n      2) deep fails\n\n\n  1 passing (28ms)\n  2 failing\n\n  1) top fails:\n     Error: boom\n      at Context.<anonymous> (nested.test.js:8:31)\n      at process.processImmediate (node:internal/timers:483:21)\n\n  2) outer\n       inner\n         deep fails:\n\n      AssertionError [ERR_ASSERTION]: Expected values to be strictly deep-equal:\n+ actual - expected\n\n  {\n+   a: 1\n-   a: 2\n  }\n      + expected - actual\n\n       {\n      -  \"a\": 1\n      +  \"a\": 2\n       }\n      \n      at Context.<anonymous> (nested.test.js:5:37)\n      at process.processImmediate (node:internal/timers:483:21)\n\n\n\n";

describe('failing tests named with their assertion messages (issue 17 point 3)', () => {
  it('node --test (TAP): name, file:line and the assertion, never the timing line', () => {
    const failures = findFailures(NODE_TAP);
    expect(failures).toEqual([{ name: 'splits on commas (parse.test.js:3)', message: "Expected values to be strictly equal:\n\n'a' !== 'a '" }]);
  });

  it('vitest, pytest, go and jest, each failure with the test\'s own file:line', () => {
    // The assertion and, past the blank line, its diff (issue 29: the expected/actual were cut at the blank line).
    expect(findFailures(VITEST)).toEqual([{ name: 'x.test.mjs > parse > splits on commas (x.test.mjs:2:83)', message: "AssertionError: expected [ 'a,b' ] to deeply equal [ 'a', 'b' ]\n\n- Expected\n+ Received\n\n[\n-   \"a\",\n-   \"b\",\n+   \"a,b\",\n]" }]);
    // The test's own `>` and `E` lines (pytest cuts its one-line summary to the terminal's width).
    expect(findFailures(PYTEST)).toEqual([{ name: 'test_p.py::test_bad (test_p.py:5)', message: '>       assert 1 == 2, "one is not two"\nE       AssertionError: one is not two\nE       assert 1 == 2' }]);
    // Without the details section (-rN or --tb=no), the summary line's message.
    expect(findFailures('FAILED test_p.py::test_bad - AssertionError: one\n1 failed in 0.1s\n')).toEqual([{ name: 'test_p.py::test_bad', message: 'AssertionError: one' }]);
    expect(findFailures(GO)).toEqual([{ name: 'TestParse (parse_test.go:9)', message: 'parse_test.go:9: got [a,b], want [a b]' }]);
    expect(findFailures(JEST)).toEqual([{ name: 'parse › splits on commas (parse.test.js:3:30)', message: 'expect(received).toEqual(expected) // deep equality\n\n- Expected  - 1' }]);
  });

  // Real go 1.19 output: with -v a test's log lines come before its `--- FAIL:` (after its `=== RUN`/`=== CONT`),
  // without -v they follow it, indented; a parent whose subtest failed fails with no message of its own.
  it('go test with and without -v: each failing (sub)test with its own log line and location', () => {
    const verbose = ['=== RUN   TestTable', '=== RUN   TestTable/double', '=== PAUSE TestTable/double', '=== RUN   TestTable/double#01', '=== PAUSE TestTable/double#01', '=== CONT  TestTable/double', '=== CONT  TestTable/double#01', '    sub_test.go:11: double(2) = 4, want 5', '--- FAIL: TestTable (0.00s)', '    --- PASS: TestTable/double (0.00s)', '    --- FAIL: TestTable/double#01 (0.00s)', '=== RUN   TestOk', '    sub_test.go:17: fine', '--- PASS: TestOk (0.00s)', 'FAIL', 'FAIL\texample.com/sub\t0.002s', 'FAIL', ''].join('\n');
    const plain = ['--- FAIL: TestTable (0.00s)', '    --- FAIL: TestTable/double#01 (0.00s)', '        sub_test.go:11: double(2) = 4, want 5', 'FAIL', 'FAIL\texample.com/sub\t0.002s', 'FAIL', ''].join('\n');
    const expected = [
      { name: 'TestTable', message: '' },
      { name: 'TestTable/double#01 (sub_test.go:11)', message: 'sub_test.go:11: double(2) = 4, want 5' },
    ];
    expect(findFailures(verbose)).toEqual(expected);
    expect(findFailures(plain)).toEqual(expected);
  });

  it("mocha: the details after `N failing`, the title's lines joined, never the tree's passing lines (issue 29)", () => {
    expect(findFailures(MOCHA)).toEqual([
      { name: 'top fails (nested.test.js:8:31)', message: 'Error: boom' },
      { name: 'outer › inner › deep fails (nested.test.js:5:37)', message: 'AssertionError [ERR_ASSERTION]: Expected values to be strictly deep-equal:\n+ actual - expected\n\n{\n+   a: 1\n-   a: 2\n}\n+ expected - actual\n\n{' },
    ]);
  });

  it('colour codes do not hide a failure; output without failures finds none', () => {
    expect(findFailures('\x1b[41m\x1b[1m FAIL \x1b[22m\x1b[49m a.test.ts\x1b[2m > \x1b[22mx\nError: boom\n')).toEqual([{ name: 'a.test.ts > x', message: 'Error: boom' }]);
    expect(findFailures('all good\n3 passed\n')).toEqual([]);
  });

  it('drops node:internal frames, timing lines, passing tests\' lines and blocks, and counts them', () => {
    const { text, dropped } = dropNoise(NODE_TAP);
    expect(text).not.toMatch(/node:internal|node:async_hooks|duration_ms|# Subtest/);
    expect(text).toContain('TestContext.<anonymous> (file:///tmp/nt/parse.test.js:3:41)');
    expect(text).not.toContain('ok 2 - ok one');
    expect(text).toContain('  ...\n1..2\n# tests 2');
    expect(dropped).toBe(13);
  });

  it('lists at most 8 failures and says how many more', () => {
    const many = Array.from({ length: 11 }, (_, index) => `FAILED t.py::test_${index} - assert 0`).join('\n');
    const report = formatFailures(findFailures(many));
    expect(report.split('\n').filter((line) => line.startsWith('  ✗'))).toHaveLength(8);
    expect(report).toContain('… and 3 more failing');
  });

  it('long lines written by the tests\' author cost bounded work (patterns run on the first 2,000 characters only)', () => {
    const spaces = ' '.repeat(200_000);
    const output = `not ok 1 - ${spaces}x\n  at node:internal/x${spaces}x\n${'# Subtest: '.repeat(50_000)}\n`;
    expect(findFailures(output)).toHaveLength(1);
    expect(dropNoise(output).dropped).toBe(0);
  });
});
