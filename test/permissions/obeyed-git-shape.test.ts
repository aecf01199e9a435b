// Red team round 5, R5-8 (issue 26): a folder git takes for a git directory by its SHAPE (HEAD, objects/, refs/),
// not named .git, was an ordinary folder for the write gate: a model turned `src/` into a bare repository (or
// made `foo/` one, with core.worktree / core.fsmonitor in its config), and `cd src && git status` ran the planted
// command outside any sandbox; so did the workspace root of a folder without .git. One predicate
// (permissions/git-shape.ts) is asked by the file tools' judge and the stage plan alike, on the folder as it is
// AFTER the write, so the write that completes the shape is caught whatever the order.
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEngine } from '../../src/setup.js';
import { removeDir, tempDir } from '../helpers/fixture.js';
import { bwrapWorks, overlayWorks } from '../shell/stage-helpers.js';
import { git } from './git-run.js';

type Engine = Awaited<ReturnType<typeof createEngine>>;

const FSMONITOR = '[core]\n\tfsmonitor = sh evil.sh\n\tworktree = ..\n';
let base: string;
let home: string;

beforeAll(async () => {
  base = await tempDir('cw-shape-');
  home = join(base, 'home');
  mkdirSync(home);
});
afterAll(async () => removeDir(base));

async function workspace(name: string, init: boolean): Promise<{ root: string; engine: Engine }> {
  const root = join(base, name);
  mkdirSync(root);
  if (init) git(root, 'init', '-q');
  return { root, engine: await createEngine({ workspace: root, env: { HOME: home }, permissions: { home, yes: true } }) };
}

const write = (engine: Engine, file: string, content = FSMONITOR): ReturnType<Engine['run']> => engine.run({ cmd: 'write', args: { file, content } });

describe('one call that makes the whole shape (red team R13-3)', () => {
  it('create of HEAD, config, objects/ and refs/ in one call is refused, nothing written; a diff creating them too', async () => {
    const { root, engine } = await workspace('one-call', true);
    const files = [
      { path: 'src/HEAD', content: 'ref: refs/heads/master\n' },
      { path: 'src/config', content: FSMONITOR },
      { path: 'src/objects/info/.keep', content: '' },
      { path: 'src/refs/heads/.keep', content: '' },
    ];
    const created = await engine.run({ cmd: 'create', args: { files } });
    expect(created.ok ? 'ok' : created.error.code).toBe('C241');
    expect(existsSync(join(root, 'src'))).toBe(false);
    const diff = files.map((file) => `--- /dev/null\n+++ b/${file.path}\n@@ -0,0 +1,1 @@\n+${file.content.split('\n')[0] || 'x'}\n`).join('');
    const patched = await engine.run({ cmd: 'patch', args: { diff } });
    expect(patched.ok ? 'ok' : patched.error.code).toBe('C241');
    expect(existsSync(join(root, 'src'))).toBe(false);
    // objects and refs as executable FILES (git accepts them: access(X_OK)), in one call (R13-21).
    const files2 = [{ path: 'lib/HEAD', content: 'ref: refs/heads/master\n' }, { path: 'lib/config', content: FSMONITOR }, { path: 'lib/objects', content: '', mode: '755' }, { path: 'lib/refs', content: '', mode: '755' }];
    const asFiles = await engine.run({ cmd: 'create', args: { files: files2 } });
    expect(asFiles.ok ? 'ok' : asFiles.error.code).toBe('C241');
    expect(existsSync(join(root, 'lib'))).toBe(false);
    // Files that make no git directory together are created as before.
    const plain = await engine.run({ cmd: 'create', args: { files: [{ path: 'lib/HEAD.md', content: 'x\n' }, { path: 'lib/objects/a.ts', content: 'x\n' }] } });
    expect(plain.ok).toBe(true);
    await engine.close();
  });
});

describe('the file tools\' judge under --yes', () => {
  it('.git-less bare repository folder: src/ made a bare repository, and foo/ with core.worktree/fsmonitor', async () => {
    const { root, engine } = await workspace('bare', true);
    git(root, 'init', '-q', '--bare', 'src');
    for (const name of ['HEAD', 'objects', 'refs']) mkdirSync(join(root, 'foo', name === 'HEAD' ? '' : name), { recursive: true });
    writeFileSync(join(root, 'foo/HEAD'), 'ref: refs/heads/main\n');
    for (const file of ['src/config', 'src/hooks/post-checkout', 'src/objects/info/alternates', 'src/HEAD', 'foo/config', 'foo/hooks/pre-commit', 'foo/info/attributes']) {
      expect(await write(engine, file), file).toMatchObject({ ok: false, error: { code: 'C241' } });
    }
    expect(existsSync(join(root, 'foo/config'))).toBe(false);
    expect(await write(engine, 'lib/config', 'ordinary\n')).toMatchObject({ ok: true });
    await engine.close();
  });

  it('root as git dir: HEAD, objects/ and refs/ at the root of a folder without .git', async () => {
    const { root, engine } = await workspace('rootdir', false);
    mkdirSync(join(root, 'objects'));
    mkdirSync(join(root, 'refs'));
    writeFileSync(join(root, 'HEAD'), 'ref: refs/heads/main\n');
    for (const file of ['config', 'hooks/pre-commit', 'info/exclude']) expect(await write(engine, file), file).toMatchObject({ ok: false, error: { code: 'C241' } });
    expect(await write(engine, 'main.c', 'int main;\n')).toMatchObject({ ok: true });
    await engine.close();
  });

  it('two-step creation: whichever write completes the shape asks, in either order', async () => {
    const { root, engine } = await workspace('twostep', true);
    for (const file of ['x/HEAD', 'x/config', 'x/objects/info/keep']) expect(await write(engine, file), file).toMatchObject({ ok: true });
    expect(await write(engine, 'x/refs/heads/main')).toMatchObject({ ok: false, error: { code: 'C241' } });
    for (const file of ['y/objects/keep', 'y/refs/keep', 'y/config']) expect(await write(engine, file), file).toMatchObject({ ok: true });
    expect(await write(engine, 'y/HEAD', 'ref: refs/heads/main\n')).toMatchObject({ ok: false, error: { code: 'C241' } });
    expect(existsSync(join(root, 'x/refs'))).toBe(false);
    expect(existsSync(join(root, 'y/HEAD'))).toBe(false);
    await engine.close();
  });

  it('a .git FILE pointing at a shape folder: the folder\'s hooks and config ask', async () => {
    const { root, engine } = await workspace('gitfile', true);
    git(root, 'init', '-q', '--bare', 'data/store');
    mkdirSync(join(root, 'app'));
    writeFileSync(join(root, 'app/.git'), 'gitdir: ../data/store\n');
    for (const file of ['data/store/hooks/pre-commit', 'data/store/config']) expect(await write(engine, file), file).toMatchObject({ ok: false, error: { code: 'C241' } });
    await engine.close();
  });
});

describe.skipIf(!bwrapWorks || !overlayWorks)('a sandboxed exec that makes a git folder by shape', { timeout: 120_000 }, () => {
  const asideOf = (result: Awaited<ReturnType<Engine['run']>>): string[] =>
    ((result.ok ? result.data : {}) as { changes?: { setAside?: { path: string }[] } }).changes?.setAside?.map((each) => each.path) ?? [];

  it('staged: the stage plan sets the shape\'s pieces aside, in one run and in two', async () => {
    const { root, engine } = await workspace('staged', true);
    writeFileSync(join(root, 'one.sh'), `mkdir -p z/objects z/refs && echo 'ref: refs/heads/main' > z/HEAD && printf '${FSMONITOR.replace(/\n/g, '\\n').replace(/\t/g, '\\t')}' > z/config\n`);
    const one = await engine.run({ cmd: 'exec', args: { cmd: 'sh one.sh' } });
    expect(asideOf(one), JSON.stringify(one)).toEqual(expect.arrayContaining(['z/HEAD', 'z/config']));
    expect(existsSync(join(root, 'z/HEAD'))).toBe(false);
    writeFileSync(join(root, 'two.sh'), 'mkdir -p w && echo ref > w/HEAD && echo x > w/config\n');
    expect(asideOf(await engine.run({ cmd: 'exec', args: { cmd: 'sh two.sh' } }))).toEqual([]);
    writeFileSync(join(root, 'three.sh'), 'mkdir -p w/objects w/refs\n');
    const three = await engine.run({ cmd: 'exec', args: { cmd: 'sh three.sh' } });
    expect(asideOf(three), JSON.stringify(three)).toEqual(expect.arrayContaining(['w/objects', 'w/refs']));
    expect(existsSync(join(root, 'w/refs'))).toBe(false);
    await engine.close();
  });

  it('--no-stage: the config that runs a program is moved aside after the run', async () => {
    const { root, engine } = await workspace('inplace', true);
    writeFileSync(join(root, 'one.sh'), `mkdir -p z/objects z/refs && echo 'ref: refs/heads/main' > z/HEAD && printf '${FSMONITOR.replace(/\n/g, '\\n').replace(/\t/g, '\\t')}' > z/config\n`);
    const run = await engine.run({ cmd: 'exec', args: { cmd: 'sh one.sh', stage: false } });
    expect(run.ok, JSON.stringify(run)).toBe(true);
    expect(existsSync(join(root, 'z/config'))).toBe(false);
    expect(JSON.stringify(run)).toMatch(/z\/config/);
    await engine.close();
  });
});

// Red team round 6 R6-3: a workspace whose ROOT lies in a protected folder of its repository (`-C .git`, a worker's
// base_path `.codeward` or `.github/workflows`) had no protected path at all: every path of it is obeyed now.
describe('a workspace root inside a protected folder of its repository', () => {
  // Such a root is refused when it is opened (workspace/enclosing.ts: C210), before any write is judged.
  it.each([['.git', 'hooks/pre-commit'], ['.git', 'config'], ['.codeward', 'policy.json'], ['.github/workflows', 'x.yml'], ['.vscode', 'tasks.json']])('root %s: no engine opens there (so write %s never runs)', async (inside, file) => {
    const repo = join(base, `within-${inside.replace(/\W/g, '')}-${file.replace(/\W/g, '')}`);
    mkdirSync(repo);
    git(repo, 'init', '-q');
    const root = join(repo, inside);
    mkdirSync(root, { recursive: true });
    await expect(createEngine({ workspace: root, env: { HOME: home }, permissions: { home, yes: true } })).rejects.toMatchObject({ code: 'C210' });
  });
});
