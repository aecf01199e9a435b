import { chmod, mkdir, symlink } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { Workspace } from '../../src/workspace/workspace.js';
import { expectFail, link, makeSandbox, put, type Sandbox } from './helpers.js';

let box: Sandbox;
let ws: Workspace;
const ALL = ['read', 'write', 'delete', 'list'] as const;

beforeEach(async () => {
  box = await makeSandbox();
  await put(join(box.ws, 'a.txt'), 'hello');
  await put(join(box.ws, 'dir/b.txt'), 'bee');
  ws = await Workspace.open(box.ws);
});
afterEach(async () => {
  await box.cleanup();
});

describe('symlinks inside the workspace', () => {
  it('a file link inside resolves to its target and reports isLink', async () => {
    await link('a.txt', join(box.ws, 'la'));
    const r = await ws.resolve('la', 'read');
    expect(r).toMatchObject({ real: join(box.ws, 'a.txt'), rel: 'a.txt', kind: 'file', isLink: true, lexical: join(box.ws, 'la') });
  });
  it('a dir link inside resolves below its target, isLink only for the link itself', async () => {
    await link('dir', join(box.ws, 'ld'));
    const below = await ws.resolve('ld/b.txt', 'read');
    expect(below).toMatchObject({ real: join(box.ws, 'dir/b.txt'), rel: 'dir/b.txt', isLink: false, lexical: join(box.ws, 'ld/b.txt') });
    expect((await ws.resolve('ld', 'list')).isLink).toBe(true);
    expect((await ws.resolve('ld/new.txt', 'write')).real).toBe(join(box.ws, 'dir/new.txt'));
  });
  it('a chain in -> in -> in resolves', async () => {
    await link('l2', join(box.ws, 'l1'));
    await link('dir/b.txt', join(box.ws, 'l2'));
    expect((await ws.resolve('l1', 'read')).rel).toBe('dir/b.txt');
  });
});

describe('symlinks leaving the workspace', () => {
  it('a file link to outside is C215 for every access but delete', async () => {
    await link(join(box.outside, 'secret.txt'), join(box.ws, 'leak'));
    await link('../outside/secret.txt', join(box.ws, 'leak-rel'));
    for (const access of ALL.filter((each) => each !== 'delete')) {
      await expectFail(ws.resolve('leak', access), 'C215', 'path escapes the workspace: leak');
      await expectFail(ws.resolve('leak-rel', access), 'C215');
    }
  });
  it('delete resolves a link to the link itself, never its target', async () => {
    await link(join(box.outside, 'secret.txt'), join(box.ws, 'leak'));
    const resolved = await ws.resolve('leak', 'delete');
    expect(resolved).toMatchObject({ real: join(ws.root, 'leak'), rel: 'leak', kind: 'symlink', isLink: true });
    await link(box.outside, join(box.ws, 'out'));
    await expectFail(ws.resolve('out/secret.txt', 'delete'), 'C215');
  });
  it('a dir link to outside is C215, also for a missing file beneath it', async () => {
    await link(box.outside, join(box.ws, 'out'));
    await expectFail(ws.resolve('out', 'list'), 'C215');
    await expectFail(ws.resolve('out/secret.txt', 'read'), 'C215');
    await expectFail(ws.resolve('out/secret.txt', 'write'), 'C215');
    await expectFail(ws.resolve('out/new.txt', 'write'), 'C215');
    await expectFail(ws.resolve('out/new/deeper.txt', 'write'), 'C215');
    await expectFail(ws.resolve('out/new.txt', 'delete'), 'C215');
  });
  it('a chain in -> in -> out is C215', async () => {
    await link('l2', join(box.ws, 'l1'));
    await link(join(box.outside, 'secret.txt'), join(box.ws, 'l2'));
    await expectFail(ws.resolve('l1', 'read'), 'C215');
    await expectFail(ws.resolve('l1', 'write'), 'C215');
  });
  it('missing/../escape/file where escape links outside is C215 (iii worker bypass)', async () => {
    await link(box.outside, join(box.ws, 'escape'));
    for (const access of ALL) {
      await expectFail(ws.resolve('missing/../escape/file', access), 'C215');
      await expectFail(ws.resolve('missing/../escape/secret.txt', access), 'C215');
    }
  });
  it('a link to a system file is C215 when the workspace is not /', async () => {
    await link('/etc/passwd', join(box.ws, 'pw'));
    await expectFail(ws.resolve('pw', 'read'), 'C215');
  });
});

describe('dangling links and loops', () => {
  it('a dangling link to outside is C215', async () => {
    await link(join(box.outside, 'nothing'), join(box.ws, 'dang'));
    for (const access of ALL.filter((each) => each !== 'delete')) await expectFail(ws.resolve('dang', access), 'C215');
    await expectFail(ws.resolve('dang', 'write'), 'C215', 'dangling symlink in path: dang');
    expect((await ws.resolve('dang', 'delete')).kind).toBe('symlink');
  });
  it('a dangling link inside is C215 too (the next syscall would follow it)', async () => {
    await link('not-yet.txt', join(box.ws, 'dang'));
    await link('no-dir', join(box.ws, 'dangdir'));
    await expectFail(ws.resolve('dang', 'write'), 'C215', 'dangling symlink in path: dang');
    await expectFail(ws.resolve('dangdir/x.txt', 'write'), 'C215');
  });
  it('a chain ending missing is C215', async () => {
    await link('l2', join(box.ws, 'l1'));
    await link('missing.txt', join(box.ws, 'l2'));
    await expectFail(ws.resolve('l1', 'write'), 'C215', 'dangling symlink in path: l1');
  });
  it('a symlink loop is C215', async () => {
    await symlink('loop-b', join(box.ws, 'loop-a'));
    await symlink('loop-a', join(box.ws, 'loop-b'));
    await symlink('self', join(box.ws, 'self'));
    await expectFail(ws.resolve('loop-a', 'write'), 'C215', 'too many levels of symbolic links in path: loop-a');
    await expectFail(ws.resolve('loop-a/x', 'write'), 'C215', 'too many levels of symbolic links in path: loop-a/x');
    for (const access of ALL) {
      await expectFail(ws.resolve('loop-a/x', access), 'C215');
      if (access === 'delete') continue; // a looping link itself can be removed
      await expectFail(ws.resolve('loop-a', access), 'C215');
      await expectFail(ws.resolve('self', access), 'C215');
    }
    expect((await ws.resolve('loop-a', 'delete')).kind).toBe('symlink');
  });
});

describe('a symlinked workspace root', () => {
  it('accepts absolute inputs in both spellings and jails both', async () => {
    const alias = join(box.base, 'alias');
    await symlink(box.ws, alias);
    const linked = await Workspace.open(alias);
    expect(linked.root).toBe(box.ws);
    expect(linked.givenRoot).toBe(alias);
    const viaAlias = await linked.resolve(join(alias, 'dir/b.txt'), 'read');
    expect(viaAlias).toMatchObject({ real: join(box.ws, 'dir/b.txt'), rel: 'dir/b.txt', lexical: join(box.ws, 'dir/b.txt') });
    expect((await linked.resolve(join(box.ws, 'a.txt'), 'read')).rel).toBe('a.txt');
    expect((await linked.resolve(alias, 'list')).rel).toBe('.');
    expect((await linked.resolve('a.txt', 'read')).real).toBe(join(box.ws, 'a.txt'));
    expect(linked.relative(join(alias, 'dir/b.txt'))).toBe('dir/b.txt');
    await expectFail(linked.resolve(`${alias}_evil/x`, 'write'), 'C215');
    await expectFail(linked.resolve(join(alias, '../outside/secret.txt'), 'read'), 'C215');
    await expectFail(linked.resolve('../outside/secret.txt', 'read'), 'C215');
  });
});

describe('I/O errors are not "missing"', () => {
  it.skipIf(process.getuid?.() === 0)('a permission error is C216, never C211 or a fallback', async () => {
    await mkdir(join(box.ws, 'locked'));
    await put(join(box.ws, 'locked/f.txt'));
    await chmod(join(box.ws, 'locked'), 0o000);
    try {
      await expectFail(ws.resolve('locked/f.txt', 'read'), 'C216');
      await expectFail(ws.resolve('locked/new.txt', 'write'), 'C216');
    } finally {
      await chmod(join(box.ws, 'locked'), 0o755);
    }
  });
});
