// The repo map's graph on disk (repo-map-saved.ts): one binary file, so a reader sees one whole graph.
//   u32 0x01020304 (this machine's byte order, else no graph), u32 byte length of the JSON part, the JSON
//   ({ version, listing, stamps, skipped, indexed, names, focus }), padding to 4 bytes, then each typed
//   array (the listing's stamp numbers, the shape's, the symbol rows, the scores, the files' ranks, then the symbols' strings) as u32 element count + data
//   (padded to 4 bytes), in ARRAYS order. The scores are the definitions' for the focus named (none: empty arrays, focus null), so a
//   new process asked the same question after an edit that changed no edge ranks nothing (memo.adopt).
// Symbols are rows of numbers into one string table (as the index's shards), so a signature shared by
// many files is stored once; the table is UTF-8 bytes and where each string ends (PackedStrings), so a
// reader decodes only the strings it shows, not the ~300 k of a 20 k-file repository. Anything that does not fit (another version, a damaged file) is no graph.
import type { GraphShape } from './repo-map-graph.js';
import { SYMBOL_FIELDS as FIELDS, SymbolList } from './repo-map-symbols.js';
import { PackedStrings } from './packed-strings.js';
import { LazyIds } from './lazy-ids.js';
import { STAMP_FIELDS } from './index/kept-stamps.js';

const MAGIC = 0x01020304;
// Bumped when the shape or this format changes.
const VERSION = 6;
const ARRAYS = ['numbers', 'defStart', 'definers', 'selfRef', 'refStart', 'refIds', 'refSelf', 'refHashStart', 'refHashes', 'symbolFile', 'symbolPair', 'fileSymbols', 'rows', 'scores', 'rank', 'text', 'textEnds'] as const;
type ArrayName = (typeof ARRAYS)[number];
const BYTES: Readonly<Record<ArrayName, 1 | 4 | 8>> = { numbers: 8, defStart: 4, definers: 4, selfRef: 1, refStart: 4, refIds: 4, refSelf: 1, refHashStart: 4, refHashes: 4, symbolFile: 4, symbolPair: 4, fileSymbols: 4, rows: 4, scores: 8, rank: 8, text: 1, textEnds: 4 };
type Typed = Int32Array | Uint8Array | Float64Array;

export interface SavedGraph {
  // Every listed file (sorted) with the stamp it had when the graph was made, and the ones skipped.
  readonly listing: readonly string[];
  readonly stamps: readonly string[];
  // The numbers each stamp was made of (KeptStamps: STAMP_FIELDS per listed file), when known: a new process's seed.
  readonly numbers?: Float64Array;
  readonly skipped: readonly { path: string; reason: string }[];
  readonly shape: GraphShape;
  // The definitions' scores for one focus (GraphMemo's focus key), when the graph had them.
  readonly scored?: SavedScores;
}

export interface SavedScores {
  readonly focus: string;
  readonly scores: Float64Array;
  // The files' ranks the scores came from (by file of the shape), when kept.
  readonly rank?: Float64Array;
}

interface Json {
  version: number;
  listing: string[];
  stamps: string[];
  skipped: { path: string; reason: string }[];
  // Per file of the shape: its position in the listing.
  indexed: number[];
  names: string[];
  focus: string | null;
}

const pad4 = (length: number): number => (length + 3) & ~3;

// The file's parts in order, written one after the other (no copy of the whole: a 20 k-file graph is ~20 MB,
// and it is written at the end of a cold index, when memory is at its peak).
export function encodeGraph(saved: SavedGraph): (Buffer | string)[] {
  const { shape } = saved;
  const position = new Map(saved.listing.map((path, at) => [path, at]));
  const { strings, rows } = shape.symbols.compact();
  const json: Json = { version: VERSION, listing: [...saved.listing], stamps: [...saved.stamps], skipped: [...saved.skipped], indexed: shape.paths.map((path) => position.get(path) ?? -1), names: [...shape.names], focus: saved.scored?.focus ?? null };
  const none = new Float64Array(0);
  const packed = strings instanceof PackedStrings ? strings : PackedStrings.of(strings);
  const numbers = saved.numbers?.length === saved.listing.length * STAMP_FIELDS ? saved.numbers : none;
  const arrays: Record<ArrayName, Typed> = { ...shape, numbers, rows, scores: saved.scored?.scores ?? none, rank: saved.scored?.rank ?? none, text: packed.bytes, textEnds: packed.ends };
  const text = JSON.stringify(json);
  const bytes = Buffer.byteLength(text);
  const parts: (Buffer | string)[] = [Buffer.from(new Uint32Array([MAGIC, bytes]).buffer), text, Buffer.alloc(pad4(bytes) - bytes)];
  for (const name of ARRAYS) {
    const array = arrays[name];
    parts.push(Buffer.from(new Uint32Array([array.length]).buffer), Buffer.from(array.buffer, array.byteOffset, array.byteLength), Buffer.alloc(pad4(array.byteLength) - array.byteLength));
  }
  return parts;
}

// An array of the file's bytes, on them (no copy: a 20 k-file graph is ~24 MB, and a new process decoded
// it on every call) where they are aligned for its type, else a copy (the format aligns sections to 4 bytes
// only, so a Float64Array may need one).
function view(data: Buffer, from: number, length: number, size: 1 | 4 | 8): Typed {
  const offset = data.byteOffset + from;
  if (offset % size !== 0) {
    const copy = data.buffer.slice(offset, offset + length * size);
    return size === 8 ? new Float64Array(copy) : size === 4 ? new Int32Array(copy) : new Uint8Array(copy);
  }
  return size === 8 ? new Float64Array(data.buffer, offset, length) : size === 4 ? new Int32Array(data.buffer, offset, length) : new Uint8Array(data.buffer, offset, length);
}

// The graph a file holds, or undefined when it is not one this build wrote whole.
export function decodeGraph(data: Buffer): SavedGraph | undefined {
  try {
    const head = new Uint32Array(data.buffer.slice(data.byteOffset, data.byteOffset + 8));
    if (head[0] !== MAGIC) return undefined;
    const json = JSON.parse(data.toString('utf8', 8, 8 + head[1]!)) as Partial<Json>;
    if (json.version !== VERSION || !Array.isArray(json.listing) || !Array.isArray(json.stamps) || !Array.isArray(json.skipped) || !Array.isArray(json.indexed)
      || !Array.isArray(json.names) || json.stamps.length !== json.listing.length) return undefined;
    let at = 8 + pad4(head[1]!);
    const arrays = {} as Record<ArrayName, Typed>;
    for (const name of ARRAYS) {
      const length = new Uint32Array(data.buffer.slice(data.byteOffset + at, data.byteOffset + at + 4))[0]!;
      const bytes = length * BYTES[name];
      if (at + 4 + bytes > data.length) return undefined;
      arrays[name] = view(data, at + 4, length, BYTES[name]);
      at += 4 + pad4(bytes);
    }
    const { listing, names } = json as Json;
    const ends = arrays.textEnds as Int32Array;
    if (ends.length > 0 && ends[ends.length - 1] !== arrays.text.length) return undefined;
    const rows = arrays.rows;
    const paths = json.indexed.map((position) => listing[position]);
    const count = rows.length / FIELDS;
    if (paths.some((path) => typeof path !== 'string') || !Number.isInteger(count) || arrays.symbolFile.length !== count || arrays.defStart.length !== names.length + 1 || arrays.refStart.length !== paths.length + 1 || arrays.refHashStart.length !== paths.length + 1) return undefined;
    // The rows stay rows: a definition becomes an object only when a page shows it.
    const symbols = new SymbolList(new PackedStrings(Buffer.from(arrays.text.buffer, arrays.text.byteOffset, arrays.text.byteLength), ends), rows as Int32Array);
    const shape: GraphShape = {
      paths: paths as string[], ids: new LazyIds(names), names, symbols,
      defStart: arrays.defStart as Int32Array, definers: arrays.definers as Int32Array, selfRef: arrays.selfRef as Uint8Array, refStart: arrays.refStart as Int32Array,
      refIds: arrays.refIds as Int32Array, refSelf: arrays.refSelf as Uint8Array, refHashStart: arrays.refHashStart as Int32Array, refHashes: arrays.refHashes as Int32Array, symbolFile: arrays.symbolFile as Int32Array, symbolPair: arrays.symbolPair as Int32Array, fileSymbols: arrays.fileSymbols as Int32Array,
    };
    const scores = arrays.scores as Float64Array;
    // Scores only for every definition, under a focus key; anything else is no scores (ranked again).
    const rank = arrays.rank as Float64Array;
    const scored = typeof json.focus === 'string' && scores.length === count ? { focus: json.focus, scores, ...(rank.length === paths.length ? { rank } : {}) } : undefined;
    const numbers = arrays.numbers.length === listing.length * STAMP_FIELDS ? { numbers: arrays.numbers as Float64Array } : {};
    return { listing, stamps: json.stamps, ...numbers, skipped: json.skipped, shape, ...(scored === undefined ? {} : { scored }) };
  } catch {
    return undefined;
  }
}
