// A saved repo-map graph as a new process reads it (issue 30: one changed file through the CLI): its arrays
// are views on the file's bytes (no copy of ~24 MB on 20 k files), and its name → id map is made only when
// something wants all of it: patching one changed file looks up that file's names alone, and the patched
// shape is still exactly a fresh build's.
import { describe, expect, it } from 'vitest';
import type { IndexedFile } from '../../src/code/index/code-index.js';
import { decodeGraph, encodeGraph, type SavedGraph } from '../../src/code/repo-map-saved-format.js';
import { shapeOf, type GraphShape } from '../../src/code/repo-map-graph.js';
import { changedFiles, patchShape } from '../../src/code/repo-map-memo.js';
import { LazyIds } from '../../src/code/lazy-ids.js';

const symbol = (name: string, kind: string, line: number) => ({ name, namePath: kind === 'method' ? `C/${name}` : name, kind, startLine: line, endLine: line + 1, signature: `${name}()` });

// 30 files; file 4 is the one edited (its lines moved, or what it refers to changed).
function repo(stamp: string, edit: { shift?: number; refs?: string[] } = {}): IndexedFile[] {
  return Array.from({ length: 30 }, (_, at) => {
    const shift = at === 4 ? edit.shift ?? 0 : 0;
    return {
      path: `src/f${String(at).padStart(2, '0')}.ts`,
      entry: {
        stamp: at === 4 ? stamp : 's',
        symbols: [symbol(`fn${at % 7}`, 'function', 1 + shift), symbol(`helper${at}`, 'function', 5 + shift), symbol(`m${at % 3}`, 'method', 9 + shift)],
        references: at === 4 && edit.refs !== undefined ? edit.refs : [`fn${(at * 3) % 7}`, `.m${at % 2}`, `helper${(at + 1) % 30}`, 'elsewhere'],
      },
    };
  });
}

const bytesOf = (saved: SavedGraph): Buffer => Buffer.concat(encodeGraph(saved).map((part) => (typeof part === 'string' ? Buffer.from(part) : part)));
const saving = (files: IndexedFile[]): SavedGraph => ({ listing: files.map((file) => file.path), stamps: files.map((file) => file.entry.stamp), skipped: [], shape: shapeOf(files) });
// A shape as plain data: the definitions as objects, the ids as a Map.
const plain = (shape: GraphShape) => ({ ...shape, ids: new Map(shape.ids), symbols: shape.symbols.toArray() });

describe('a saved graph read by a new process', () => {
  it('keeps its arrays on the file\'s bytes, and copies only what is not aligned for its type', () => {
    const files = repo('a');
    const data = bytesOf(saving(files));
    const decoded = decodeGraph(data)!;
    for (const array of [decoded.shape.defStart, decoded.shape.refIds, decoded.shape.selfRef, decoded.shape.symbolFile]) expect(array.buffer).toBe(data.buffer);
    expect(plain(decoded.shape)).toEqual(plain(shapeOf(files)));
    // The same bytes one byte into a buffer: nothing aligned, every array a copy, the same graph.
    const shifted = Buffer.concat([Buffer.alloc(1), data]).subarray(1);
    const again = decodeGraph(shifted)!;
    expect(again.shape.refIds.buffer).not.toBe(shifted.buffer);
    expect(plain(again.shape)).toEqual(plain(shapeOf(files)));
  });

  it('patches a changed file by looking up its names alone: the whole name map is never made, the shape is a fresh build\'s', () => {
    const base = repo('a');
    for (const edit of [{ shift: 3 }, { refs: ['fn1', '.m1', 'helper9', 'helper4', 'nothing'] }, { shift: 1, refs: [] }]) {
      const decoded = decodeGraph(bytesOf(saving(base)))!;
      const files = repo('b', edit);
      const patched = patchShape(decoded.shape, files, changedFiles(base, files)!);
      expect(patched).toBeDefined();
      expect(decoded.shape.ids).toBeInstanceOf(LazyIds);
      expect((decoded.shape.ids as LazyIds).built).toBe(false);
      expect(plain(patched!.shape)).toEqual(plain(shapeOf(files)));
      expect(patched!.referencesChanged).toBe(edit.refs !== undefined);
    }
  });

  it('answers as the map it stands for, before and after the map is made', () => {
    const names = ['a', '.b', 'c', 'dd'];
    const ids = new LazyIds(names);
    expect(ids.some(new Set(['c', 'zz', '.b']))).toEqual(new Map([['.b', 1], ['c', 2]]));
    expect(ids.built).toBe(false);
    expect(ids.size).toBe(4);
    expect(ids.get('dd')).toBe(3);
    expect(ids.built).toBe(true);
    expect(ids.has('zz')).toBe(false);
    expect(ids.some(new Set(['a', 'zz']))).toEqual(new Map([['a', 0]]));
    expect([...ids]).toEqual(names.map((name, id) => [name, id]));
  });
});
