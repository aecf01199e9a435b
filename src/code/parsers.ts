// Loads tree-sitter grammars and their tags queries on first use and keeps them for the life of the
// CodeParsers instance (one per engine or per call: no module-level state). A grammar costs 10-140 ms to
// load, so a call that parses no code pays nothing.
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import type { Language, Node, Parser, Query, Tree } from 'web-tree-sitter';
import type { CommandContext } from '../engine/command.js';
import { fail } from '../engine/errors.js';
import { languageById, languageOf, type LanguageId, type LanguageSpec } from './languages.js';
import { initialiseTreeSitter } from './tree-sitter-init.js';
import { withoutDocCaptures } from './tags-source.js';
import { lastingMemo } from './lasting-memo.js';
import { TagsSubsets, type JoinedQuery } from './tags-subset.js';

export interface LoadedLanguage {
  readonly spec: LanguageSpec;
  readonly language: Language;
  readonly parser: Parser;
  // The tags query (definitions and references, without the doc-comment captures: tags-source.ts); compiled on first use.
  tags(): Promise<Query>;
  // The tags query and `extra` (an outline supplement: outline-queries.ts) as one query, compiled once: each
  // query compiled pays a fixed analysis of the grammar's parse states (~6-9 ms of CPU for TypeScript under
  // Liftoff-only wasm, a CLI call's), so the two together cost less than apart. Its first `tagsPatterns`
  // patterns are the tags query's: their matches are the tags query's own, in its order (and the rest
  // extra's), as tree-sitter matches each pattern apart (test/code/outline-one-query.test.ts). With `root`
  // (a tree to match) and before the whole query is compiled: only the patterns that tree can match, when
  // it is small (tags-subset.ts), in the same order (its matches are the whole query's).
  withTags(extra: string, root?: Node): Promise<JoinedQuery>;
  // Any other query in this grammar, compiled once per source text for the life of the instance.
  query(source: string): Promise<Query>;
}

export interface ParsedCode {
  readonly spec: LanguageSpec;
  readonly tree: Tree;
  readonly loaded: LoadedLanguage;
}

// A parse that runs longer than this (wall time, generous: the machine may be loaded) is given up: one
// pathological or huge generated file is skipped with a note, never blocks a call or the index.
export const PARSE_BUDGET_MS = 5000;

// The ctx.memo key of the engine's grammars (setup.ts seeds it with the syntax check's instance).
export const CODE_PARSERS = 'code-parsers';

// The engine's one CodeParsers (a warm server's, across its calls): each grammar and its queries load once, not once per call.
export const sharedParsers = (ctx: Pick<CommandContext, 'memo' | 'lasting'>): CodeParsers => lastingMemo(ctx, CODE_PARSERS, () => new CodeParsers());

export class CodeParsers {
  readonly #loading = new Map<LanguageId, Promise<LoadedLanguage>>();
  readonly #resolve: (request: string) => string;
  readonly #subsets: boolean;

  // `resolveFrom`: where grammar packages are looked up (default: codeward's own install). `subsets`: a
  // small tree may be matched by a query of the patterns it can match (a call that parses a file or two);
  // false where thousands of files are parsed (an index worker): the whole query is compiled at once.
  constructor(resolveFrom: string = import.meta.url, { subsets = true }: { subsets?: boolean } = {}) {
    const require = createRequire(resolveFrom);
    this.#resolve = (request) => require.resolve(request);
    this.#subsets = subsets;
  }

  // The language of `file`, or undefined when no grammar covers it.
  languageOf(file: string): LanguageSpec | undefined {
    return languageOf(file);
  }

  load(id: LanguageId): Promise<LoadedLanguage> {
    let loading = this.#loading.get(id);
    if (loading === undefined) {
      loading = this.#create(id).catch((error: unknown) => {
        this.#loading.delete(id);
        throw error;
      });
      this.#loading.set(id, loading);
    }
    return loading;
  }

  // Parses `text` as the language of `file`; undefined when the file is not code codeward parses.
  async parseFile(file: string, text: string): Promise<ParsedCode | undefined> {
    const spec = languageOf(file);
    if (spec === undefined) return undefined;
    return this.parse(spec.id, text);
  }

  // `old`: a tree of an earlier text of the same file, already edited to this one (tree.edit): the
  // parse reuses what did not change (a few ms instead of a full parse).
  async parse(id: LanguageId, text: string, old?: Tree): Promise<ParsedCode> {
    const loaded = await this.load(id);
    const deadline = performance.now() + PARSE_BUDGET_MS;
    const tree = loaded.parser.parse(text, old ?? null, { progressCallback: () => performance.now() > deadline });
    if (tree === null) {
      // A parse given up would otherwise resume with the next text this parser is handed.
      loaded.parser.reset();
      throw fail('C213', `parsing took over ${PARSE_BUDGET_MS / 1000} s (a huge or generated file?): skipped; read it with read --start/--end`);
    }
    return { spec: loaded.spec, tree, loaded };
  }

  async #create(id: LanguageId): Promise<LoadedLanguage> {
    const spec = languageById(id);
    if (spec === undefined) throw new Error(`no grammar for ${id}`);
    const treeSitter = await import('web-tree-sitter');
    await initialiseTreeSitter(treeSitter.Parser);
    const language = await treeSitter.Language.load(this.#resolve(spec.wasm));
    const parser = new treeSitter.Parser();
    parser.setLanguage(language);
    let source: Promise<string> | undefined;
    const tagsSource = (): Promise<string> => {
      source ??= Promise.all(spec.tags.map((file) => readFile(this.#resolve(file), 'utf8'))).then((sources) => withoutDocCaptures(sources.join('\n')));
      return source;
    };
    let query: Promise<Query> | undefined;
    const tags = (): Promise<Query> => {
      query ??= tagsSource().then((text) => new treeSitter.Query(language, text));
      return query;
    };
    const joined = new Map<string, Promise<JoinedQuery>>();
    const subsets = this.#subsets ? new TagsSubsets(language, (text) => new treeSitter.Query(language, text)) : undefined;
    const withTags = async (extra: string, root?: Node): Promise<JoinedQuery> => {
      let found = joined.get(extra);
      if (found === undefined && root !== undefined && subsets !== undefined) {
        const subset = subsets.choose(await tagsSource(), extra, root);
        if (subset !== undefined) return subset;
        found = joined.get(extra);
      }
      if (found === undefined) {
        found = tagsSource().then((text) => {
          const both = new treeSitter.Query(language, `${text}\n${extra}`);
          let tagsPatterns = 0;
          while (tagsPatterns < both.patternCount() && both.startIndexForPattern(tagsPatterns) < text.length) tagsPatterns++;
          return { query: both, tagsPatterns };
        });
        joined.set(extra, found);
      }
      return found;
    };
    const queries = new Map<string, Query>();
    const compile = async (source: string): Promise<Query> => {
      let compiled = queries.get(source);
      if (compiled === undefined) {
        compiled = new treeSitter.Query(language, source);
        queries.set(source, compiled);
      }
      return compiled;
    };
    return { spec, language, parser, tags, withTags, query: compile };
  }
}
