import { chmodSync, existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { removeLayoutAside } from '../../src/sandbox/layout-aside.js';
import { upperEmpty } from '../../src/sandbox/overlay.js';

// A staged run that wrote nothing has its run folder removed while the sandbox's after-run step runs
// (src/shell/run-call.ts); whatever else a run folder holds falls back to the full removal.
describe('removeLayoutAside', () => {
  const base = mkdtempSync(join(tmpdir(), 'cw-layout-aside-'));
  afterAll(() => rmSync(base, { recursive: true, force: true }));
  const layout = (name: string): string => {
    const dir = join(base, name);
    for (const folder of ['upper', 'work/work', 'merged']) mkdirSync(join(dir, folder), { recursive: true });
    writeFileSync(join(dir, 'since'), '');
    chmodSync(join(dir, 'work', 'work'), 0o000); // as overlay leaves it
    return dir;
  };

  it('removes an empty run folder, and one holding more (files in upper, another file) by the full walk', async () => {
    const plain = layout('run-1');
    expect(upperEmpty({ upper: join(plain, 'upper') })).toBe(true);
    await removeLayoutAside(plain);
    expect(existsSync(plain)).toBe(false);

    const fuller = layout('run-2');
    mkdirSync(join(fuller, 'upper', 'made'));
    writeFileSync(join(fuller, 'upper', 'made', 'f.txt'), 'x');
    writeFileSync(join(fuller, 'extra'), '');
    expect(upperEmpty({ upper: join(fuller, 'upper') })).toBe(false);
    await removeLayoutAside(fuller);
    expect(existsSync(fuller)).toBe(false);
    expect(upperEmpty({ upper: join(fuller, 'upper') })).toBe(false); // unreadable: not empty
  });
});
