import { spawn, type ChildProcess } from 'node:child_process';
import { mkdir, readdir, readFile, utimes, writeFile } from 'node:fs/promises';
import { hostname } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { acquireFileLocks, lockFileName } from '../../src/files/lock-file.js';
import { cleanup, makeTempDir } from './helpers.js';

// The child: `node child.mjs <mode> <lockDir> <log> <id> <rounds> <keys...>`.
const CHILD = `import { appendFileSync } from 'node:fs';
import { acquireFileLocks } from './lock-file.mjs';
const [mode, lockDir, log, id, rounds, ...keys] = process.argv.slice(2);
const sleep = (ms) => new Promise((done) => setTimeout(done, ms));
const options = { timeoutMs: 20000, staleMs: 60000 };
if (mode === 'hold') {
  await acquireFileLocks(lockDir, keys, options);
  process.stdout.write('locked\\n');
  setInterval(() => {}, 1000);
} else if (mode === 'try') {
  try { const release = await acquireFileLocks(lockDir, keys, { timeoutMs: 300, staleMs: 60000 }); await release(); process.stdout.write(JSON.stringify({ ok: true })); }
  catch (e) { process.stdout.write(JSON.stringify({ ok: false, code: e.code, message: e.message })); }
} else {
  for (let i = 0; i < Number(rounds); i++) {
    const release = await acquireFileLocks(lockDir, mode === 'reverse' ? [...keys].reverse() : keys, options);
    appendFileSync(log, 'start ' + id + '\\n');
    await sleep(1 + Math.random() * 4);
    appendFileSync(log, 'end ' + id + '\\n');
    await release();
  }
}
`;

let bundleDir: string;
let dir: string;
let lockDir: string;
const children: ChildProcess[] = [];

beforeAll(async () => {
  bundleDir = await makeTempDir('cw-lock-bundle-');
  const entry = fileURLToPath(new URL('../../src/files/lock-file.ts', import.meta.url));
  await build({ entryPoints: [entry], bundle: true, format: 'esm', platform: 'node', target: 'node20', outfile: join(bundleDir, 'lock-file.mjs'), logLevel: 'warning' });
  await writeFile(join(bundleDir, 'child.mjs'), CHILD);
});
afterAll(async () => cleanup(bundleDir));
beforeEach(async () => {
  dir = await makeTempDir('cw-lock-');
  lockDir = join(dir, 'locks');
});
afterEach(async () => {
  for (const child of children.splice(0)) if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
  await cleanup(dir);
});

function child(args: string[]): { proc: ChildProcess; exited: Promise<number | null>; output: () => string; line: () => Promise<string> } {
  const proc = spawn(process.execPath, [join(bundleDir, 'child.mjs'), ...args], { stdio: ['ignore', 'pipe', 'inherit'] });
  children.push(proc);
  let out = '';
  proc.stdout!.setEncoding('utf8').on('data', (chunk: string) => (out += chunk));
  const exited = new Promise<number | null>((resolve) => proc.once('exit', (code) => resolve(code)));
  const line = (): Promise<string> => new Promise((resolve) => proc.stdout!.once('data', () => resolve(out.trim())));
  return { proc, exited, output: () => out, line };
}

// Every "start X" is directly followed by "end X": no two critical sections overlapped.
function assertNoInterleaving(log: string, expectedSections: number): void {
  const lines = log.trim().split('\n');
  expect(lines).toHaveLength(expectedSections * 2);
  for (let i = 0; i < lines.length; i += 2) {
    expect(lines[i]).toMatch(/^start /);
    expect(lines[i + 1]).toBe(lines[i]!.replace('start', 'end'));
  }
}

describe('acquireFileLocks across processes', () => {
  it('critical sections of contending processes never overlap', { timeout: 60_000 }, async () => {
    const log = join(dir, 'log');
    const runs = ['a', 'b', 'c', 'd'].map((id) => child(['critical', lockDir, log, id, '15', '/ws/shared.txt']));
    expect(await Promise.all(runs.map((run) => run.exited))).toEqual([0, 0, 0, 0]);
    assertNoInterleaving(await readFile(log, 'utf8'), 60);
    expect(await readdir(lockDir)).toEqual([]);
  });

  it('contenders that all find the same dead lock take it over one at a time (the stale-removal race)', { timeout: 60_000 }, async () => {
    const gone = child(['try', lockDir, '-', 'z', '0']);
    await gone.exited;
    const path = join(lockDir, lockFileName('/ws/shared.txt'));
    const log = join(dir, 'log');
    for (let round = 0; round < 5; round++) {
      await mkdir(lockDir, { recursive: true });
      await writeFile(path, JSON.stringify({ pid: gone.proc.pid, hostname: hostname(), createdAt: Date.now(), token: 'dead' }));
      const runs = ['a', 'b', 'c', 'd', 'e', 'f'].map((id) => child(['critical', lockDir, log, id, '2', '/ws/shared.txt']));
      expect(await Promise.all(runs.map((run) => run.exited))).toEqual([0, 0, 0, 0, 0, 0]);
    }
    assertNoInterleaving(await readFile(log, 'utf8'), 60);
    expect(await readdir(lockDir)).toEqual([]);
  });

  it('two keys taken in opposite orders by two processes do not deadlock (sorted acquisition)', { timeout: 60_000 }, async () => {
    const log = join(dir, 'log');
    const runs = [child(['forward', lockDir, log, 'x', '25', '/ws/a', '/ws/b']), child(['reverse', lockDir, log, 'y', '25', '/ws/a', '/ws/b'])];
    expect(await Promise.all(runs.map((run) => run.exited))).toEqual([0, 0]);
    assertNoInterleaving(await readFile(log, 'utf8'), 50);
  });

  it('a lock left by a SIGKILLed process is recovered at once (dead pid on this host)', { timeout: 30_000 }, async () => {
    const holder = child(['hold', lockDir, '-', 'h', '0', '/ws/f']);
    await holder.line();
    const info = JSON.parse(await readFile(join(lockDir, lockFileName('/ws/f')), 'utf8')) as Record<string, unknown>;
    expect(info).toMatchObject({ pid: holder.proc.pid, hostname: hostname(), createdAt: expect.any(Number) });
    holder.proc.kill('SIGKILL');
    await holder.exited;
    const started = Date.now();
    const release = await acquireFileLocks(lockDir, ['/ws/f'], { timeoutMs: 5000, staleMs: 60_000 });
    expect(Date.now() - started).toBeLessThan(20_000); // far below staleMs (60 s): the dead pid was recognised
    await release();
    expect(await readdir(lockDir)).toEqual([]);
  });

  it('times out with C216 naming the holder pid', { timeout: 30_000 }, async () => {
    const holder = child(['hold', lockDir, '-', 'h', '0', '/ws/f']);
    await holder.line();
    const error = await acquireFileLocks(lockDir, ['/ws/f'], { timeoutMs: 250, staleMs: 60_000 }).catch((e: unknown) => e);
    expect(error).toMatchObject({ code: 'C216' });
    expect((error as Error).message).toBe(`/ws/f: file is locked by another codeward process (pid ${holder.proc.pid}) for more than 0.25s`);
    // And the other way round: a child times out on our lock.
    const release = await acquireFileLocks(lockDir, ['/ws/g'], { timeoutMs: 1000, staleMs: 60_000 });
    const waiter = child(['try', lockDir, '-', 't', '0', '/ws/g']);
    await waiter.exited;
    expect(JSON.parse(waiter.output())).toMatchObject({ ok: false, code: 'C216', message: expect.stringContaining(`(pid ${process.pid}) for more than 0.3s`) });
    await release();
  });
});

describe('acquireFileLocks in one process', () => {
  const opts = { timeoutMs: 5000, staleMs: 60_000 };

  it('two calls wait for each other; release removes the lock files and is idempotent', async () => {
    const order: string[] = [];
    const first = await acquireFileLocks(lockDir, ['/ws/b', '/ws/a'], opts);
    expect((await readdir(lockDir)).sort()).toEqual([lockFileName('/ws/a'), lockFileName('/ws/b')].sort());
    const second = acquireFileLocks(lockDir, ['/ws/a'], opts).then((release) => {
      order.push('second');
      return release;
    });
    await new Promise((resolve) => setTimeout(resolve, 100));
    order.push('first done');
    await first();
    await first();
    const release = await second;
    expect(order).toEqual(['first done', 'second']);
    await release();
    expect(await readdir(lockDir)).toEqual([]);
  });

  it('a live holder keeps its lock fresh, so a short staleMs does not let contenders steal it', async () => {
    const release = await acquireFileLocks(lockDir, ['/ws/f'], { timeoutMs: 1000, staleMs: 150 });
    await expect(acquireFileLocks(lockDir, ['/ws/f'], { timeoutMs: 700, staleMs: 150 })).rejects.toMatchObject({ code: 'C216' });
    await release();
  });

  it('a lock older than staleMs (another host, or unreadable content) is taken over; a fresh one is not', async () => {
    await mkdir(lockDir, { recursive: true });
    const path = join(lockDir, lockFileName('/ws/f'));
    await writeFile(path, JSON.stringify({ pid: 1, hostname: 'elsewhere', createdAt: 0, token: 't' }));
    await expect(acquireFileLocks(lockDir, ['/ws/f'], { timeoutMs: 200, staleMs: 60_000 })).rejects.toThrow(/\(pid 1\) for more than 0\.2s/);
    const old = new Date(Date.now() - 120_000);
    await utimes(path, old, old);
    const release = await acquireFileLocks(lockDir, ['/ws/f'], { timeoutMs: 1000, staleMs: 60_000 });
    await release();
    // An empty lock file (a holder between create and write) is respected until it is old.
    await writeFile(path, '');
    await expect(acquireFileLocks(lockDir, ['/ws/f'], { timeoutMs: 150, staleMs: 60_000 })).rejects.toThrow('(pid unknown)');
    await utimes(path, old, old);
    await (await acquireFileLocks(lockDir, ['/ws/f'], { timeoutMs: 1000, staleMs: 60_000 }))();
    expect(await readdir(lockDir)).toEqual([]);
  });

  it('a failed multi-key acquisition releases the keys it already held', async () => {
    const holdB = await acquireFileLocks(lockDir, ['/ws/b'], opts);
    await expect(acquireFileLocks(lockDir, ['/ws/a', '/ws/b'], { timeoutMs: 150, staleMs: 60_000 })).rejects.toMatchObject({ code: 'C216' });
    expect(await readdir(lockDir)).toEqual([lockFileName('/ws/b')]);
    await holdB();
  });

  it('an unusable lock folder is C216', async () => {
    await writeFile(join(dir, 'file'), 'x');
    await expect(acquireFileLocks(join(dir, 'file', 'locks'), ['/ws/f'], opts)).rejects.toMatchObject({ code: 'C216' });
  });
});
