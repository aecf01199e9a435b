// An engine asked for the repo map again after a few files changed patches its last graph from the files it
// kept (repo-map-saved.ts fromMemo): only the changed files are looked up in the index (issue 30: one changed
// file <= 0.5 s on 20 k files; rebuilding every entry from the index was most of an in-process call), and the
// map is the one a fresh engine on a fresh state folder gives, after each kind of edit. Real files, real engines.
import { appendFile, rename, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createEngine } from '../../src/index.js';
import type { Engine } from '../../src/engine/engine.js';
import { IndexStore } from '../../src/code/index/store.js';
import { removeDir, tempDir, writeFiles } from '../helpers/fixture.js';

let root: string;
let state: string;
let engine: Engine;
beforeEach(async () => {
  root = await tempDir('codeward-map-memo-');
  state = await tempDir('codeward-state-');
  const files: Record<string, string> = {
    'src/core.ts': 'export function core(): number { return 1; }\nexport class Box { open(): number { return core(); } }\n',
    'src/big.min.js': 'x',
    'src/waiting.ts': 'export function waiting(): number { return pending() + many3(); }\n',
  };
  for (let at = 0; at < 30; at++) files[`src/many/m${at}.ts`] = `export function many${at}(): number { return core() + ${at}; }\n`;
  await writeFiles(root, files);
  engine = await createEngine({ workspace: root, env: { ...process.env, CODEWARD_STATE_DIR: state } });
});
afterEach(async () => {
  vi.restoreAllMocks();
  await engine.close();
  await removeDir(root);
  await removeDir(state);
});

interface Page { map: string; files: number; parsed: number; total: number; skipped: { path: string }[] }
async function map(on: Engine, names = 'many3'): Promise<Page> {
  const result = await on.run({ cmd: 'repo-map', args: { budget: 400, names } });
  expect(result.ok, JSON.stringify(result)).toBe(true);
  return (result as unknown as { data: Page }).data;
}

// The map of a fresh engine on a fresh state folder (everything parsed again).
async function fresh(names = 'many3'): Promise<Page> {
  const other = await tempDir('codeward-state-');
  const made = await createEngine({ workspace: root, env: { ...process.env, CODEWARD_STATE_DIR: other } });
  try {
    return await map(made, names);
  } finally {
    await made.close();
    await removeDir(other);
  }
}

const same = (page: Page) => ({ map: page.map, files: page.files, total: page.total, skipped: page.skipped });

describe('repo-map: the same engine after a few files changed', () => {
  it('looks up only the changed files in the index, and maps as a fresh engine after each kind of edit', async () => {
    await map(engine);
    const gets = vi.spyOn(IndexStore.prototype, 'get');
    const edits: [string, () => Promise<void>][] = [
      ['a body', () => appendFile(join(root, 'src/many/m7.ts'), '// a comment\n')],
      ['a reference', () => writeFile(join(root, 'src/many/m8.ts'), 'export function many8(): number { return many3(); }\n')],
      ['a new name', () => appendFile(join(root, 'src/many/m9.ts'), 'export function added9(): number { return many3(); }\n')],
      // Issue 30: patched with the files whose text holds the new name (waiting.ts refers to it), not rebuilt.
      ['a new name another file refers to', () => appendFile(join(root, 'src/many/m14.ts'), 'export function pending(): number { return 2; }\n')],
      ['a name removed that other files refer to', () => writeFile(join(root, 'src/core.ts'), 'export class Box { open(): number { return 1; } }\n')],
      ['a file gone', () => rm(join(root, 'src/many/m10.ts'))],
      ['a file renamed', () => rename(join(root, 'src/many/m11.ts'), join(root, 'src/many/r11.ts'))],
      ['a file moved over another', () => rename(join(root, 'src/many/m12.ts'), join(root, 'src/many/m13.ts'))],
      ['a body again', () => appendFile(join(root, 'src/many/m7.ts'), '// a second comment\n')],
      ['a minified file', () => writeFile(join(root, 'src/big.min.js'), 'y')],
    ];
    for (const [what, edit] of edits) {
      await edit();
      gets.mockClear();
      const page = await map(engine);
      const looked = new Set(gets.mock.calls.map(([rel]) => rel));
      expect(same(page), what).toEqual(same(await fresh()));
      const only: Record<string, string[]> = {
        'a body': ['src/many/m7.ts'], 'a reference': ['src/many/m8.ts'], 'a new name': ['src/many/m9.ts'],
        'a new name another file refers to': ['src/many/m14.ts', 'src/waiting.ts'], 'a name removed that other files refer to': ['src/core.ts'],
      };
      if (only[what] !== undefined) {
        expect(page.parsed, what).toBe(1);
        // The changed file's entry (when stale, and once indexed) and the new names' referrers': never every file's.
        expect(looked, what).toEqual(new Set(only[what]));
      }
    }
    // Another question of the same files: the kept graph, nothing looked up.
    gets.mockClear();
    const asked = await map(engine, 'core');
    expect(gets).not.toHaveBeenCalled();
    expect(same(asked)).toEqual(same(await fresh('core')));
  });
});
