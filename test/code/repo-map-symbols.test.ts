// The repo map's definitions kept as rows (issue 30: one changed file <= 0.5 s, RSS <= 300 MB on 20 k files):
// a saved graph decodes to rows, not a quarter of a million objects, and a patch lays the edited files'
// definitions over the same rows rather than copying the list. What a reader gets is the same definitions.
import { describe, expect, it } from 'vitest';
import { patchShape } from '../../src/code/repo-map-memo.js';
import { shapeOf } from '../../src/code/repo-map-graph.js';
import { decodeGraph, encodeGraph } from '../../src/code/repo-map-saved-format.js';
import { keyAt, SymbolList } from '../../src/code/repo-map-symbols.js';
import { PackedStrings } from '../../src/code/packed-strings.js';

const symbol = (name: string, kind: string, line: number) => ({ name, namePath: kind === 'method' ? `C/${name}` : name, kind, startLine: line, endLine: line + 2, signature: `${name}(): void` });

const files = (edit: number) => Array.from({ length: 30 }, (_, at) => ({
  path: `src/f${String(at).padStart(2, '0')}.ts`,
  entry: { stamp: at === 4 ? `s${edit}` : 's', symbols: [symbol(`fn${at % 7}`, 'function', 1 + (at === 4 ? edit : 0)), symbol('run', 'method', 10)], references: ['fn1', '.run'] },
}));

describe('repo map definitions as rows', () => {
  it('reads back every field, shares equal strings, and keys methods as members', () => {
    const list = SymbolList.of([symbol('a', 'function', 1), symbol('run', 'method', 5), symbol('a', 'function', 9)]);
    expect(list.length).toBe(3);
    expect(list.toArray()).toEqual([symbol('a', 'function', 1), symbol('run', 'method', 5), symbol('a', 'function', 9)]);
    expect([list.name(1), list.kind(1), keyAt(list, 1), keyAt(list, 0)]).toEqual(['run', 'method', '.run', 'a']);
    // 'a', 'a()…', 'function' once each, 'run', 'C/run', 'method', 'run()…': 7 strings for 18 string fields.
    expect(list.strings.length).toBe(7);
  });

  it('a patch lays the edited file over the same rows; past a quarter of the list laid over, rows again', () => {
    const shape = shapeOf(files(0));
    const patched = patchShape(shape, files(3), [4])!;
    expect(patched.shape.symbols.rows).toBe(shape.symbols.rows);
    expect(patched.shape.symbols.over.size).toBe(2);
    expect(patched.shape.symbols.toArray()).toEqual(shapeOf(files(3)).symbols.toArray());
    // 16 of 60 definitions laid over: made into rows of its own, the same definitions.
    const many = new Map(Array.from({ length: 16 }, (_, at) => [at, symbol(`x${at}`, 'function', at)] as const));
    const compacted = shape.symbols.with(many);
    expect(compacted.over.size).toBe(0);
    expect(compacted.rows).not.toBe(shape.symbols.rows);
    expect(compacted.toArray()).toEqual(shape.symbols.toArray().map((each, at) => many.get(at) ?? each));
  });

  it('a saved graph decodes to rows, and a patched one saves as the fresh build would', () => {
    const bytes = (shape: ReturnType<typeof shapeOf>) => Buffer.concat(encodeGraph({ listing: files(0).map((file) => file.path), stamps: files(0).map(() => 's'), skipped: [], shape }).map((part) => (typeof part === 'string' ? Buffer.from(part) : part)));
    const decoded = decodeGraph(bytes(shapeOf(files(0))))!;
    expect(decoded.shape.symbols).toBeInstanceOf(SymbolList);
    expect(decoded.shape.symbols.over.size).toBe(0);
    expect(decoded.shape.symbols.toArray()).toEqual(shapeOf(files(0)).symbols.toArray());
    const patched = patchShape(decoded.shape, files(3), [4])!.shape;
    expect(decodeGraph(bytes(patched))!.shape.symbols.toArray()).toEqual(shapeOf(files(3)).symbols.toArray());
  });

  it('a saved graph keeps its strings packed and decodes only the ones read; the definitions are the fresh build\'s', () => {
    const fresh = shapeOf(files(0));
    const parts = encodeGraph({ listing: files(0).map((file) => file.path), stamps: files(0).map(() => 's'), skipped: [], shape: fresh });
    const decoded = decodeGraph(Buffer.concat(parts.map((part) => (typeof part === 'string' ? Buffer.from(part) : part))))!;
    const { strings } = decoded.shape.symbols;
    expect(strings).toBeInstanceOf(PackedStrings);
    const packed = strings as PackedStrings;
    expect(packed.length).toBe((fresh.symbols.strings as string[]).length);
    expect(packed.decoded).toBe(0);
    // One definition read: its name, name path, kind and signature, no more.
    expect(decoded.shape.symbols.get(3)).toEqual(fresh.symbols.get(3));
    expect(packed.decoded).toBeLessThanOrEqual(4);
    expect(decoded.shape.symbols.toArray()).toEqual(fresh.symbols.toArray());
    // Non-ASCII text round-trips byte for byte.
    const wide = PackedStrings.of(['', 'größe', '名前', 'a']);
    expect([0, 1, 2, 3, 4].map((at) => wide.at(at))).toEqual(['', 'größe', '名前', 'a', '']);
  });
});
