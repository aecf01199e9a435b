import { spawnSync } from 'node:child_process';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { removeDir, runCli, tempDir, writeFiles } from '../helpers/fixture.js';

// Issue 29: a passing run whose counts were read is said by its counts; of its output only the warning and
// error lines stay, with the number of lines not shown and the call that shows all of it (a passing pytest
// run was 20 lines of headers, plugin versions and progress dots to say "207 passed").
let root: string;
beforeEach(async () => {
  root = await tempDir();
});
afterEach(async () => removeDir(root));

const hasPytest = spawnSync('python3', ['-m', 'pytest', '--version'], { stdio: 'ignore' }).status === 0;

describe('test: a passing run', () => {
  it.skipIf(!hasPytest)('pytest: the counts and the warning, not the session header nor the progress line', async () => {
    const cases = Array.from({ length: 30 }, (_, index) => `def test_case_${index}():\n    assert ${index} + 1 == ${index + 1}\n`).join('\n');
    await writeFiles(root, {
      'test_math.py': `import warnings\n\n${cases}\ndef test_warns():\n    warnings.warn("the old API is deprecated", DeprecationWarning)\n`,
    });
    const run = runCli(['-C', root, '--sandbox', 'off', 'test', '--cmd', 'python3 -m pytest -p no:cacheprovider test_math.py']);
    expect(run.status, run.stderr).toBe(0);
    expect(run.stdout).toMatch(/^\$ python3 -m pytest -p no:cacheprovider test_math\.py\n/);
    expect(run.stdout).toContain('the old API is deprecated');
    expect(run.stdout).toMatch(/\[exit 0\] — 31 passed, 0 failed \(\d+ lines of output not shown; all of it: exec --cmd "python3 -m pytest -p no:cacheprovider test_math\.py 2>&1"\)/);
    expect(run.stdout).not.toMatch(/test session starts|rootdir|test_math\.py \.+/);
  });

  it('node --test: the counts alone; a run whose counts are not read shows its output', async () => {
    await writeFiles(root, {
      'a.test.mjs': "import test from 'node:test';\nfor (let n = 0; n < 12; n += 1) test(`case ${n}`, () => {});\n",
      'plain.sh': 'echo all good here\n',
    });
    const run = runCli(['-C', root, '--sandbox', 'off', 'test', '--cmd', 'node --test a.test.mjs']);
    expect(run.status, run.stderr).toBe(0);
    expect(run.stdout).toMatch(/^\$ node --test a\.test\.mjs\n\[exit 0\] — 12 passed, 0 failed(?:, 0 skipped)? \(\d+ lines of output not shown; all of it: exec --cmd "node --test a\.test\.mjs 2>&1"\)/);
    expect(run.stdout).not.toContain('case 11');
    const plain = runCli(['-C', root, '--sandbox', 'off', 'test', '--cmd', 'sh plain.sh']);
    expect(plain.stdout).toContain('all good here');
  });
});
