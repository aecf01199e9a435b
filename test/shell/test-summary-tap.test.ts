import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { dropNoise, findFailures, formatFailures } from '../../src/shell/test-summary-report.js';
import { parseTestSummary } from '../../src/shell/test-summary.js';

// A real run of qs 6.11.0's 484 tape tests with a planted bug (arrayLimit 20 → 2): 27 k characters, 4 failing.
const TAPE = readFileSync(new URL('../fixtures/tap/tape-qs-4-failing.tap', import.meta.url), 'utf8');

// node-tap 16 and ava --tap shapes: the assertion in the `not ok` line, wanted/found or message/values.
const NODE_TAP = [
  'TAP version 13',
  '# Subtest: test/math.js',
  '    # Subtest: adds',
  '        ok 1 - should be equal',
  '        not ok 2 - should be equal',
  '          ---',
  '          compare: ===',
  '          at:',
  '            line: 7',
  '            column: 5',
  '            file: test/math.js',
  '          stack: |',
  '            Test.<anonymous> (test/math.js:7:5)',
  '          source: |',
  '            t.equal(add(1, 1), 3)',
  '          wanted: 3',
  '          found: 2',
  '          ...',
  '        1..2',
  '    not ok 1 - adds # time=12ms',
  '# todo: later',
  'not ok 3 - a todo test # TODO not yet',
  '1..3',
].join('\n');

describe('TAP from any producer (issue 29: tape wrote `not ok 66 should be deeply equivalent` and was not read)', () => {
  it('tape: each failing assertion under its test\'s name, with operator, expected, actual and the test\'s own line', () => {
    const failures = findFailures(TAPE);
    expect(failures.map((failure) => failure.name)).toEqual([
      'limits specific array indices to arrayLimit › should be deeply equivalent (parse.js:144)',
      'parses sparse arrays › should be deeply equivalent (parse.js:277)',
      'parses sparse arrays › should be deeply equivalent (parse.js:279)',
      'parses sparse arrays › should be deeply equivalent (parse.js:280)',
    ]);
    expect(failures[0]!.message).toBe("operator: deepEqual\nexpected: { a: [ 'a' ] }\nactual: { a: { 20: 'a' } }");
    expect(parseTestSummary(TAPE)).toEqual({ passed: 480, failed: 4 });
  });

  it('node-tap: wanted/found and the nested location; a TODO is not a failure', () => {
    const failures = findFailures(NODE_TAP);
    expect(failures[0]).toEqual({ name: 'adds › should be equal (test/math.js:7)', message: 'operator: ===\nwanted: 3\nfound: 2' });
    expect(failures.map((failure) => failure.name).join('\n')).not.toContain('todo');
  });

  it('what a reader is shown of a failing tape run: no passing line, no tape frame, no header without a failure', () => {
    const { text, dropped } = dropNoise(TAPE);
    expect(text).not.toMatch(/^ok \d+/m);
    expect(text).not.toMatch(/node_modules[/\\]tape/);
    expect(text).not.toContain('# parses a simple string');
    expect(text).toContain('# limits specific array indices to arrayLimit\nnot ok 68 should be deeply equivalent');
    expect(text).toContain('at Test.<anonymous> (/home/dev/qs/test/parse.js:144:12)');
    expect(text).toContain('# fail  4');
    expect(dropped).toBeGreaterThan(600);
    // 27 k characters of output become under 2 k; the report itself is a few hundred.
    expect(TAPE.length).toBeGreaterThan(25_000);
    expect(text.length).toBeLessThan(2_000);
    expect(formatFailures(findFailures(TAPE)).length).toBeLessThan(1_000);
  });

  it('a passing tape run shows the counts, not 484 `ok` lines', () => {
    const passing = TAPE.replace(/^not ok/gm, 'ok').replace(/^# pass {2}480\n# fail {2}4$/m, '# pass  484');
    const { text } = dropNoise(passing.replace(/^ {2}---[\s\S]*?^ {2}\.\.\.$/gm, ''));
    expect(text).not.toMatch(/^ok \d+/m);
    expect(text.length).toBeLessThan(200);
    expect(parseTestSummary(passing)).toEqual({ passed: 484, failed: 0 });
  });

  it('a runner we do not know: long runs of alike success lines collapse, failure-looking lines never do', () => {
    const lines = Array.from({ length: 40 }, (_, index) => `checked case ${index} fine`);
    const output = [...lines, 'case 41 FAILED: expected 1, got 2', ...lines].join('\n');
    const { text } = dropNoise(output);
    expect(text).toContain('case 41 FAILED: expected 1, got 2');
    expect(text).toContain('… 38 similar lines');
    expect(text.split('\n').length).toBeLessThan(10);
    const failing = Array.from({ length: 10 }, (_, index) => `error in case ${index}`).join('\n');
    expect(dropNoise(failing).text).toBe(failing);
  });
});
