import * as z from 'zod/mini';
import { choice, flag, pathText, text } from '../engine/schema.js';
import { defineCommand, type CommandContext } from '../engine/command.js';
import { fail } from '../engine/errors.js';
import { looksBase64 } from './base64.js';
import { contentBytes, readCurrent } from './content.js';
import { sameNamed } from './path-hints.js';
import { plural } from './render.js';
import { syntaxCheckFlag } from '../code/syntax-check-flag.js';

const flags = z.strictObject({
  file: pathText('file to write (parent folders are created)'),
  content: text('the new content (may be empty)'),
  encoding: choice(['text', 'base64', 'auto'], 'text', 'how --content is encoded; auto: base64 if it is one base64 word of UTF-8 text'),
  append: flag('append instead of replacing'),
  syntaxCheck: syntaxCheckFlag(),
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

async function run(args: WriteArgs, ctx: CommandContext): Promise<WriteData> {
  const target = ctx.path(args.file);
  if (target.kind !== 'file' && target.kind !== 'missing') throw fail('C210', `${args.file} is not a regular file`);
  const existing = await readCurrent(ctx, args.file);
  const encoding = args.encoding === 'auto' ? autoEncoding(args.content, ctx) : args.encoding;
  const bytes = contentBytes({ content: args.content, encoding, path: target.real, existing, append: args.append }, ctx);
  if (bytes.length > ctx.config.maxWriteBytes) {
    throw fail('C213', `${args.file}: ${bytes.length} bytes is over the write limit of ${ctx.config.maxWriteBytes} bytes`);
  }
  const { replaceCheckpointed } = await import('../files/checkpoints/replace.js');
  const backup = await replaceCheckpointed(ctx, 'write', target.real, bytes, {
    checkWritable: existing !== undefined,
    existed: existing !== undefined,
    before: existing ?? null,
    mkdirs: true,
  });
  if (existing === undefined) await sameNameNote(args.file, target.rel, ctx);
  return {
    path: target.rel,
    bytes: existing !== undefined && args.append ? bytes.length - existing.length : bytes.length,
    size: bytes.length,
    backup,
    created: existing === undefined,
    appended: args.append && existing !== undefined,
  };
}

// A new file whose name one other file has (`write --file num.js` beside test/num.js): probably meant that one.
async function sameNameNote(input: string, rel: string, ctx: CommandContext): Promise<void> {
  const found = await sameNamed(input, ctx.workspace);
  if (found.length !== 1) return;
  ctx.warn(`${rel} did not exist and was created; ${found[0]} has the same name: if you meant that file, undo and write ${found[0]}`);
}

function autoEncoding(content: string, ctx: CommandContext): 'text' | 'base64' {
  if (!looksBase64(content)) return 'text';
  ctx.warn('--encoding auto: --content was taken as base64 (one base64 word that decodes to UTF-8 text); pass --encoding text to write it as it is');
  return 'base64';
}

function format(data: WriteData): string {
  const verb = data.created ? 'created' : data.appended ? 'appended to' : 'wrote';
  const backup = data.backup ? ` (previous version in ${data.backup}; undo with: undo)` : '';
  return `${verb} ${data.path}: ${plural(data.bytes, 'byte')}${backup}`;
}

export const writeCommand = defineCommand({
  name: 'write',
  aliases: ['write_file', 'writefile', 'write-file'],
  summary: 'Write (or append to) a file atomically; undo restores the previous version',
  guide: 'Replaces the whole file: for a part, use patch; for new files only, create.',
  flags,
  flagAliases: { contentB64: 'content' },
  promptFlags: ['append'],
  examples: ['write --file notes.txt --content "hello"', 'write --file src/app.ts --content <base64> --encoding base64'],
  effect: 'write',
  effectArgs: [],
  dryRun: true,
  annotations: { readOnly: false, destructive: true, idempotent: false },
  touches: (args) => [{ path: args.file, access: 'write' }],
  run,
  format,
});
