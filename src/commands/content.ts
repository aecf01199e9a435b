import { relative } from 'node:path';
import type { CommandContext } from '../engine/command.js';
import { isCodeFile, typographicQuotes } from '../files/quotes.js';
import { adaptNewText, decodeText, encodeText } from '../files/text.js';
import { decodeBase64 } from './base64.js';
import { plural } from './render.js';

export interface ContentSpec {
  readonly content: string;
  readonly encoding: 'text' | 'base64';
  // The real path the bytes go to (decides the typographic-quote note).
  readonly path: string;
  // The file's current bytes, when it exists.
  readonly existing: Uint8Array | undefined;
  readonly append?: boolean;
}

// Typographic quotes a call adds to a code file (more in `written` than in `replaced`, the text it
// takes the place of) are named in a warning, with the line of the first: they may be a model's slip
// for ASCII quotes. The bytes are never changed: inside a string literal they are meant, and a rewrite
// broke JSON, JavaScript and Python strings (issue 28). `normalizeQuotes: false` silences the note.
export function noteQuotes(written: string, replaced: string, path: string, ctx: CommandContext): void {
  if (!ctx.config.normalizeQuotes || !isCodeFile(path)) return;
  const added = typographicQuotes(written);
  if (added.count <= typographicQuotes(replaced).count) return;
  const name = relative(ctx.workspace.root, path) || path;
  ctx.warn(`${name}: ${plural(added.count, 'typographic quote')} (‘ ’ “ ” ′ ″ « ») written as given (the first in ${JSON.stringify(added.near)}); codeward never rewrites them: if they were meant as code quotes, patch them to ASCII`);
}

// The bytes a write-like call puts on disk. base64 is taken as raw bytes; text takes the existing
// file's conventions (line endings, BOM, Latin-1), and every adjustment is reported in warnings.
export function contentBytes(spec: ContentSpec, ctx: CommandContext): Uint8Array {
  const { existing } = spec;
  if (spec.encoding === 'base64') {
    const added = decodeBase64(spec.content, '--content');
    return spec.append && existing ? Buffer.concat([existing, added]) : added;
  }
  const text = spec.content;
  const doc = existing === undefined ? undefined : decodeText(existing);
  noteQuotes(text, doc && !doc.binary && !spec.append ? doc.text : '', spec.path, ctx);
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
