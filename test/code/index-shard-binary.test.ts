// The index's shards are binary (issue 30: the cold index loads every shard at its end, when its memory
// peaks; as JSON they were ~50 MB of heap strings and arrays on 20 k files). A loaded shard stays its bytes
// (the paths alone become strings); an index updated for one changed file equals a fresh index of the same
// files; a shard that is damaged, cut short, of another version or not a shard at all is no shard: its
// files are parsed again, and nothing it says is trusted.
import { readdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { indexFiles, type IndexResult } from '../../src/code/index/code-index.js';
import { readShard, writeShard } from '../../src/code/index/shard-format.js';
import { indexDir, IndexStore } from '../../src/code/index/store.js';
import { Workspace } from '../../src/workspace/workspace.js';
import { removeDir, tempDir, writeFiles } from '../helpers/fixture.js';

let root: string;
let states: string[];
const FILES = 40;
const paths = Array.from({ length: FILES }, (_, at) => `src/m${at}.ts`).sort();
beforeEach(async () => {
  root = await tempDir('codeward-shards-');
  states = [await tempDir('codeward-state-'), await tempDir('codeward-state-')];
  const files: Record<string, string> = {};
  for (let at = 0; at < FILES; at++) files[`src/m${at}.ts`] = `// été ${at} ✓\nexport class Box${at} {\n  open(): number { return f${(at + 1) % FILES}(); }\n}\nexport function f${at}(): string {\n  return 'ü${at}';\n}\n`;
  await writeFiles(root, files);
});
afterEach(async () => {
  await removeDir(root);
  for (const state of states) await removeDir(state);
});

const plain = (result: IndexResult): unknown => JSON.parse(JSON.stringify({ files: result.files.map(({ path, entry }) => ({ path, stamp: entry.stamp, symbols: entry.symbols, references: entry.references })), skipped: result.skipped }));

async function index(state: string, store?: IndexStore): Promise<IndexResult> {
  const workspace = await Workspace.open(root);
  return indexFiles({ workspace, stateDir: state, files: paths, signal: new AbortController().signal, threads: 0, ...(store === undefined ? {} : { store }) });
}

async function shardFiles(state: string): Promise<string[]> {
  return (await readdir(indexDir(state))).filter((name) => name.endsWith('.shard')).map((name) => join(indexDir(state), name));
}

describe('binary index shards', () => {
  it('a loaded shard holds its table as bytes, not as strings; only the paths are strings', () => {
    const symbol = { name: 'run', namePath: 'A/run', kind: 'method', startLine: 1, endLine: 2, signature: 'run(): void {' };
    const table = readShard(writeShard(new Map([['a.ts', { stamp: '1:2:3:4', symbols: [symbol], references: ['run', 'log'] }]])));
    expect(Buffer.isBuffer(table.bytes)).toBe(true);
    expect(table.numbers).toBeInstanceOf(Int32Array);
    expect([...table.rows.keys()]).toEqual(['a.ts']);
  });

  it('an index updated for one changed file equals a fresh index of the same files (the same store, and a new one)', async () => {
    const store = new IndexStore(states[0]!);
    expect((await index(states[0]!, store)).parsed).toBe(FILES);
    await writeFile(join(root, 'src/m7.ts'), 'export function seven(): number {\n  return f8() + 1;\n}\n// ✓ changed\n');
    const updated = await index(states[0]!, store);
    expect(updated.parsed).toBe(1);
    const reread = await index(states[0]!, new IndexStore(states[0]!));
    expect(reread.parsed).toBe(0);
    const fresh = await index(states[1]!);
    expect(fresh.parsed).toBe(FILES);
    expect(plain(updated)).toEqual(plain(fresh));
    expect(plain(reread)).toEqual(plain(fresh));
    expect(JSON.stringify(plain(fresh))).toContain('seven');
  });

  it('a damaged, cut, foreign or out-of-range shard is no shard: its files are parsed again and the index equals a fresh one', async () => {
    await index(states[0]!);
    const fresh = plain(await index(states[1]!));
    const shards = await shardFiles(states[0]!);
    expect(shards.length).toBeGreaterThan(4);
    const original = await Promise.all(shards.map((path) => readFile(path)));
    const damage: ((bytes: Buffer) => Buffer)[] = [
      // Cut short.
      (bytes) => bytes.subarray(0, bytes.length - 3),
      // Another version.
      (bytes) => Buffer.concat([bytes.subarray(0, 4), Buffer.from(new Int32Array([99]).buffer), bytes.subarray(8)]),
      // A string index past the table (the first record's stamp).
      (bytes) => {
        const copy = Buffer.from(bytes);
        const strings = copy.readInt32LE(8);
        copy.writeInt32LE(strings + 5, (5 + strings + 1) * 4);
        return copy;
      },
      // Not a shard at all (the old JSON form).
      () => Buffer.from('{"strings":["a.ts"],"files":[["src/m1.ts","0:0:0:0",null,[],[]]]}'),
      // Nothing.
      () => Buffer.alloc(0),
    ];
    for (const [at, path] of shards.entries()) await writeFile(path, damage[at % damage.length]!(original[at]!));
    const again = await index(states[0]!, new IndexStore(states[0]!));
    expect(again.parsed).toBe(FILES);
    expect(plain(again)).toEqual(fresh);
  });

  it('a stamp that points at another string of the table is not taken for the file\'s (the file is parsed again)', async () => {
    await index(states[0]!);
    const [path] = await shardFiles(states[0]!);
    const bytes = Buffer.from(await readFile(path!));
    const strings = bytes.readInt32LE(8);
    // The first record's stamp made its path (a string of the table, in range: the shard checks out).
    const record = (5 + strings) * 4;
    bytes.writeInt32LE(bytes.readInt32LE(record), record + 4);
    await writeFile(path!, bytes);
    const table = readShard(bytes);
    expect(table.rows.size).toBeGreaterThan(0);
    const again = await index(states[0]!, new IndexStore(states[0]!));
    expect(again.parsed).toBe(1);
    expect(plain(again)).toEqual(plain(await index(states[1]!)));
  });
});
