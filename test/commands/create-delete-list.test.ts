import { existsSync } from 'node:fs';
import { access, readFile, stat, symlink, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Engine } from '../../src/index.js';
import { engineFor, removeDir, tempDir, writeFiles } from '../helpers/fixture.js';

let root: string;
let outside: string;
let engine: Engine;
beforeEach(async () => {
  root = await tempDir();
  outside = await tempDir('codeward-outside-');
  await writeFiles(root, { 'keep.txt': 'keep\n', 'win.txt': 'a\r\nb\r\n', 'dir/x.txt': 'x\n', 'dir/sub/y.txt': 'y\n', 'guarded/.env': 'S=1' });
  await writeFile(join(outside, 'target.txt'), 'outside\n');
  engine = await engineFor(root);
});
afterEach(async () => {
  await removeDir(root);
  await removeDir(outside);
});

const exists = (path: string) => access(join(root, path)).then(() => true, () => false);
const results = async (cmd: string, args: Record<string, unknown>) => {
  const envelope = await engine.run({ cmd, args });
  if (!envelope.ok) throw new Error(JSON.stringify(envelope));
  return (envelope.data as { results: Record<string, unknown>[] }).results;
};

describe('create', () => {
  it('creates several files with parents and mode, one result each', async () => {
    expect(await results('create', { files: [{ path: 'a/b/c.txt', content: 'hi\n' }, { path: 'run.sh', content: '#!/bin/sh\n', mode: '0755' }] })).toEqual([
      { path: 'a/b/c.txt', success: true, bytesWritten: 3, created: true, backup: null },
      { path: 'run.sh', success: true, bytesWritten: 10, created: true, backup: null },
    ]);
    expect(await readFile(join(root, 'a/b/c.txt'), 'utf8')).toBe('hi\n');
    expect((await stat(join(root, 'run.sh'))).mode & 0o777).toBe(0o755);
  });

  // Red team: `create` with mode "4755" and a shell's bytes made a root shell for any local user under --yes
  // (seed 004 asks a person for chmod +s and chmod 777; a created file never gets those bits).
  it('never creates a setuid, setgid or world-writable file (C210, nothing written)', async () => {
    for (const mode of ['4755', '6777', '2755', '0777', 0o4755]) {
      const out = await results('create', { files: [{ path: `m${mode}`, content: 'x', mode }] });
      expect(out[0]).toMatchObject({ success: false, error: { code: 'C210' } });
      expect(existsSync(join(root, `m${mode}`))).toBe(false);
    }
  });

  it('refuses an existing file without overwrite (C217) and keeps going', async () => {
    const out = await results('create', { files: [{ path: 'keep.txt', content: 'x' }, { path: 'new.txt', content: 'n' }] });
    expect(out[0]).toMatchObject({ path: 'keep.txt', success: false, error: { code: 'C217' } });
    expect(out[1]).toMatchObject({ path: 'new.txt', success: true });
    expect(await readFile(join(root, 'keep.txt'), 'utf8')).toBe('keep\n');
  });

  it('two entries for the same new file: the second is C217, never a silent replace', async () => {
    const out = await results('create', { files: [{ path: 'twice.txt', content: 'one' }, { path: 'twice.txt', content: 'two' }] });
    expect(out.map((entry) => entry['success'])).toEqual([true, false]);
    expect(out[1]).toMatchObject({ error: { code: 'C217', message: 'twice.txt already exists; pass overwrite: true to replace it' } });
    expect(await readFile(join(root, 'twice.txt'), 'utf8')).toBe('one');
  });

  it('overwrite keeps the previous version (in the checkpoint store) and the file conventions', async () => {
    const out = await results('create', { files: [{ path: 'win.txt', content: 'c\nd\n', overwrite: true }] });
    expect(out[0]).toMatchObject({ success: true, created: false, backup: expect.stringMatching(/^checkpoint:\d+$/) });
    expect(await exists('win.txt.bak')).toBe(false);
    expect(await readFile(join(root, 'win.txt'), 'utf8')).toBe('c\r\nd\r\n');
  });

  it('per-entry errors: escape, non-accessible, bad mode, missing parent without parents', async () => {
    const out = await results('create', {
      files: [
        { path: '../evil.txt', content: 'x' },
        { path: 'conf/.env', content: 'x' },
        { path: 'm.txt', content: 'x', mode: 'rwx' },
        { path: 'no/such/dir.txt', content: 'x', parents: false },
      ],
    });
    expect(out.map((entry) => (entry['error'] as { code: string }).code)).toEqual(['C215', 'C211', 'C210', 'C211']);
    expect(await exists('m.txt')).toBe(false);
    expect(await exists('no')).toBe(false);
  });

  it('an empty files array is a usage error', async () => {
    expect(await engine.run({ cmd: 'create', args: { files: [] } })).toMatchObject({ ok: false, usage: true, error: { code: 'C210' } });
  });
});

describe('delete', () => {
  it('removes files (kept in the checkpoint store, no .bak beside), is idempotent for missing paths', async () => {
    expect(await results('delete', { paths: ['keep.txt', 'nothing.txt'] })).toEqual([
      { path: 'keep.txt', success: true, removed: true, backup: expect.stringMatching(/^checkpoint:\d+$/) as unknown },
      { path: 'nothing.txt', success: true, removed: false, backup: null },
    ]);
    expect(await exists('keep.txt')).toBe(false);
    expect(await exists('keep.txt.bak')).toBe(false);
    expect(await engine.run({ cmd: 'rollback', args: { file: 'keep.txt' } })).toMatchObject({ ok: true });
    expect(await readFile(join(root, 'keep.txt'), 'utf8')).toBe('keep\n');
  });

  it('a non-empty folder needs recursive', async () => {
    expect((await results('delete', { paths: ['dir'] }))[0]).toMatchObject({ success: false, error: { code: 'C210' } });
    expect((await results('delete', { paths: ['dir'], recursive: true }))[0]).toMatchObject({ success: true, removed: true });
    expect(await exists('dir')).toBe(false);
  });

  it('refuses a tree holding a non-accessible file and removes nothing', async () => {
    expect((await results('delete', { paths: ['guarded'], recursive: true }))[0]).toMatchObject({ success: false, error: { code: 'C211' } });
    expect(await exists('guarded/.env')).toBe(true);
  });

  it('removes a symlink itself, never its target, even when it points outside', async () => {
    await symlink(join(outside, 'target.txt'), join(root, 'out-link'));
    await symlink(outside, join(root, 'out-dir-link'));
    const out = await results('delete', { paths: ['out-link', 'out-dir-link'], recursive: true });
    expect(out.every((entry) => entry['success'] === true && entry['removed'] === true)).toBe(true);
    expect(await readFile(join(outside, 'target.txt'), 'utf8')).toBe('outside\n');
  });

  it('refuses the workspace root and escapes', async () => {
    const out = await results('delete', { paths: ['.', 'dir/..', '../', join(outside, 'target.txt')], recursive: true });
    expect(out.map((entry) => (entry['error'] as { code: string }).code)).toEqual(['C210', 'C210', 'C215', 'C215']);
    expect(await exists('keep.txt')).toBe(true);
  });
});

describe('list', () => {
  it('pages a sorted folder with kinds and non-accessible flags', async () => {
    await symlink('keep.txt', join(root, 'alias'));
    const envelope = await engine.run({ cmd: 'list', args: { pageSize: 3 } });
    expect(envelope).toMatchObject({ ok: true, data: { path: '.', total: 5, page: 1, pageSize: 3, hasMore: true } });
    const data = envelope.ok ? (envelope.data as { entries: { name: string; kind: string }[] }) : { entries: [] };
    expect(data.entries.map((entry) => [entry.name, entry.kind])).toEqual([['alias', 'symlink'], ['dir', 'dir'], ['guarded', 'dir']]);
    const page2 = await engine.run({ cmd: 'list', args: { pageSize: 3, page: 2 } });
    expect(page2).toMatchObject({ data: { hasMore: false, entries: [{ name: 'keep.txt', kind: 'file', size: 5, nonAccessible: false }, { name: 'win.txt' }] } });
    const guarded = await engine.run({ cmd: 'list', args: { path: 'guarded' } });
    expect(guarded).toMatchObject({ ok: true, data: { entries: [{ name: '.env', nonAccessible: true }] } });
  });

  it('past the last page is empty; a file is C210', async () => {
    expect(await engine.run({ cmd: 'list', args: { page: 9 } })).toMatchObject({ ok: true, data: { entries: [], hasMore: false } });
    expect(await engine.run({ cmd: 'list', args: { path: 'keep.txt' } })).toMatchObject({ ok: false, error: { code: 'C210' } });
  });
});
