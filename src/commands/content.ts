import { relative } from 'node:path';
import type { CommandContext } from '../engine/command.js';
import { isCodeFile, normalizeQuotes } from '../files/quotes.js';
import { adaptNewText, decodeText, encodeText } from '../files/text.js';
import { decodeBase64 } from './base64.js';
import { plural } from './render.js';

export interface ContentSpec {
  readonly content: string;
  readonly encoding: 'text' | 'base64';
  // The real path the bytes go to (decides quote normalisation).
  readonly path: string;
  // The file's current bytes, when it exists.
  readonly existing: Uint8Array | undefined;
  readonly append?: boolean;
}

// Text a caller writes in a code file loses its typographic quotes, when configured: the text and how many went.
export function normaliseQuotesFor(text: string, path: string, ctx: CommandContext): { text: string; replaced: number } {
  if (!ctx.config.normalizeQuotes || !isCodeFile(path)) return { text, replaced: 0 };
  const normalized = normalizeQuotes(text);
  return normalized.replaced === 0 ? { text, replaced: 0 } : { text: normalized.text, replaced: normalized.replaced };
}

// One warning per file naming how many typographic quotes became ASCII.
export function warnQuotes(replaced: number, path: string, ctx: CommandContext): void {
  if (replaced > 0) ctx.warn(`replaced ${plural(replaced, 'typographic quote')} with ASCII quotes in ${relative(ctx.workspace.root, path) || path} (code file)`);
}

// normaliseQuotesFor + warnQuotes, for a call that writes one text to one file.
export function normaliseForFile(text: string, path: string, ctx: CommandContext): string {
  const normalized = normaliseQuotesFor(text, path, ctx);
  warnQuotes(normalized.replaced, path, ctx);
  return normalized.text;
}

// The bytes a write-like call puts on disk. base64 is taken as raw bytes; text takes the existing
// file's conventions (line endings, BOM, Latin-1), and every adjustment is reported in warnings.
export function contentBytes(spec: ContentSpec, ctx: CommandContext): Uint8Array {
  const { existing } = spec;
  if (spec.encoding === 'base64') {
    const added = decodeBase64(spec.content, '--content');
    return spec.append && existing ? Buffer.concat([existing, added]) : added;
  }
  const text = normaliseForFile(spec.content, spec.path, ctx);
  const doc = existing === undefined ? undefined : decodeText(existing);
  const adapted = adaptNewText(text, doc?.binary ? undefined : doc);
  for (const note of adapted.notes) ctx.warn(note);
  if (!spec.append || existing === undefined) return encodeText(adapted.text, adapted);
  return Buffer.concat([existing, encodeText(adapted.text, { bom: false, encoding: adapted.encoding })]);
}

// The current bytes of a resolved regular file, read through the race-free open.
export async function readCurrent(ctx: CommandContext, input: string): Promise<Uint8Array | undefined> {
  const target = ctx.path(input);
  if (target.kind === 'missing') return undefined;
  const handle = await ctx.workspace.openRead(target);
  try {
    return await handle.readFile();
  } finally {
    await handle.close();
  }
}
