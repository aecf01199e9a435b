// One index shard on disk, compact and binary: every string once in a table (paths, stamps, names, name
// paths, kinds, signatures and referenced names repeat across files), each file a record of numbers into it.
// Loaded, a shard stays the file's bytes: the table as UTF-8 bytes and where each string ends, the records as
// one Int32Array; only the paths are made into strings (the lookup's keys), and a file's entry is decoded
// only when asked for. A cold index of 20 k files loads every shard at its end, when its memory peaks: as
// JSON they were ~50 MB of heap strings and arrays, as bytes ~half of that outside the heap, parsed by nothing.
//   u32 MAGIC (this machine's byte order, else no shard), u32 VERSION, u32 strings, u32 text bytes,
//   u32 numbers; Int32 ends[strings]; Int32 numbers[numbers]; the text bytes.
// A file's record in the numbers: path, stamp, skip (-1: none), symbol fields (6 per symbol), references,
// then [name, namePath, kind, startLine, endLine, signature] per symbol, then one string per reference.
// Anything that does not check out whole (another version, a damaged or foreign file) is an empty shard.
import type { IndexEntry, IndexedSymbol, ShardRecord } from './entry.js';

const MAGIC = 0x43574931;
const VERSION = 1;
const HEAD = 5;
const FIELDS = 6;
// Numbers of a record before its symbols.
const RECORD = 5;

export interface ShardTable {
  readonly bytes: Buffer;
  readonly ends: Int32Array;
  readonly numbers: Int32Array;
  // Path → where its record starts in numbers.
  readonly rows: Map<string, number>;
}

const EMPTY: Omit<ShardTable, 'rows'> = { bytes: Buffer.alloc(0), ends: new Int32Array(0), numbers: new Int32Array(0) };

// A string of the table, decoded anew each time (not kept: the table outlives every reader).
export function textAt(table: Pick<ShardTable, 'bytes' | 'ends'>, index: number): string {
  return table.bytes.toString('utf8', index === 0 ? 0 : table.ends[index - 1]!, table.ends[index]!);
}

// The table a shard file holds; an empty one when it is not a whole shard of this version.
export function readShard(data: Buffer | undefined): ShardTable {
  const rows = new Map<string, number>();
  const table = data === undefined ? undefined : decode(data);
  if (table === undefined) return { ...EMPTY, rows };
  const { numbers, ends } = table;
  const count = ends.length;
  const string = (value: number): boolean => value >= 0 && value < count;
  let at = 0;
  while (at < numbers.length) {
    if (at + RECORD > numbers.length) return { ...EMPTY, rows: new Map() };
    const [path, stamp, skip, fields, references] = [numbers[at]!, numbers[at + 1]!, numbers[at + 2]!, numbers[at + 3]!, numbers[at + 4]!];
    const end = at + RECORD + fields + references;
    if (!string(path) || !string(stamp) || (skip !== -1 && !string(skip)) || fields < 0 || fields % FIELDS !== 0 || references < 0 || end > numbers.length) return { ...EMPTY, rows: new Map() };
    for (let field = 0; field < fields + references; field++) {
      const value = numbers[at + RECORD + field]!;
      const line = field < fields && (field % FIELDS === 3 || field % FIELDS === 4);
      if (!line && !string(value)) return { ...EMPTY, rows: new Map() };
    }
    rows.set(textAt(table, path), at);
    at = end;
  }
  return { ...table, rows };
}

function decode(data: Buffer): Omit<ShardTable, 'rows'> | undefined {
  if (data.length < HEAD * 4) return undefined;
  // Views on the file's bytes (an Int32Array needs them aligned to 4: copied when they are not).
  const own = data.byteOffset % 4 === 0 ? data : Buffer.from(data);
  const int32 = (from: number, count: number): Int32Array => new Int32Array(own.buffer, own.byteOffset + from * 4, count);
  const [magic, version, strings, text, count] = int32(0, HEAD);
  if (magic !== MAGIC || version !== VERSION || strings! < 0 || text! < 0 || count! < 0) return undefined;
  const textStart = (HEAD + strings! + count!) * 4;
  if (textStart + text! !== own.length) return undefined;
  const ends = int32(HEAD, strings!);
  let last = 0;
  for (const end of ends) {
    if (end < last || end > text!) return undefined;
    last = end;
  }
  if (last !== text) return undefined;
  return { bytes: own.subarray(textStart), ends, numbers: int32(HEAD + strings!, count!) };
}

// The entry a file's record stands for: its symbols and references decoded on each use (a warm call that
// only compares stamps decodes nothing), and not kept by the store nor by the entry: every reader walks them
// once (the repo map's graph keeps them as rows of its own), and 20 k entries that each kept their decoded
// lists held ~40 MB past the graph's build, at the end of a cold index, when memory peaks.
export function entryOf(table: ShardTable, at: number): IndexEntry {
  const { numbers } = table;
  const stamp = textAt(table, numbers[at + 1]!);
  const skip = numbers[at + 2]!;
  if (skip !== -1) return { stamp, skip: textAt(table, skip) };
  const [from, fields, references] = [at + RECORD, numbers[at + 3]!, numbers[at + 4]!];
  const entry: IndexEntry = {
    stamp,
    get symbols(): IndexedSymbol[] {
      const symbols: IndexedSymbol[] = [];
      for (let field = from; field < from + fields; field += FIELDS) {
        symbols.push({ name: textAt(table, numbers[field]!), namePath: textAt(table, numbers[field + 1]!), kind: textAt(table, numbers[field + 2]!), startLine: numbers[field + 3]!, endLine: numbers[field + 4]!, signature: textAt(table, numbers[field + 5]!) });
      }
      return symbols;
    },
    get references(): string[] {
      const names: string[] = [];
      for (let field = from + fields; field < from + fields + references; field++) names.push(textAt(table, numbers[field]!));
      return names;
    },
  };
  // Not enumerable: the entry compares (toEqual) and spreads as the plain data it stands for.
  Object.defineProperty(entry, 'record', { value: { table, at }, enumerable: false });
  return entry;
}

// An entry as the store holds it until it is saved: a one-record shard (one buffer, a few views), not the
// object graph a parse made (a symbol object, and a string for each of its fields and each reference). A bulk
// index holds thousands of them between its saves: as objects they outlived the young generation, and the
// main thread's old generation grew with them until its next full collection, beside the parse workers
// (the cold index's peak RSS). Reads as the entry it was made from, as a saved one does.
export function packEntry(rel: string, entry: IndexEntry): IndexEntry {
  const table = readShard(writeShard(new Map([[rel, entry]])));
  const at = table.rows.get(rel);
  return at === undefined ? entry : entryOf(table, at);
}

// Where a record's symbol rows (SYMBOL_ROW numbers each: name, name path, kind as string numbers, start and
// end line, signature as a string number) and its references (string numbers) lie in table.numbers.
export const SYMBOL_ROW = FIELDS;
export function recordSpan(record: ShardRecord): { symbolsFrom: number; symbolsTo: number; referencesTo: number } {
  const { numbers } = record.table;
  const symbolsFrom = record.at + RECORD;
  const symbolsTo = symbolsFrom + numbers[record.at + 3]!;
  return { symbolsFrom, symbolsTo, referencesTo: symbolsTo + numbers[record.at + 4]! };
}

// The shard file's bytes: the records kept (those not replaced by an entry) and the entries, with one string
// table. A kept record is copied with its numbers mapped into the new table (each old string decoded once).
export function writeShard(entries: ReadonlyMap<string, IndexEntry>, kept?: ShardTable): Buffer {
  const strings: string[] = [];
  const known = new Map<string, number>();
  const intern = (text: string): number => {
    let number = known.get(text);
    if (number === undefined) known.set(text, (number = strings.push(text) - 1));
    return number;
  };
  const numbers: number[] = [];
  if (kept !== undefined) {
    const mapped = new Int32Array(kept.ends.length).fill(-1);
    const map = (old: number): number => (mapped[old]! >= 0 ? mapped[old]! : (mapped[old] = intern(textAt(kept, old))));
    for (const [rel, at] of kept.rows) {
      if (entries.has(rel)) continue;
      const source = kept.numbers;
      const [fields, references] = [source[at + 3]!, source[at + 4]!];
      numbers.push(map(source[at]!), map(source[at + 1]!), source[at + 2] === -1 ? -1 : map(source[at + 2]!), fields, references);
      for (let field = 0; field < fields + references; field++) {
        const value = source[at + RECORD + field]!;
        numbers.push(field < fields && (field % FIELDS === 3 || field % FIELDS === 4) ? value : map(value));
      }
    }
  }
  for (const [rel, entry] of entries) {
    const symbols = entry.symbols ?? [];
    const references = entry.references ?? [];
    numbers.push(intern(rel), intern(entry.stamp), entry.skip === undefined ? -1 : intern(entry.skip), symbols.length * FIELDS, references.length);
    for (const symbol of symbols) numbers.push(intern(symbol.name), intern(symbol.namePath), intern(symbol.kind), symbol.startLine, symbol.endLine, intern(symbol.signature));
    for (const name of references) numbers.push(intern(name));
  }
  const ends = new Int32Array(strings.length);
  let total = 0;
  strings.forEach((text, at) => (ends[at] = total += Buffer.byteLength(text)));
  const head = Int32Array.of(MAGIC, VERSION, strings.length, total, numbers.length);
  const out = Buffer.allocUnsafe((HEAD + ends.length + numbers.length) * 4 + total);
  out.set(new Uint8Array(head.buffer), 0);
  out.set(new Uint8Array(ends.buffer), HEAD * 4);
  out.set(new Uint8Array(Int32Array.from(numbers).buffer), (HEAD + ends.length) * 4);
  let write = (HEAD + ends.length + numbers.length) * 4;
  for (const text of strings) write += out.write(text, write);
  return out;
}
