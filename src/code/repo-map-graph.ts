// The repo map's graph and PageRank. Files are nodes; a file that refers to a name links to every other
// file that defines it, with the name's weight. The weight depends on the name alone, so rank flows per
// name: the sum over the name's referrers (rank / out-weight), shared by each of its definers less its own
// share. Each iteration is linear in references plus definitions, never in referrers × definers (a name
// like `.get` is defined in hundreds of files of a large repository and referred to in thousands).
import type { IndexedFile } from './index/code-index.js';
import type { SymbolList } from './repo-map-symbols.js';
import { ShapeReader } from './repo-map-shape-reader.js';
import { Int32List } from './int32-list.js';

export { keyOf } from './repo-map-symbols.js';

const DAMPING = 0.85;
const ITERATIONS = 30;
// Kinds a map shows: what a reader navigates by (locals and fields are noise at this scale).
export const MAP_KINDS: ReadonlySet<string> = new Set(['class', 'function', 'method', 'interface', 'type', 'enum', 'module', 'struct', 'trait', 'impl', 'macro', 'constant', 'union']);

export interface MapFocus {
  // Workspace-relative files or folders in play.
  readonly paths: readonly string[];
  // Names in play (identifiers the conversation mentions).
  readonly names: readonly string[];
}

// The graph's shape, which depends on the files alone (an engine keeps it while no file changes: GraphMemo).
export interface GraphShape {
  // The files' paths, by file number.
  readonly paths: readonly string[];
  // Name (members as '.name') → id, and the names by id.
  readonly ids: ReadonlyMap<string, number>;
  readonly names: readonly string[];
  // Per name id: its definers (each file once, in file order) at definers[defStart[id] .. defStart[id + 1]),
  // with selfRef set where that definer refers to it too.
  readonly defStart: Int32Array;
  readonly definers: Int32Array;
  readonly selfRef: Uint8Array;
  // Per file: the ids of the defined names it refers to (each once), at refIds[refStart[f] .. refStart[f + 1]),
  // with refSelf set where the file defines that name itself.
  readonly refStart: Int32Array;
  readonly refIds: Int32Array;
  readonly refSelf: Uint8Array;
  // Per file: a hash of every name its entry refers to (defined or not), in its order, at
  // refHashes[refHashStart[f] .. refHashStart[f + 1]): who may refer to a name new to the graph (repo-map-referrers.ts).
  readonly refHashStart: Int32Array;
  readonly refHashes: Int32Array;
  // Every map-worthy definition in file order, then line order within a file: the symbol, its file, and its
  // (name, definer) pair k (a file that defines a name twice has one pair for both). Rows, not objects.
  readonly symbols: SymbolList;
  readonly symbolFile: Int32Array;
  readonly symbolPair: Int32Array;
  // Per file: how many map-worthy definitions it has.
  readonly fileSymbols: Int32Array;
}

export interface NameGraph extends GraphShape {
  // Per name id: the weight of an edge naming it (depends on the names in focus).
  readonly weight: Float64Array;
  // Per file: the summed weight of its edges (0: a dangling node).
  readonly out: Float64Array;
}

function weightOf(name: string, definers: number, focusNames: ReadonlySet<string>): number {
  const bare = name.charCodeAt(0) === 46 ? name.slice(1) : name;
  let weight = focusNames.has(bare) ? 10 : 1;
  if (bare.charCodeAt(0) === 95) weight *= 0.1;
  if (definers > 5) weight *= 0.1;
  if (bare.length < 3) weight *= 0.1;
  return weight;
}

// The weights for the names in focus, and each file's out-weight: every definer but the file itself (an
// edge never runs from a file to itself).
export function weighed(shape: GraphShape, focus: MapFocus): NameGraph {
  const focusNames = new Set(focus.names);
  const { names, defStart, refStart, refIds, refSelf } = shape;
  const weight = new Float64Array(names.length);
  for (let id = 0; id < names.length; id++) weight[id] = weightOf(names[id]!, defStart[id + 1]! - defStart[id]!, focusNames);
  const out = new Float64Array(refStart.length - 1);
  for (let file = 0; file < out.length; file++) {
    let sum = 0;
    for (let k = refStart[file]!; k < refStart[file + 1]!; k++) {
      const id = refIds[k]!;
      sum += weight[id]! * (defStart[id + 1]! - defStart[id]! - refSelf[k]!);
    }
    out[file] = sum;
  }
  return { ...shape, weight, out };
}

// Built in flat arrays, no set or map per file: a 20 k-file repository has a quarter of a million definitions,
// and per-file collections cost more in allocation than the walk itself.
export function shapeOf(files: readonly IndexedFile[]): GraphShape {
  const reader = new ShapeReader(MAP_KINDS);
  const { ids, names } = reader;
  // Per id: how many files define it; the last file that defined it, and where (its definition position).
  const defCount = new Int32List();
  const defMark = new Int32List();
  const posMark = new Int32List();
  // Definition positions (each file's distinct names, files in order): the name and the file.
  const posId = new Int32List();
  const posFile = new Int32List();
  const posFrom = new Int32Array(files.length + 1);
  const symbolFile = new Int32List();
  const symbolPos = new Int32List();
  const fileSymbols = new Int32Array(files.length);
  for (let file = 0; file < files.length; file++) {
    reader.definitions(files[file]!.entry, (id) => {
      if (id === defCount.length) {
        defCount.push(0);
        defMark.push(-1);
        posMark.push(-1);
      }
      if (defMark.at(id) !== file) {
        defMark.set(id, file);
        posMark.set(id, posId.length);
        posId.push(id);
        posFile.push(file);
        defCount.set(id, defCount.at(id) + 1);
      }
      symbolFile.push(file);
      symbolPos.push(posMark.at(id));
      fileSymbols[file]!++;
    });
    posFrom[file + 1] = posId.length;
  }
  const symbols = reader.definitionsDone();
  // Per file: its references to defined names (each once), whether it defines each itself, and which of
  // its own names it refers to. The marks hold file + files.length for "this file" (pass one left lower ones).
  const refMark = new Int32Array(names.length).fill(-1);
  const refStart = new Int32Array(files.length + 1);
  const refList = new Int32List();
  const refSelfList = new Int32List();
  const posSelf = new Uint8Array(posId.length);
  const refHashStart = new Int32Array(files.length + 1);
  const refHashes = new Int32List();
  const hashed = (hash: number): void => refHashes.push(hash);
  for (let file = 0; file < files.length; file++) {
    const mine = file + files.length;
    for (let pos = posFrom[file]!; pos < posFrom[file + 1]!; pos++) defMark.set(posId.at(pos), mine);
    reader.references(files[file]!.entry, (id) => {
      if (refMark[id] !== file) {
        refMark[id] = file;
        refList.push(id);
        refSelfList.push(defMark.at(id) === mine ? 1 : 0);
      }
    }, hashed);
    refStart[file + 1] = refList.length;
    refHashStart[file + 1] = refHashes.length;
    for (let pos = posFrom[file]!; pos < posFrom[file + 1]!; pos++) posSelf[pos] = refMark[posId.at(pos)] === file ? 1 : 0;
  }
  return {
    paths: files.map((file) => file.path), ids, names, ...pairsOf(names.length, defCount.view(), { posId: posId.view(), posFile: posFile.view(), posSelf, symbolPos: symbolPos.done() }), refStart, refIds: refList.done(),
    refSelf: Uint8Array.from(refSelfList.done()), refHashStart, refHashes: refHashes.done(), symbols, symbolFile: symbolFile.done(), fileSymbols,
  };
}

// The last pass of a shape's build (shapeOf, and repo-map-renamed.ts's patch): by name, the definers of each in
// file order (the definition positions are in file order already), and each definition's (name, definer) pair.
// `symbolPos` (each definition's position) is rewritten in place into symbolPair: the caller's own array, of exact length.
export function pairsOf(names: number, defCount: Int32Array, { posId, posFile, posSelf, symbolPos }: { posId: Int32Array; posFile: Int32Array; posSelf: Uint8Array; symbolPos: Int32Array }): Pick<GraphShape, 'defStart' | 'definers' | 'selfRef' | 'symbolPair'> {
  const defStart = new Int32Array(names + 1);
  for (let id = 0; id < names; id++) defStart[id + 1] = defStart[id]! + defCount[id]!;
  const cursor = defStart.slice(0, names);
  const definers = new Int32Array(posId.length);
  const selfRef = new Uint8Array(posId.length);
  const pairOfPos = new Int32Array(posId.length);
  for (let pos = 0; pos < posId.length; pos++) {
    const k = cursor[posId[pos]!]!++;
    definers[k] = posFile[pos]!;
    selfRef[k] = posSelf[pos]!;
    pairOfPos[pos] = k;
  }
  const symbolPair = symbolPos;
  for (let at = 0; at < symbolPair.length; at++) symbolPair[at] = pairOfPos[symbolPair[at]!]!;
  return { defStart, definers, selfRef, symbolPair };
}

// Every definition's score for one focus.
export interface Scored {
  readonly shape: GraphShape;
  readonly scores: Float64Array;
  // The files' ranks the scores came from (reused for another shape PageRank would rank alike: repo-map-same-rank.ts).
  readonly rank?: Float64Array;
}

function inFocus(path: string, focus: readonly string[]): boolean {
  return focus.some((each) => path === each || path.startsWith(`${each.replace(/\/+$/, '')}/`));
}

// Per name: rank / out-weight summed over the files that refer to it (into `sums` when given: PageRank's
// iterations reuse one array instead of making 30 of them, ~1 MB each on 20 k files, as the graph is built).
export function nameSums(rank: Float64Array, graph: NameGraph, sums = new Float64Array(graph.weight.length)): Float64Array {
  sums.fill(0);
  const { refStart, refIds, out } = graph;
  for (let from = 0; from < out.length; from++) {
    if (out[from] === 0) continue;
    const share = rank[from]! / out[from]!;
    for (let k = refStart[from]!; k < refStart[from + 1]!; k++) sums[refIds[k]!]! += share;
  }
  return sums;
}

// What reaches each (name, definer) pair k along the edges naming the name: its sum less the definer's own share.
export function pairFlow(graph: NameGraph, rank: Float64Array, sums: Float64Array, id: number, k: number): number {
  const to = graph.definers[k]!;
  const own = graph.selfRef[k] === 1 && graph.out[to]! > 0 ? rank[to]! / graph.out[to]! : 0;
  return graph.weight[id]! * (sums[id]! - own);
}

// PageRank personalised by the files in focus (every file alike when none is).
export function pageRank(focusPaths: readonly string[], graph: NameGraph): Float64Array {
  const count = graph.paths.length;
  const personal = graph.paths.map((path) => (inFocus(path, focusPaths) ? 1 : 0) as number);
  const personalSum = personal.reduce((sum, value) => sum + value, 0);
  const base = Float64Array.from(personalSum > 0 ? personal.map((value) => value / personalSum) : graph.paths.map(() => 1 / Math.max(1, count)));
  const { defStart } = graph;
  let rank = base.slice();
  // Two rank arrays and one of sums, reused by every iteration (the same arithmetic, no allocation per round).
  let next = new Float64Array(count);
  const sums = new Float64Array(graph.weight.length);
  for (let iteration = 0; iteration < ITERATIONS; iteration++) {
    for (let index = 0; index < count; index++) next[index] = (1 - DAMPING) * base[index]!;
    let dangling = 0;
    for (let from = 0; from < count; from++) if (graph.out[from] === 0) dangling += rank[from]!;
    nameSums(rank, graph, sums);
    for (let id = 0; id < sums.length; id++) {
      if (sums[id] === 0) continue;
      for (let k = defStart[id]!; k < defStart[id + 1]!; k++) next[graph.definers[k]!]! += DAMPING * pairFlow(graph, rank, sums, id, k);
    }
    for (let index = 0; index < count; index++) next[index]! += DAMPING * dangling * base[index]!;
    [rank, next] = [next, rank];
  }
  return rank;
}
