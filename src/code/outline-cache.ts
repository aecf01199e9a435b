// The outlines of the files an engine was last asked about (ctx.memo: state of the engine, not of a
// module): a file whose text is the one outlined before is answered without a parse. Bounded; the least
// recently asked is dropped first.
import type { CommandContext } from '../engine/command.js';
import { outlineOf, type CodeSymbol } from './outline.js';
import { sharedParsers } from './parsers.js';

const KEPT = 32;

export class OutlineCache {
  readonly #kept = new Map<string, { readonly text: string; readonly symbols: readonly CodeSymbol[] }>();

  // `key`: the file's real path; `file`: the name whose ending tells its language.
  async outline(ctx: Pick<CommandContext, 'memo'>, key: string, file: string, text: string): Promise<readonly CodeSymbol[] | undefined> {
    const kept = this.#kept.get(key);
    this.#kept.delete(key);
    if (kept !== undefined && kept.text === text) {
      this.#kept.set(key, kept);
      return kept.symbols;
    }
    const symbols = await outlineOf(sharedParsers(ctx), file, text);
    if (symbols === undefined) return undefined;
    this.#kept.set(key, { text, symbols });
    if (this.#kept.size > KEPT) this.#kept.delete(this.#kept.keys().next().value!);
    return symbols;
  }
}

export const outlineCache = (ctx: Pick<CommandContext, 'memo'>): OutlineCache => ctx.memo('outline-cache', () => new OutlineCache());
