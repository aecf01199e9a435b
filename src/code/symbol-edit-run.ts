// What the four symbol edit commands share (replace-symbol, insert-before-symbol, insert-after-symbol,
// delete-symbol): their flags, finding the one symbol, the range rule, and the write through the engine's
// checkpointed replace (declared first with ctx.intend, so the approval shows the diff and the syntax check
// sees the change).
import * as z from 'zod/mini';
import type { CommandContext } from '../engine/command.js';
import { fail } from '../engine/errors.js';
import { flag, optionalText, pathText, text } from '../engine/schema.js';
import { encodeText } from '../files/text.js';
import { checkWriteSize, loadEditable, sameBytes } from '../commands/edit-file.js';
import { plural } from '../commands/render.js';
import { LANGUAGES } from './languages.js';
import { flattenSymbols, oneSymbol, outlineOf, type CodeSymbol } from './outline.js';
import { sharedParsers } from './parsers.js';
import { syntaxCheckFlag } from './syntax-check-flag.js';
import { symbolRange, type EditRange } from './symbol-edit.js';

export const symbolFlags = {
  file: pathText('the file that defines the symbol'),
  symbol: text('name path: Greeter/greet, or a unique greet'),
  kind: optionalText('only symbols of this kind (struct, impl ...)'),
  withComments: flag('with the comments right above it'),
  syntaxCheck: syntaxCheckFlag(),
};

export const contentFlag = () => text('the new text (indentation adapted)');

export const symbolFlagsWithContent = z.strictObject({ ...symbolFlags, content: contentFlag() });
export const symbolFlagsOnly = z.strictObject(symbolFlags);

export interface SymbolEditData {
  path: string;
  symbol: string;
  kind: string;
  // The lines the edit covered in the file as it was (1-based, inclusive).
  lines: [number, number];
  changed: boolean;
  backup: string | null;
}

type SymbolArgs = z.infer<typeof symbolFlagsOnly>;

const lineOf = (text: string, index: number): number => text.slice(0, index).split('\n').length;

// With --kind: every symbol of that kind, as a flat list (name paths keep their outer names).
export function ofKind(symbols: readonly CodeSymbol[], kind: string | undefined): readonly CodeSymbol[] {
  if (kind === undefined) return symbols;
  return flattenSymbols(symbols).filter((symbol) => symbol.kind === kind.toLowerCase()).map((symbol) => ({ ...symbol, children: [] }));
}

// Finds the symbol, computes the new text with `edit`, writes it as one checkpointed step.
export async function runSymbolEdit(ctx: CommandContext, command: string, args: SymbolArgs, edit: (text: string, range: EditRange) => string): Promise<SymbolEditData> {
  const file = await loadEditable(ctx, args.file);
  const parsers = sharedParsers(ctx);
  const source = file.doc.text;
  const symbols = await outlineOf(parsers, file.target.real, source);
  if (symbols === undefined) {
    throw fail('C210', `${args.file} is not a file codeward reads as code (endings: ${LANGUAGES.flatMap((language) => language.extensions).join(' ')}); edit it with patch`);
  }
  const symbol = oneSymbol(ofKind(symbols, args.kind), args.symbol, file.target.rel);
  const parsed = (await parsers.parseFile(file.target.real, source))!;
  let range: EditRange;
  try {
    range = symbolRange(parsed.tree, source, symbol, args.withComments);
  } finally {
    parsed.tree.delete();
  }
  const done = { path: file.target.rel, symbol: symbol.namePath, kind: symbol.kind, lines: [lineOf(source, range.start), lineOf(source, range.end)] as [number, number] };
  const bytes = encodeText(edit(source, range), file.doc);
  if (sameBytes(bytes, file.bytes)) return { ...done, changed: false, backup: null };
  checkWriteSize(ctx, args.file, bytes);
  const { replaceCheckpointed } = await import('../files/checkpoints/replace.js');
  const backup = await replaceCheckpointed(ctx, command, file.target.real, bytes, { before: file.bytes });
  return { ...done, changed: true, backup };
}

export function formatSymbolEdit(verb: string): (data: SymbolEditData) => string {
  return (data) => {
    const where = `${data.path}:${data.lines[0]}-${data.lines[1]}`;
    if (!data.changed) return `${data.path} unchanged: ${data.kind} ${data.symbol} (${where}) already reads so`;
    return `${verb} ${data.kind} ${data.symbol} (${where}, ${plural(data.lines[1] - data.lines[0] + 1, 'line')} before)${data.backup ? ' (undo with: undo)' : ''}`;
  };
}

export const symbolTouches = (args: { file: string }) => [{ path: args.file, access: 'write' as const }];
