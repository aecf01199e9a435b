// What the repo map's graph build reads of each file: its map-worthy definitions (as rows, each with the id
// of its name) and the defined names it refers to. An entry the store rebuilt from a shard is read as the
// numbers of its record, each string of a shard decoded once per build (a name that a shard's files refer to
// a thousand times is decoded once) and no symbol object made: on 20 k files, reading them as objects made
// ~1 M short-lived strings and a quarter of a million objects at the end of a cold index, when its memory
// peaks. An entry a parse made (no record) is read as its objects. Both give the same rows, ids and order.
import type { IndexEntry, ShardRecord } from './index/entry.js';
import { recordSpan, SYMBOL_ROW, textAt, type ShardTable } from './index/shard-format.js';
import { keyOf, SymbolRows, type SymbolList } from './repo-map-symbols.js';
import { bytesHash, nameHash } from './repo-map-referrers.js';

const UNKNOWN = -2;

export class ShapeReader {
  readonly ids = new Map<string, number>();
  readonly names: string[] = [];
  readonly #rows = new SymbolRows();
  // Per shard table, by its string number: while definitions are read, the rows' string number (-1: not
  // yet); then the same array, refilled: the id of the defined name it is (UNKNOWN: not yet, -1: none).
  // One array per table for both: on 20 k files the tables hold ~1.5 M strings.
  readonly #local = new Map<ShardTable, Int32Array>();
  // Per shard table, by its string number: the string's name hash (-1: not yet).
  readonly #hashes = new Map<ShardTable, Int32Array>();
  // Per shard table: whether a kind string (by its number) is one the map shows.
  readonly #kinds = new Map<ShardTable, Map<number, boolean>>();
  // By the rows' string number of a method's name: the id of its key ('.name').
  readonly #methodIds = new Map<number, number>();

  constructor(readonly mapKinds: ReadonlySet<string>) {}

  // Adds the entry's map-worthy definitions to the rows, in order, calling `defined` with each one's name id.
  definitions(entry: IndexEntry, defined: (id: number) => void): void {
    if (entry.record !== undefined) return this.#recordDefinitions(entry.record, defined);
    for (const symbol of entry.symbols ?? []) {
      if (!this.mapKinds.has(symbol.kind)) continue;
      defined(this.#idOf(keyOf(symbol)));
      this.#rows.push(symbol);
    }
  }

  // The rows of every definition read (call once, after the last `definitions`: the per-shard caches go).
  definitionsDone(): SymbolList {
    for (const local of this.#local.values()) local.fill(UNKNOWN);
    this.#kinds.clear();
    this.#methodIds.clear();
    return this.#rows.done();
  }

  // Calls `refer` with the id of each defined name the entry refers to (in the entry's order; repeats too),
  // and `hashed` with the hash of every name it refers to (repo-map-referrers.ts nameHash).
  // Only after definitionsDone: every name is defined by then, and the tables' arrays hold ids.
  references(entry: IndexEntry, refer: (id: number) => void, hashed: (hash: number) => void): void {
    const record = entry.record;
    if (record === undefined) {
      for (const name of entry.references ?? []) {
        hashed(nameHash(name));
        const id = this.ids.get(name);
        if (id !== undefined) refer(id);
      }
      return;
    }
    const { table } = record;
    const ids = cache(this.#local, table, () => new Int32Array(table.ends.length).fill(UNKNOWN));
    const hashes = cache(this.#hashes, table, () => new Int32Array(table.ends.length).fill(-1));
    const { symbolsTo, referencesTo } = recordSpan(record);
    for (let at = symbolsTo; at < referencesTo; at++) {
      const local = table.numbers[at]!;
      let hash = hashes[local]!;
      if (hash === -1) hashes[local] = hash = bytesHash(table.bytes, local === 0 ? 0 : table.ends[local - 1]!, table.ends[local]!);
      hashed(hash);
      let id = ids[local]!;
      if (id === UNKNOWN) ids[local] = id = this.ids.get(textAt(table, local)) ?? -1;
      if (id >= 0) refer(id);
    }
  }

  #recordDefinitions(record: ShardRecord, defined: (id: number) => void): void {
    const { table } = record;
    const { numbers } = table;
    const strings = cache(this.#local, table, () => new Int32Array(table.ends.length).fill(-1));
    const kinds = cache(this.#kinds, table, () => new Map<number, boolean>());
    const global = (local: number): number => (strings[local]! >= 0 ? strings[local]! : (strings[local] = this.#rows.intern(textAt(table, local))));
    const { symbolsFrom, symbolsTo } = recordSpan(record);
    for (let row = symbolsFrom; row < symbolsTo; row += SYMBOL_ROW) {
      const kindLocal = numbers[row + 2]!;
      let shown = kinds.get(kindLocal);
      if (shown === undefined) kinds.set(kindLocal, (shown = this.mapKinds.has(textAt(table, kindLocal))));
      if (!shown) continue;
      // Interned in push's order: name, name path, kind, signature.
      const [name, namePath, kind] = [global(numbers[row]!), global(numbers[row + 1]!), global(kindLocal)];
      const signature = global(numbers[row + 5]!);
      defined(this.#rows.text(kind) === 'method' ? this.#methodId(name) : this.#idOf(this.#rows.text(name)));
      this.#rows.pushRow(name, namePath, kind, numbers[row + 3]!, numbers[row + 4]!, signature);
    }
  }

  #methodId(name: number): number {
    let id = this.#methodIds.get(name);
    if (id === undefined) this.#methodIds.set(name, (id = this.#idOf(`.${this.#rows.text(name)}`)));
    return id;
  }

  #idOf(key: string): number {
    let id = this.ids.get(key);
    if (id === undefined) this.ids.set(key, (id = this.names.push(key) - 1));
    return id;
  }
}

function cache<T>(caches: Map<ShardTable, T>, table: ShardTable, make: () => T): T {
  let value = caches.get(table);
  if (value === undefined) caches.set(table, (value = make()));
  return value;
}
