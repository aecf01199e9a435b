// The outlines of the files an engine was last asked about (ctx.memo: state of the engine, not of a
// module): a file whose text is the one outlined before is answered without a parse. Bounded; the least
// recently asked is dropped first. The syntax trees of the last few files are kept too: a changed text
// (an edit, a file written by a tool) is reparsed from its previous tree (tree.edit, then parse with the
// old tree: a few ms on a 5 k-line file instead of a full parse; the tree is the same as a full parse's).
import type { Tree } from 'web-tree-sitter';
import type { CommandContext } from '../engine/command.js';
import type { LanguageId } from './languages.js';
import { outlineOfTree, type CodeSymbol } from './outline.js';
import { sharedParsers } from './parsers.js';
import { editBetween } from './text-edit.js';
import { lastingMemo } from './lasting-memo.js';

const KEPT = 32;
// Files whose syntax tree is kept (a tree of a 5 k-line file is a few MB of the grammar's memory).
const TREES = 4;

interface Kept {
  readonly text: string;
  readonly symbols: readonly CodeSymbol[];
  tree?: { readonly language: LanguageId; readonly tree: Tree };
}

export class OutlineCache {
  readonly #kept = new Map<string, Kept>();

  // `key`: the file's real path; `file`: the name whose ending tells its language.
  async outline(ctx: Pick<CommandContext, 'memo' | 'lasting'>, key: string, file: string, text: string): Promise<readonly CodeSymbol[] | undefined> {
    const kept = this.#kept.get(key);
    this.#kept.delete(key);
    if (kept !== undefined && kept.text === text) {
      this.#kept.set(key, kept);
      return kept.symbols;
    }
    const parsers = sharedParsers(ctx);
    const language = parsers.languageOf(file)?.id;
    const previous = kept?.tree;
    if (language === undefined) {
      previous?.tree.delete();
      return undefined;
    }
    let old: Tree | undefined;
    if (previous !== undefined && previous.language === language) {
      old = previous.tree;
      old.edit(editBetween(kept!.text, text));
    } else previous?.tree.delete();
    let parsed;
    try {
      parsed = await parsers.parse(language, text, old);
    } finally {
      old?.delete();
    }
    let symbols: readonly CodeSymbol[];
    try {
      symbols = (await outlineOfTree(parsed, text)).symbols;
    } catch (error) {
      parsed.tree.delete();
      throw error;
    }
    // A concurrent call for the same file may have kept its own tree meanwhile: freed, this one replaces it.
    this.#kept.get(key)?.tree?.tree.delete();
    this.#kept.delete(key);
    this.#kept.set(key, { text, symbols, tree: { language, tree: parsed.tree } });
    this.#trim();
    return symbols;
  }

  // At most KEPT outlines and TREES trees, the most recently asked ones; an evicted tree is freed.
  #trim(): void {
    let trees = [...this.#kept.values()].filter((each) => each.tree !== undefined).length;
    for (const [key, each] of this.#kept) {
      if (this.#kept.size <= KEPT && trees <= TREES) break;
      const drop = this.#kept.size > KEPT;
      if (each.tree !== undefined && (drop || trees > TREES)) {
        each.tree.tree.delete();
        each.tree = undefined;
        trees--;
      }
      if (drop) this.#kept.delete(key);
    }
  }
}

export const outlineCache = (ctx: Pick<CommandContext, 'memo' | 'lasting'>): OutlineCache => lastingMemo(ctx, 'outline-cache', () => new OutlineCache());
