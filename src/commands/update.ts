import * as z from 'zod/mini';
import { defineCommand, type CommandContext } from '../engine/command.js';
import { described, nonEmptyPath } from '../engine/schema.js';
import { encodeText } from '../files/text.js';
import type { LineOp } from '../edit/line-ops.js';
import { eachEntry, formatBatch, type BatchResult } from './batch.js';
import { plural } from './render.js';
import { noteQuotes } from './content.js';
import { checkWriteSize, loadEditable, sameBytes } from './edit-file.js';
import { syntaxCheckFlag } from '../code/syntax-check-flag.js';

const line = z.int().check(z.minimum(1));
const op = z.discriminatedUnion('op', [
  z.strictObject({ op: z.literal('insert'), at_line: line, content: z.string() }),
  z.strictObject({ op: z.literal('remove'), from_line: line, to_line: line }),
  z.strictObject({ op: z.literal('update_lines'), from_line: line, to_line: line, content: z.string() }),
  z.strictObject({
    op: z.literal('replace'),
    pattern: z.string(),
    replacement: z.string(),
    ignore_case: z.optional(z.boolean()),
    literal: z.optional(z.boolean()),
    count: z.optional(z.int().check(z.minimum(1))),
  }),
]);

const flags = z.strictObject({
  files: described(
    z.array(z.strictObject({ path: nonEmptyPath(), ops: z.array(op).check(z.minLength(1)) })).check(z.minLength(1)),
    'JSON array of {path, ops:[insert{at_line,content} | remove{from_line,to_line} | update_lines{from_line,to_line,content} | replace{pattern,replacement}]}; line numbers are 1-based and refer to the original file',
  ),
  syntaxCheck: syntaxCheckFlag(),
});

type FileOps = z.infer<typeof flags>['files'][number];

export interface UpdateResult extends BatchResult {
  applied?: number;
  newLineCount?: number;
  backup?: string | null;
}

// Typographic quotes the ops add are noted (content.ts noteQuotes), never rewritten.
function noteOpQuotes(ops: readonly LineOp[], path: string, ctx: CommandContext): void {
  const replacing = ops.filter((each) => each.op === 'replace');
  const added = ops.map((each) => ('content' in each ? each.content : each.op === 'replace' && typeof each.replacement === 'string' ? each.replacement : '')).join('\n');
  noteQuotes(added, replacing.map((each) => String(each.pattern)).join('\n'), path, ctx);
}

async function updateOne(entry: FileOps, ctx: CommandContext): Promise<Omit<UpdateResult, keyof BatchResult>> {
  const file = await loadEditable(ctx, entry.path);
  const { applyLineOps } = await import('../edit/line-ops.js');
  noteOpQuotes(entry.ops as LineOp[], file.target.real, ctx);
  const result = applyLineOps(file.doc.text, entry.ops as LineOp[]);
  for (const note of result.notes) ctx.warn(`${entry.path}: ${note}`);
  const bytes = encodeText(result.text, file.doc);
  checkWriteSize(ctx, entry.path, bytes);
  if (sameBytes(bytes, file.bytes)) return { applied: result.applied, newLineCount: result.lineCount, backup: null };
  const { replaceCheckpointed } = await import('../files/checkpoints/replace.js');
  const backup = await replaceCheckpointed(ctx, 'update', file.target.real, bytes, { before: file.bytes });
  return { applied: result.applied, newLineCount: result.lineCount, backup };
}

export const updateCommand = defineCommand({
  name: 'update',
  aliases: ['update_file', 'update-file', 'line_edit'],
  summary: 'Apply line operations (insert, remove, update_lines) and regex replaces to files; each file atomic',
  guide: 'For known line numbers or a regular expression; for exact text, patch is safer.',
  flags,
  examples: [`update --files '[{"path":"notes.md","ops":[{"op":"insert","at_line":2,"content":"draft"}]}]'`],
  effect: 'write',
  effectArgs: [],
  dryRun: true,
  annotations: { readOnly: false, destructive: true, idempotent: false },
  batch: true,
  touches: (args) => args.files.map((entry) => ({ path: entry.path, access: 'write' as const, existing: true })),
  run: async (args, ctx) => ({ results: await eachEntry(args.files, (entry) => entry.path, (entry) => updateOne(entry, ctx)) }),
  format: (data: { results: UpdateResult[] }) =>
    formatBatch(data.results, (result) => `updated ${result.path} (${plural((result as UpdateResult).applied ?? 0, 'op')}, now ${plural((result as UpdateResult).newLineCount ?? 0, 'line')})`),
});
