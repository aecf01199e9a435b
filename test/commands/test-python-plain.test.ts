import { spawnSync } from 'node:child_process';
import { chmod, mkdir, readdir } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { removeDir, runCli, tempDir, writeFiles } from '../helpers/fixture.js';

// Issue 28: Python tests with no pytest configuration (tests/test_*.py) run with pytest when it is
// installed, else unittest discovery, and the result says which; a collection/import error counts as a
// failed test; __pycache__ and .pytest_cache are not written (so never among the run's changed files).
// Through the real binary.
const python = spawnSync('python3', ['-c', 'import unittest'], { stdio: 'ignore' }).status === 0;
const pytest = python && spawnSync('python3', ['-c', 'import pytest'], { stdio: 'ignore' }).status === 0;

let root: string;
let state: string;

beforeEach(async () => {
  root = await tempDir('codeward-pyplain-');
  state = await tempDir('codeward-pyplain-state-');
  await writeFiles(root, {
    'calc/__init__.py': 'def add(a, b):\n    return a + b\n',
    'tests/test_calc.py': 'import unittest\nfrom calc import add\n\nclass T(unittest.TestCase):\n    def test_add(self):\n        self.assertEqual(add(1, 2), 3)\n\n    def test_bad(self):\n        self.assertEqual(add(1, 1), 3)\n',
    'tests/test_broken.py': 'import nonexistent_module_xyz\n',
  });
});
afterEach(async () => {
  await removeDir(root);
  await removeDir(state);
});

interface TestData { runner: string; summary?: { passed: number; failed: number }; failures?: { name: string }[]; changes?: { files: { path: string }[] } }
const test = () => {
  const result = runCli(['-C', root, '--json', 'test'], { env: { CODEWARD_STATE_DIR: state, HOME: state } });
  return { ...result, data: result.json.data as TestData, warnings: result.json.warnings as string[] };
};
const caches = async (): Promise<string[]> => (await readdir(root, { recursive: true })).filter((path) => /__pycache__|\.pytest_cache/.test(path));

describe.skipIf(!python)('python tests without a pytest configuration', () => {
  it.skipIf(!pytest)('run with pytest, say so; the import error is a failed test; no caches written', async () => {
    const run = test();
    expect(run.json.error?.code).toBe('C253');
    expect(run.data.runner).toBe('pytest');
    expect(run.warnings.join('\n')).toMatch(/with pytest/);
    // pytest stops at the collection error: it is counted as failed, never as zero or passed.
    expect(run.data.summary).toEqual({ passed: 0, failed: 1 });
    expect(run.data.failures?.map((failure) => failure.name)).toEqual(['tests/test_broken.py']);
    expect(await caches()).toEqual([]);
    expect((run.data.changes?.files ?? []).map((file) => file.path)).toEqual([]);
  });

  it('run with unittest discovery when pytest is not installed, say so; the import error counts as failed', async () => {
    // A virtual environment whose python sees no site-packages: pytest cannot be imported there.
    await mkdir(join(root, '.venv/bin'), { recursive: true });
    await writeFiles(root, { '.venv/bin/python': '#!/bin/sh\nexec python3 -S "$@"\n' });
    await chmod(join(root, '.venv/bin/python'), 0o755);
    const run = test();
    expect(run.data.runner).toBe('unittest');
    expect(run.warnings.join('\n')).toMatch(/unittest discovery: pytest is not installed/);
    expect(run.data.summary).toMatchObject({ passed: 1, failed: 2 });
    expect(await caches()).toEqual([]);
  });
});
