// The files that may refer to a name no file defined before (a function added): per file of the repo map's
// graph, a hash of every name its entry refers to (defined anywhere or not), in the entry's order. A changed
// file that defines a new name is patched in with every file whose hashes hold the name's (repo-map-renamed.ts
// needs them among the changed files): found in the graph itself, with no search of the repository's text (a
// ripgrep run in the jail was ~250 ms of the wall time of a one-changed-file call on 20 k files). A hash that
// collides only adds a file that is read again from the index's cache. Hashes are FNV-1a over the name's UTF-8
// bytes, 31 bits: the same from a string (a parsed entry) and from a shard's bytes (a stored one, not decoded).
import type { IndexedFile } from './index/code-index.js';
import type { GraphShape } from './repo-map-graph.js';
import { Int32List } from './int32-list.js';

export type ReferredHashes = Pick<GraphShape, 'refHashStart' | 'refHashes'>;

const OFFSET = 2166136261;
const PRIME = 16777619;
const step = (hash: number, byte: number): number => Math.imul(hash ^ byte, PRIME);

// The hash of a name as a string (UTF-8 as Buffer encodes it: a lone surrogate is U+FFFD).
export function nameHash(name: string): number {
  let hash = OFFSET;
  for (let at = 0; at < name.length; at++) {
    let code = name.charCodeAt(at);
    if (code < 0x80) {
      hash = step(hash, code);
      continue;
    }
    if (code < 0x800) {
      hash = step(step(hash, 0xc0 | (code >> 6)), 0x80 | (code & 0x3f));
      continue;
    }
    const next = name.charCodeAt(at + 1);
    if (code >= 0xd800 && code < 0xdc00 && next >= 0xdc00 && next < 0xe000) {
      code = 0x10000 + ((code - 0xd800) << 10) + (next - 0xdc00);
      at++;
      hash = step(step(step(step(hash, 0xf0 | (code >> 18)), 0x80 | ((code >> 12) & 0x3f)), 0x80 | ((code >> 6) & 0x3f)), 0x80 | (code & 0x3f));
      continue;
    }
    if (code >= 0xd800 && code < 0xe000) code = 0xfffd;
    hash = step(step(step(hash, 0xe0 | (code >> 12)), 0x80 | ((code >> 6) & 0x3f)), 0x80 | (code & 0x3f));
  }
  return hash >>> 1;
}

// The hash of the UTF-8 bytes [from, to) (a shard table's string).
export function bytesHash(bytes: Uint8Array, from: number, to: number): number {
  let hash = OFFSET;
  for (let at = from; at < to; at++) hash = step(hash, bytes[at]!);
  return hash >>> 1;
}

// The graph's files (by number, ascending) whose entries may refer to one of `names`.
export function referrersOf(shape: ReferredHashes, names: readonly string[]): number[] {
  const wanted = new Set(names.map(nameHash));
  const { refHashStart, refHashes } = shape;
  const found: number[] = [];
  for (let file = 0; file + 1 < refHashStart.length; file++) {
    for (let k = refHashStart[file]!; k < refHashStart[file + 1]!; k++) {
      if (wanted.has(refHashes[k]!)) {
        found.push(file);
        break;
      }
    }
  }
  return found;
}

// The hashes with the files at `changed` (their entries now) in place of theirs, file `f` being the shape's
// `origin[f]` when given (patchNames); the very arrays when none differs.
export function patchHashes(shape: ReferredHashes, files: readonly IndexedFile[], changed: readonly number[], origin?: Int32Array): ReferredHashes {
  const fresh = new Map<number, number[]>();
  for (const file of changed) {
    const hashes = (files[file]!.entry.references ?? []).map(nameHash);
    const old = origin === undefined ? file : origin[file]!;
    const [start, end] = old < 0 ? [0, -1] : [shape.refHashStart[old]!, shape.refHashStart[old + 1]!];
    if (hashes.length !== end - start || hashes.some((hash, at) => shape.refHashes[start + at] !== hash)) fresh.set(file, hashes);
  }
  if (fresh.size === 0 && origin === undefined) return { refHashStart: shape.refHashStart, refHashes: shape.refHashes };
  const count = origin === undefined ? shape.refHashStart.length - 1 : origin.length;
  const refHashStart = new Int32Array(count + 1);
  const refHashes = new Int32List(shape.refHashes.length + 64);
  for (let file = 0; file < count; file++) {
    const hashes = fresh.get(file);
    const old = origin === undefined ? file : origin[file]!;
    if (hashes === undefined) for (let k = shape.refHashStart[old]!; k < shape.refHashStart[old + 1]!; k++) refHashes.push(shape.refHashes[k]!);
    else for (const hash of hashes) refHashes.push(hash);
    refHashStart[file + 1] = refHashes.length;
  }
  return { refHashStart, refHashes: refHashes.done() };
}
