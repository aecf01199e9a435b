// The repo map's shape patched for a few changed files that define other names than before (a function
// added, renamed or removed: the usual edit), without reading the other files' entries again. On 20 k files
// the rebuild from every entry (each shard decoded, each name interned) was ~600 ms of a one-changed-file
// call; this walks the old shape's number arrays (definitions, references, name ids) once, ~10-30 ms.
// The result is exactly shapeOf(files): the same passes in the same order over the same ids, name ids given
// in order of first definition (files in order), each file's references in its own order. An unchanged file
// defines what it did, and refers to what it did among the names defined before; a name no file defined
// before may be referred to by a file that did not change, so the caller puts every file that could refer to
// one (the graph's table of referred-name hashes says which: repo-map-referrers.ts) among `changed` (newNames).
import type { IndexedFile } from './index/code-index.js';
import type { IndexedSymbol } from './index/entry.js';
import { Int32List } from './int32-list.js';
import { idsOf, LazyIds } from './lazy-ids.js';
import { keyOf, MAP_KINDS, pairsOf, type GraphShape } from './repo-map-graph.js';
import { SYMBOL_FIELDS, SymbolList } from './repo-map-symbols.js';
import { patchHashes } from './repo-map-referrers.js';

const mapped = (file: IndexedFile): IndexedSymbol[] => (file.entry.symbols ?? []).filter((symbol) => MAP_KINDS.has(symbol.kind));

// The names the changed files define that the shape does not (keys: '.name' for a method), each once.
export function newNames(shape: GraphShape, files: readonly IndexedFile[], changed: readonly number[]): string[] {
  const ids = idsOf(shape, files, changed);
  const found = new Set<string>();
  for (const file of changed) for (const symbol of mapped(files[file]!)) if (!ids.has(keyOf(symbol))) found.add(keyOf(symbol));
  return [...found];
}

// Per file of the old shape: where its definitions start (symbolFile is sorted by file).
function symbolStarts(shape: GraphShape): Int32Array {
  const starts = new Int32Array(shape.paths.length + 1);
  for (let file = 0; file < shape.paths.length; file++) starts[file + 1] = starts[file]! + shape.fileSymbols[file]!;
  return starts;
}

// The name id of each (name, definer) pair.
function pairNames(shape: GraphShape): Int32Array {
  const names = new Int32Array(shape.definers.length);
  for (let id = 0; id < shape.names.length; id++) names.fill(id, shape.defStart[id]!, shape.defStart[id + 1]!);
  return names;
}

// The old ids, then the new names' (numbered on from the old ones): what each changed file defines and refers to.
class ChangedNames {
  readonly defs = new Map<number, { symbols: IndexedSymbol[]; ids: number[] }>();
  readonly added: string[] = [];
  readonly #addedIds = new Map<string, number>();
  readonly #ids: ReadonlyMap<string, number>;

  constructor(readonly shape: GraphShape, readonly files: readonly IndexedFile[], changed: readonly number[]) {
    this.#ids = idsOf(shape, files, changed);
    for (const file of changed) {
      const symbols = mapped(files[file]!);
      this.defs.set(file, { symbols, ids: symbols.map((symbol) => this.#define(keyOf(symbol))) });
    }
  }

  #define(key: string): number {
    const id = this.#ids.get(key) ?? this.#addedIds.get(key);
    if (id !== undefined) return id;
    this.#addedIds.set(key, this.shape.names.length + this.added.length);
    return this.shape.names.length + this.added.push(key) - 1;
  }

  // The old or added id of a name referred to (undefined: no file defined it, before or now).
  referred(name: string): number | undefined {
    return this.#ids.get(name) ?? this.#addedIds.get(name);
  }

  name(id: number): string {
    return id < this.shape.names.length ? this.shape.names[id]! : this.added[id - this.shape.names.length]!;
  }
}

// The shape for `files` where the files at `changed` hold their entries and every other file is as the shape
// has it: file `f` is the shape's file `origin[f]` (without `origin`: the shape's paths, in its order; -1: a file
// the shape did not have, which is among `changed`). A file the shape had and `files` do not is gone: its
// definitions and references with it. Every file that may refer to a name in newNames is among `changed`.
export function patchNames(shape: GraphShape, files: readonly IndexedFile[], changed: readonly number[], origin?: Int32Array): GraphShape {
  const count = origin === undefined ? shape.paths.length : files.length;
  const from = origin ?? Int32Array.from({ length: count }, (_, file) => file);
  const starts = symbolStarts(shape);
  const known = new ChangedNames(shape, files, changed);
  // Every definition in order as an old-or-added id, and its file: flat arrays, so the passes below are plain
  // loops over numbers (a visit per definition through closures and growing lists was most of this patch).
  const fileSymbols = new Int32Array(count);
  for (let file = 0; file < count; file++) fileSymbols[file] = known.defs.get(file)?.ids.length ?? shape.fileSymbols[from[file]!]!;
  let total = 0;
  for (let file = 0; file < count; file++) total += fileSymbols[file]!;
  const pairName = pairNames(shape);
  // One pass over the definitions in order (old or added ids) does shapeOf's first: new ids in order of first
  // definition (a name no file defines any more gets none), each file's definition positions, each definition's
  // position. Plain typed arrays sized for the most there can be (a call runs this once, mostly unoptimised:
  // a method call or a second pass per definition was most of this patch's ~45 ms on 20 k files).
  const bound = shape.names.length + known.added.length;
  const newId = new Int32Array(bound).fill(-1);
  const names: string[] = [];
  const defCount = new Int32Array(bound);
  const defMark = new Int32Array(bound).fill(-1);
  const posMark = new Int32Array(bound);
  const posId = new Int32Array(total);
  const posFile = new Int32Array(total);
  const posFrom = new Int32Array(count + 1);
  const symbolFile = new Int32Array(total);
  const symbolPos = new Int32Array(total);
  const { symbolPair } = shape;
  let positions = 0;
  for (let file = 0, at = 0; file < count; file++) {
    const defs = known.defs.get(file)?.ids;
    const first = defs === undefined ? starts[from[file]!]! : 0;
    for (let k = 0, end = fileSymbols[file]!; k < end; k++, at++) {
      const old = defs === undefined ? pairName[symbolPair[first + k]!]! : defs[k]!;
      let id = newId[old]!;
      if (id === -1) id = newId[old] = names.push(known.name(old)) - 1;
      if (defMark[id] !== file) {
        defMark[id] = file;
        posMark[id] = positions;
        posId[positions] = id;
        posFile[positions++] = file;
        defCount[id]!++;
      }
      symbolFile[at] = file;
      symbolPos[at] = posMark[id]!;
    }
    posFrom[file + 1] = positions;
  }
  const refMark = new Int32Array(bound).fill(-1);
  const refStart = new Int32Array(count + 1);
  const refList = new Int32List(shape.refIds.length + 64);
  const refSelfList = new Int32List(shape.refIds.length + 64);
  const posSelf = new Uint8Array(positions);
  const refer = (id: number, file: number, mine: number): void => {
    if (id < 0 || refMark[id] === file) return;
    refMark[id] = file;
    refList.push(id);
    refSelfList.push(defMark[id] === mine ? 1 : 0);
  };
  for (let file = 0; file < count; file++) {
    const mine = file + count;
    const [posStart, posEnd] = [posFrom[file]!, posFrom[file + 1]!];
    for (let pos = posStart; pos < posEnd; pos++) defMark[posId[pos]!] = mine;
    if (known.defs.has(file)) {
      for (const name of files[file]!.entry.references ?? []) {
        const old = known.referred(name);
        if (old !== undefined) refer(newId[old]!, file, mine);
      }
    } else {
      for (let k = shape.refStart[from[file]!]!, end = shape.refStart[from[file]! + 1]!; k < end; k++) refer(newId[shape.refIds[k]!]!, file, mine);
    }
    refStart[file + 1] = refList.length;
    for (let pos = posStart; pos < posEnd; pos++) posSelf[pos] = refMark[posId[pos]!] === file ? 1 : 0;
  }
  const pos = { posId: posId.subarray(0, positions), posFile: posFile.subarray(0, positions), posSelf, symbolPos };
  return {
    paths: origin === undefined ? shape.paths : files.map((file) => file.path), ids: new LazyIds(names), names, ...pairsOf(names.length, defCount, pos), refStart, refIds: refList.done(),
    refSelf: Uint8Array.from(refSelfList.done()), ...patchHashes(shape, files, changed, origin),
    symbols: symbolsOf(shape, starts, known, fileSymbols, from), symbolFile, fileSymbols,
  };
}

// The definitions' rows: an unchanged file's rows (and laid-over symbols) moved to its new place, a changed
// file's symbols laid over empty rows.
function symbolsOf(shape: GraphShape, starts: Int32Array, known: ChangedNames, fileSymbols: Int32Array, from: Int32Array): SymbolList {
  const old = shape.symbols;
  let total = 0;
  for (const count of fileSymbols) total += count;
  const rows = new Int32Array(total * SYMBOL_FIELDS);
  const over = new Map<number, IndexedSymbol>();
  // Runs of unchanged files that follow each other in the old shape too are copied whole (one copy per run, not
  // per file); a changed file's symbols are laid over its empty rows. A run: old files [runFrom, runTo) written at runWrite.
  let [write, runFrom, runTo, runWrite] = [0, 0, 0, 0];
  const copyRun = (): void => {
    const [start, end] = [starts[runFrom]!, starts[runTo]!];
    rows.set(old.rows.subarray(start * SYMBOL_FIELDS, end * SYMBOL_FIELDS), runWrite * SYMBOL_FIELDS);
    if (old.over.size > 0) for (const [at, symbol] of old.over) if (at >= start && at < end) over.set(runWrite + at - start, symbol);
  };
  for (let file = 0; file < fileSymbols.length; file++) {
    const defs = known.defs.get(file);
    if (defs !== undefined || from[file] !== runTo) {
      copyRun();
      runWrite = write + (defs === undefined ? 0 : fileSymbols[file]!);
      runFrom = runTo = defs === undefined ? from[file]! : 0;
    }
    if (defs !== undefined) defs.symbols.forEach((symbol, at) => over.set(write + at, symbol));
    else runTo++;
    write += fileSymbols[file]!;
  }
  copyRun();
  return new SymbolList(old.strings, rows, new Map()).with(over);
}
