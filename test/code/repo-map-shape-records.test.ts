// Issue 30 (peak memory at the end of a cold index): the repo map's graph is built from the entries the
// store rebuilt as the numbers of their shard records, each shard string decoded once, without making the
// entries' symbol objects or reference strings; the graph is the very one the objects give (same ids, rows
// and string table), whether every entry comes from a shard, none does, or some do (a mix: a fresh parse).
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { indexFiles, type IndexedFile } from '../../src/code/index/code-index.js';
import { shapeOf } from '../../src/code/repo-map-graph.js';
import { Workspace } from '../../src/workspace/workspace.js';
import { removeDir, tempDir, writeFiles } from '../helpers/fixture.js';

let root: string;
let state: string;
const FILES = 30;
const paths = Array.from({ length: FILES }, (_, at) => `src/m${at}.ts`).sort();
beforeEach(async () => {
  root = await tempDir('codeward-shape-records-');
  state = await tempDir('codeward-state-');
  const files: Record<string, string> = {};
  for (let at = 0; at < FILES; at++) {
    const next = (at + 1) % FILES;
    files[`src/m${at}.ts`] = `// ü ${at}\nexport class Box${at % 7} {\n  size = ${at};\n  open(): number { return f${next}() + new Box${next % 7}().open() + log(); }\n  get${at % 3}(): string { return 'é'; }\n}\nexport function f${at}(): number {\n  const local = ${at};\n  return local + f${next}() + f${next}();\n}\nexport interface Shape${at % 4} { area(): number }\nexport type Id${at} = Shape${at % 4};\n`;
  }
  await writeFiles(root, files);
});
afterEach(async () => {
  await removeDir(root);
  await removeDir(state);
});

async function indexed(): Promise<IndexedFile[]> {
  const workspace = await Workspace.open(root);
  return (await indexFiles({ workspace, stateDir: state, files: paths, signal: new AbortController().signal, threads: 0 })).files;
}

// The entries as plain objects (no shard record): what a parse makes.
const asObjects = (files: readonly IndexedFile[]): IndexedFile[] => files.map(({ path, entry }) => ({ path, entry: { stamp: entry.stamp, symbols: entry.symbols ?? [], references: entry.references ?? [] } }));

// The entries behind proxies that count every read of their symbols and references (the objects' way).
function counted(files: readonly IndexedFile[]): { files: IndexedFile[]; reads: () => number } {
  let reads = 0;
  const wrapped = files.map(({ path, entry }) => ({ path, entry: new Proxy(entry, { get: (target, key, receiver) => ((key === 'symbols' || key === 'references') && reads++, Reflect.get(target, key, receiver)) }) }));
  return { files: wrapped, reads: () => reads };
}

describe('the repo map graph from shard records', () => {
  it('reads no entry as objects when every entry comes from a shard, and builds the graph the objects give', async () => {
    await indexed();
    // Indexed again: every entry now comes from the saved shards.
    const files = await indexed();
    expect(files).toHaveLength(FILES);
    const { files: watched, reads } = counted(files);
    const shape = shapeOf(watched);
    expect(reads()).toBe(0);
    expect(shape.symbols.length).toBeGreaterThan(FILES * 4);
    expect(shape).toEqual(shapeOf(asObjects(files)));
    expect(shape.symbols.toArray()).toEqual(shapeOf(asObjects(files)).symbols.toArray());
  });

  it('a mix of shard entries and objects gives the graph of all objects', async () => {
    await indexed();
    const files = await indexed();
    const objects = asObjects(files);
    const mixed = files.map((file, at) => (at % 3 === 1 ? objects[at]! : file));
    expect(shapeOf(mixed)).toEqual(shapeOf(objects));
  });
});
