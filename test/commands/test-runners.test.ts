import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { removeDir, REPO_ROOT, runCli, tempDir, writeFiles } from '../helpers/fixture.js';
import { linkRepoModules } from '../helpers/link-modules.js';
import { NO_JAIL } from '../helpers/unconfined-runs.js';

// Each runner's summary through the real binary on a tiny real project: two passing tests and one
// failing. The failing test's name, its own file:line and its expected/actual come first (under the
// counts), and no passing test is named anywhere in what the model reads; then the failing test is
// fixed and the passing run says its counts and names no test (not even the one called "fails gamma").
// tape, mocha and jest are devDependencies (issue 29), so their rows always run; go is installed by
// .ci/run (Debian's golang-go) and its row skips, with the reason in its title, only where go is absent.

const folders: string[] = [];
afterEach(async () => {
  for (const folder of folders.splice(0)) await removeDir(folder);
});

const onPath = (tool: string): boolean => spawnSync('sh', ['-c', `command -v ${tool}`], { stdio: 'ignore' }).status === 0;
const inModules = (name: string): boolean => existsSync(join(REPO_ROOT, 'node_modules', name, 'package.json'));
const title = (runner: string, available: boolean, reason: string): string => (available ? `${runner}: the failure first, passing lines dropped` : `${runner}: skipped, ${reason}`);

interface Expected {
  // The failing test's line in the report: its name and location.
  failing: RegExp;
  // Text of the expected and actual values (or the assertion that names both).
  values: readonly string[];
  // The failing test's file and the change that makes it pass.
  fix: readonly [file: string, from: string, to: string];
}

async function check(files: Record<string, string>, expected: Expected, linkModules = false, status = 1): Promise<void> {
  const root = await tempDir('codeward-runner-');
  folders.push(root);
  await writeFiles(root, files);
  if (linkModules) await linkRepoModules(root);
  // Linked modules point into this repository, which CI checks out under /tmp: a jailed `--sandbox off` run has a
  // private /tmp (sandbox/view-whole-root.ts, red team R35-2) and would not see them; these rows test the runners'
  // reports, so they run where no jail runs.
  const place = linkModules ? { env: NO_JAIL } : {};
  const run = runCli(['-C', root, '--sandbox', 'off', 'test'], place);
  // The runner's own exit status is passed through (cargo test exits 101).
  expect(run.status, run.stderr).toBe(status);
  expect(run.stderr).toMatch(/^error C253: exit code \d+: 2 passed, 1 failed/);
  const lines = run.stdout.split('\n');
  // `$ command`, the counts, then the failing tests: the failing one is the first test named.
  expect(lines[0]).toMatch(/^\$ /);
  expect(lines[1]).toMatch(/^2 passed, 1 failed\b/);
  expect(lines[2]).toBe('failing tests:');
  expect(lines[3]).toMatch(expected.failing);
  const block = lines.slice(3, lines.findIndex((line) => line.startsWith('--- output'))).join('\n');
  for (const value of expected.values) expect(block).toContain(value);
  // Passing tests are counted, never listed.
  expect(run.stdout).not.toMatch(/passes_alpha|passes_beta|passes alpha|passes beta/);
  const [file, from, to] = expected.fix;
  const source = await readFile(join(root, file), 'utf8');
  expect(source).toContain(from);
  await writeFile(join(root, file), source.replace(from, to));
  const passing = runCli(['-C', root, '--sandbox', 'off', 'test'], place);
  expect(passing.status, passing.stderr).toBe(0);
  expect(passing.stdout).toMatch(/^\[exit 0\] — 3 passed, 0 failed\b/m);
  expect(passing.stdout).not.toMatch(/passes_alpha|passes_beta|passes alpha|passes beta|fails_gamma|fails gamma|FailsGamma/);
}

const NODE_TEST = [
  "import { test } from 'node:test';",
  "import assert from 'node:assert/strict';",
  "test('passes alpha', () => { assert.equal(1 + 1, 2); });",
  "test('passes beta', () => { assert.equal(2 + 2, 4); });",
  "test('fails gamma', () => { assert.equal(2 * 3, 7); });",
  '',
].join('\n');

// The failing test on line 3 and the passing ones further down, out of the source lines vitest and
// jest quote around a failure (those quote code, they do not report passing tests).
const JS_SUITE = (imports: string): string =>
  [
    imports,
    "describe('calc', () => {",
    "  it('fails gamma', () => { expect(2 * 3).toBe(7); });",
    '',
    '',
    '',
    "  it('passes alpha', () => { expect(1 + 1).toBe(2); });",
    "  it('passes beta', () => { expect(2 + 2).toBe(4); });",
    '});',
    '',
  ].join('\n');

const JS_FIX = ['calc.test.js', 'toBe(7)', 'toBe(6)'] as const;

describe('per-runner test summaries through the binary (issue 29)', () => {
  it(title('node --test', true, ''), async () => {
    await check({ 'package.json': '{ "type": "module", "scripts": { "test": "node --test" } }\n', 'package-lock.json': '{}', 'calc.test.js': NODE_TEST }, { failing: /^ {2}✗ fails gamma \(calc\.test\.js:5\)$/, values: ['6 !== 7'], fix: ['calc.test.js', '2 * 3, 7', '2 * 3, 6'] });
  });

  it(title('vitest', inModules('vitest'), 'vitest is not in node_modules'), async (context) => {
    if (!inModules('vitest')) return context.skip();
    const files = { 'package.json': '{ "type": "module", "scripts": { "test": "vitest run" } }\n', 'package-lock.json': '{}', 'calc.test.js': JS_SUITE("import { describe, expect, it } from 'vitest';") };
    await check(files, { failing: /^ {2}✗ calc\.test\.js > calc > fails gamma \(calc\.test\.js:3:\d+\)$/, values: ['expected 6 to be 7'], fix: JS_FIX }, true);
  });

  it('jest: the failure first, passing lines dropped', async () => {
    const files = { 'package.json': '{ "scripts": { "test": "jest" } }\n', 'package-lock.json': '{}', 'calc.test.js': JS_SUITE('') };
    await check(files, { failing: /^ {2}✗ calc › fails gamma \(calc\.test\.js:3:\d+\)$/, values: ['Expected: 7', 'Received: 6'], fix: JS_FIX }, true);
  });

  it('mocha: the failure first, passing lines dropped', async () => {
    const suite = JS_SUITE("const assert = require('node:assert');").replace(/expect\((.+?)\)\.toBe\((\d+)\)/g, 'assert.strictEqual($1, $2)');
    const files = { 'package.json': '{ "scripts": { "test": "mocha calc.test.js" } }\n', 'package-lock.json': '{}', 'calc.test.js': suite };
    await check(files, { failing: /^ {2}✗ calc › fails gamma \(calc\.test\.js:3:\d+\)$/, values: ['6 !== 7', '-6', '+7'], fix: ['calc.test.js', '2 * 3, 7', '2 * 3, 6'] }, true);
  });

  it('tape: the failure first, passing lines dropped', async () => {
    const tape = [
      "const test = require('tape');",
      "test('passes alpha', (t) => { t.equal(1 + 1, 2); t.end(); });",
      "test('passes beta', (t) => { t.equal(2 + 2, 4); t.end(); });",
      "test('fails gamma', (t) => { t.deepEqual([2 * 3], [7]); t.end(); });",
      '',
    ].join('\n');
    const files = { 'package.json': '{ "scripts": { "test": "tape test/*.js" } }\n', 'package-lock.json': '{}', 'test/calc.js': tape };
    await check(files, { failing: /^ {2}✗ fails gamma › should be deeply equivalent \(test\/calc\.js:4\)$/, values: ['operator: deepEqual', 'expected: [ 7 ]', 'actual: [ 6 ]'], fix: ['test/calc.js', '[7]', '[6]'] }, true);
  });

  it(title('pytest', onPath('pytest'), 'pytest is not on PATH'), async (context) => {
    if (!onPath('pytest')) return context.skip();
    const py = ['def test_passes_alpha():', '    assert 1 + 1 == 2', '', 'def test_passes_beta():', '    assert 2 + 2 == 4', '', 'def test_fails_gamma():', '    got = 2 * 3', '    assert got == 7', ''].join('\n');
    await check({ 'conftest.py': '', 'test_calc.py': py }, { failing: /^ {2}✗ test_calc\.py::test_fails_gamma \(test_calc\.py:9\)$/, values: ['E       assert 6 == 7'], fix: ['test_calc.py', 'got == 7', 'got == 6'] });
  });

  // go test -v: the counts are of tests (without -v go names no passing test: "0 passed, 1 failed (packages)").
  it(title('go test', onPath('go'), 'go is not on PATH on this machine (.ci/run installs golang-go where it can)'), async (context) => {
    if (!onPath('go')) return context.skip();
    const go = [
      'package calc',
      'import "testing"',
      'func TestPassesAlpha(t *testing.T) { if 1+1 != 2 { t.Fatal("no") } }',
      'func TestPassesBeta(t *testing.T) { if 2+2 != 4 { t.Fatal("no") } }',
      'func TestFailsGamma(t *testing.T) { if got := 2 * 3; got != 7 { t.Fatalf("got %d, want %d", got, 7) } }',
      '',
    ].join('\n');
    await check({ 'go.mod': 'module example.com/calc\n\ngo 1.19\n', 'calc_test.go': go }, { failing: /^ {2}✗ TestFailsGamma \(calc_test\.go:5\)$/, values: ['calc_test.go:5: got 6, want 7'], fix: ['calc_test.go', 'got != 7', 'got != 6'] });
  });

  it(title('cargo test', onPath('cargo'), 'cargo is not on PATH'), async (context) => {
    if (!onPath('cargo')) return context.skip();
    const rust = [
      '#[cfg(test)]',
      'mod tests {',
      '    #[test]',
      '    fn passes_alpha() { assert_eq!(1 + 1, 2); }',
      '    #[test]',
      '    fn passes_beta() { assert_eq!(2 + 2, 4); }',
      '    #[test]',
      '    fn fails_gamma() { assert_eq!(2 * 3, 7); }',
      '}',
      '',
    ].join('\n');
    const files = { 'Cargo.toml': '[package]\nname = "calc"\nversion = "0.1.0"\nedition = "2021"\n', 'src/lib.rs': rust };
    await check(files, { failing: /^ {2}✗ tests::fails_gamma \(src\/lib\.rs:8:\d+\)$/, values: ['left: 6', 'right: 7'], fix: ['src/lib.rs', 'assert_eq!(2 * 3, 7)', 'assert_eq!(2 * 3, 6)'] }, false, 101);
  }, 120_000);
});
