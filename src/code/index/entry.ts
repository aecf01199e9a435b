// What the index keeps per file: its identity stamp and its symbols flattened (no children), or why it
// was skipped. Plain data: it crosses worker threads and lands in the cache as JSON.
import type { CodeParsers } from '../parsers.js';
import { flattenSymbols, outlineWithReferences } from '../outline.js';

export interface IndexedSymbol {
  readonly name: string;
  readonly namePath: string;
  readonly kind: string;
  readonly startLine: number;
  readonly endLine: number;
  readonly signature: string;
}

export interface Extracted {
  readonly symbols: readonly IndexedSymbol[];
  // Names the file refers to (calls, types, classes), each once.
  readonly references: readonly string[];
}

export interface IndexEntry extends Partial<Extracted> {
  readonly stamp: string;
  readonly skip?: string;
}

export async function extract(parsers: CodeParsers, file: string, text: string): Promise<Extracted | undefined> {
  const found = await outlineWithReferences(parsers, file, text);
  if (found === undefined) return undefined;
  const symbols = flattenSymbols(found.symbols).map(({ name, namePath, kind, startLine, endLine, signature }) => ({ name, namePath, kind, startLine, endLine, signature }));
  return { symbols, references: found.references };
}
