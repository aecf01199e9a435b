// The iii worker's writes are undo steps in the checkpoint store every door shares (issue 20): driven
// through the worker's own function handlers, undone through an engine on the same folder.
import { chmod, lstat, readFile, readdir, readlink, symlink } from 'node:fs/promises';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { DEFAULT_CONFIG, prepareContext, type WorkerContext } from '../../src/doors/worker/config.js';
import { invoke } from '../../src/doors/worker/functions.js';
import { createEngine, type Engine } from '../../src/index.js';
import { removeDir, tempDir, writeFiles } from '../helpers/fixture.js';

let root: string;
let base: string;
let state: string;
let ctx: WorkerContext;
let engine: Engine;

beforeEach(async () => {
  root = await tempDir('cw-worker-undo-');
  state = await tempDir('cw-worker-undo-state-');
  base = join(root, 'base');
  await writeFiles(root, { 'base/a.txt': 'alpha\nbeta\n', 'base/tool/run.sh': '#!/bin/sh\n', 'base/tool/deep/x.bin': 'x' });
  await chmod(join(base, 'tool', 'run.sh'), 0o755);
  await symlink('../a.txt', join(base, 'tool', 'link'));
  vi.stubEnv('CODEWARD_STATE_DIR', state);
  ctx = await prepareContext({ ...DEFAULT_CONFIG, base_path: base, non_accessible_globs: ['**/.env'], default_write_action: 'allow' }, root);
  engine = await createEngine({ workspace: base, env: { ...process.env, CODEWARD_STATE_DIR: state } });
});

afterEach(async () => {
  vi.unstubAllEnvs();
  await removeDir(root);
  await removeDir(state);
});

async function call(id: string, payload: unknown): Promise<{ results: { success: boolean; error?: string }[] }> {
  const outcome = await invoke(ctx, id, payload);
  if (!outcome.ok) throw new Error(`${id}: ${outcome.error.message}`);
  const result = outcome.result as { results: { success: boolean; error?: string }[] };
  expect(result.results.every((entry) => entry.success), JSON.stringify(result)).toBe(true);
  return result;
}

const text = (rel: string): Promise<string> => readFile(join(base, rel), 'utf8');

describe('worker writes undo through codeward undo', () => {
  it('update-file, create-file and delete-file are steps of the worker door; undo takes them back newest first', async () => {
    await call('coder::update-file', { files: [{ path: 'a.txt', ops: [{ op: 'replace', pattern: 'beta', replacement: 'BETA' }] }] });
    await call('coder::create-file', { files: [{ path: 'new/n.txt', content: 'new file' }] });
    await call('coder::create-file', { files: [{ path: 'a.txt', content: 'overwritten', overwrite: true }] });
    await call('coder::delete-file', { paths: ['tool/run.sh'] });
    const list = await engine.run({ cmd: 'checkpoints' });
    expect(list).toMatchObject({ ok: true, data: { checkpoints: [
      { command: 'delete', door: 'worker', files: [{ path: 'tool/run.sh', change: 'deleted' }] },
      { command: 'create', door: 'worker', files: [{ path: 'a.txt', change: 'changed' }] },
      { command: 'create', door: 'worker', files: [{ path: 'new/n.txt', change: 'created' }] },
      { command: 'update', door: 'worker', files: [{ path: 'a.txt', change: 'changed' }] },
    ] } });
    expect(await engine.run({ cmd: 'undo', args: { steps: 2 } })).toMatchObject({ ok: true });
    expect((await lstat(join(base, 'tool', 'run.sh'))).mode & 0o777).toBe(0o755);
    expect(await text('a.txt')).toBe('alpha\nBETA\n');
    expect(await engine.run({ cmd: 'undo', args: { steps: 2 } })).toMatchObject({ ok: true });
    expect(await text('a.txt')).toBe('alpha\nbeta\n');
    // The folder the create made is taken back with it, empty again (newcomer pass N5).
    expect(existsSync(join(base, 'new'))).toBe(false);
  });

  it('a recursive delete-file of a folder undoes with its files, modes and links', async () => {
    await call('coder::delete-file', { paths: ['tool'], recursive: true });
    expect(await readdir(base)).toEqual(['a.txt']);
    expect(await engine.run({ cmd: 'undo' })).toMatchObject({ ok: true });
    expect((await lstat(join(base, 'tool', 'run.sh'))).mode & 0o777).toBe(0o755);
    expect(await readlink(join(base, 'tool', 'link'))).toBe('../a.txt');
    expect(await text('tool/deep/x.bin')).toBe('x');
  });

  it('the worker deleting a symlink keeps the link (not its target) in the step', async () => {
    await call('coder::delete-file', { paths: ['tool/link'] });
    expect(await text('a.txt')).toBe('alpha\nbeta\n');
    expect(await engine.run({ cmd: 'undo' })).toMatchObject({ ok: true });
    expect((await lstat(join(base, 'tool', 'link'))).isSymbolicLink()).toBe(true);
  });

  it('red team: a folder holding links to outside files and folders is deleted and undone as links; no outside byte enters the store', async () => {
    const outside = join(root, 'outside');
    await writeFiles(root, { 'outside/secret.txt': 'outside secret', 'outside/dir/inner.txt': 'inner' });
    await symlink(join(outside, 'secret.txt'), join(base, 'tool', 'to-file'));
    await symlink(join(outside, 'dir'), join(base, 'tool', 'to-dir'));
    await call('coder::delete-file', { paths: ['tool'], recursive: true });
    expect(await readFile(join(outside, 'secret.txt'), 'utf8')).toBe('outside secret');
    expect(await readFile(join(outside, 'dir', 'inner.txt'), 'utf8')).toBe('inner');
    const stored = await Promise.all((await readdir(state, { recursive: true, withFileTypes: true }))
      .filter((entry) => entry.isFile() && entry.parentPath.includes('blobs'))
      .map((entry) => readFile(join(entry.parentPath, entry.name), 'utf8')));
    expect(stored.join('\n')).not.toContain('outside secret');
    expect(stored.join('\n')).not.toContain('inner');
    expect(await engine.run({ cmd: 'undo' })).toMatchObject({ ok: true });
    expect(await readlink(join(base, 'tool', 'to-file'))).toBe(join(outside, 'secret.txt'));
    expect(await readlink(join(base, 'tool', 'to-dir'))).toBe(join(outside, 'dir'));
  });
});

