// The checkpoint store itself: pruning by size and age, blob deduplication, ids under concurrency.
import { execFileSync } from 'node:child_process';
import { readdir, readFile, readlink, realpath, rename, rm, stat, symlink, utimes, writeFile } from 'node:fs/promises';
import { join, relative } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createEngine, type Engine } from '../../src/index.js';
import { CheckpointStore } from '../../src/files/checkpoints/store.js';
import { getBlob, putBlob } from '../../src/files/checkpoints/blobs.js';
import { checkpointed, type RecordContext } from '../../src/files/checkpoints/record.js';
import { replaceFileStaged } from '../../src/files/replace-file.js';
import { Beneath } from '../../src/workspace/beneath.js';
import { sha256 } from '../../src/files/checkpoints/state.js';
import { stateDirFor } from '../../src/engine/state-dir.js';
import { parseConfig } from '../../src/engine/config.js';
import { removeDir, tempDir, writeFiles } from '../helpers/fixture.js';

let root: string;
let state: string;
let engine: Engine;
let store: CheckpointStore;

beforeEach(async () => {
  root = await tempDir('cw-cp-');
  state = await tempDir('cw-cp-state-');
  await writeFiles(root, { 'a.txt': 'a0', 'b.txt': 'b0' });
  const env = { ...process.env, CODEWARD_STATE_DIR: state };
  engine = await createEngine({ workspace: root, env });
  store = CheckpointStore.for(stateDirFor(await realpath(root), env));
});

afterEach(async () => {
  await removeDir(root);
  await removeDir(state);
});

const HOUR = 3600 * 1000; // past the store's blob grace period

describe('checkpoint store', () => {
  it('lives outside the workspace and stores the same bytes once', async () => {
    for (const content of ['x'.repeat(1000), 'a0', 'x'.repeat(1000), 'a0']) {
      expect(await engine.run({ cmd: 'write', args: { file: 'a.txt', content } })).toMatchObject({ ok: true });
    }
    expect(store.dir.startsWith(state)).toBe(true);
    expect(await readdir(root)).toEqual(['a.txt', 'b.txt']);
    // Four steps, two distinct contents before them.
    expect((await store.steps()).length).toBe(4);
    expect((await store.blobSizes()).size).toBe(2);
  });

  it('prunes the oldest steps past the size limit, then every blob no step names (the newest step stays)', async () => {
    for (let i = 1; i <= 6; i += 1) await engine.run({ cmd: 'write', args: { file: 'a.txt', content: String(i).repeat(1000 * i) } });
    expect((await store.steps()).map((step) => step.id)).toEqual([1, 2, 3, 4, 5, 6]);
    const result = await store.locked(() => store.prune({ maxBytes: 10_000, maxAgeMs: 365 * 24 * HOUR }, Date.now() + 2 * HOUR));
    const left = (await store.steps()).map((step) => step.id);
    expect(left).toEqual([5, 6]); // befores of 4000 + 5000 bytes fit; 3000 more would not
    expect(result.steps).toBe(4);
    const sizes = [...(await store.blobSizes()).values()].map((blob) => blob.size).sort((a, b) => a - b);
    expect(sizes).toEqual([4000, 5000]);
    // Pruned steps cannot be undone past: two undos work, the third has nothing left.
    expect(await engine.run({ cmd: 'undo', args: { steps: 2 } })).toMatchObject({ ok: true });
    expect(await engine.run({ cmd: 'undo' })).toMatchObject({ ok: false, error: { code: 'C224' } });
  });

  it('prunes steps older than the age limit and the blobs only they named; a blob no step names waits out its grace period', async () => {
    await engine.run({ cmd: 'write', args: { file: 'a.txt', content: 'one' } });
    await engine.run({ cmd: 'write', args: { file: 'b.txt', content: 'two' } });
    // A blob a recorder is putting down right now (no step names it yet).
    await putBlob(store.dir, Buffer.from('in flight'), sha256(Buffer.from('in flight')));
    await writeFiles(store.dir, { 'known/0123.json': '{}' }); // an earlier version's index
    await store.locked(() => store.prune({ maxBytes: 1 << 30, maxAgeMs: 1 }, Date.now() + 1000));
    expect((await store.steps()).map((step) => step.id)).toEqual([2]);
    expect((await readdir(store.dir)).includes('known')).toBe(false);
    const left = new Set((await store.blobSizes()).keys());
    expect(left).toEqual(new Set([sha256(Buffer.from('b0')), sha256(Buffer.from('in flight'))]));
  });

  it('keeps a dropped step\'s blob that was touched since the prune began (reused by a recorder right now)', async () => {
    await engine.run({ cmd: 'write', args: { file: 'a.txt', content: 'one' } });
    await engine.run({ cmd: 'write', args: { file: 'b.txt', content: 'two' } });
    const now = Date.now() + 1000;
    const reused = [...(await store.blobSizes()).entries()].find(([hash]) => hash === sha256(Buffer.from('a0')))!;
    await utimes(reused[1].path, new Date(now + 10), new Date(now + 10));
    await store.locked(() => store.prune({ maxBytes: 1 << 30, maxAgeMs: 1 }, now));
    expect([...(await store.blobSizes()).keys()].sort()).toEqual([sha256(Buffer.from('a0')), sha256(Buffer.from('b0'))].sort());
  });

  it('holds the size limit through many edits of new content (bounded: 1 MiB limit, 64 KiB files)', async () => {
    // The user's limit (a repository's config is not trusted for it), set as the CLI's config would.
    const limited = await createEngine({ workspace: root, env: { ...process.env, CODEWARD_STATE_DIR: state } });
    Object.assign(limited, { config: { ...limited.config, checkpointMaxMB: 1 } });
    let most = 0;
    for (let i = 0; i < 60; i += 1) {
      const content = `${i}`.padEnd(64 * 1024, String.fromCharCode(97 + (i % 26)));
      expect(await limited.run({ cmd: 'write', args: { file: 'a.txt', content } })).toMatchObject({ ok: true });
      const bytes = [...(await store.blobSizes()).values()].reduce((sum, blob) => sum + blob.size, 0);
      most = Math.max(most, bytes);
    }
    expect(most).toBeLessThanOrEqual(1024 * 1024);
    // And the newest changes still undo, byte-exact.
    expect(await limited.run({ cmd: 'undo', args: { steps: 3 } })).toMatchObject({ ok: true });
    expect(await readFile(join(root, 'a.txt'), 'utf8')).toBe('56'.padEnd(64 * 1024, String.fromCharCode(97 + (56 % 26))));
  });

  it('a file rewritten in place by someone else (same size, mtime put back) is read again, not taken for codeward\'s version', async () => {
    await engine.run({ cmd: 'write', args: { file: 'a.txt', content: 'AAAA' } });
    const path = join(root, 'a.txt');
    const before = await stat(path, { bigint: true });
    await writeFile(path, 'BBBB'); // in place: same inode, same size
    // The mtime put back to the nanosecond (GNU touch: utimensat): only the ctime tells.
    const ns = before.mtimeNs;
    execFileSync('touch', ['-m', '-d', `@${ns / 1_000_000_000n}.${String(ns % 1_000_000_000n).padStart(9, '0')}`, path]);
    expect((await stat(path, { bigint: true })).mtimeNs).toBe(ns);
    // The staleness gate refuses the first write over an external change; the repeated one proceeds.
    expect(await engine.run({ cmd: 'write', args: { file: 'a.txt', content: 'CCCC' } })).toMatchObject({ ok: false, error: { code: 'C230' } });
    expect(await engine.run({ cmd: 'write', args: { file: 'a.txt', content: 'CCCC' } })).toMatchObject({ ok: true });
    expect(await engine.run({ cmd: 'undo' })).toMatchObject({ ok: true });
    expect(await readFile(path, 'utf8')).toBe('BBBB');
  });

  it('a blob whose bytes do not match its name is never restored (C224) and is removed', async () => {
    await engine.run({ cmd: 'write', args: { file: 'a.txt', content: 'changed' } });
    const blob = [...(await store.blobSizes()).values()][0]!;
    await writeFile(blob.path, 'xx'); // same size as "a0", other bytes
    expect(await engine.run({ cmd: 'undo' })).toMatchObject({ ok: false, error: { code: 'C224' } });
    expect(await readFile(join(root, 'a.txt'), 'utf8')).toBe('changed');
    expect((await store.blobSizes()).has(sha256(Buffer.from('a0')))).toBe(false);
  });

  it('parallel calls in one process get distinct ids and all undo', async () => {
    const names = Array.from({ length: 12 }, (_, i) => `f${i}.txt`);
    await Promise.all(names.map((file) => engine.run({ cmd: 'write', args: { file, content: file } })));
    const ids = (await store.steps()).map((step) => step.id);
    expect(ids).toEqual(Array.from({ length: 12 }, (_, i) => i + 1));
    expect(await engine.run({ cmd: 'undo', args: { steps: 12 } })).toMatchObject({ ok: true });
    expect((await readdir(root)).sort()).toEqual(['a.txt', 'b.txt']);
  });

  it('the last-id hint is only a hint: stale, torn or missing, ids stay distinct and increasing', async () => {
    await engine.run({ cmd: 'write', args: { file: 'a.txt', content: '1' } });
    await engine.run({ cmd: 'write', args: { file: 'a.txt', content: '2' } });
    expect(await readlink(join(store.dir, 'last-id'))).toBe('2'); // a link: renaming it over writes no data block
    await rm(join(store.dir, 'last-id'));
    await writeFile(join(store.dir, 'last-id'), '1'); // stale, and a regular file as older stores wrote
    await engine.run({ cmd: 'write', args: { file: 'a.txt', content: '3' } });
    await rm(join(store.dir, 'last-id'));
    await writeFile(join(store.dir, 'last-id'), 'x'); // torn
    await engine.run({ cmd: 'write', args: { file: 'a.txt', content: '4' } });
    await rm(join(store.dir, 'last-id'));
    await engine.run({ cmd: 'write', args: { file: 'a.txt', content: '5' } });
    expect((await store.steps()).map((step) => step.id)).toEqual([1, 2, 3, 4, 5]);
  });

  it('config: backups "beside", store limits; a project file cannot turn checkpoints off', async () => {
    expect(await parseConfig('{"backups":"beside","checkpointMaxMB":100,"checkpointMaxDays":7}', 'config.json')).toMatchObject({ backups: 'beside', checkpointMaxMB: 100, checkpointMaxDays: 7 });
    expect((await parseConfig('{}', 'config.json')).backups).toBe(true);
    await expect(parseConfig('{"backups":"elsewhere"}', 'config.json')).rejects.toMatchObject({ code: 'C210' });
    await writeFiles(root, { '.codeward/config.json': '{"backups": false}' });
    const untrusted = await createEngine({ workspace: root, env: { ...process.env, CODEWARD_STATE_DIR: state, HOME: state } });
    expect(untrusted.config.backups).toBe(true);
  });

  describe('recording without reading back', () => {
    // A recording context on the engine's store, for act functions that play a racer right after the write.
    const context = async (): Promise<RecordContext> => {
      const real = await realpath(root);
      return { config: engine.config, stateDir: join(store.dir, '..'), workspace: { root: real, jail: new Beneath(real), relative: (path) => relative(real, path) } };
    };
    const writeRacing = async (race: (path: string) => Promise<void>): Promise<{ path: string; id: number }> => {
      const ctx = await context();
      const path = join(ctx.workspace.root, 'a.txt');
      const bytes = Buffer.from('mine');
      const { checkpoint } = await checkpointed(ctx, 'write', [path], async () => {
        const result = await replaceFileStaged(ctx.workspace.jail, path, bytes);
        await race(path);
        return result;
      }, ({ staged }) => new Map([[path, { bytes, staged }]]));
      return { path, id: checkpoint! };
    };

    it('a file replaced between the write and the record: the step names what codeward wrote, undo refuses (C230)', async () => {
      const { path, id } = await writeRacing(async (target) => {
        await writeFile(`${target}.other`, 'theirs');
        await rename(`${target}.other`, target); // another inode
      });
      // The step names what codeward wrote; the file holds someone else's version: undo refuses.
      const step = (await store.steps()).find((each) => each.id === id)!;
      expect(step.files[0]!.after).toMatchObject({ kind: 'file', hash: sha256(Buffer.from('mine')) });
      expect(await engine.run({ cmd: 'undo' })).toMatchObject({ ok: false, error: { code: 'C230' } });
      expect(await readFile(path, 'utf8')).toBe('theirs');
      // Not known as codeward's version: the next step reads the file and keeps theirs.
      const next = await engine.run({ cmd: 'write', args: { file: 'a.txt', content: 'next' } });
      if (!next.ok) expect(await engine.run({ cmd: 'write', args: { file: 'a.txt', content: 'next' } })).toMatchObject({ ok: true });
      expect((await store.steps()).at(-1)!.files[0]!.before).toMatchObject({ kind: 'file', hash: sha256(Buffer.from('theirs')) });
    });

    it('a same-size rewrite in place with the mtime put back in that window: undo refuses (C230), never overwrites it', async () => {
      const { path } = await writeRacing(async (target) => {
        const before = await stat(target);
        await writeFile(target, 'THEM'); // same inode, same size
        await utimes(target, before.atime, before.mtime);
      });
      // The step says codeward left "mine" (what it wrote); the file holds "THEM": undo sees the difference.
      const undo = await engine.run({ cmd: 'undo' });
      expect(undo, JSON.stringify(undo)).toMatchObject({ ok: false, error: { code: 'C230' } });
      expect(await readFile(path, 'utf8')).toBe('THEM');
    });

    it('a file\'s version is known from the newest step on it: a stale or planted last-id hint only costs a read', async () => {
      const path = join(root, 'a.txt');
      const hint = join(store.dir, 'last-id');
      await engine.run({ cmd: 'write', args: { file: 'a.txt', content: 'one' } });
      await engine.run({ cmd: 'write', args: { file: 'a.txt', content: 'two' } });
      for (const [target, content] of [['1', 'three'], ['999', 'four'], ['../../../etc/passwd', 'five'], ['0', 'six']] as const) {
        await rm(hint);
        await symlink(target, hint); // step 1's stamp names a version long gone; the others name nothing
        expect(await engine.run({ cmd: 'write', args: { file: 'a.txt', content } })).toMatchObject({ ok: true });
      }
      const befores = (await store.steps()).slice(2).map((step) => step.files[0]!.before);
      expect(befores, JSON.stringify(await store.steps())).toMatchObject(['two', 'three', 'four', 'five'].map((text) => ({ kind: 'file', hash: sha256(Buffer.from(text)) })));
      expect(await engine.run({ cmd: 'undo', args: { steps: 6 } })).toMatchObject({ ok: true });
      expect(await readFile(path, 'utf8')).toBe('a0');
    });

    it('a step finished in place over its pending version parses whole, padded when shorter', async () => {
      await engine.run({ cmd: 'write', args: { file: 'a.txt', content: 'one' } });
      const [step] = await store.steps();
      const long = { ...step!, command: 'x'.repeat(500) };
      await store.finishStep(long);
      await store.finishStep(step!); // shorter than what is there now
      expect(JSON.parse(await readFile(store.stepPath(step!.id), 'utf8'))).toEqual(step);
      expect(await store.readStep(step!.id)).toEqual(step);
      await writeFile(store.stepPath(step!.id), '{"version":1,"id":1,"status":"doneding","files":[]}'); // a torn mix
      expect(await store.readStep(step!.id)).toBeUndefined();
    });

    it('two engines racing on one file: every state a step names was really written, every blob holds its name', async () => {
      const env = { ...process.env, CODEWARD_STATE_DIR: state };
      const engines = [engine, await createEngine({ workspace: root, env })];
      const content = (who: number, i: number): string => `${who}-${i}-`.padEnd(3000 + i, String(who));
      const valid = new Set([sha256(Buffer.from('a0'))]);
      for (let i = 0; i < 12; i += 1) {
        for (const who of [0, 1]) valid.add(sha256(Buffer.from(content(who, i))));
        // Both write a.txt at once (the staleness gate may refuse one, or the jail see it swapped: C215).
        const results = await Promise.all(engines.map((each, who) => each.run({ cmd: 'write', args: { file: 'a.txt', content: content(who, i) } })));
        for (const result of results) if (!result.ok) expect(['C230', 'C215']).toContain(result.error?.code);
      }
      const steps = await store.steps();
      expect(steps.length).toBeGreaterThan(0);
      for (const step of steps) {
        expect(step.status).toBe('done');
        const file = step.files[0]!;
        for (const each of [file.before, file.after]) expect(each?.kind === 'file' && valid.has(each.hash)).toBe(true);
        if (file.before?.kind === 'file') expect(sha256((await getBlob(store.dir, file.before.hash))!)).toBe(file.before.hash);
      }
    });
  });
});