// One index shard on disk, compact: every string once in a table (names, name paths, kinds, signatures and
// referenced names repeat across files), each file a row of numbers into it. Three to five times smaller
// than the entries as JSON objects and much faster to parse; a file's entry is only rebuilt when asked for.
//   { "strings": [..], "files": [[rel, stamp, skip | null, [name, namePath, kind, start, end, signature, ...], [reference, ...]], ..] }
import type { IndexEntry, IndexedSymbol } from './entry.js';

export type Row = [string, string, string | null, number[], number[]];

export interface ShardData {
  readonly strings: string[];
  readonly files: Row[];
}

const FIELDS = 6;

// The rows of a parsed shard file, by path; nothing usable (another shape, a damaged file) is no row.
export function readShard(parsed: unknown): { strings: readonly string[]; rows: Map<string, Row> } {
  const data = parsed as Partial<ShardData> | null;
  const rows = new Map<string, Row>();
  if (!Array.isArray(data?.strings) || !Array.isArray(data.files)) return { strings: [], rows };
  for (const row of data.files) if (Array.isArray(row) && typeof row[0] === 'string' && typeof row[1] === 'string' && Array.isArray(row[3]) && Array.isArray(row[4])) rows.set(row[0], row);
  return { strings: data.strings, rows };
}

// The entry a row stands for: its symbols and references decoded on each use (a warm call that only
// compares stamps decodes nothing), and not kept by the store nor by the entry: every reader walks them
// once (the repo map's graph keeps them as rows of its own), and 20 k entries that each kept their decoded
// lists held ~40 MB past the graph's build, at the end of a cold index, when memory peaks.
export function entryOf(strings: readonly string[], row: Row): IndexEntry {
  const [, stamp, skip, flat, references] = row;
  if (skip !== null) return { stamp, skip };
  return {
    stamp,
    get symbols(): IndexedSymbol[] {
      const symbols: IndexedSymbol[] = [];
      for (let at = 0; at + FIELDS <= flat.length; at += FIELDS) {
        symbols.push({ name: strings[flat[at]!] ?? '', namePath: strings[flat[at + 1]!] ?? '', kind: strings[flat[at + 2]!] ?? '', startLine: flat[at + 3]!, endLine: flat[at + 4]!, signature: strings[flat[at + 5]!] ?? '' });
      }
      return symbols;
    },
    get references(): string[] {
      return references.map((index) => strings[index] ?? '');
    },
  };
}

// The shard file's data: the rows kept (those not replaced by an entry) and the entries, with one string
// table. A kept row is copied with its numbers mapped into the new table, never rebuilt as objects.
export function writeShard(entries: ReadonlyMap<string, IndexEntry>, kept?: { strings: readonly string[]; rows: ReadonlyMap<string, Row> }): ShardData {
  const strings: string[] = [];
  const numbers = new Map<string, number>();
  const intern = (text: string): number => {
    let number = numbers.get(text);
    if (number === undefined) {
      number = strings.push(text) - 1;
      numbers.set(text, number);
    }
    return number;
  };
  const files: Row[] = [];
  for (const [rel, row] of kept?.rows ?? []) {
    if (entries.has(rel)) continue;
    const [, stamp, skip, flat, references] = row;
    const mapped = flat.map((value, at) => (at % FIELDS === 3 || at % FIELDS === 4 ? value : intern(kept!.strings[value] ?? '')));
    files.push([rel, stamp, skip, mapped, references.map((index) => intern(kept!.strings[index] ?? ''))]);
  }
  for (const [rel, entry] of entries) {
    const flat = (entry.symbols ?? []).flatMap((symbol) => [intern(symbol.name), intern(symbol.namePath), intern(symbol.kind), symbol.startLine, symbol.endLine, intern(symbol.signature)]);
    files.push([rel, entry.stamp, entry.skip ?? null, flat, (entry.references ?? []).map(intern)]);
  }
  return { strings, files };
}
