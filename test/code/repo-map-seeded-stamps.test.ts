// A new process (each CLI call is one: here a new engine on the same state folder) starts its listing's stamps
// from the ones saved with the repo map's graph (kept-stamps.ts seed, repo-map-saved.ts seedStamps): a file
// whose numbers did not change gets the saved stamp string, so only the changed files' stamps are formatted
// (issue 30: ~30 ms of a one-changed-file CLI call on 20 k files). After each kind of change (a content, a file
// added, removed or renamed, a .gitignore changed) the map is a fresh state folder's. Real files, real engines.
import { appendFileSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { appendFile, rename, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createEngine } from '../../src/index.js';
import type { Engine } from '../../src/engine/engine.js';
import { quickStamp } from '../../src/code/index/code-index.js';
import { KeptStamps, stampCounter } from '../../src/code/index/kept-stamps.js';
import { removeDir, tempDir, writeFiles } from '../helpers/fixture.js';

describe('KeptStamps.seed (the stamps of an earlier process)', () => {
  const root = mkdtempSync(join(tmpdir(), 'codeward-seeded-stamps-'));
  afterAll(() => rmSync(root, { recursive: true, force: true }));
  const listing = ['a/one.ts', 'a/two.ts', 'b/three.ts', 'b/four.ts'].sort();
  for (const rel of listing) {
    mkdirSync(join(root, rel, '..'), { recursive: true });
    writeFileSync(join(root, rel), `export const x = '${rel}';\n`);
  }

  it('answers as quickStamp and formats only the stamps whose numbers changed', () => {
    const saved = new KeptStamps().takeAll(root, listing);
    appendFileSync(join(root, 'a/two.ts'), '// changed\n');
    const seeded = new KeptStamps();
    seeded.seed(listing, saved.numbers, saved.stamps);
    const before = stampCounter.formatted;
    const now = seeded.takeAll(root, listing);
    expect(stampCounter.formatted - before).toBe(1);
    expect(now.stamps).toEqual(listing.map((rel) => quickStamp(root, rel)));
    // The unchanged ones are the saved strings themselves.
    expect(now.stamps.filter((stamp, at) => stamp === saved.stamps[at])).toHaveLength(3);
  });

  it('ignores a seed that does not fit, or one given after stamps were taken', () => {
    const saved = new KeptStamps().takeAll(root, listing);
    const wrong = new KeptStamps();
    wrong.seed(listing, saved.numbers.subarray(4), saved.stamps);
    let before = stampCounter.formatted;
    expect(wrong.take(root, listing)).toEqual(listing.map((rel) => quickStamp(root, rel)));
    expect(stampCounter.formatted - before).toBe(listing.length);
    const late = new KeptStamps();
    late.take(root, ['a/one.ts']);
    late.seed(listing, saved.numbers, ['x', 'y', 'z', 'w']);
    before = stampCounter.formatted;
    expect(late.take(root, listing)).toEqual(listing.map((rel) => quickStamp(root, rel)));
    expect(stampCounter.formatted - before).toBe(listing.length - 1);
  });
});

let root: string;
let state: string;
beforeEach(async () => {
  root = await tempDir('codeward-map-seeded-');
  state = await tempDir('codeward-state-');
  const files: Record<string, string> = {
    '.gitignore': 'ignored/\n',
    'src/core.ts': 'export function core(): number { return 1; }\n',
    'src/hidden/h.ts': 'export function hidden(): number { return core(); }\n',
  };
  for (let at = 0; at < 40; at++) files[`src/many/m${at}.ts`] = `export function many${at}(): number { return core() + ${at}; }\n`;
  await writeFiles(root, files);
});
afterEach(async () => {
  await removeDir(root);
  await removeDir(state);
});

interface Page { map: string; files: number; total: number; skipped: { path: string }[] }
async function mapOn(stateDir: string): Promise<Page> {
  const engine: Engine = await createEngine({ workspace: root, env: { ...process.env, CODEWARD_STATE_DIR: stateDir } });
  try {
    const result = await engine.run({ cmd: 'repo-map', args: { budget: 400, names: 'many3' } });
    expect(result.ok, JSON.stringify(result)).toBe(true);
    const { map, files, total, skipped } = (result as unknown as { data: Page }).data;
    return { map, files, total, skipped };
  } finally {
    await engine.close();
  }
}

describe('repo-map: a new process seeds its stamps from the saved graph', () => {
  it('formats only the changed files\' stamps, and maps as a fresh state folder after each kind of change', async () => {
    await mapOn(state);
    const edits: [string, () => Promise<void>, number][] = [
      ['a content', () => appendFile(join(root, 'src/many/m7.ts'), 'export function added7(): number { return 7; }\n'), 1],
      ['a file added', () => writeFile(join(root, 'src/many/new.ts'), 'export function newer(): number { return many3(); }\n'), 2],
      ['a file removed', () => rm(join(root, 'src/many/m10.ts')), 2],
      ['a file renamed', () => rename(join(root, 'src/many/m11.ts'), join(root, 'src/many/r11.ts')), 3],
      ['a .gitignore changed', () => writeFile(join(root, '.gitignore'), 'ignored/\nsrc/hidden/\n'), 3],
    ];
    for (const [what, edit, formatted] of edits) {
      await edit();
      const before = stampCounter.formatted;
      const page = await mapOn(state);
      // The files whose numbers differ from the saved graph's (saved again only after 32 changed files): never all 40.
      expect(stampCounter.formatted - before, what).toBe(formatted);
      const fresh = await tempDir('codeward-state-');
      try {
        expect(page, what).toEqual(await mapOn(fresh));
      } finally {
        await removeDir(fresh);
      }
    }
  });
});
