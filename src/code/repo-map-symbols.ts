// The repo map's definitions as rows of numbers into one string table (as the index's shards and the saved
// graph keep them), read one at a time: a 20 k-file repository has a quarter of a million definitions, and
// a new process that decoded each into an object before ranking spent most of a one-changed-file call
// building them and collecting them again. Only the ~1 k a page shows are ever made into objects.
// A patch (a few files edited) lays the edited files' definitions over the rows instead of copying them all.
import type { IndexedSymbol } from './index/entry.js';
import { PackedStrings, stringAt, type Strings } from './packed-strings.js';

// Per definition: name, name path, kind (string numbers), start line, end line, signature (a string number).
export const SYMBOL_FIELDS = 6;
// Past this share of the rows laid over, the list is made into rows again (a long-lived engine patching
// file after file would otherwise hold a map as large as the list).
const COMPACT_AT = 0.25;

// Public fields, so that a test comparing two lists with toEqual compares what they hold (private fields
// would make any two lists equal); a test comparing definitions compares toArray().
export class SymbolList {
  constructor(readonly strings: Strings, readonly rows: Int32Array, readonly over: ReadonlyMap<number, IndexedSymbol> = new Map()) {}

  // The list of these symbols, in this order.
  static of(symbols: readonly IndexedSymbol[]): SymbolList {
    const rows = new SymbolRows();
    for (const symbol of symbols) rows.push(symbol);
    return rows.done();
  }

  get length(): number {
    return this.rows.length / SYMBOL_FIELDS;
  }

  get(at: number): IndexedSymbol {
    const over = this.over.get(at);
    if (over !== undefined) return over;
    const [rows, row] = [this.rows, at * SYMBOL_FIELDS];
    return { name: this.#text(rows[row]!), namePath: this.#text(rows[row + 1]!), kind: this.#text(rows[row + 2]!), startLine: rows[row + 3]!, endLine: rows[row + 4]!, signature: this.#text(rows[row + 5]!) };
  }

  name(at: number): string {
    return this.over.get(at)?.name ?? this.#text(this.rows[at * SYMBOL_FIELDS]!);
  }

  kind(at: number): string {
    return this.over.get(at)?.kind ?? this.#text(this.rows[at * SYMBOL_FIELDS + 2]!);
  }

  startLine(at: number): number {
    return this.over.get(at)?.startLine ?? this.rows[at * SYMBOL_FIELDS + 3]!;
  }

  // This list with the symbols at the given positions replaced (the rows are shared, not copied).
  with(changes: ReadonlyMap<number, IndexedSymbol>): SymbolList {
    const over = new Map([...this.over, ...changes]);
    const list = new SymbolList(this.strings, this.rows, over);
    return over.size > this.length * COMPACT_AT ? SymbolList.of(list.toArray()) : list;
  }

  // The string table and rows of the whole list (the saved graph's form).
  compact(): { strings: Strings; rows: Int32Array } {
    return this.over.size === 0 ? this : SymbolList.of(this.toArray());
  }

  toArray(): IndexedSymbol[] {
    return Array.from({ length: this.length }, (_, at) => this.get(at));
  }

  #text(number: number): string {
    return stringAt(this.strings, number);
  }
}

// A list made one symbol at a time, each interned as it comes: the symbol objects a caller decoded die young
// (the graph of a 20 k-file repository built from a quarter of a million objects held at once was the peak
// of a cold index's memory).
export class SymbolRows {
  readonly #strings: string[] = [];
  readonly #numbers = new Map<string, number>();
  #rows = new Int32Array(SYMBOL_FIELDS * 1024);
  #length = 0;

  push(symbol: IndexedSymbol): void {
    // Interned in this order (name, name path, kind, signature): pushRow's callers keep it, so both make the same table.
    const [name, namePath, kind] = [this.intern(symbol.name), this.intern(symbol.namePath), this.intern(symbol.kind)];
    this.pushRow(name, namePath, kind, symbol.startLine, symbol.endLine, this.intern(symbol.signature));
  }

  // A row of string numbers (intern) and lines.
  pushRow(name: number, namePath: number, kind: number, startLine: number, endLine: number, signature: number): void {
    if (this.#length + SYMBOL_FIELDS > this.#rows.length) {
      const grown = new Int32Array(this.#rows.length * 2);
      grown.set(this.#rows);
      this.#rows = grown;
    }
    const rows = this.#rows;
    let at = this.#length;
    rows[at++] = name;
    rows[at++] = namePath;
    rows[at++] = kind;
    rows[at++] = startLine;
    rows[at++] = endLine;
    rows[at++] = signature;
    this.#length = at;
  }

  // The string of a number intern gave.
  text(number: number): string {
    return this.#strings[number]!;
  }

  // The table packed into bytes (PackedStrings): a graph an engine keeps holds no heap string per
  // definition (~300 k on 20 k files), and the saved graph is written from these very bytes.
  done(): SymbolList {
    return new SymbolList(PackedStrings.of(this.#strings), this.#rows.slice(0, this.#length));
  }

  intern(text: string): number {
    let number = this.#numbers.get(text);
    if (number === undefined) this.#numbers.set(text, (number = this.#strings.push(text) - 1));
    return number;
  }
}

// Members are reached by '.name' references, everything else by plain ones.
export const keyOf = (symbol: Pick<IndexedSymbol, 'name' | 'kind'>): string => (symbol.kind === 'method' ? `.${symbol.name}` : symbol.name);

// The key of the list's symbol at `at` (keyOf), without making the symbol.
export const keyAt = (list: SymbolList, at: number): string => keyOf({ name: list.name(at), kind: list.kind(at) });
