import { execFile, spawn } from 'node:child_process';
import { chmod, lstat, mkdir, readdir, readFile, readlink, realpath, stat, symlink, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { atomicWrite, ensureParentDirs } from '../../src/files/atomic-write.js';
import { bundleAtomicWrite, cleanup, makeTempDir, prng } from './helpers.js';

const run = promisify(execFile);

const CHILD = `import { atomicWrite } from './atomic-write.mjs';
const [mode, target, a, b] = process.argv.slice(2);
if (mode === 'loop') {
  const buf = Buffer.alloc(Number(a));
  for (let v = Number(b); ; v++) {
    buf.fill(65 + (v % 26));
    process.stdout.write('w');
    await atomicWrite(target, buf);
  }
} else {
  try { await atomicWrite(target, 'new'); process.stdout.write(JSON.stringify({ ok: true })); }
  catch (e) { process.stdout.write(JSON.stringify({ ok: false, code: e.code, message: e.message })); }
}
`;

let dir: string;
beforeEach(async () => {
  dir = await realpath(await makeTempDir());
});
afterEach(async () => {
  await chmod(dir, 0o755).catch(() => undefined);
  for (const name of await readdir(dir)) await chmod(join(dir, name), 0o755).catch(() => undefined);
  await cleanup(dir);
});

const modeOf = async (path: string): Promise<number> => (await stat(path)).mode & 0o7777;

describe('atomicWrite', () => {
  it('writes strings and bytes, creating or replacing the file', async () => {
    const file = join(dir, 'a.txt');
    await atomicWrite(file, 'héllo\n');
    expect(await readFile(file, 'utf8')).toBe('héllo\n');
    await atomicWrite(file, Uint8Array.of(0, 1, 2, 255));
    expect([...(await readFile(file))]).toEqual([0, 1, 2, 255]);
    await atomicWrite(file, '');
    expect((await readFile(file)).length).toBe(0);
    expect(await readdir(dir)).toEqual(['a.txt']);
  });

  it('gives a new file the default mode (0o666 minus the umask)', async () => {
    await writeFile(join(dir, 'ref'), 'x');
    await atomicWrite(join(dir, 'new'), 'x');
    expect(await modeOf(join(dir, 'new'))).toBe(await modeOf(join(dir, 'ref')));
  });

  it.each([0o755, 0o600, 0o640])('preserves the existing mode %o', async (mode) => {
    const file = join(dir, 'm');
    await writeFile(file, 'old');
    await chmod(file, mode);
    await atomicWrite(file, 'new');
    expect(await modeOf(file)).toBe(mode);
    expect(await readFile(file, 'utf8')).toBe('new');
  });

  it('applies an explicit mode exactly, even over an existing file', async () => {
    const file = join(dir, 'm');
    await atomicWrite(file, 'a', { mode: 0o700 });
    expect(await modeOf(file)).toBe(0o700);
    await atomicWrite(file, 'b', { mode: 0o604 });
    expect(await modeOf(file)).toBe(0o604);
  });

  it('writing to the resolved target of a symlink keeps the link working', async () => {
    const target = join(dir, 'target.txt');
    const link = join(dir, 'link.txt');
    await writeFile(target, 'old');
    await symlink('target.txt', link);
    await atomicWrite(await realpath(link), 'new');
    expect((await lstat(link)).isSymbolicLink()).toBe(true);
    expect(await readlink(link)).toBe('target.txt');
    expect(await readFile(link, 'utf8')).toBe('new');
  });

  it('refuses a directory target with C210 and leaves nothing behind', async () => {
    await mkdir(join(dir, 'sub'));
    await expect(atomicWrite(join(dir, 'sub'), 'x')).rejects.toMatchObject({ code: 'C210' });
    expect(await readdir(dir)).toEqual(['sub']);
  });

  it('a very long file name still gets a valid temp name', async () => {
    const file = join(dir, 'n'.repeat(250));
    await atomicWrite(file, 'x');
    expect(await readFile(file, 'utf8')).toBe('x');
    expect(await readdir(dir)).toEqual(['n'.repeat(250)]);
  });

  it('a missing parent folder is C211', async () => {
    await expect(atomicWrite(join(dir, 'nope', 'f'), 'x')).rejects.toMatchObject({ code: 'C211' });
  });

  it('an abort mid-write removes the temp file and leaves the original untouched', async () => {
    const file = join(dir, 'f');
    await writeFile(file, 'original');
    let checks = 0;
    const signal = { get aborted() { return ++checks > 3; }, reason: undefined } as unknown as AbortSignal;
    await expect(atomicWrite(file, Buffer.alloc(20 * 1024 * 1024, 1), { signal })).rejects.toMatchObject({ code: 'C223' });
    expect(checks).toBeGreaterThan(3);
    expect(await readFile(file, 'utf8')).toBe('original');
    expect(await readdir(dir)).toEqual(['f']);
    const done = new AbortController();
    done.abort();
    await expect(atomicWrite(file, 'x', { signal: done.signal })).rejects.toMatchObject({ code: 'C223' });
  });

  it('a read-only folder is C216 with a clear message, and the folder is unchanged', async () => {
    const ro = join(dir, 'ro');
    await mkdir(ro);
    await writeFile(join(ro, 'f'), 'old');
    await chmod(ro, 0o555);
    let result: { ok: boolean; code?: string; message?: string };
    if (process.getuid?.() === 0) {
      // root ignores modes: run the write as an unprivileged user instead.
      await chmod(dir, 0o755);
      await bundleAtomicWrite(dir);
      await writeFile(join(dir, 'child.mjs'), CHILD);
      const { stdout } = await run(process.execPath, [join(dir, 'child.mjs'), 'once', join(ro, 'f')], { uid: 65534, gid: 65534 });
      result = JSON.parse(stdout) as typeof result;
    } else {
      result = await atomicWrite(join(ro, 'f'), 'new').then(() => ({ ok: true }), (e: { code: string; message: string }) => ({ ok: false, code: e.code, message: e.message }));
    }
    expect(result).toMatchObject({ ok: false, code: 'C216' });
    expect(result.message).toMatch(/permission denied/);
    expect(result.message).toContain(join(ro, 'f'));
    expect(await readdir(ro)).toEqual(['f']);
    expect(await readFile(join(ro, 'f'), 'utf8')).toBe('old');
  });

  it('a killed writer never leaves a torn or partial target', { timeout: 120_000 }, async () => {
    const size = 50 * 1024 * 1024;
    const target = join(dir, 'big.bin');
    await bundleAtomicWrite(dir);
    await writeFile(join(dir, 'child.mjs'), CHILD);
    await writeFile(target, Buffer.alloc(size, 65));
    const rand = prng(42);
    let interrupted = 0;
    const seen = new Set<number>();
    for (let i = 0; i < 20; i++) {
      const child = spawn(process.execPath, [join(dir, 'child.mjs'), 'loop', target, String(size), String(i * 7 + 1)], { stdio: ['ignore', 'pipe', 'inherit'] });
      const exited = new Promise((resolve) => child.once('exit', resolve));
      await new Promise((resolve) => child.stdout.once('data', resolve));
      await new Promise((resolve) => setTimeout(resolve, rand.int(600)));
      child.kill('SIGKILL');
      await exited;
      const bytes = await readFile(target);
      expect(bytes.length).toBe(size);
      const fill = bytes[0]!;
      expect(fill).toBeGreaterThanOrEqual(65);
      expect(fill).toBeLessThanOrEqual(90);
      expect(bytes.equals(Buffer.alloc(size, fill))).toBe(true);
      seen.add(fill);
      const leftovers = (await readdir(dir)).filter((name) => name.endsWith('.cw-tmp'));
      if (leftovers.length > 0) interrupted++;
      for (const name of leftovers) await cleanup(join(dir, name));
    }
    // Some kills landed mid-write (an orphaned temp file) and some writes completed.
    expect(interrupted).toBeGreaterThan(0);
    expect(seen.size).toBeGreaterThan(1);
  });
});

describe('ensureParentDirs', () => {
  it('creates the missing parents and reports them outermost first', async () => {
    const created = await ensureParentDirs(join(dir, 'a', 'b', 'c', 'file.txt'), dir);
    expect(created).toEqual([join(dir, 'a'), join(dir, 'a', 'b'), join(dir, 'a', 'b', 'c')]);
    expect((await stat(join(dir, 'a', 'b', 'c'))).isDirectory()).toBe(true);
    expect(await ensureParentDirs(join(dir, 'a', 'b', 'c', 'other'), dir)).toEqual([]);
    expect(await ensureParentDirs(join(dir, 'top.txt'), dir)).toEqual([]);
  });

  it('refuses parents outside the root (C215)', async () => {
    const root = join(dir, 'root');
    await mkdir(root);
    await expect(ensureParentDirs(join(dir, 'elsewhere', 'f'), root)).rejects.toMatchObject({ code: 'C215' });
    await expect(ensureParentDirs(join(dir, 'rootx', 'f'), root)).rejects.toMatchObject({ code: 'C215' });
    expect(await readdir(dir)).toEqual(['root']);
  });

  it('refuses to create under a symlink that leads outside the root (C215)', async () => {
    const root = join(dir, 'root');
    const outside = join(dir, 'outside');
    await mkdir(root);
    await mkdir(outside);
    await symlink(outside, join(root, 'escape'));
    await expect(ensureParentDirs(join(root, 'escape', 'new', 'f'), root)).rejects.toMatchObject({ code: 'C215' });
    expect(await readdir(outside)).toEqual([]);
  });

  it('a file in the way is C210', async () => {
    await writeFile(join(dir, 'plain'), 'x');
    await expect(ensureParentDirs(join(dir, 'plain', 'sub', 'f'), dir)).rejects.toMatchObject({ code: 'C210' });
  });
});
