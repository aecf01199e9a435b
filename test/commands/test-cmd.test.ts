import { spawnSync } from 'node:child_process';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Engine } from '../../src/index.js';
import { testCommand } from '../../src/commands/test.js';
import { format, type TestData } from '../../src/commands/test-run.js';
import { engineFor, removeDir, runCli, tempDir, writeFiles } from '../helpers/fixture.js';

let root: string;
let engine: Engine;
beforeEach(async () => {
  root = await tempDir();
  engine = await engineFor(root);
});
afterEach(async () => removeDir(root));

const test = (args: Record<string, unknown> = {}) => engine.run({ cmd: 'test', args });

// A node project whose `npm test` runs node's own test runner on a real test file: 2 pass, 1 fails.
const NODE_PROJECT = {
  'package.json': JSON.stringify({ name: 'tiny', version: '1.0.0', private: true, scripts: { test: 'node --test' } }),
  'math.test.mjs': [
    "import test from 'node:test';",
    "import assert from 'node:assert';",
    "test('adds', () => assert.strictEqual(1 + 1, 2));",
    "test('multiplies', () => assert.strictEqual(2 * 3, 6));",
    "test('divides', () => assert.strictEqual(1 / 2, 1));",
  ].join('\n'),
};

const hasPytest = spawnSync('pytest', ['--version'], { stdio: 'ignore' }).status === 0;

describe('test', () => {
  it('nothing detected → C252 saying how to pass --cmd', async () => {
    await writeFiles(root, { 'README.md': 'hi' });
    expect(await test()).toMatchObject({
      ok: false,
      error: { code: 'C252', message: 'no test framework detected in .; pass --cmd "..." to say how to run the tests' },
    });
  });

  it('runs npm test on a real node --test project: exit code, C253 and the parsed summary', async () => {
    await writeFiles(root, NODE_PROJECT);
    const envelope = await test();
    expect(envelope).toMatchObject({
      ok: false,
      error: { code: 'C253' },
      data: { runner: 'npm', command: 'npm test', exitCode: 1, timedOut: false, summary: { passed: 2, failed: 1 } },
    });
    expect((envelope as { data: { stdout: string } }).data.stdout).toContain('divides');
  });

  // Newcomer N9: every test passes, then the project's posttest fails (object-inspect's `npx aud` offline):
  // the headline says the failure came after the tests, with the output's last line.
  it('a posttest that fails after every test passed is named as such, not as failing tests', async () => {
    await writeFiles(root, {
      ...NODE_PROJECT,
      'package.json': JSON.stringify({ name: 'tiny', version: '1.0.0', private: true, scripts: { test: 'node --test ok.test.mjs', posttest: 'node -e "console.error(\'audit: network unreachable\'); process.exit(3)"' } }),
      'ok.test.mjs': "import test from 'node:test';\nimport assert from 'node:assert';\ntest('adds', () => assert.strictEqual(1 + 1, 2));\n",
    });
    const envelope = await test();
    expect(envelope).toMatchObject({ ok: false, error: { code: 'C253' }, data: { summary: { passed: 1, failed: 0 } } });
    const message = (envelope as { error: { message: string } }).error.message;
    expect(message).toMatch(/^exit code \d+ after every test passed \(1 passed, 0 failed/);
    expect(message).toContain('the command failed after the tests ran');
    expect(message).toContain('audit: network unreachable');
    const text = format((envelope as unknown as { data: TestData }).data);
    expect(text).toContain('every test passed; the command failed after the tests ran');
  });

  it('--pattern selects tests by name (node --test-name-pattern among node\'s options)', async () => {
    await writeFiles(root, NODE_PROJECT);
    const envelope = await test({ pattern: 'adds|multiplies' });
    expect(envelope).toMatchObject({
      ok: true,
      data: { command: "node --test '--test-name-pattern=adds|multiplies'", exitCode: 0, summary: { passed: 2, failed: 0 } },
    });
  });

  // Issue 19: `"test": "node --test test/"` ran `npm test -- '--test-name-pattern=add'`, which node read as
  // a file after test/ ("Could not find '<workspace>/--test-name-pattern=add'").
  const FOLDER_PROJECT = {
    'package.json': JSON.stringify({ name: 'tiny', version: '1.0.0', private: true, scripts: { test: 'node --test test/' } }),
    'test/math.test.mjs': NODE_PROJECT['math.test.mjs'],
    'test/other.test.mjs': "import test from 'node:test';\ntest('other adds too', () => {});\n",
  };

  it('"node --test test/": the name pattern goes before the folder and selects by name', async () => {
    await writeFiles(root, FOLDER_PROJECT);
    expect(await test({ pattern: 'adds' })).toMatchObject({
      ok: true,
      data: { command: "node --test '--test-name-pattern=adds' test/", exitCode: 0, summary: { passed: 2, failed: 0 } },
    });
  });

  it('"node --test test/": a file path as pattern runs that file only', async () => {
    await writeFiles(root, FOLDER_PROJECT);
    expect(await test({ pattern: 'test/other.test.mjs' })).toMatchObject({
      ok: true,
      data: { command: "node --test 'test/other.test.mjs'", exitCode: 0, summary: { passed: 1, failed: 0 } },
    });
  });

  it('a node script with a pretest step keeps npm test and says the pattern was not passed', async () => {
    const pkg = { name: 'tiny', version: '1.0.0', private: true, scripts: { pretest: 'node -e 0', test: 'node --test test/' } };
    await writeFiles(root, { ...FOLDER_PROJECT, 'package.json': JSON.stringify(pkg) });
    const envelope = await test({ pattern: 'adds' });
    expect(envelope).toMatchObject({ ok: false, data: { command: 'npm test', summary: { passed: 3, failed: 1 } } });
    expect(JSON.stringify(envelope.warnings)).toMatch(/--pattern adds is ignored and every test runs/);
  });

  it('a package.json script printing "N passed, N failed" gives that summary', async () => {
    await writeFiles(root, {
      'package.json': JSON.stringify({ name: 'p', version: '1.0.0', scripts: { test: "node -e \"console.log('2 passed, 1 failed'); process.exit(1)\"" } }),
      'package-lock.json': '{}',
    });
    expect(await test()).toMatchObject({ ok: false, error: { code: 'C253' }, data: { exitCode: 1, summary: { passed: 2, failed: 1 } } });
  });

  it('runs in --dir, detecting there', async () => {
    await writeFiles(root, Object.fromEntries(Object.entries(NODE_PROJECT).map(([name, text]) => [`pkg/${name}`, text])));
    expect(await test({ dir: 'pkg', pattern: 'adds' })).toMatchObject({ ok: true, data: { runner: 'npm', summary: { passed: 1, failed: 0 } } });
    expect(await test({ dir: '.' })).toMatchObject({ ok: false, error: { code: 'C252' } });
  });

  it.skipIf(!hasPytest)('runs pytest for real (pytest.ini) with -k', async () => {
    await writeFiles(root, { 'pytest.ini': '[pytest]\n', 'test_x.py': 'def test_ok():\n    assert 1\n\ndef test_bad():\n    assert 0\n' });
    expect(await test()).toMatchObject({ ok: false, error: { code: 'C253' }, data: { runner: 'pytest', exitCode: 1, summary: { passed: 1, failed: 1 } } });
    expect(await test({ pattern: 'ok' })).toMatchObject({ ok: true, data: { command: "pytest -q -o pythonpath=. -k 'ok'", summary: { passed: 1, failed: 0 } } });
  });

  it.skipIf(!hasPytest)('pytest for real: a package at the root imports from tests/, and a failure shows its own E lines', async () => {
    // A bare `pytest` cannot import `shop` from tests/ here (no conftest.py, no pythonpath setting).
    const why = 'the discount for gold customers must be ten percent of the price before any coupon is applied';
    await writeFiles(root, {
      'pyproject.toml': '[project]\nname = "shop"\nversion = "0.1.0"\n',
      'shop/__init__.py': '',
      'shop/pricing.py': 'def discount(price):\n    return price * 0.2\n',
      'tests/test_pricing.py': `from shop.pricing import discount\n\ndef test_discount():\n    assert discount(100) == 10, "${why}"\n`,
    });
    const envelope = await test();
    expect(envelope).toMatchObject({ ok: false, error: { code: 'C253' }, data: { command: 'pytest -q -o pythonpath=.', summary: { passed: 0, failed: 1 } } });
    const failures = (envelope as { data: { failures: { name: string; message: string }[] } }).data.failures;
    expect(failures).toHaveLength(1);
    expect(failures[0]!.name).toBe('tests/test_pricing.py::test_discount (tests/test_pricing.py:4)');
    // The whole message (the summary line is cut to the terminal's width) and the failing source line.
    expect(failures[0]!.message).toContain(`E       AssertionError: ${why}`);
    expect(failures[0]!.message).toMatch(/^>\s+assert discount\(100\) == 10/m);
  });

  it('--cmd overrides detection, runs as given, and ignores --pattern with a warning', async () => {
    await writeFiles(root, NODE_PROJECT);
    const envelope = await test({ cmd: 'echo "5 passed"', pattern: 'x' });
    expect(envelope).toMatchObject({ ok: true, data: { runner: 'custom', command: 'echo "5 passed"', exitCode: 0, summary: { passed: 5, failed: 0 } } });
    // Without bubblewrap on the machine the run also warns that no OS sandbox applies.
    expect(envelope.warnings.filter((warning) => !warning.startsWith('no OS sandbox'))).toEqual(['--pattern is ignored when --cmd is given; put the filter in the command line']);
  });

  it('a timeout is C250 with the data', async () => {
    expect(await test({ cmd: 'echo started; sleep 30', timeout: 1 })).toMatchObject({
      ok: false,
      error: { code: 'C250' },
      data: { runner: 'custom', timedOut: true, stdout: 'started\n' },
    });
  });

  it('refuses an escaping --dir (C215) and a pattern that looks like a flag (C210)', async () => {
    expect(await test({ dir: '..' })).toMatchObject({ ok: false, error: { code: 'C215' } });
    expect(await test({ dir: '..', cmd: 'true' })).toMatchObject({ ok: false, error: { code: 'C215' } });
    await writeFiles(root, { 'go.mod': 'module x\n' });
    expect(await test({ pattern: '-exec=rm' })).toMatchObject({ ok: false, error: { code: 'C210' } });
  });

  it('declares the shell line only when --cmd is given (the detected command is built from quoted parts)', () => {
    expect(testCommand.shell?.({ dir: 'pkg', cmd: 'make check', timeout: 600 })).toEqual({ command: 'make check', dir: 'pkg' });
    expect(testCommand.shell?.({ dir: 'pkg', timeout: 600 })).toBeUndefined();
    expect(testCommand.touches({ dir: 'pkg', timeout: 600 })).toEqual([{ path: 'pkg', access: 'list' }]);
  });

  it('through the CLI: text output with the summary, the runner\'s exit status (node --test: 1) on failures', async () => {
    await writeFiles(root, NODE_PROJECT);
    const passing = runCli(['-C', root, 'test', '--pattern', 'adds']);
    expect(passing.status).toBe(0);
    expect(passing.stdout).toMatch(/^\$ node --test '--test-name-pattern=adds'\n[\s\S]*\[exit 0\] — 1 passed, 0 failed/);
    const failing = runCli(['-C', root, '--json', 'test']);
    expect(failing.status).toBe(1);
    expect(failing.json).toMatchObject({ ok: false, error: { code: 'C253' }, data: { summary: { passed: 2, failed: 1 } } });
  });
});
