// A bulk index saves in batches and lets go of the shards it saved between them (issue 30: the index so far
// held beside the parse workers was most of a cold index's peak memory). The entries it ends with, the
// repo map made from them, and the index a new process reads back are exactly those of an index made in
// one batch.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { indexFiles, type IndexResult } from '../../src/code/index/code-index.js';
import { IndexStore } from '../../src/code/index/store.js';
import { rankTop, renderMap } from '../../src/code/repo-map.js';
import { Workspace } from '../../src/workspace/workspace.js';
import { removeDir, tempDir, writeFiles } from '../helpers/fixture.js';

let root: string;
let states: string[];
beforeEach(async () => {
  root = await tempDir('codeward-batches-');
  states = [await tempDir('codeward-state-'), await tempDir('codeward-state-')];
  const files: Record<string, string> = {};
  for (let at = 0; at < 100; at++) {
    files[`src/m${at}.ts`] = `import { f${(at + 1) % 100} } from './m${(at + 1) % 100}';\nexport class Box${at} {\n  open${at % 4}(): number { return f${(at + 7) % 100}(); }\n}\nexport function f${at}(): number {\n  return new Box${(at * 3) % 100}().open${(at * 3) % 4}() + f${(at + 1) % 100}();\n}\n`;
  }
  files['lib/tools.py'] = 'def helper():\n    return f3()\n\nclass Tool:\n    def use(self):\n        return helper()\n';
  files['lib/bundle.min.js'] = 'var a=1;';
  await writeFiles(root, files);
});
afterEach(async () => {
  await removeDir(root);
  for (const state of states) await removeDir(state);
});

const plain = (result: IndexResult): unknown => JSON.parse(JSON.stringify({ files: result.files.map(({ path, entry }) => ({ path, stamp: entry.stamp, symbols: entry.symbols, references: entry.references })), skipped: result.skipped }));
const page = (result: IndexResult): string => renderMap(rankTop(result.files, { paths: [], names: ['helper'] }, 400).ranked, 0, 400).text;

describe('a bulk index made in batches', () => {
  it('gives the same entries and the same repo-map page as one made at once, and a new store reads them back', async () => {
    const workspace = await Workspace.open(root);
    const files = [...Array.from({ length: 100 }, (_, at) => `src/m${at}.ts`), 'lib/tools.py', 'lib/bundle.min.js'].sort();
    const request = { workspace, files, signal: new AbortController().signal, threads: 0 };
    const batched = new IndexStore(states[0]!);
    const inBatches = await indexFiles({ ...request, stateDir: states[0]!, store: batched, saveEvery: 1 });
    // A bulk index leaves no shard in the engine's store (it kept the whole index past the call); the entries
    // it returned still hold theirs (compared below).
    expect(batched.loaded).toBe(0);
    const atOnce = await indexFiles({ ...request, stateDir: states[1]!, saveEvery: Infinity });
    expect(inBatches.parsed).toBe(101);
    expect(inBatches.files).toHaveLength(101);
    expect(inBatches.skipped.map((each) => each.path)).toEqual(['lib/bundle.min.js']);
    expect(plain(inBatches)).toEqual(plain(atOnce));
    expect(page(inBatches)).toContain('Box');
    expect(page(inBatches)).toBe(page(atOnce));
    // The batches' shards were let go and read back; a new process (a new store) parses nothing.
    const again = await indexFiles({ ...request, stateDir: states[0]!, store: new IndexStore(states[0]!) });
    expect(again.parsed).toBe(0);
    expect(plain(again)).toEqual(plain(atOnce));
    expect(page(again)).toBe(page(atOnce));
  });

  it('after a bulk index, the same store sees a changed, a deleted and a renamed file, loading only the shards asked about', async () => {
    const workspace = await Workspace.open(root);
    const files = [...Array.from({ length: 100 }, (_, at) => `src/m${at}.ts`), 'lib/tools.py'].sort();
    const request = { workspace, signal: new AbortController().signal, threads: 0, stateDir: states[0]! };
    const store = new IndexStore(states[0]!);
    await indexFiles({ ...request, files, store, saveEvery: 1 });
    expect(store.loaded).toBe(0);
    await writeFiles(root, { 'src/m5.ts': 'export function renamed5(): number { return 5; }\n' });
    const one = await indexFiles({ ...request, files: ['src/m5.ts'], store });
    expect(one.parsed).toBe(1);
    expect(store.loaded).toBe(1);
    expect(one.files[0]?.entry.symbols?.map((symbol) => symbol.name)).toEqual(['renamed5']);
    const { rm, rename } = await import('node:fs/promises');
    await rm(`${root}/src/m7.ts`);
    await rename(`${root}/src/m8.ts`, `${root}/src/m8b.ts`);
    const listed = files.filter((path) => path !== 'src/m7.ts' && path !== 'src/m8.ts').concat('src/m8b.ts').sort();
    const after = await indexFiles({ ...request, files: listed, store });
    // Only the renamed file is new to the index; the deleted one is gone, the changed one served as indexed.
    expect(after.parsed).toBe(1);
    const paths = after.files.map((file) => file.path);
    expect(paths).not.toContain('src/m7.ts');
    expect(paths).not.toContain('src/m8.ts');
    expect(after.files.find((file) => file.path === 'src/m8b.ts')?.entry.symbols?.map((symbol) => symbol.name)).toEqual(['Box8', 'open0', 'f8']);
    expect(after.files.find((file) => file.path === 'src/m5.ts')?.entry.symbols?.map((symbol) => symbol.name)).toEqual(['renamed5']);
    // A new store (a new process) reads the same.
    const fresh = await indexFiles({ ...request, files: listed, store: new IndexStore(states[0]!) });
    expect(fresh.parsed).toBe(0);
    expect(plain(fresh)).toEqual(plain(after));
  });
});
