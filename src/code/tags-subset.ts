// The tags query (with the outline supplement) limited to the patterns one small tree can match: each
// compiled pattern costs its analysis of the grammar (0.5-14 ms of CPU each for TypeScript under a CLI call's
// Liftoff-only wasm, ~60 ms for the whole query), and a call that parses one changed file of a few lines
// pays it all for a handful of matches. A pattern needs a node of each of its required types
// (query-patterns.ts); a tree without one gives it no match, so the query of the others finds the same
// matches in the same order (tree-sitter matches each pattern apart; test/code/tags-subset.test.ts).
// Only a small tree is looked over (its census lists its nodes of the required types), and only one subset
// per grammar is compiled: any other tree, and every later one of a kept engine, uses the whole query.
import type { Language, Node, Query } from 'web-tree-sitter';
import { queryPatterns, type QueryPattern } from './query-patterns.js';

// A query whose first `tagsPatterns` patterns are the tags query's, the rest the outline supplement's.
export interface JoinedQuery {
  readonly query: Query;
  readonly tagsPatterns: number;
}

// Trees with more nodes than this are matched by the whole query: the census would cost what it saves.
export const CENSUS_NODES = 1500;

export class TagsSubsets {
  readonly #language: Language;
  readonly #compile: (source: string) => Query;
  readonly #limit: number;
  #patterns: { readonly extra: string; readonly all: readonly QueryPattern[]; readonly tags: number; readonly types: ReadonlySet<string> } | undefined;
  #made: { readonly key: string; readonly joined: JoinedQuery } | undefined;

  // `limit`: the most nodes a tree looked over may have.
  constructor(language: Language, compile: (source: string) => Query, limit = CENSUS_NODES) {
    this.#language = language;
    this.#compile = compile;
    this.#limit = limit;
  }

  // The subset of `tags` + '\n' + `extra` for `root`'s tree; undefined when the whole query is the one to use.
  choose(tags: string, extra: string, root: Node): JoinedQuery | undefined {
    if (root.descendantCount > this.#limit) return undefined;
    this.#patterns ??= this.#split(tags, extra);
    const { all, tags: tagsCount, types } = this.#patterns;
    if (this.#patterns.extra !== extra) return undefined;
    const present = new Set<string>();
    for (const node of root.descendantsOfType([...types])) present.add(node.type);
    const kept: number[] = [];
    all.forEach((pattern, index) => {
      if (pattern.required.every((type) => present.has(type) || !types.has(type))) kept.push(index);
    });
    if (kept.length === all.length) return undefined;
    const key = kept.join(',');
    if (this.#made !== undefined) return this.#made.key === key ? this.#made.joined : undefined;
    const query = this.#compile(kept.map((index) => all[index]!.text).join('\n'));
    const joined = { query, tagsPatterns: kept.filter((index) => index < tagsCount).length };
    this.#made = { key, joined };
    return joined;
  }

  #split(tags: string, extra: string): { extra: string; all: QueryPattern[]; tags: number; types: Set<string> } {
    const all = queryPatterns(`${tags}\n${extra}`);
    // A supertype (`(expression)`) matches nodes of its subtypes' names: never counted.
    const supertypes = new Set(this.#language.supertypes.map((id) => this.#language.nodeTypeForId(id)));
    const types = new Set(all.flatMap((pattern) => pattern.required).filter((type) => !supertypes.has(type)));
    return { extra, all, tags: all.filter((pattern) => pattern.start < tags.length).length, types };
  }
}
