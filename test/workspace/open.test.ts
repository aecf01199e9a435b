import { execFileSync } from 'node:child_process';
import { mkdir, rename, rm, symlink, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { Workspace } from '../../src/workspace/workspace.js';
import { expectFail, makeSandbox, missingMessage, put, type Sandbox } from './helpers.js';

let box: Sandbox;
let ws: Workspace;

beforeEach(async () => {
  box = await makeSandbox();
  await put(join(box.ws, 'f.txt'), 'inside');
  await put(join(box.ws, 'sub/f.txt'), 'inside sub');
  await put(join(box.outside, 'f.txt'), 'OUTSIDE');
  ws = await Workspace.open(box.ws);
});
afterEach(async () => {
  await box.cleanup();
});

describe('openRead', () => {
  it('opens a validated file', async () => {
    const handle = await ws.openRead(await ws.resolve('sub/f.txt', 'read'));
    try {
      expect(await handle.readFile('utf8')).toBe('inside sub');
    } finally {
      await handle.close();
    }
  });
  it('refuses a directory with C210 and a missing path with C211', async () => {
    await expectFail(ws.openRead(await ws.resolve('sub', 'list')), 'C210', 'sub is a directory');
    await expectFail(ws.openRead(await ws.resolve('new.txt', 'write')), 'C211', missingMessage('new.txt'));
  });
  it('fails C215 when the file became a symlink to outside after validation', async () => {
    const resolved = await ws.resolve('f.txt', 'read');
    await rm(join(box.ws, 'f.txt'));
    await symlink(join(box.outside, 'f.txt'), join(box.ws, 'f.txt'));
    const error = await expectFail(ws.openRead(resolved), 'C215', 'path changed during access: f.txt');
    expect(error.message).not.toContain('OUTSIDE');
  });
  it('fails C215 when a parent dir became a symlink to outside after validation', async () => {
    const resolved = await ws.resolve('sub/f.txt', 'read');
    await rename(join(box.ws, 'sub'), join(box.ws, 'sub.old'));
    await symlink(box.outside, join(box.ws, 'sub'));
    await expectFail(ws.openRead(resolved), 'C215', 'path changed during access: sub/f.txt');
  });
  it('fails C215 when the file was replaced by another file', async () => {
    const resolved = await ws.resolve('f.txt', 'read');
    await writeFile(join(box.ws, 'f.tmp'), 'swapped');
    await rename(join(box.ws, 'f.tmp'), join(box.ws, 'f.txt'));
    await expectFail(ws.openRead(resolved), 'C215');
  });
  it('fails C211 when the file vanished after validation', async () => {
    const resolved = await ws.resolve('f.txt', 'read');
    await rm(join(box.ws, 'f.txt'));
    await expectFail(ws.openRead(resolved), 'C211', missingMessage('f.txt'));
  });
  it('fails C215 when a directory was swapped in', async () => {
    const resolved = await ws.resolve('f.txt', 'read');
    await rm(join(box.ws, 'f.txt'));
    await mkdir(join(box.ws, 'f.txt'));
    const error = await expectFail(ws.openRead(resolved), 'C215');
    expect(error.message).toContain('f.txt');
  });
  it.skipIf(process.platform === 'win32')('fails C215, without hanging, when a FIFO was swapped in', async () => {
    const resolved = await ws.resolve('f.txt', 'read');
    await rm(join(box.ws, 'f.txt'));
    execFileSync('mkfifo', [join(box.ws, 'f.txt')]);
    await expectFail(ws.openRead(resolved), 'C215');
  });
  it.skipIf(process.platform === 'win32')('refuses a FIFO found at validation with C210', async () => {
    execFileSync('mkfifo', [join(box.ws, 'pipe')]);
    const resolved = await ws.resolve('pipe', 'read');
    expect(resolved.kind).toBe('other');
    await expectFail(ws.openRead(resolved), 'C210', 'pipe is not a regular file');
  });
  it('refuses a resolved path that is not inside this workspace', async () => {
    const other = await Workspace.open(box.outside);
    await expectFail(ws.openRead(await other.resolve('f.txt', 'read')), 'C215');
  });
});
