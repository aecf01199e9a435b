import { rm, stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { StalenessTracker } from '../../src/files/staleness.js';
import { isFsError } from '../../src/files/staleness-snapshot.js';
import { cleanup, LATER, makeTempDir, PAST, settledFile } from './helpers.js';

let dir: string;
let tracker: StalenessTracker;
beforeEach(async () => {
  dir = await makeTempDir('cw-stale-gate-');
  tracker = new StalenessTracker();
});
afterEach(async () => cleanup(dir));

const settled = (name: string, content: string, when = PAST): Promise<string> => settledFile(dir, name, content, when);

describe('the refuse-once gate (seed 002 lifecycle, CONTRACT "Staleness")', () => {
  it('read → external edit → write refused (C230) → repeat proceeds with the warning → re-read clears → write ok', async () => {
    const path = await settled('main.go', 'v1\n');
    await tracker.recordRead(path);
    expect(await tracker.assertFresh([path])).toEqual([]);
    await settled('main.go', 'v2 by the IDE\n', LATER);
    const refusal = await tracker.assertFresh([{ path, label: 'main.go' }]).catch((error: unknown) => error);
    expect(refusal).toMatchObject({ code: 'C230', data: { stale: [path] } });
    const message = (refusal as Error).message;
    expect(message.startsWith('WARNING: File "main.go" has been modified externally since you last read it.\nReason: file modified externally (mtime: ')).toBe(true);
    expect(message).toMatch(/main.go was changed outside codeward at .* UTC, after codeward last read it \(now 14 bytes, 11 more\)\. Nothing was written\. To keep that change: read it again \(read main.go\).*repeat this same call/);
    // The model decided: the same call again proceeds, the warning goes to the envelope.
    const warnings = await tracker.assertFresh([{ path, label: 'main.go' }]);
    expect(warnings).toHaveLength(1);
    // Said once, in the past tense, with the way back (never the seed's future-tense WARNING again).
    expect(warnings[0]).toMatch(/^File "main.go" had been changed outside codeward since it was last read \(file modified externally \(mtime: .*\)\. The call was repeated, so it went ahead over those changes; the version it replaced is kept in the checkpoint store: "undo" brings it back\.$/);
    expect(warnings[0]).not.toContain('WARNING');
    // A fresh read clears the warned state and the staleness.
    await tracker.recordRead(path);
    expect(tracker.get(path)?.warned).toBeUndefined();
    expect(await tracker.assertFresh([path])).toEqual([]);
  });

  it('a second external change after the first warning is refused again', async () => {
    const path = await settled('main.go', 'v1\n');
    await tracker.recordRead(path);
    await settled('main.go', 'v2\n', LATER);
    await expect(tracker.assertFresh([path])).rejects.toMatchObject({ code: 'C230' });
    await settled('main.go', 'v3!\n', new Date(LATER.getTime() + 1000));
    await expect(tracker.assertFresh([path])).rejects.toMatchObject({ code: 'C230' });
    expect(await tracker.assertFresh([path])).toHaveLength(1);
  });

  it('a deleted file is refused once, then a repeat proceeds', async () => {
    const path = await settled('gone.txt', 'x');
    await tracker.recordRead(path);
    await rm(path);
    await expect(tracker.assertFresh([path])).rejects.toMatchObject({ code: 'C230', message: expect.stringContaining('file was deleted since it was read') });
    expect(await tracker.assertFresh([path])).toEqual([expect.stringContaining('file was deleted')]);
  });

  it('our own write re-stamps (no false positive), but a later external edit is still caught', async () => {
    const path = await settled('w.txt', 'one');
    await tracker.recordRead(path);
    await writeFile(path, 'two, written by us');
    await tracker.recordWrite(path);
    expect(await tracker.assertFresh([path])).toEqual([]);
    await writeFile(path, 'three, by the user');
    await expect(tracker.assertFresh([path])).rejects.toMatchObject({ code: 'C230' });
  });

  it('batches several paths in one call: every stale one is reported, fresh and untracked ones pass', async () => {
    const [a, b, c] = await Promise.all([settled('a', 'a'), settled('b', 'b'), settled('c', 'c')]);
    await tracker.recordRead(a);
    await tracker.recordRead(b);
    await settled('a', 'A changed', LATER);
    await settled('b', 'B changed', LATER);
    const refusal = (await tracker.assertFresh([a, b, c, join(dir, 'new')]).catch((error: unknown) => error)) as { code: string; message: string; data: unknown };
    expect(refusal.code).toBe('C230');
    expect(refusal.data).toEqual({ stale: [a, b] });
    expect(refusal.message.match(/^WARNING:/gm)).toHaveLength(2);
    expect(await tracker.assertFresh([a, b, c])).toHaveLength(2);
  });

  it('a same-size edit within the mtime granularity of a fresh stamp is still caught (no racy fast path)', async () => {
    // A coarse filesystem (whole-second mtimes): the file changes in the same second it was read.
    const second = new Date(Math.floor(Date.now() / 1000) * 1000);
    const path = await settled('racy.txt', 'aaaa', second);
    await tracker.recordRead(path);
    await settled('racy.txt', 'bbbb', second);
    expect((await stat(path)).mtimeMs).toBe(tracker.get(path)?.stamp.mtimeMs);
    expect(await tracker.check(path)).toMatchObject({ stale: true });
  });

  it('a missing path or a folder is not stamped by recordRead', async () => {
    await tracker.recordRead(join(dir, 'missing'));
    await tracker.recordRead(dir);
    expect(tracker.records().size).toBe(0);
  });

  it('only fs errors count as "assume not stale"', () => {
    expect(isFsError(Object.assign(new Error('x'), { code: 'EACCES' }))).toBe(true);
    expect(isFsError(Object.assign(new TypeError('x'), { code: 'ERR_INVALID_ARG_TYPE' }))).toBe(false);
    expect(isFsError(new Error('bug'))).toBe(false);
  });
});

describe('fast path', () => {
  // The bare stat is measured interleaved with the checks, so a loaded machine (the whole suite running in
  // parallel) slows both alike: the check must cost about one stat, and stay under a generous absolute bound.
  it('1,000 checks of an unchanged 8 MiB file: one stat each, no read', async () => {
    const path = await settled('big.bin', 'x'.repeat(8 * 1024 * 1024));
    await tracker.recordRead(path);
    for (let i = 0; i < 200; i++) await tracker.check(path);
    const checks: number[] = [];
    const stats: number[] = [];
    const time = async (into: number[], work: () => Promise<unknown>): Promise<void> => {
      const begin = process.hrtime.bigint();
      await work();
      into.push(Number(process.hrtime.bigint() - begin) / 1000);
    };
    for (let i = 0; i < 1000; i++) {
      await time(stats, () => stat(path));
      await time(checks, async () => {
        const result = await tracker.check(path);
        if (result.stale || result.reason !== 'mtime and size unchanged') throw new Error(`slow path taken: ${result.reason}`);
      });
    }
    const median = (list: number[]): number => [...list].sort((a, b) => a - b)[list.length >> 1]!;
    console.log(`staleness fast path: median ${median(checks).toFixed(1)} µs per check (bare fs stat: ${median(stats).toFixed(1)} µs)`);
    expect(median(checks)).toBeLessThan(median(stats) + 30);
    expect(median(checks)).toBeLessThan(250);
  });
});
