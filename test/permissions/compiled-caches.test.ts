// Red team R17-15, the write tools' side: a compiled cache a runtime runs in place of its source (Python
// bytecode in __pycache__ or beside the source, bootsnap's cache) is what a person reviewing the source or the
// diff never sees. The write tools ask a person for one (the immune path class `obeyed-later`), naming the
// source to write instead; the source itself and caches of data stay free.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isObeyedLater } from '../../src/permissions/obeyed.js';
import { compiledKept } from '../../src/sandbox/pyc-leftovers.js';
import { removeDir, runCli, tempDir, writeFiles } from '../helpers/fixture.js';

describe('compiled caches are obeyed (R17-15)', () => {
  it.each([
    ['src/__pycache__/a.cpython-312.pyc', 'src/a.py'],
    ['__pycache__/a.cpython-311.opt-1.pyc', 'a.py'],
    ['tests/__pycache__/test_a.cpython-312-pytest-8.3.2.pyc', 'tests/test_a.py'],
    ['src/a.pyc', 'src/a.py'],
    ['src/A.PYO', 'src/A.py'],
    ['.venv/lib/python3.12/site-packages/pkg/__pycache__/m.cpython-312.pyc', '.venv/lib/python3.12/site-packages/pkg/m.py'],
  ])('%s stands for %s', (path, source) => {
    for (const ctx of [undefined, { gitPaths: [] }]) {
      const found = isObeyedLater(path, ctx);
      expect(found?.compiledFrom).toBe(source);
      expect(found?.why).toContain(`write ${source} instead`);
    }
  });
  it('bootsnap\'s cache (compiled Ruby and require paths) is obeyed, with no source to check', () => {
    for (const path of ['tmp/cache/bootsnap/compile-cache-iseq/3f/0a1b2c', 'tmp/cache/bootsnap/load-path-cache', 'tmp/cache/bootsnap-compile-cache/aa/bb']) expect(isObeyedLater(path, { gitPaths: [] })?.compiledFrom).toBe('');
  });
  it('sources and caches of data are free', () => {
    for (const path of ['src/a.py', 'src/a.pyw', 'src/a.pyi', '.mypy_cache/3.12/a.data.json', '.pytest_cache/v/cache/lastfailed', '.ruff_cache/0.5/x', 'tmp/cache/assets/x', 'docs/pyc.md', 'src/__pycache__']) expect(isObeyedLater(path, { gitPaths: [] }), path).toBeUndefined();
  });
  it('a pyc of an obeyed source keeps that reason (R12-3), not the cache\'s', () => {
    expect(isObeyedLater('.vscode/__pycache__/x.cpython-312.pyc', { gitPaths: [] })?.compiledFrom).toBeUndefined();
  });
});

describe('the write tools ask before writing one (--yes)', () => {
  let base: string;
  beforeAll(async () => {
    base = await tempDir('cw-pyc-write-');
    await writeFiles(base, { 'ws/src/a.py': 'x = 1\n', 'home/.keep': '', 'state/.keep': '' });
  });
  afterAll(async () => removeDir(base));
  const write = (path: string) => runCli(['--json', '-C', `${base}/ws`, 'write', '--path', path, '--content', 'x'], { env: { HOME: `${base}/home`, CODEWARD_STATE_DIR: `${base}/state` } });

  it('the red team\'s pyc asks, and says what to write instead', () => {
    const run = write('src/__pycache__/a.cpython-312.pyc');
    expect(run.json.ok).toBe(false);
    expect(run.json.error?.code).toBe('C241');
    expect(run.json.error?.message).toContain('write src/a.py instead');
    expect(write('src/a.pyc').json.ok).toBe(false);
  });
  it('the source is free', () => {
    expect(write('src/a.py').json.ok).toBe(true);
  });
});

describe('removing one is not asked for its own sake (it sends Python back to the source)', () => {
  let base: string;
  beforeAll(async () => {
    base = await tempDir('cw-pyc-rm-');
    await writeFiles(base, { 'ws/src/a.py': 'x = 1\n', 'ws/src/__pycache__/a.cpython-312.pyc': 'x', 'ws/src/b.pyc': 'x', 'home/.keep': '', 'state/.keep': '' });
  });
  afterAll(async () => removeDir(base));
  const check = (cmd: string) =>
    runCli(['--json', '-C', `${base}/ws`, 'policy', 'check', 'exec', '--cmd', cmd], { env: { HOME: `${base}/home`, CODEWARD_STATE_DIR: `${base}/state` } }).json.data as { source: string; immune?: string };

  it.each(['rm src/b.pyc', 'rm -f src/__pycache__/a.cpython-312.pyc', 'unlink src/b.pyc', 'rm -f src/__pycache__/*.pyc'])('%s is an ordinary command', (cmd) => {
    expect(check(cmd).source).not.toBe('immune');
  });
  it('writing one, or removing it beside an obeyed file, still asks as immune', () => {
    expect(check('cp src/a.py src/b.pyc').source).toBe('immune');
    expect(check('rm -f src/b.pyc .envrc').source).toBe('immune');
    expect(check('rm -rf src/__pycache__').immune).toBe('rm-recursive');
  });
});

// Red team R18-17: JVM class files under a build's output and Mix's BEAM files are compiled caches too: the build
// runs them instead of recompiling while they are newer than the source, and git ignores their folders.
describe('compiled JVM classes and BEAM modules (R18-17)', () => {
  let base: string;
  beforeAll(async () => {
    base = await tempDir('cw-class-write-');
    await writeFiles(base, { 'ws/pom.xml': '<project></project>\n', 'ws/src/main/java/App.java': 'class App {}\n', 'ws/target/classes/App.class': 'x', 'home/.keep': '', 'state/.keep': '' });
  });
  afterAll(async () => removeDir(base));
  const env = (): Record<string, string> => ({ HOME: `${base}/home`, CODEWARD_STATE_DIR: `${base}/state` });
  const write = (path: string, content = 'x') => runCli(['--json', '-C', `${base}/ws`, '--yes', 'write', '--path', path, '--content', content], { env: env() });

  it.each([
    'target/classes/App.class', 'target/test-classes/a/b/AppTest.class', 'target/classes/a/App$Inner.class', 'mod/target/classes/App.class',
    'build/classes/java/main/a/App.class', 'build/classes/kotlin/test/AppTest.class', 'target/scala-3.3.1/classes/App.class',
    '_build/dev/lib/app/ebin/Elixir.App.beam', '_build/test/consolidated/Elixir.Enumerable.beam', 'apps/x/_build/default/lib/x/ebin/x.beam',
  ])('%s is obeyed, with no source to check a leftover against (kept like bootsnap\'s)', (path) => {
    for (const ctx of [undefined, { gitPaths: [] }]) expect(isObeyedLater(path, ctx)?.compiledFrom, path).toBe('');
    expect(compiledKept(path, { gitPaths: [] }, false, `${base}/ws`, `${base}/stage/${path}`)).toBe(true);
    expect(compiledKept(path, { gitPaths: [] }, true, `${base}/ws`)).toBe(true);
  });
  it('sources, other class files and other output are free', () => {
    for (const path of ['src/main/java/App.java', 'lib/app.ex', 'target/App.class', 'classes/App.class', 'target/classes/app.properties', 'target/classes/META-INF/MANIFEST.MF', '_build/dev/lib/app/priv/x.txt', 'build/libs/app.jar.txt']) expect(isObeyedLater(path, { gitPaths: [] }), path).toBeUndefined();
  });
  it('the red team\'s write asks under --yes, naming the source to write; the source is free', () => {
    const run = write('target/classes/App.class');
    expect(run.json.ok).toBe(false);
    expect(run.json.error?.code).toBe('C241');
    expect(run.json.error?.message).toContain('write the .java');
    expect(write('target/test-classes/AppTest.class').json.ok).toBe(false);
    expect(write('_build/dev/lib/app/ebin/Elixir.App.beam').json.ok).toBe(false);
    expect(write('src/main/java/App.java', 'class App { int x; }\n').json.ok).toBe(true);
  });
  it('removing one stays an ordinary command', () => {
    const data = runCli(['--json', '-C', `${base}/ws`, 'policy', 'check', 'exec', '--cmd', 'rm -f target/classes/App.class'], { env: env() }).json.data as { source: string };
    expect(data.source).not.toBe('immune');
  });
});
