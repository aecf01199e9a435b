import { access, readFile, symlink, writeFile } from 'node:fs/promises';
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
  await writeFiles(root, { 'a.txt': 'v1\n' });
  // These tests check ChatCLI's .bak files: the opt-in backups: "beside" (the default keeps them in the checkpoint store).
  await writeFiles(root, { '.codeward/config.json': '{"backups":"beside"}' });
  engine = await engineFor(root);
});
afterEach(async () => {
  await removeDir(root);
  await removeDir(outside);
});

const text = (path: string) => readFile(join(root, path), 'utf8');
const exists = (path: string) => access(join(root, path)).then(() => true, () => false);

describe('rollback', () => {
  it('restores the previous version and a second rollback redoes', async () => {
    await engine.run({ cmd: 'write', args: { file: 'a.txt', content: 'v2\n' } });
    // backups: "beside" still writes the .bak; rollback takes the previous version from the store.
    expect(await text('a.txt.bak')).toBe('v1\n');
    expect(await engine.run({ cmd: 'rollback', args: { file: 'a.txt' } })).toMatchObject({ ok: true, data: { restored: 'a.txt', from: 'checkpoint:1', backup: 'checkpoint:2' } });
    expect(await text('a.txt')).toBe('v1\n');
    await engine.run({ cmd: 'rollback', args: { file: 'a.txt' } });
    expect(await text('a.txt')).toBe('v2\n');
  });

  it('of a file the last change created removes it and says so (newcomer: it said "restored"); a second rollback brings it back', async () => {
    await engine.run({ cmd: 'write', args: { file: 'new.txt', content: 'made\n' } });
    const back = await engine.run({ cmd: 'rollback', args: { file: 'new.txt' } });
    expect(back).toMatchObject({ ok: true, data: { restored: 'new.txt', removed: true, from: 'checkpoint:1', backup: 'checkpoint:2' } });
    expect(await exists('new.txt')).toBe(false);
    expect(engine.registry.get('rollback').format!((back as { data: unknown }).data)).toBe('removed new.txt: it did not exist before checkpoint:1 (the removed version is in checkpoint:2; rollback again brings it back)');
    expect(await engine.run({ cmd: 'rollback', args: { file: 'new.txt' } })).toMatchObject({ ok: true, data: { restored: 'new.txt', absent: true } });
    expect(await text('new.txt')).toBe('made\n');
  });

  it('without a backup is C224', async () => {
    expect(await engine.run({ cmd: 'rollback', args: { file: 'a.txt' } })).toMatchObject({ ok: false, error: { code: 'C224' } });
  });

  it('refuses a planted .bak symlink to a file outside the workspace', async () => {
    await writeFile(join(outside, 'secret.txt'), 'outside secret\n');
    await symlink(join(outside, 'secret.txt'), join(root, 'a.txt.bak'));
    expect(await engine.run({ cmd: 'rollback', args: { file: 'a.txt' } })).toMatchObject({ ok: false, error: { code: 'C215' } });
    expect(await text('a.txt')).toBe('v1\n');
  });
});

describe('clean', () => {
  beforeEach(async () => {
    await writeFiles(root, { 'x.bak': '', 'src/y.ts.bak': '', 'src/y.ts': '', 'node_modules/m.bak': '', 'keep.txt': '', 'secrets/s.bak': '' });
  });

  it('--dry-run lists and removes nothing', async () => {
    expect(await engine.run({ cmd: 'clean', args: { dryRun: true } })).toMatchObject({ ok: true, data: { removed: ['src/y.ts.bak', 'x.bak'], dryRun: true } });
    expect(await exists('x.bak')).toBe(true);
  });

  it('removes backups, keeps non-accessible ones and node_modules', async () => {
    const envelope = await engine.run({ cmd: 'clean', args: {} });
    expect(envelope).toMatchObject({ ok: true, data: { removed: ['src/y.ts.bak', 'x.bak'], dryRun: false } });
    expect(envelope.warnings).toEqual(['kept secrets/s.bak: it matches a non-accessible glob']);
    expect(await exists('x.bak')).toBe(false);
    expect(await exists('src/y.ts')).toBe(true);
    expect(await exists('node_modules/m.bak')).toBe(true);
  });

  it('removes a .bak symlink itself, never its target', async () => {
    await writeFile(join(outside, 'target.bak'), 'keep me');
    await symlink(join(outside, 'target.bak'), join(root, 'link.bak'));
    await engine.run({ cmd: 'clean', args: {} });
    expect(await exists('link.bak')).toBe(false);
    expect(await readFile(join(outside, 'target.bak'), 'utf8')).toBe('keep me');
  });

  it('refuses a pattern that would remove ordinary files', async () => {
    expect(await engine.run({ cmd: 'clean', args: { pattern: '*' } })).toMatchObject({ ok: false, error: { code: 'C210' } });
    expect(await exists('keep.txt')).toBe(true);
  });
});
