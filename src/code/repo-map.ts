// The ranked map of a repository (Aider's idea): files are nodes, an edge runs from a file that refers to
// a name to each file that defines it; PageRank, personalised by the files and names in play, ranks the
// files, each file's rank flows along its edges to the definitions it uses, and the best-ranked
// definitions are shown, grouped by file, until the token budget is used. Tokens are estimated as
// characters / 4 (the estimate, not a tokenizer: ~1.0-1.2x gpt-tokenizer's count on code signatures).
import type { IndexedFile } from './index/code-index.js';
import type { IndexedSymbol } from './index/entry.js';
import { symbolLine } from './format.js';
import { nameSums, pageRank, pairFlow, shapeOf, weighed, type GraphShape, type MapFocus, type Scored } from './repo-map-graph.js';
import type { GraphMemo } from './repo-map-memo.js';
import { scoreFloor } from './repo-map-floor.js';
import { sameRanking } from './repo-map-same-rank.js';

export type { MapFocus } from './repo-map-graph.js';
export { GraphMemo } from './repo-map-memo.js';

export interface RankedSymbol {
  readonly path: string;
  readonly symbol: IndexedSymbol;
  readonly rank: number;
}

export function estimateTokens(text: string): number {
  return Math.ceil(text.length / 4);
}

// Every map-worthy definition, best first: a definition's rank is what flows to it along the edges naming
// it, plus a share of its file's rank.
export function rankSymbols(files: readonly IndexedFile[], focus: MapFocus): RankedSymbol[] {
  return rankTop(files, focus, Infinity).ranked;
}

// The best `limit` definitions, best first (ties: by path, then line), and how many there are in all: only
// the ones a page can show are sorted (a 20 k-file repository has a quarter of a million).
// `memo`: the engine's last graph shape and scores, reused while the files (and the focus) are the same.
export function rankTop(files: readonly IndexedFile[], focus: MapFocus, limit: number, memo?: GraphMemo): { ranked: RankedSymbol[]; total: number } {
  const { shape, scores } = memo?.scored(files, focus, scoresOf) ?? scoredOnce(files, focus);
  const { symbols, symbolFile, paths } = shape;
  // The limit-th best score: everything at or above it is sorted, the rest only counted.
  const floor = scoreFloor(scores, limit);
  // Sorted as positions, each made a symbol only once it is on the page: the floor is often a tie (the files'
  // own share of rank), and thousands of definitions at it were decoded to be sorted and dropped (~20 ms a call).
  const chosen: number[] = [];
  for (let at = 0; at < symbols.length; at++) if (scores[at]! >= floor) chosen.push(at);
  const pathOf = (at: number): string => paths[symbolFile[at]!]!;
  chosen.sort((a, b) => scores[b]! - scores[a]! || (pathOf(a) < pathOf(b) ? -1 : pathOf(a) > pathOf(b) ? 1 : symbols.startLine(a) - symbols.startLine(b)));
  const ranked = chosen.slice(0, limit).map((at): RankedSymbol => ({ path: pathOf(at), symbol: symbols.get(at), rank: scores[at]! }));
  return { ranked, total: symbols.length };
}

function scoredOnce(files: readonly IndexedFile[], focus: MapFocus): Scored {
  return scoresOf(shapeOf(files), focus);
}

// How many graphs this process scored, and how many of them ran PageRank: tests observe that an engine reused
// scores (its memo's, or the ones saved beside the graph) or file ranks rather than ranking again, without timing anything.
export const rankCounter = { ranked: 0, pageRanks: 0 };

// Every definition's score: what flows to it along the edges naming it, plus a share of its file's rank
// (times 10 for a name in focus). `before`: scores of another shape for this focus, whose file ranks are
// this shape's when PageRank would do the same arithmetic over both (sameRanking: the same bits).
function scoresOf(shape: GraphShape, focus: MapFocus, before?: Scored): Scored {
  rankCounter.ranked++;
  const graph = weighed(shape, focus);
  const reuse = before?.rank !== undefined && sameRanking(before.shape, shape);
  if (!reuse) rankCounter.pageRanks++;
  const rank = reuse ? before.rank! : pageRank(focus.paths, graph);
  const sums = nameSums(rank, graph);
  // Per (name, definer) pair: what flows to that definition.
  const flow = new Float64Array(graph.definers.length);
  for (let id = 0; id < graph.weight.length; id++) {
    if (sums[id] === 0) continue;
    for (let k = graph.defStart[id]!; k < graph.defStart[id + 1]!; k++) flow[k] = pairFlow(graph, rank, sums, id, k);
  }
  const focusNames = new Set(focus.names);
  const { symbols, symbolFile, symbolPair, fileSymbols } = graph;
  const scores = new Float64Array(symbols.length);
  for (let at = 0; at < symbols.length; at++) {
    const file = symbolFile[at]!;
    const own = rank[file]! / Math.max(1, fileSymbols[file]!) * 0.1;
    const boost = focusNames.size > 0 && focusNames.has(symbols.name(at)) ? 10 : 1;
    scores[at] = (flow[symbolPair[at]!]! + own) * boost;
  }
  return { shape, scores, rank };
}

// The map text of ranked[from ...] within `budget` tokens: files in the order of their best symbol,
// each file's symbols in line order. Returns how many ranked symbols it used.
export function renderMap(ranked: readonly RankedSymbol[], from: number, budget: number): { text: string; used: number; tokens: number } {
  const chosen: RankedSymbol[] = [];
  const paths = new Set<string>();
  // Characters of the text so far: each line and its newline, a file's header line once.
  let chars = -1;
  for (let index = from; index < ranked.length; index++) {
    const each = ranked[index]!;
    const cost = 3 + symbolLine(each.symbol).length + (paths.has(each.path) ? 0 : each.path.length + 2);
    if (Math.ceil((chars + cost) / 4) > budget && chosen.length > 0) break;
    chosen.push(each);
    paths.add(each.path);
    chars += cost;
  }
  const text = render(chosen);
  return { text, used: chosen.length, tokens: estimateTokens(text) };
}

function render(chosen: readonly RankedSymbol[]): string {
  const byFile = new Map<string, RankedSymbol[]>();
  for (const each of chosen) {
    const list = byFile.get(each.path) ?? [];
    list.push(each);
    byFile.set(each.path, list);
  }
  const out: string[] = [];
  for (const [path, list] of byFile) {
    out.push(`${path}:`);
    for (const each of list.slice().sort((a, b) => a.symbol.startLine - b.symbol.startLine)) out.push(`  ${symbolLine(each.symbol)}`);
  }
  return out.join('\n');
}
