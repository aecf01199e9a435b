// What the code index keeps in memory and checks per file (issue 30: a cold index of 20 k files peaked at
// 450-530 MB; one changed file cost the whole listing's reader-hidden checks twice). A saved shard is kept
// as its compact rows (an entry is decoded when asked for, never kept), kept rows are re-encoded without
// being decoded, and files that come from the listing of this call are not checked again one by one.
import { describe, expect, it, vi } from 'vitest';
import { indexFiles } from '../../src/code/index/code-index.js';
import type { IndexEntry } from '../../src/code/index/entry.js';
import { readShard, textAt, writeShard, entryOf } from '../../src/code/index/shard-format.js';
import { IndexStore } from '../../src/code/index/store.js';
import { Workspace } from '../../src/workspace/workspace.js';
import { writeFiles } from '../helpers/fixture.js';
import { indexDirs } from '../helpers/index-dirs.js';

const dirs = indexDirs();

const symbol = (name: string) => ({ name, namePath: `C/${name}`, kind: 'method', startLine: 2, endLine: 4, signature: `${name}() {` });
const entry = (stamp: string, ...names: string[]): IndexEntry => ({ stamp, symbols: names.map(symbol), references: [...names, 'log'] });
const plain = (value: IndexEntry | undefined): unknown => JSON.parse(JSON.stringify(value));

describe('code index memory', () => {
  it('a shard re-encoded with new entries keeps every other row exactly (mapped into the new table, strings once)', () => {
    const first = writeShard(new Map([['a.ts', entry('1', 'run', 'stop')], ['b.ts', entry('2', 'run')], ['c.js', { stamp: '3', skip: 'minified' }]]));
    const kept = readShard(first);
    const data = writeShard(new Map([['b.ts', entry('4', 'walk')]]), kept);
    const table = readShard(data);
    const { rows } = table;
    expect([...rows.keys()].sort()).toEqual(['a.ts', 'b.ts', 'c.js']);
    expect(plain(entryOf(table, rows.get('a.ts')!))).toEqual(plain(entry('1', 'run', 'stop')));
    expect(plain(entryOf(table, rows.get('b.ts')!))).toEqual(plain(entry('4', 'walk')));
    expect(entryOf(table, rows.get('c.js')!)).toEqual({ stamp: '3', skip: 'minified' });
    const strings = Array.from({ length: table.ends.length }, (_, at) => textAt(table, at));
    expect(strings.filter((text) => text === 'log')).toHaveLength(1);
    // The replaced row's strings are gone from the table (only what a row names is kept).
    expect(strings).not.toContain('2');
  });

  it('the store serves an entry decoded from its row each time and does not keep the object it was given, before its save and after', async () => {
    const store = new IndexStore(dirs.state);
    const given = entry('1', 'run');
    await store.set('a.ts', given);
    expect(store.unsaved).toBe(1);
    // Unsaved, it is held packed (one record, not the parse's objects: a bulk index holds thousands between saves).
    const unsaved = await store.get('a.ts');
    expect(unsaved).not.toBe(given);
    expect(unsaved!.symbols).not.toBe(given.symbols);
    expect(plain(unsaved)).toEqual(plain(given));
    expect(await store.get('a.ts')).toEqual(given);
    await store.save();
    expect(store.unsaved).toBe(0);
    const [one, two] = [await store.get('a.ts'), await store.get('a.ts')];
    expect(one).not.toBe(given);
    expect(one).not.toBe(two);
    expect(plain(one)).toEqual(plain(given));
    // Nor does the entry keep what it decoded (a reader walks it once; 20 k entries holding their lists
    // outlived the graph built from them): each use decodes anew, equal each time.
    expect(one!.symbols).not.toBe(one!.symbols);
    expect(one!.references).not.toBe(one!.references);
    expect(one!.symbols).toEqual(given.symbols);
    // Another store on the same folder reads the same rows.
    expect(plain(await new IndexStore(dirs.state).get('a.ts'))).toEqual(plain(given));
  });

  it('a save that lets go of its shards keeps none in memory, a new batch loads none, and every entry is still served', async () => {
    const store = new IndexStore(dirs.state);
    const files = Array.from({ length: 40 }, (_, at) => `f${at}.ts`);
    const expected = new Map(files.map((rel, at) => [rel, entry(String(at), `n${at}`)]));
    for (const [rel, each] of expected) await store.set(rel, each);
    await store.save({ release: true });
    expect(store.loaded).toBe(0);
    // The next batch: one saved file changed, one new; setting them reads no shard back.
    expected.set('f0.ts', entry('again', 'changed'));
    expected.set('g.ts', entry('g', 'gee'));
    await store.set('f0.ts', expected.get('f0.ts')!);
    await store.set('g.ts', expected.get('g.ts')!);
    expect(store.loaded).toBe(0);
    expect(plain(await store.get('g.ts'))).toEqual(plain(expected.get('g.ts')));
    await store.save({ release: true });
    expect(store.loaded).toBe(0);
    // Every entry, from the saved rows (each shard merged with what it held before the batch).
    for (const [rel, each] of expected) expect(plain(await store.get(rel))).toEqual(plain(each));
    const loaded = store.loaded;
    expect(loaded).toBeGreaterThan(1);
    // A plain save keeps the shards it wrote (the engine's store between calls).
    await store.set('f1.ts', entry('third', 'n1'));
    await store.save();
    expect(store.loaded).toBe(loaded);
    expect(plain(await new IndexStore(dirs.state).get('f1.ts'))).toEqual(plain(entry('third', 'n1')));
  });

  it('files from this call\'s listing are not checked against the reader-hidden rule again, one by one; others are', async () => {
    await writeFiles(dirs.root, Object.fromEntries(Array.from({ length: 6 }, (_, at) => [`f${at}.ts`, `export function f${at}(): void {}\n`])));
    const workspace = await Workspace.open(dirs.root);
    const spy = vi.spyOn(workspace, 'isHiddenFromReaders');
    const files = Array.from({ length: 6 }, (_, at) => `f${at}.ts`);
    const request = { workspace, stateDir: dirs.state, files, signal: new AbortController().signal, threads: 0 };
    expect((await indexFiles({ ...request, listed: true })).files).toHaveLength(6);
    expect(spy).not.toHaveBeenCalled();
    expect((await indexFiles(request)).files).toHaveLength(6);
    expect(spy).toHaveBeenCalledTimes(6);
  });
});
