// Red team round 12, R12-1 and R12-3 (issue 26): what Python runs besides an obeyed module. An installed commit
// hook runs pytest with `addopts = "-p tools.plug2"` (tools/plug2.py obeyed): importing tools.plug2 runs
// tools/__init__.py first, and it was written unasked; a hook runs `python3 -m tools.check` (tools/check.py
// obeyed): Python runs tools/__pycache__/check.cpython-311.pyc in its place (an unchecked-hash pyc is never
// compared with the source), and a model-made pyc was written or applied from a staged run. Real repositories
// with an executable .git/hooks/pre-commit, the in-process engine under --yes.
import { join } from 'node:path';
import { afterAll, beforeAll, describe, it } from 'vitest';
import { removeDir, tempDir, writeFiles } from '../helpers/fixture.js';
import { checkHookRow } from './hook-check.js';

let base: string;
let home: string;
beforeAll(async () => {
  base = await tempDir('cw-pycomp-');
  home = join(base, 'home');
  await writeFiles(home, { '.keep': '' });
});
afterAll(async () => removeDir(base));

const check = (name: string, hook: string, files: Record<string, string>, asks: readonly string[], free: readonly string[]): Promise<void> => checkHookRow(join(base, name), home, { hook, files, asks, free });

describe('what Python runs besides an obeyed module asks before it is written (--yes)', () => {
  it('the enclosing packages of a pytest -p plugin run first', async () => {
    await check('plugin', 'python3 -m pytest -q -x tests', { 'pyproject.toml': '[tool.pytest.ini_options]\naddopts = "-p tools.sub.plug2"\n', 'tools/__init__.py': '', 'tools/sub/__init__.py': '', 'tools/sub/plug2.py': 'x = 1\n', 'tests/test_a.py': 'def test_a(): pass\n' },
      ['tools/__init__.py', 'tools/sub/__init__.py', 'tools/sub/plug2.py'], ['tools/other.py', 'tests/test_b.py']);
  });

  it('python -m runs the packages above the module, and a compiled copy runs in the source\'s place', async () => {
    await check('module', 'python3 -m tools.check', { 'tools/__init__.py': '', 'tools/check.py': 'print("ok")\n' },
      // tools/other.py too: `from . import other` in the module's own package (R13-16), and its compiled copy.
      ['tools/__init__.py', 'tools/check.py', 'tools/__pycache__/check.cpython-311.pyc', 'tools/__pycache__/__init__.cpython-312.pyc', 'tools/check.pyc', 'tools/other.py', 'tools/__pycache__/other.cpython-311.pyc'], ['src/other.py']);
    // Any pyc asks now (R17-15: a compiled cache runs in its source's place, test/permissions/compiled-caches.test.ts).
  });
  // The importer tries the extension suffixes before `.py`, and a shared object's constructor runs at load
  // (red team R14-4: tools/json.cpython-311-x86_64-linux-gnu.so beside an obeyed tools/json.py ran on the host).
  it('an extension module of an obeyed module is obeyed as it: .cpython-*.so, .abi3.so, .so, .pyd', async () => {
    await check('extension', 'python3 tools/check.py', { 'tools/check.py': 'import json\nprint(json.dumps(1))\n' },
      ['tools/json.py', 'tools/json.cpython-311-x86_64-linux-gnu.so', 'tools/json.abi3.so', 'tools/json.so', 'tools/json.pyd', 'tools/check.cpython-312-x86_64-linux-gnu.so'],
      ['src/json.cpython-311-x86_64-linux-gnu.so', 'tools/libfoo.so.1']);
  });

  it('pytest reads a configuration from the folders of its arguments first (R12-2)', async () => {
    await check('argini', 'python3 -m pytest -q tests/unit', { 'pytest.ini': '[pytest]\n', 'tests/unit/test_a.py': 'def test_a(): pass\n' },
      ['tests/pytest.ini', 'tests/unit/pytest.ini', 'tests/unit/setup.cfg', 'tests/tox.ini'], ['tests/unit/test_b.py', 'tests/notes.txt']);
  });
  it('lint-staged hands pytest the staged files: every pytest configuration of the tree (R13-23)', async () => {
    await check('lint-staged', 'npx lint-staged', { 'package.json': JSON.stringify({ 'lint-staged': { 'tests/**/*.py': 'python3 -m pytest -q' } }), 'pytest.ini': '[pytest]\n' }, ['tests/pytest.ini', 'tests/unit/pytest.ini'], ['tests/unit/test_b.py']);
  });
  it('pre-commit and lefthook hand pytest the files: every pytest configuration of the tree (R13-26)', async () => {
    await check('pre-commit', 'pre-commit run', { '.pre-commit-config.yaml': 'repos:\n- repo: local\n  hooks:\n  - id: t\n    name: t\n    entry: python3 -m pytest -q\n    language: system\n', 'pytest.ini': '[pytest]\n' }, ['tests/pytest.ini', 'tests/unit/tox.ini'], ['tests/unit/test_b.py']);
    await check('lefthook', 'lefthook run pre-commit', { 'lefthook.yml': 'pre-commit:\n  commands:\n    t:\n      run: python3 -m pytest -q {staged_files}\n', 'pytest.ini': '[pytest]\n' }, ['tests/pytest.ini', 'tests/unit/setup.cfg'], ['tests/unit/test_b.py']);
  });
  it('where pytest starts is not fixed (a cd, an argument only known at run time, -c/--rootdir): every pytest configuration of the tree (R13-4)', async () => {
    for (const [name, hook] of [['cd', 'cd tests && python3 -m pytest -q'], ['var', 'T=$(ls -d tests); python3 -m pytest -q $T'], ['staged', 'python3 -m pytest -q $(git diff --cached --name-only | grep test_)'], ['rootdir', 'python3 -m pytest --rootdir=tests'], ['xargs', 'git diff --cached --name-only | grep test_ | xargs python3 -m pytest -q']] as const) {
      await check(`moving-${name}`, hook, { 'pytest.ini': '[pytest]\n', 'tests/unit/test_a.py': 'def test_a(): pass\n' }, ['tests/pytest.ini', 'tests/unit/pytest.ini', 'deep/a/b/tox.ini', 'tests/setup.cfg'], ['tests/unit/test_b.py']);
    }
  });
});
