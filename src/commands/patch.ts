import * as z from 'zod/mini';
import { defineCommand, type CommandContext } from '../engine/command.js';
import { fail, isCodewardError } from '../engine/errors.js';
import { choice, flag, optionalPathText, optionalText } from '../engine/schema.js';
import { encodeText } from '../files/text.js';
import { decodeBase64 } from './base64.js';
import { noteQuotes } from './content.js';
import { checkWriteSize, flagText, loadEditable, rawEditBytes, sameBytes, type EditableFile } from './edit-file.js';
import { replaceBytes, replaceExactBytes } from '../edit/byte-replace.js';
import { diffTouches, runDiff, type DiffData } from './patch-diff.js';
import { plural } from './render.js';
import { syntaxCheckFlag } from '../code/syntax-check-flag.js';
import { sameNameHint } from './path-hints.js';

const flags = z.strictObject({
  file: optionalPathText('file to edit (required for --search/--replace; names a headerless --diff)'),
  search: optionalText('exact text to find; must match once unless --all'),
  replace: optionalText('replacement text, inserted literally'),
  all: flag('replace every match'),
  encoding: choice(['text', 'base64'], 'text', 'encoding of --search and --replace'),
  diff: optionalText('a unified diff (one or more files), applied all or nothing'),
  diffEncoding: choice(['text', 'base64'], 'text', 'encoding of --diff'),
  syntaxCheck: syntaxCheckFlag(),
});

type PatchArgs = z.infer<typeof flags>;

export interface ReplaceData {
  path: string;
  replacements: number;
  lines: number[];
  backup: string | null;
}

// Which mode a call is in; mixing or missing flags is a C210 that names the fix.
function mode(args: PatchArgs): 'replace' | 'diff' {
  const replacing = args.search !== undefined || args.replace !== undefined;
  if (replacing && args.diff !== undefined) throw fail('C210', 'use either --search/--replace or --diff, not both');
  if (args.diff !== undefined) {
    if (args.all) throw fail('C210', '--all applies to --search/--replace; a --diff applies each hunk once: drop --all');
    if (args.encoding === 'base64') throw fail('C210', '--encoding is for --search/--replace; a base64 --diff takes --diff-encoding base64');
    return 'diff';
  }
  if (!replacing) throw fail('C210', 'pass --search and --replace (one place), or --diff (a unified diff)');
  if (args.search === undefined) throw fail('C210', '--search is required with --replace');
  if (args.replace === undefined) throw fail('C210', '--replace is required with --search (use an empty string to delete the text)');
  if (args.file === undefined) throw fail('C210', '--file is required with --search/--replace');
  return 'replace';
}

async function runReplace(args: PatchArgs, ctx: CommandContext): Promise<ReplaceData> {
  const file = await loadEditable(ctx, args.file!);
  const raw = rawEditBytes(args.search!, args.replace!, args.encoding, decodeBase64, ['--search', '--replace']);
  if (raw) {
    const exact = withFile(args.file!, () => replaceExactBytes(file.bytes, raw.search, raw.replace, args.all));
    ctx.warn(`${args.file}: --search/--replace are bytes that are not UTF-8 text, so they were matched and replaced byte for byte`);
    return writeReplaced(ctx, args.file!, file, exact.bytes, exact);
  }
  const search = flagText(args.search!, args.encoding, '--search', decodeBase64);
  const replace = flagText(args.replace!, args.encoding, '--replace', decodeBase64);
  noteQuotes(replace, search, file.target.real, ctx);
  const fast = replaceBytes(file.bytes, search, replace, args.all);
  if (fast) return writeReplaced(ctx, args.file!, file, fast.bytes, { replacements: fast.replacements, lines: fast.lines });
  let result;
  try {
    // The edit engine loads on first use: the CLI's start-up does not pay for it.
    const { applySearchReplace } = await import('../edit/search-replace.js');
    result = applySearchReplace(file.doc.text, search, replace, { all: args.all });
  } catch (error) {
    if (isCodewardError(error) && (error.code === 'C220' || error.code === 'C221')) {
      throw fail(error.code, error.message.replace(/^search text (not found|matches)/, (_, rest: string) => `search text ${rest === 'matches' ? `matches in ${args.file}` : `not found in ${args.file}`}`), error.data);
    }
    throw error;
  }
  for (const note of result.notes) ctx.warn(`${args.file}: ${note}`);
  return writeReplaced(ctx, args.file!, file, encodeText(result.text, file.doc), result);
}

// Runs an edit, naming the file in a not-found or ambiguous error.
function withFile<T>(file: string, edit: () => T): T {
  try {
    return edit();
  } catch (error) {
    if (isCodewardError(error) && (error.code === 'C220' || error.code === 'C221')) throw fail(error.code, `${file}: ${error.message}`, error.data);
    throw error;
  }
}

// Writes the edited bytes (with a .bak), unless nothing changed.
async function writeReplaced(ctx: CommandContext, input: string, file: EditableFile, bytes: Uint8Array, result: { replacements: number; lines: number[] }): Promise<ReplaceData> {
  const done = { path: file.target.rel, replacements: result.replacements, lines: result.lines };
  // Text patched with itself: found, but nothing replaced (the format says so; no "1 replacement").
  if (sameBytes(bytes, file.bytes)) return { ...done, replacements: 0, backup: null };
  checkWriteSize(ctx, input, bytes);
  const { replaceCheckpointed } = await import('../files/checkpoints/replace.js');
  const backup = await replaceCheckpointed(ctx, 'patch', file.target.real, bytes, { before: file.bytes });
  return { ...done, backup };
}

function format(data: ReplaceData | DiffData): string {
  if ('files' in data) {
    return data.files.map((file) => `${file.deleted ? 'deleted' : file.created ? 'created' : 'patched'} ${file.path} (${plural(file.hunks.length, 'hunk')})`).join('\n');
  }
  const where = data.lines.length > 0 ? ` at line${data.lines.length === 1 ? '' : 's'} ${data.lines.join(', ')}` : '';
  if (data.replacements === 0) return `${data.path} unchanged: the replacement equals the text found${where}`;
  return `patched ${data.path}: ${plural(data.replacements, 'replacement')}${where}${data.backup ? ` (undo with: undo)` : ''}`;
}

export const patchCommand = defineCommand({
  name: 'patch',
  aliases: ['patch_file', 'patchfile', 'patch-file', 'edit', 'edit_file', 'editfile', 'str_replace', 'apply_patch', 'apply_diff'],
  summary: 'Edit a file by exact search/replace (one match unless --all), or apply a unified diff (one or more files)',
  guide: 'For several files together, use multipatch; by line number, update.',
  flags,
  flagAliases: { replaceAll: 'all', patch: 'diff' },
  promptFlags: ['file', 'search', 'replace', 'all', 'diff'],
  examples: ['patch --file src/app.ts --search "return null;" --replace "return user;"', 'patch --diff "<unified diff>"'],
  effect: 'write',
  effectArgs: [],
  dryRun: true,
  annotations: { readOnly: false, destructive: true, idempotent: false },
  check: (args) => {
    mode(args);
  },
  notFoundHint: sameNameHint,
  touches: (args) => (mode(args) === 'diff' ? diffTouches(args.diff!, args.diffEncoding, args.file) : [{ path: args.file!, access: 'write', existing: true }]),
  run: (args, ctx) => (mode(args) === 'diff' ? runDiff(args.diff!, args.diffEncoding, args.file, ctx) : runReplace(args, ctx)),
  format,
});
