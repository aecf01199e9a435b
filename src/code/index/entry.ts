// What the index keeps per file: its identity stamp and its symbols flattened (no children), or why it
// was skipped. Plain data: it crosses worker threads and lands in the cache as JSON.
import { isCodewardError } from '../../engine/errors.js';
import type { CodeParsers } from '../parsers.js';
import { flattenSymbols, outlineWithReferences } from '../outline.js';
import { codeText } from './read-code.js';
import type { ShardTable } from './shard-format.js';

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
  // An entry the store rebuilt from a shard: its record there (not enumerable), which a reader of every
  // entry (the repo map's graph) walks as numbers, each string of the shard decoded once, not per use.
  readonly record?: ShardRecord;
}

export interface ShardRecord {
  readonly table: ShardTable;
  // Where the file's record starts in table.numbers.
  readonly at: number;
}

// What one file gives the index: its symbols and references, why it is skipped (a parse over the time
// budget: kept in the cache, so the file is not parsed again until it changes), or undefined: not code.
export async function extract(parsers: CodeParsers, file: string, text: string): Promise<Extracted | { skip: string } | undefined> {
  let found: Awaited<ReturnType<typeof outlineWithReferences>>;
  try {
    found = await outlineWithReferences(parsers, file, text);
  } catch (error) {
    if (isCodewardError(error) && error.code === 'C213') return { skip: error.message };
    throw error;
  }
  if (found === undefined) return undefined;
  const symbols = flattenSymbols(found.symbols).map(({ name, namePath, kind, startLine, endLine, signature }) => ({ name, namePath, kind, startLine, endLine, signature }));
  return { symbols, references: found.references };
}

// The same from the file's bytes as read (decoded here: on a worker thread, the text is made there).
export async function extractBytes(parsers: CodeParsers, file: string, bytes: Uint8Array): Promise<Extracted | { skip: string } | undefined> {
  const code = codeText(bytes);
  return 'skip' in code ? code : extract(parsers, file, code.text);
}
