import { readFile, utimes, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createEngine, type Engine } from '../../src/index.js';
import { stalenessHooks } from '../../src/files/staleness-hooks.js';
import { StalenessTracker } from '../../src/files/staleness.js';
import { removeDir, tempDir, writeFiles } from '../helpers/fixture.js';

let root: string;
let tracker: StalenessTracker;
let engine: Engine;
beforeEach(async () => {
  root = await tempDir('cw-stale-hooks-');
  await writeFiles(root, { 'notes.txt': 'package main\n' });
  const past = new Date('2025-01-01T00:00:00Z');
  await utimes(join(root, 'notes.txt'), past, past);
  tracker = new StalenessTracker();
  engine = await createEngine({ workspace: root, hooks: stalenessHooks(tracker) });
});
afterEach(async () => removeDir(root));

const external = async (content: string, iso: string): Promise<void> => {
  await writeFile(join(root, 'notes.txt'), content);
  await utimes(join(root, 'notes.txt'), new Date(iso), new Date(iso));
};

describe('stalenessHooks wired into a real engine (seed 002 lifecycle end to end)', () => {
  // A text file: these writes are not Go (the syntax check after an edit would refuse them in main.go).
  it('read → IDE edit → write refused C230 → repeat proceeds with a warning → read → write ok', async () => {
    expect((await engine.run({ cmd: 'read', args: { file: 'notes.txt' } })).ok).toBe(true);
    await external('package main // edited in the IDE\n', '2025-01-01T00:05:00Z');

    const refused = await engine.run({ cmd: 'write', args: { file: 'notes.txt', content: 'ours\n' } });
    expect(refused).toMatchObject({ ok: false, error: { code: 'C230' } });
    expect(refused.ok === false && refused.error.message).toContain('WARNING: File "notes.txt" has been modified externally since you last read it.\nReason: file modified externally (mtime: 2025-01-01T00:00:00.000Z -> 2025-01-01T00:05:00.000Z, size: 13 -> 34)');
    expect(await readFile(join(root, 'notes.txt'), 'utf8')).toBe('package main // edited in the IDE\n');

    const repeated = await engine.run({ cmd: 'write', args: { file: 'notes.txt', content: 'ours\n' } });
    expect(repeated.ok).toBe(true);
    expect(repeated.warnings).toEqual([expect.stringMatching(/^File "notes.txt" had been changed outside codeward since it was last read \(file modified externally/)]);
    expect(await readFile(join(root, 'notes.txt'), 'utf8')).toBe('ours\n');

    // Our own write re-stamped the file: the next write is not refused.
    const again = await engine.run({ cmd: 'write', args: { file: 'notes.txt', content: 'ours 2\n' } });
    expect(again).toMatchObject({ ok: true, warnings: [] });

    await external('theirs\n', '2025-01-01T00:10:00Z');
    expect(await engine.run({ cmd: 'write', args: { file: 'notes.txt', content: 'x' } })).toMatchObject({ ok: false, error: { code: 'C230' } });
    expect((await engine.run({ cmd: 'read', args: { file: 'notes.txt' } })).ok).toBe(true);
    expect(await engine.run({ cmd: 'write', args: { file: 'notes.txt', content: 'x' } })).toMatchObject({ ok: true, warnings: [] });
  });

  it('a touch (autosave, formatter with no change) never refuses', async () => {
    await engine.run({ cmd: 'read', args: { file: 'notes.txt' } });
    await utimes(join(root, 'notes.txt'), new Date('2025-02-01T00:00:00Z'), new Date('2025-02-01T00:00:00Z'));
    expect(await engine.run({ cmd: 'write', args: { file: 'notes.txt', content: 'y' } })).toMatchObject({ ok: true, warnings: [] });
  });

  it('a write to a file never read is not refused, and it is stamped afterwards', async () => {
    expect(await engine.run({ cmd: 'write', args: { file: 'new.txt', content: 'n' } })).toMatchObject({ ok: true });
    expect(tracker.get(join(root, 'new.txt'))).toBeDefined();
    await writeFile(join(root, 'new.txt'), 'changed by someone else');
    expect(await engine.run({ cmd: 'write', args: { file: 'new.txt', content: 'm' } })).toMatchObject({ ok: false, error: { code: 'C230' } });
  });
});
