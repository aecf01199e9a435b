// Whether PageRank over one graph shape does the very arithmetic it did over another (repo-map.ts reuses
// the file ranks then: bit for bit what it would compute again). PageRank reads a name only when some file
// refers to it: the referred names, in id order (the order rank flows into the definers), each with its text
// (its weight), its definers and which of them refer to it themselves; and per file, the referred names it
// refers to, in order, and which it defines itself (its out-weight and its shares). Two shapes of the same
// files (same paths, in order) alike in those do the same additions in the same order. An edit that adds or
// drops a name no file refers to (a new function nobody calls yet), or changes a body, a line or a signature,
// leaves them alike; a name renumbered keeps its place among the referred ones while their order holds.
import type { GraphShape } from './repo-map-graph.js';

// Per name id: its place among the referred names (-1: no file refers to it), and the referred ids in order.
function referred(shape: GraphShape): { place: Int32Array; ids: Int32Array } {
  const place = new Int32Array(shape.names.length).fill(-1);
  for (const id of shape.refIds) place[id] = 0;
  let count = 0;
  for (let id = 0; id < place.length; id++) if (place[id] === 0) place[id] = count++;
  const ids = new Int32Array(count);
  for (let id = 0; id < place.length; id++) if (place[id]! >= 0) ids[place[id]!] = id;
  return { place, ids };
}

function sameRun(a: Int32Array | Uint8Array, from: number, b: Int32Array | Uint8Array, at: number, length: number): boolean {
  for (let k = 0; k < length; k++) if (a[from + k] !== b[at + k]) return false;
  return true;
}

export function sameRanking(before: GraphShape, after: GraphShape): boolean {
  if (before === after) return true;
  const files = after.paths.length;
  if (before.paths.length !== files || before.refIds.length !== after.refIds.length) return false;
  for (let file = 0; file < files; file++) if (before.paths[file] !== after.paths[file]) return false;
  const [old, now] = [referred(before), referred(after)];
  if (old.ids.length !== now.ids.length) return false;
  for (let at = 0; at < now.ids.length; at++) {
    const [was, is] = [old.ids[at]!, now.ids[at]!];
    const [from, start, length] = [before.defStart[was]!, after.defStart[is]!, after.defStart[is + 1]! - after.defStart[is]!];
    if (before.names[was] !== after.names[is] || before.defStart[was + 1]! - from !== length) return false;
    if (!sameRun(before.definers, from, after.definers, start, length) || !sameRun(before.selfRef, from, after.selfRef, start, length)) return false;
  }
  for (let file = 0; file <= files; file++) if (before.refStart[file] !== after.refStart[file]) return false;
  for (let k = 0; k < after.refIds.length; k++) {
    if (old.place[before.refIds[k]!] !== now.place[after.refIds[k]!] || before.refSelf[k] !== after.refSelf[k]) return false;
  }
  return true;
}
