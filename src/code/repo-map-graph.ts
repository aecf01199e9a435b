// The repo map's graph and PageRank. Files are nodes; a file that refers to a name links to every other
// file that defines it, with the name's weight. The weight depends on the name alone, so rank flows per
// name: the sum over the name's referrers (rank / out-weight), shared by each of its definers less its own
// share. Each iteration is linear in references plus definitions, never in referrers × definers (a name
// like `.get` is defined in hundreds of files of a large repository and referred to in thousands).
import type { IndexedFile } from './index/code-index.js';
import type { IndexedSymbol } from './index/entry.js';

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

export interface NameGraph {
  // Name (members as '.name') → id.
  readonly ids: ReadonlyMap<string, number>;
  // Per name id: the weight of an edge naming it, and its definers (each file once) at
  // definers[defStart[id] .. defStart[id + 1]), with selfRef set where that definer refers to it too.
  readonly weight: Float64Array;
  readonly defStart: Int32Array;
  readonly definers: Int32Array;
  readonly selfRef: Uint8Array;
  // Per file: the ids of the defined names it refers to (each once), at refIds[refStart[f] .. refStart[f + 1]).
  readonly refStart: Int32Array;
  readonly refIds: Int32Array;
  // Per file: the summed weight of its edges (0: a dangling node).
  readonly out: Float64Array;
}

// Members are reached by '.name' references, everything else by plain ones.
export const keyOf = (symbol: IndexedSymbol): string => (symbol.kind === 'method' ? `.${symbol.name}` : symbol.name);

function weightOf(name: string, definers: number, focusNames: ReadonlySet<string>): number {
  const bare = name.startsWith('.') ? name.slice(1) : name;
  let weight = focusNames.has(bare) ? 10 : 1;
  if (bare.startsWith('_')) weight *= 0.1;
  if (definers > 5) weight *= 0.1;
  if (bare.length < 3) weight *= 0.1;
  return weight;
}

export function graphOf(files: readonly IndexedFile[], focus: MapFocus): NameGraph {
  const ids = new Map<string, number>();
  const byName: number[][] = [];
  const defines = files.map(() => new Set<number>());
  files.forEach((file, index) => {
    for (const symbol of file.entry.symbols ?? []) {
      if (!MAP_KINDS.has(symbol.kind)) continue;
      const key = keyOf(symbol);
      let id = ids.get(key);
      if (id === undefined) {
        id = byName.length;
        ids.set(key, id);
        byName.push([]);
      }
      if (!defines[index]!.has(id)) byName[id]!.push(index);
      defines[index]!.add(id);
    }
  });
  const focusNames = new Set(focus.names);
  const weight = new Float64Array(byName.length);
  for (const [name, id] of ids) weight[id] = weightOf(name, byName[id]!.length, focusNames);
  const refStart = new Int32Array(files.length + 1);
  const refList: number[] = [];
  const refSets = files.map((file, index) => {
    const set = new Set<number>();
    for (const name of file.entry.references ?? []) {
      const id = ids.get(name);
      if (id !== undefined && !set.has(id)) {
        set.add(id);
        refList.push(id);
      }
    }
    refStart[index + 1] = refList.length;
    return set;
  });
  const defStart = new Int32Array(byName.length + 1);
  const definers = new Int32Array(byName.reduce((sum, list) => sum + list.length, 0));
  const selfRef = new Uint8Array(definers.length);
  let at = 0;
  byName.forEach((list, id) => {
    for (const file of list) {
      definers[at] = file;
      selfRef[at] = refSets[file]!.has(id) ? 1 : 0;
      at++;
    }
    defStart[id + 1] = at;
  });
  const refIds = Int32Array.from(refList);
  const out = new Float64Array(files.length);
  for (let from = 0; from < files.length; from++) {
    let sum = 0;
    // Every definer but the file itself (an edge never runs from a file to itself).
    for (let k = refStart[from]!; k < refStart[from + 1]!; k++) {
      const id = refIds[k]!;
      sum += weight[id]! * (defStart[id + 1]! - defStart[id]! - (defines[from]!.has(id) ? 1 : 0));
    }
    out[from] = sum;
  }
  return { ids, weight, defStart, definers, selfRef, refStart, refIds, out };
}

function inFocus(path: string, focus: readonly string[]): boolean {
  return focus.some((each) => path === each || path.startsWith(`${each.replace(/\/+$/, '')}/`));
}

// Per name: rank / out-weight summed over the files that refer to it.
export function nameSums(rank: Float64Array, graph: NameGraph): Float64Array {
  const sums = new Float64Array(graph.weight.length);
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
export function pageRank(files: readonly IndexedFile[], focusPaths: readonly string[], graph: NameGraph): Float64Array {
  const count = files.length;
  const personal = files.map((file) => (inFocus(file.path, focusPaths) ? 1 : 0) as number);
  const personalSum = personal.reduce((sum, value) => sum + value, 0);
  const base = Float64Array.from(personalSum > 0 ? personal.map((value) => value / personalSum) : files.map(() => 1 / Math.max(1, count)));
  const { defStart } = graph;
  let rank = base.slice();
  for (let iteration = 0; iteration < ITERATIONS; iteration++) {
    const next = base.map((value) => (1 - DAMPING) * value);
    let dangling = 0;
    for (let from = 0; from < count; from++) if (graph.out[from] === 0) dangling += rank[from]!;
    const sums = nameSums(rank, graph);
    for (let id = 0; id < sums.length; id++) {
      if (sums[id] === 0) continue;
      for (let k = defStart[id]!; k < defStart[id + 1]!; k++) next[graph.definers[k]!]! += DAMPING * pairFlow(graph, rank, sums, id, k);
    }
    for (let index = 0; index < count; index++) next[index]! += DAMPING * dangling * base[index]!;
    rank = next;
  }
  return rank;
}
