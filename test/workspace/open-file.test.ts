import { execFileSync } from 'node:child_process';
import { mkdir, rename, rm, symlink, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { SYNC_READ_MAX_BYTES, type VerifiedFile } from '../../src/workspace/open.js';
import { Workspace } from '../../src/workspace/workspace.js';
import { expectFail, makeSandbox, missingMessage, put, type Sandbox } from './helpers.js';

// openReadFile: the same refusals as openRead, for both of its paths (small files are opened and read
// with synchronous syscalls, larger ones through a FileHandle).
let box: Sandbox;
let ws: Workspace;

const SMALL = 'inside';
const LARGE = 'L'.repeat(SYNC_READ_MAX_BYTES + 1);

beforeEach(async () => {
  box = await makeSandbox();
  await put(join(box.ws, 'f.txt'), SMALL);
  await put(join(box.ws, 'big.txt'), LARGE);
  await put(join(box.ws, 'sub/f.txt'), SMALL);
  await put(join(box.outside, 'f.txt'), 'OUTSIDE');
  await put(join(box.outside, 'big.txt'), 'O'.repeat(SYNC_READ_MAX_BYTES + 1));
  ws = await Workspace.open(box.ws);
});
afterEach(async () => {
  await box.cleanup();
});

async function readAll(file: VerifiedFile): Promise<string> {
  const buffer = Buffer.alloc(file.stats.size);
  let done = 0;
  while (done < buffer.length) {
    const { bytesRead } = await file.read(buffer, done, buffer.length - done, done);
    if (bytesRead === 0) break;
    done += bytesRead;
  }
  return buffer.subarray(0, done).toString('utf8');
}

describe.each([
  ['small (synchronous)', 'f.txt', SMALL],
  ['large (FileHandle)', 'big.txt', LARGE],
])('openReadFile, %s', (_label, name, content) => {
  it('opens a validated file; stats are the descriptor\'s, equal to the validated file', async () => {
    const resolved = await ws.resolve(name, 'read');
    const file = await ws.openReadFile(resolved);
    try {
      expect(file.stats.ino).toBe(resolved.stats!.ino);
      expect(file.stats.dev).toBe(resolved.stats!.dev);
      expect(file.stats.size).toBe(content.length);
      expect(await readAll(file)).toBe(content);
    } finally {
      await file.close();
    }
    // Closing twice is harmless for the synchronous kind; reading after close fails.
    if (name === 'f.txt') {
      await file.close();
      await expect(file.read(Buffer.alloc(1), 0, 1, 0)).rejects.toThrow();
    }
  });
  it('fails C215 when the file became a symlink to outside after validation', async () => {
    const resolved = await ws.resolve(name, 'read');
    await rm(join(box.ws, name));
    await symlink(join(box.outside, name), join(box.ws, name));
    const error = await expectFail(ws.openReadFile(resolved), 'C215', `path changed during access: ${name}`);
    expect(error.message).not.toContain('OUTSIDE');
  });
  it('fails C215 when the file was replaced by another file', async () => {
    const resolved = await ws.resolve(name, 'read');
    await writeFile(join(box.ws, 'swap.tmp'), content);
    await rename(join(box.ws, 'swap.tmp'), join(box.ws, name));
    await expectFail(ws.openReadFile(resolved), 'C215');
  });
  it('fails C211 when the file vanished after validation', async () => {
    const resolved = await ws.resolve(name, 'read');
    await rm(join(box.ws, name));
    await expectFail(ws.openReadFile(resolved), 'C211', missingMessage(name));
  });
  it('fails C215 when a directory was swapped in', async () => {
    const resolved = await ws.resolve(name, 'read');
    await rm(join(box.ws, name));
    await mkdir(join(box.ws, name));
    await expectFail(ws.openReadFile(resolved), 'C215');
  });
  it.skipIf(process.platform === 'win32')('fails C215, without hanging, when a FIFO was swapped in', async () => {
    const resolved = await ws.resolve(name, 'read');
    await rm(join(box.ws, name));
    execFileSync('mkfifo', [join(box.ws, name)]);
    await expectFail(ws.openReadFile(resolved), 'C215');
  });
  it('refuses a resolved path that is not inside this workspace', async () => {
    const other = await Workspace.open(box.outside);
    await expectFail(ws.openReadFile(await other.resolve(name, 'read')), 'C215');
  });
});

describe('openReadFile', () => {
  it('fails C215 when a parent dir became a symlink to outside after validation', async () => {
    const resolved = await ws.resolve('sub/f.txt', 'read');
    await rename(join(box.ws, 'sub'), join(box.ws, 'sub.old'));
    await symlink(box.outside, join(box.ws, 'sub'));
    await expectFail(ws.openReadFile(resolved), 'C215', 'path changed during access: sub/f.txt');
  });
  it('refuses a directory with C210 and a missing path with C211', async () => {
    await expectFail(ws.openReadFile(await ws.resolve('sub', 'list')), 'C210', 'sub is a directory');
    await expectFail(ws.openReadFile(await ws.resolve('new.txt', 'write')), 'C211', missingMessage('new.txt'));
  });
  it.skipIf(process.platform === 'win32')('refuses a FIFO found at validation with C210', async () => {
    execFileSync('mkfifo', [join(box.ws, 'pipe')]);
    await expectFail(ws.openReadFile(await ws.resolve('pipe', 'read')), 'C210', 'pipe is not a regular file');
  });
  it('a small file that grew past the limit after validation is read whole (through a FileHandle)', async () => {
    const resolved = await ws.resolve('f.txt', 'read');
    expect(resolved.stats!.size).toBeLessThanOrEqual(SYNC_READ_MAX_BYTES);
    await writeFile(join(box.ws, 'f.txt'), LARGE);
    const file = await ws.openReadFile(resolved);
    try {
      expect(file.stats.size).toBe(LARGE.length);
      expect(await readAll(file)).toBe(LARGE);
    } finally {
      await file.close();
    }
  });
});
