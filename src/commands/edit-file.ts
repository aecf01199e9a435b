import type { CommandContext } from '../engine/command.js';
import { fail } from '../engine/errors.js';
import { checkWritable } from '../files/replace-file.js';
import { decodeText, type TextDoc } from '../files/text.js';
import type { ResolvedPath } from '../workspace/types.js';

// A text file an edit command is about to change: its resolved path, bytes and decoded text.
export interface EditableFile {
  readonly input: string;
  readonly target: ResolvedPath;
  readonly bytes: Uint8Array;
  readonly doc: TextDoc;
}

// Loads an existing text file for editing; a missing file, a folder or a binary file is refused.
export async function loadEditable(ctx: CommandContext, input: string): Promise<EditableFile> {
  const target = ctx.path(input);
  if (target.kind === 'missing') throw fail('C211', `${input}: no such file or directory, or not accessible`);
  if (target.kind !== 'file') throw fail('C210', `${input} is not a regular file`);
  const handle = await ctx.workspace.openRead(target);
  let bytes: Uint8Array;
  try {
    bytes = await handle.readFile();
  } finally {
    await handle.close();
  }
  if (bytes.length > ctx.config.maxWriteBytes) throw fail('C213', `${input}: ${bytes.length} bytes is over the edit limit of ${ctx.config.maxWriteBytes}`);
  const doc = decodeText(bytes);
  if (doc.binary) throw fail('C210', `${input} is a binary file; replace it whole with write --encoding base64`);
  await checkWritable(ctx.workspace.jail, target.real);
  return { input, target, bytes, doc };
}

export function checkWriteSize(ctx: CommandContext, input: string, bytes: Uint8Array): void {
  if (bytes.length > ctx.config.maxWriteBytes) throw fail('C213', `${input}: the result (${bytes.length} bytes) is over the write limit of ${ctx.config.maxWriteBytes}`);
}

export function sameBytes(a: Uint8Array, b: Uint8Array): boolean {
  return a.length === b.length && Buffer.compare(a, b) === 0;
}

// The text of a flag sent as text or base64 (base64 must decode to UTF-8; see rawEditBytes for bytes).
export function flagText(value: string, encoding: 'text' | 'base64', flag: string, decode: (text: string, flag: string) => Buffer): string {
  if (encoding === 'text') return value;
  const bytes = decode(value, flag);
  const text = bytes.toString('utf8');
  if (!sameBytes(Buffer.from(text, 'utf8'), bytes)) throw fail('C210', `${flag} decodes to bytes that are not UTF-8 text`);
  return text;
}

// A base64 --search/--replace pair that is not UTF-8 text: the raw bytes, for an exact byte edit
// (replaceExactBytes); undefined when both are text (the text path with its tolerances takes them).
export function rawEditBytes(search: string, replace: string, encoding: 'text' | 'base64', decode: (text: string, flag: string) => Buffer, flags: readonly [string, string]): { search: Buffer; replace: Buffer } | undefined {
  if (encoding !== 'base64') return undefined;
  const searchBytes = decode(search, flags[0]);
  const replaceBytes = decode(replace, flags[1]);
  const utf8 = (bytes: Buffer): boolean => sameBytes(Buffer.from(bytes.toString('utf8'), 'utf8'), bytes);
  return utf8(searchBytes) && utf8(replaceBytes) ? undefined : { search: searchBytes, replace: replaceBytes };
}
