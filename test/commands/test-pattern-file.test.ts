import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { removeDir, runCli, tempDir, writeFiles } from '../helpers/fixture.js';

// `test --pattern num.js` runs that test file (newcomer pass on minimist: node --test got 'num.js' and
// answered "Could not find"), through the real binary and node's own runner.

let root: string;
beforeEach(async () => {
  root = await tempDir('codeward-pattern-file-');
});
afterEach(async () => removeDir(root));

const TEST = (name: string, ok: boolean) => `const test = require('node:test');\nconst assert = require('node:assert');\ntest('${name}', () => assert.equal(${ok ? 1 : 2}, 1));\n`;

const cli = (...args: string[]) => runCli(['-C', root, '--yes', '--sandbox', 'off', 'test', ...args]);

describe('a pattern that names a test file runs that file', () => {
  it('node --test: a bare name is the one file of that name below --dir; the other files do not run', async () => {
    await writeFiles(root, {
      'package.json': JSON.stringify({ name: 'm', scripts: { test: 'node --test test/' } }),
      'test/num.js': TEST('num works', true),
      'test/other.js': TEST('other fails', false),
    });
    const result = cli('--pattern', 'num.js');
    expect(result.status).toBe(0);
    expect(result.stdout).toMatch(/^\$ node --test 'test\/num\.js'\n/);
    expect(result.stdout).toContain('1 passed, 0 failed');
    expect(result.stderr).toContain('ran test/num.js, the one file of that name');
    expect(cli('--pattern', 'test/other.js').status).toBe(1);
  });

  it('a Python test file in a project that also has an npm test script runs with Python, not node --test (newcomer)', async () => {
    await writeFiles(root, {
      'package.json': JSON.stringify({ name: 'm', scripts: { test: 'node --test test/' } }),
      'tests/test_u.py': 'import unittest\n\nclass T(unittest.TestCase):\n    def test_ok(self):\n        self.assertTrue(True)\n',
    });
    for (const pattern of ['tests/test_u.py', 'test_u.py']) {
      const result = cli('--pattern', pattern);
      expect(result.stdout, pattern).not.toMatch(/node --test/);
      expect(result.stdout, pattern).toMatch(/^\$ .*python.*test_u/);
      expect(result.status, `${pattern}: ${result.stdout}${result.stderr}`).toBe(0);
    }
    // A JavaScript file still goes to the node runner.
    await writeFiles(root, { 'test/num.js': TEST('num works', true) });
    expect(cli('--pattern', 'test/num.js').stdout).toMatch(/^\$ node --test 'test\/num\.js'\n/);
  });

  it('a name two files have is left to the runner (no guess), and a test name is still a name filter', async () => {
    await writeFiles(root, {
      'package.json': JSON.stringify({ name: 'm', scripts: { test: 'node --test test/' } }),
      'test/a/num.js': TEST('num a', true),
      'test/b/num.js': TEST('num b', true),
    });
    const both = cli('--pattern', 'num.js');
    expect(both.status).not.toBe(0);
    expect(both.stderr).not.toContain('the one file of that name');
    const named = cli('--pattern', 'num a');
    expect(named.status).toBe(0);
    expect(named.stdout).toContain("--test-name-pattern=num a");
  });
});
