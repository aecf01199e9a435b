// The code index's warm path (issue 30 performance): a cached entry is served after one lstat, only on an
// exact file identity; a folder swapped for a link out of the workspace is never served or read; and the
// repo map's top-k ranking is the head of the full ranking.
import { readdir, rename, symlink, utimes, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { indexFiles } from '../../src/code/index/code-index.js';
import type { IndexEntry } from '../../src/code/index/entry.js';
import { entryOf, readShard, textAt, writeShard } from '../../src/code/index/shard-format.js';
import { GraphMemo, rankSymbols, rankTop } from '../../src/code/repo-map.js';
import { IndexStore, indexDir } from '../../src/code/index/store.js';
import { Workspace } from '../../src/workspace/workspace.js';
import { writeFiles } from '../helpers/fixture.js';
import { indexDirs } from '../helpers/index-dirs.js';

const dirs = indexDirs();

const index = async (files: string[]) => indexFiles({ workspace: await Workspace.open(dirs.root), stateDir: dirs.state, files, signal: new AbortController().signal, threads: 0 });
const names = (result: Awaited<ReturnType<typeof index>>): string[] => result.files.flatMap((file) => (file.entry.symbols ?? []).map((symbol) => `${file.path}:${symbol.name}`));

describe('code index cache', () => {
  it('serves unchanged files from the cache and parses exactly the changed one', async () => {
    await writeFiles(dirs.root, { 'a.ts': 'export function alpha(): void {}\n', 'b/c.ts': 'export class Beta {}\n' });
    expect((await index(['a.ts', 'b/c.ts'])).parsed).toBe(2);
    const warm = await index(['a.ts', 'b/c.ts']);
    expect(warm.parsed).toBe(0);
    expect(names(warm)).toEqual(['a.ts:alpha', 'b/c.ts:Beta']);
    await writeFile(join(dirs.root, 'a.ts'), 'export function gamma(): void {}\n');
    const changed = await index(['a.ts', 'b/c.ts']);
    expect(changed.parsed).toBe(1);
    expect(names(changed)).toEqual(['a.ts:gamma', 'b/c.ts:Beta']);
  });

  it('a same-size rewrite with the old mtime put back is a new file (another inode): parsed again', async () => {
    await writeFiles(dirs.root, { 'a.ts': 'export function alpha(): void {}\n' });
    await index(['a.ts']);
    const when = new Date(Date.now() - 60_000);
    await utimes(join(dirs.root, 'a.ts'), when, when);
    await index(['a.ts']);
    await writeFile(join(dirs.root, 'a.ts.new'), 'export function omega(): void {}\n');
    await utimes(join(dirs.root, 'a.ts.new'), when, when);
    await rename(join(dirs.root, 'a.ts.new'), join(dirs.root, 'a.ts'));
    const after = await index(['a.ts']);
    expect(after.parsed).toBe(1);
    expect(names(after)).toEqual(['a.ts:omega']);
  });

  it('attacker: a cached folder swapped for a link out of the workspace shows nothing from outside', async () => {
    await writeFiles(dirs.root, { 'lib/x.ts': 'export function insideOnly(): void {}\n' });
    await writeFiles(dirs.outside, { 'x.ts': 'export function stolenSecret(): void {}\n' });
    await index(['lib/x.ts']);
    await rename(join(dirs.root, 'lib'), join(dirs.root, 'old-lib'));
    await symlink(dirs.outside, join(dirs.root, 'lib'));
    const after = await index(['lib/x.ts', 'lib/../../x.ts', '/etc/hostname']);
    expect(names(after)).toEqual([]);
    expect(JSON.stringify(after)).not.toContain('stolenSecret');
  });

  it('attacker: the cached file itself replaced by a link to an outside file is not followed', async () => {
    await writeFiles(dirs.root, { 'x.ts': 'export function insideOnly(): void {}\n' });
    await writeFiles(dirs.outside, { 'x.ts': 'export function stolenSecret(): void {}\n' });
    await index(['x.ts']);
    await rename(join(dirs.root, 'x.ts'), join(dirs.root, 'y.ts'));
    await symlink(join(dirs.outside, 'x.ts'), join(dirs.root, 'x.ts'));
    expect(JSON.stringify(await index(['x.ts']))).not.toContain('stolenSecret');
  });

  it('the compact shard keeps every entry exactly (symbols, references, skips), strings once; a damaged shard is re-parsed', async () => {
    const symbol = (name: string, path: string) => ({ name, namePath: path, kind: 'method', startLine: 3, endLine: 9, signature: `${name}(): void {` });
    const entries = new Map<string, IndexEntry>([
      ['a.ts', { stamp: '1:2:3:4', symbols: [symbol('run', 'A/run'), symbol('stop', 'A/stop')], references: ['run', 'log', 'stop'] }],
      ['b.ts', { stamp: '1:2:5:6', symbols: [symbol('run', 'B/run')], references: ['run'] }],
      ['big.js', { stamp: '1:2:7:8', skip: 'minified' }],
    ]);
    const data = writeShard(entries);
    const table = readShard(data);
    expect(Array.from({ length: table.ends.length }, (_, at) => textAt(table, at)).filter((text) => text === 'run')).toHaveLength(1);
    expect(new Map([...table.rows].map(([rel, row]) => [rel, entryOf(table, row)]))).toEqual(entries);
    expect(readShard(Buffer.from('{"strings": "x", "files": []}')).rows.size).toBe(0);
    // Through the store: the warm call reads the compact shards; a shard overwritten with junk is parsed again.
    await writeFiles(dirs.root, { 'a.ts': 'export class A { run(): void {} }\n' });
    await index(['a.ts']);
    expect(names(await index(['a.ts']))).toEqual(['a.ts:A', 'a.ts:run']);
    const folder = indexDir(dirs.state);
    for (const shard of await readdir(folder)) await writeFile(join(folder, shard), '{"files": [[');
    const again = await index(['a.ts']);
    expect(again.parsed).toBe(1);
    expect(names(again)).toEqual(['a.ts:A', 'a.ts:run']);
  });
});

describe('repo map ranking', () => {
  it('the top k of rankTop is the head of the full ranking, and the total counts every definition', () => {
    const files = Array.from({ length: 40 }, (_, at) => ({
      path: `f${String(at).padStart(2, '0')}.ts`,
      entry: {
        stamp: 's',
        symbols: [{ name: `fn${at % 7}`, namePath: `fn${at % 7}`, kind: 'function', startLine: 1, endLine: 2, signature: `function fn${at % 7}()` }, { name: `m${at % 3}`, namePath: `C/m${at % 3}`, kind: 'method', startLine: 3, endLine: 4, signature: `m${at % 3}()` }],
        references: [`fn${(at * 3) % 7}`, `.m${at % 2}`, `fn${(at + 1) % 7}`],
      },
    }));
    const all = rankSymbols(files, { paths: ['f03.ts'], names: ['fn2'] });
    expect(all).toHaveLength(80);
    for (const limit of [1, 7, 80, 500]) {
      const top = rankTop(files, { paths: ['f03.ts'], names: ['fn2'] }, limit);
      expect(top.total).toBe(80);
      expect(top.ranked).toEqual(all.slice(0, limit));
    }
  });

  it('an engine\'s memo gives the same ranking as a fresh build, for every focus, and rebuilds when a file changes', () => {
    const fileSet = (variant: number) => Array.from({ length: 30 }, (_, at) => ({
      path: `f${String(at).padStart(2, '0')}.ts`,
      entry: {
        stamp: at === 4 ? `s${variant}` : 's',
        symbols: [{ name: at === 4 && variant === 1 ? 'renamed' : `fn${at % 5}`, namePath: `fn${at % 5}`, kind: 'function', startLine: 1, endLine: 2, signature: `function fn${at % 5}()` }, { name: `m${at % 3}`, namePath: `C/m${at % 3}`, kind: 'method', startLine: 3, endLine: 4, signature: `m${at % 3}()` }],
        references: [`fn${(at * 3) % 5}`, `.m${at % 2}`, `fn${(at + 1) % 5}`, 'renamed'],
      },
    }));
    const memo = new GraphMemo();
    const focuses = [{ paths: [], names: [] }, { paths: ['f03.ts'], names: ['fn2'] }, { paths: [], names: ['m1'] }, { paths: [], names: [] }];
    for (const variant of [0, 1, 0]) {
      const files = fileSet(variant);
      for (const focus of focuses) {
        for (const limit of [3, 60]) expect(rankTop(files, focus, limit, memo)).toEqual(rankTop(files, focus, limit));
      }
    }
    // The changed file's new name is ranked (the shape was rebuilt, not served from the memo).
    expect(rankTop(fileSet(1), { paths: [], names: [] }, 60, memo).ranked.some((each) => each.symbol.name === 'renamed')).toBe(true);
    expect(rankTop(fileSet(0), { paths: [], names: [] }, 60, memo).ranked.some((each) => each.symbol.name === 'renamed')).toBe(false);
  });
});

describe('the engine\'s shared index store', () => {
  it('keeps its shards between calls and reads a shard again once another process saved it', async () => {
    const mine = new IndexStore(dirs.state);
    const other = new IndexStore(dirs.state);
    await mine.set('a.ts', { stamp: 'one', symbols: [], references: [] });
    await mine.save();
    expect((await other.get('a.ts'))?.stamp).toBe('one');
    await other.set('a.ts', { stamp: 'two', symbols: [], references: ['x'] });
    await other.save();
    // Loaded before the other store saved: still the old entry until refreshed.
    expect((await mine.get('a.ts'))?.stamp).toBe('one');
    await mine.refresh();
    expect(await mine.get('a.ts')).toEqual({ stamp: 'two', symbols: [], references: ['x'] });
    // Its own save is not a change to read again: an entry set since stays.
    await mine.set('b.ts', { stamp: 'b', skip: 'minified' });
    await mine.save();
    await mine.refresh();
    expect((await mine.get('b.ts'))?.skip).toBe('minified');
  });
});

