// Red team R17-15, the sandbox's side: Python bytecode a sandboxed run leaves. Python's own caches (an import,
// pytest) are kept: moving them aside after each run would be friction, and they match their sources. A pyc
// Python would run although it does not record the source as it stands (unchecked-hash), a legacy `N.pyc` that
// is imported as the module once N.py is gone, and one whose header names no source as it stands are moved
// aside and reported. The real binary and bwrap, with the in-place fallback (the path the guard protects).
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { beforeEach, describe, expect, it } from 'vitest';
import { writeFiles, type CliResult } from '../helpers/fixture.js';
import { runScript, sandboxFolders } from './sandbox-folders.js';

const bwrapWorks = spawnSync('bwrap', ['--ro-bind', '/', '/', '--unshare-net', 'true']).status === 0;
const PYTHON = '/usr/bin/python3';
const pythonThere = existsSync(PYTHON);

let root = '', state = '', markers = '', home = '';
sandboxFolders('pyc', (made) => ({ root, state, markers, home } = made));
beforeEach(async () => {
  await writeFiles(root, { 'src/a.py': 'X = 1\n', 'src/b.py': 'Y = 2\n', 'src/c.py': 'Z = 3\n', 'tests/test_a.py': 'def test_a():\n    assert True\n' });
});

// In place (the fallback of a platform without overlay: sandbox/obeyed-scan.ts), or staged (the default:
// shell/stage/plan-gate.ts judges the change set before it is applied).
const exec = (script: string, staged = false): CliResult => runScript({ root, state, markers, home }, script, { program: PYTHON, ext: 'py', staged });

const aside = (folder: string): string[] => readdirSync(join(root, folder)).filter((name) => name.includes('.planted-by-sandbox-'));

describe.skipIf(!bwrapWorks || !pythonThere)('Python bytecode left by a sandboxed run (R17-15)', () => {
  it('the caches Python makes on import are kept, a crafted pyc is moved aside and reported', () => {
    const run = exec([
      'import importlib.util, os, py_compile, sys',
      `sys.path.insert(0, ${JSON.stringify(join(root, 'src'))})`,
      // codeward's exec sets PYTHONDONTWRITEBYTECODE; pip (compileall) and a program that clears it still write caches.
      'sys.dont_write_bytecode = False',
      'import a',
      // An unchecked-hash pyc of b.py holding other code: Python runs it whatever b.py says.
      `evil = ${JSON.stringify(join(root, 'src/evil.py'))}`,
      "open(evil, 'w').write('Y = 666\\n')",
      `py_compile.compile(evil, cfile=importlib.util.cache_from_source(${JSON.stringify(join(root, 'src/b.py'))}), invalidation_mode=py_compile.PycInvalidationMode.UNCHECKED_HASH)`,
      // A legacy pyc beside c.py: imported as the module once c.py is gone.
      `py_compile.compile(evil, cfile=${JSON.stringify(join(root, 'src/c.pyc'))})`,
      'os.remove(evil)',
      "print('done')",
    ].join('\n'));
    expect(run.json.ok, JSON.stringify(run.json)).toBe(true);
    const warnings = (run.json.warnings ?? []).join('\n');
    const cache = readdirSync(join(root, 'src/__pycache__'));
    // Python's own cache of a.py stays where Python reads it.
    expect(cache.filter((name) => /^a\.cpython-\d+\.pyc$/.test(name))).toHaveLength(1);
    expect(warnings).not.toContain('a.cpython');
    // The crafted ones are not where Python would run them.
    expect(cache.filter((name) => /^b\.cpython-\d+\.pyc$/.test(name))).toHaveLength(0);
    expect(aside('src/__pycache__').some((name) => name.startsWith('b.cpython'))).toBe(true);
    expect(warnings).toMatch(/b\.cpython-\d+\.pyc \(Python bytecode that Python did not make from src\/b\.py: it is a hash-based pyc/);
    expect(existsSync(join(root, 'src/c.pyc'))).toBe(false);
    expect(warnings).toContain('src/c.pyc (Python bytecode that Python did not make from src/c.py: Python 3 never writes a legacy .pyc');
  });

  it('a pyc whose header records another source than the one standing there is moved aside; a second run keeps Python\'s cache', () => {
    const made = exec([
      `import sys; sys.path.insert(0, ${JSON.stringify(join(root, 'src'))})`,
      'sys.dont_write_bytecode = False',
      'import a, importlib.util',
      // Python's header over other code: records the size of a source that is not a.py's.
      `path = importlib.util.cache_from_source(${JSON.stringify(join(root, 'src/b.py'))})`,
      "data = bytearray(open(importlib.util.cache_from_source(sys.modules['a'].__file__), 'rb').read())",
      "data[12:16] = (999).to_bytes(4, 'little')",
      "open(path, 'wb').write(bytes(data))",
    ].join('\n'));
    expect(made.json.ok, JSON.stringify(made.json)).toBe(true);
    expect((made.json.warnings ?? []).join('\n')).toMatch(/src\/__pycache__\/b\.cpython-\d+\.pyc \(Python bytecode that Python did not make from src\/b\.py: its header does not record src\/b\.py/);
    const again = exec(`import sys; sys.path.insert(0, ${JSON.stringify(join(root, 'src'))})\nsys.dont_write_bytecode = False\nimport a, b, c\n`);
    expect(again.json.ok, JSON.stringify(again.json)).toBe(true);
    expect((again.json.warnings ?? []).join('\n')).not.toContain('pyc');
    expect(readdirSync(join(root, 'src/__pycache__')).filter((name) => /^[abc]\.cpython-\d+\.pyc$/.test(name))).toHaveLength(3);
  });

  it('staged: Python\'s own caches (compileall, as pip runs it) are applied, a crafted pyc and a legacy pyc are set aside, removing caches is applied', () => {
    const run = exec([
      'import compileall, importlib.util, py_compile',
      `root = ${JSON.stringify(root)}`,
      "compileall.compile_dir(root + '/src', quiet=1)",
      "open(root + '/evil.py', 'w').write('Y = 666\\n')",
      "py_compile.compile(root + '/evil.py', cfile=importlib.util.cache_from_source(root + '/src/b.py'), invalidation_mode=py_compile.PycInvalidationMode.UNCHECKED_HASH)",
      "py_compile.compile(root + '/evil.py', cfile=root + '/src/c.pyc')",
    ].join('\n'), true);
    expect(run.json.ok, JSON.stringify(run.json)).toBe(true);
    const aside = (run.json.data?.changes?.setAside ?? []) as { path: string; reason: string }[];
    const cache = readdirSync(join(root, 'src/__pycache__'));
    expect(cache.filter((name) => /^[ac]\.cpython-\d+\.pyc$/.test(name))).toHaveLength(2);
    expect(cache.filter((name) => /^b\.cpython-\d+\.pyc$/.test(name))).toHaveLength(0);
    expect(aside.map((each) => each.path).sort()).toEqual(expect.arrayContaining(['src/c.pyc', expect.stringMatching(/^src\/__pycache__\/b\.cpython-\d+\.pyc$/)]));
    expect(aside.map((each) => each.path).filter((path) => /\/[ac]\.cpython/.test(path))).toEqual([]);
    const cleaned = exec(`import glob, os\nfor path in glob.glob(${JSON.stringify(join(root, 'src/__pycache__/*.pyc'))}): os.remove(path)\n`, true);
    expect(cleaned.json.ok, JSON.stringify(cleaned.json)).toBe(true);
    expect(cleaned.json.data?.changes?.setAside ?? []).toEqual([]);
    expect(readdirSync(join(root, 'src/__pycache__'))).toEqual([]);
  });
});
