// The ranked map of a repository (Aider's idea): files are nodes, an edge runs from a file that refers to
// a name to each file that defines it; PageRank, personalised by the files and names in play, ranks the
// files, each file's rank flows along its edges to the definitions it uses, and the best-ranked
// definitions are shown, grouped by file, until the token budget is used. Tokens are estimated as
// characters / 4 (the estimate, not a tokenizer: ~1.0-1.2x gpt-tokenizer's count on code signatures).
import type { IndexedFile } from './index/code-index.js';
import type { IndexedSymbol } from './index/entry.js';
import { symbolLine } from './format.js';

export interface MapFocus {
  // Workspace-relative files or folders in play.
  readonly paths: readonly string[];
  // Names in play (identifiers the conversation mentions).
  readonly names: readonly string[];
}

export interface RankedSymbol {
  readonly path: string;
  readonly symbol: IndexedSymbol;
  readonly rank: number;
}

const DAMPING = 0.85;
const ITERATIONS = 30;
// Kinds a map shows: what a reader navigates by (locals and fields are noise at this scale).
const MAP_KINDS = new Set(['class', 'function', 'method', 'interface', 'type', 'enum', 'module', 'struct', 'trait', 'impl', 'macro', 'constant', 'union']);

export function estimateTokens(text: string): number {
  return Math.ceil(text.length / 4);
}

function inFocus(path: string, focus: readonly string[]): boolean {
  return focus.some((each) => path === each || path.startsWith(`${each.replace(/\/+$/, '')}/`));
}

// Every map-worthy definition, best first.
export function rankSymbols(files: readonly IndexedFile[], focus: MapFocus): RankedSymbol[] {
  // Members are reached by '.name' references, everything else by plain ones.
  const definers = new Map<string, number[]>();
  files.forEach((file, index) => {
    for (const symbol of file.entry.symbols ?? []) {
      if (!MAP_KINDS.has(symbol.kind)) continue;
      const key = symbol.kind === 'method' ? `.${symbol.name}` : symbol.name;
      const list = definers.get(key) ?? [];
      if (list[list.length - 1] !== index) list.push(index);
      definers.set(key, list);
    }
  });
  const focusNames = new Set(focus.names);
  // Edges per file: [target file, name, weight].
  const edges: { to: number; name: string; weight: number }[][] = files.map((file, from) => {
    const out: { to: number; name: string; weight: number }[] = [];
    for (const name of file.entry.references ?? []) {
      const targets = definers.get(name);
      if (targets === undefined) continue;
      const bare = name.startsWith('.') ? name.slice(1) : name;
      let weight = focusNames.has(bare) ? 10 : 1;
      if (bare.startsWith('_')) weight *= 0.1;
      if (targets.length > 5) weight *= 0.1;
      if (bare.length < 3) weight *= 0.1;
      for (const to of targets) if (to !== from) out.push({ to, name, weight });
    }
    return out;
  });
  const count = files.length;
  const personal = files.map((file) => (inFocus(file.path, focus.paths) ? 1 : 0) as number);
  const personalSum = personal.reduce((sum, value) => sum + value, 0);
  const base = personalSum > 0 ? personal.map((value) => value / personalSum) : files.map(() => 1 / Math.max(1, count));
  let rank = base.slice();
  const outWeight = edges.map((list) => list.reduce((sum, edge) => sum + edge.weight, 0));
  for (let iteration = 0; iteration < ITERATIONS; iteration++) {
    const next = base.map((value) => (1 - DAMPING) * value);
    let dangling = 0;
    for (let from = 0; from < count; from++) {
      if (outWeight[from] === 0) {
        dangling += rank[from]!;
        continue;
      }
      for (const edge of edges[from]!) next[edge.to]! += DAMPING * rank[from]! * edge.weight / outWeight[from]!;
    }
    for (let index = 0; index < count; index++) next[index]! += DAMPING * dangling * base[index]!;
    rank = next;
  }
  // A definition's rank: what flows to it along the edges naming it, plus a share of its file's rank.
  const flow = new Map<string, number>();
  for (let from = 0; from < count; from++) {
    for (const edge of edges[from]!) {
      const key = `${edge.to}\0${edge.name}`;
      flow.set(key, (flow.get(key) ?? 0) + rank[from]! * edge.weight / (outWeight[from]! || 1));
    }
  }
  const ranked: RankedSymbol[] = [];
  files.forEach((file, index) => {
    const symbols = (file.entry.symbols ?? []).filter((symbol) => MAP_KINDS.has(symbol.kind));
    for (const symbol of symbols) {
      const own = rank[index]! / Math.max(1, symbols.length) * 0.1;
      const boost = focusNames.has(symbol.name) ? 10 : 1;
      const key = symbol.kind === 'method' ? `.${symbol.name}` : symbol.name;
      ranked.push({ path: file.path, symbol, rank: ((flow.get(`${index}\0${key}`) ?? 0) + own) * boost });
    }
  });
  return ranked.sort((a, b) => b.rank - a.rank || (a.path < b.path ? -1 : a.path > b.path ? 1 : a.symbol.startLine - b.symbol.startLine));
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
