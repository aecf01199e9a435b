import * as z from 'zod/mini';
import { choice, flag, text } from '../engine/schema.js';
import { defineCommand, type CommandContext } from '../engine/command.js';
import { fail } from '../engine/errors.js';
import { atomicWrite, ensureParentDirs } from '../files/atomic-write.js';
import { createBackup } from '../files/backup.js';
import { adaptNewText, decodeText, encodeText } from '../files/text.js';
import { isCodeFile, normalizeQuotes } from '../files/quotes.js';
import { decodeBase64 } from './base64.js';
import { plural } from './render.js';

const flags = z.strictObject({
  file: text('path of the file to write (parent folders are created)'),
  content: text('the new content (may be empty)'),
  encoding: choice(['text', 'base64'], 'text', 'how --content is encoded'),
  append: flag('append to the file instead of replacing it'),
});

type WriteArgs = z.infer<typeof flags>;

export interface WriteData {
  path: string;
  bytes: number;
  size: number;
  backup: string | null;
  created: boolean;
  appended: boolean;
}

async function readExisting(ctx: CommandContext, file: string): Promise<Uint8Array | undefined> {
  const target = ctx.path(file);
  if (target.kind === 'missing') return undefined;
  if (target.kind !== 'file') throw fail('C210', `${file} is not a regular file`);
  const handle = await ctx.workspace.openRead(target);
  try {
    return await handle.readFile();
  } finally {
    await handle.close();
  }
}

// Text a caller writes takes the file's existing conventions (line endings, BOM, Latin-1), and
// typographic quotes in code files become ASCII; every adjustment is reported.
function textBytes(args: WriteArgs, existing: Uint8Array | undefined, ctx: CommandContext): Uint8Array {
  let text = args.content;
  const target = ctx.path(args.file);
  if (ctx.config.normalizeQuotes && isCodeFile(target.real)) {
    const normalized = normalizeQuotes(text);
    if (normalized.replaced > 0) {
      ctx.warn(`replaced ${plural(normalized.replaced, 'typographic quote')} with ASCII quotes (code file)`);
      text = normalized.text;
    }
  }
  const doc = existing === undefined ? undefined : decodeText(existing);
  const known = doc?.binary ? undefined : doc;
  const adapted = adaptNewText(text, known);
  for (const note of adapted.notes) ctx.warn(note);
  if (!args.append || existing === undefined) return encodeText(adapted.text, adapted);
  const tail = encodeText(adapted.text, { bom: false, encoding: adapted.encoding });
  return Buffer.concat([existing, tail]);
}

async function run(args: WriteArgs, ctx: CommandContext): Promise<WriteData> {
  const target = ctx.path(args.file);
  const existing = await readExisting(ctx, args.file);
  const added = args.encoding === 'base64' ? decodeBase64(args.content, '--content') : undefined;
  const bytes = added === undefined
    ? textBytes(args, existing, ctx)
    : args.append && existing ? Buffer.concat([existing, added]) : added;
  if (bytes.length > ctx.config.maxWriteBytes) {
    throw fail('C213', `${args.file}: ${bytes.length} bytes is over the write limit of ${ctx.config.maxWriteBytes} bytes`);
  }
  const backup = existing !== undefined && ctx.config.backups ? await createBackup(target.real) : undefined;
  await ensureParentDirs(target.real, ctx.workspace.root);
  await atomicWrite(target.real, bytes);
  return {
    path: target.rel,
    bytes: existing !== undefined && args.append ? bytes.length - existing.length : bytes.length,
    size: bytes.length,
    backup: backup === undefined ? null : ctx.workspace.relative(backup),
    created: existing === undefined,
    appended: args.append && existing !== undefined,
  };
}

function format(data: WriteData): string {
  const verb = data.created ? 'created' : data.appended ? 'appended to' : 'wrote';
  const backup = data.backup ? ` (previous version saved to ${data.backup}; undo with: rollback --file ${data.path})` : '';
  return `${verb} ${data.path}: ${plural(data.bytes, 'byte')}${backup}`;
}

export const writeCommand = defineCommand({
  name: 'write',
  aliases: ['write_file', 'writefile', 'write-file', 'create_file'],
  summary: 'Write (or append to) a file atomically, keeping a .bak of the previous version',
  flags,
  flagAliases: { contentB64: 'content' },
  examples: ['write --file notes.txt --content "hello"', 'write --file src/app.ts --content <base64> --encoding base64'],
  effect: 'write',
  annotations: { readOnly: false, destructive: true, idempotent: false },
  touches: (args) => [{ path: args.file, access: 'write' }],
  run,
  format,
});
