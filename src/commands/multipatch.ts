import * as z from 'zod/mini';
import { defineCommand, type CommandContext } from '../engine/command.js';
import { fail, toCodewardError } from '../engine/errors.js';
import { described, nonEmptyPath } from '../engine/schema.js';
import { decodeText, encodeText, type TextDoc } from '../files/text.js';
import { replaceExactBytes } from '../edit/byte-replace.js';
import { decodeBase64 } from './base64.js';
import { noteQuotes } from './content.js';
import { commitEdits } from './commit-edits.js';
import { checkWriteSize, flagText, loadEditable, rawEditBytes, type EditableFile } from './edit-file.js';
import { plural } from './render.js';
import { syntaxCheckFlag } from '../code/syntax-check-flag.js';
import { sameNameHint } from './path-hints.js';

const edit = z.strictObject({
  file: nonEmptyPath(),
  search: z.string(),
  replace: z.string(),
  encoding: z._default(z.enum(['text', 'base64']), 'text'),
  all: z._default(z.boolean(), false),
});

const flags = z.strictObject({
  edits: described(z.array(edit).check(z.minLength(1)), 'JSON array of {file, search, replace, encoding?, all?}, applied in order, all or nothing'),
  syntaxCheck: syntaxCheckFlag(),
});

type Edit = z.infer<typeof edit>;

export interface MultipatchData {
  // edits: how many of the call's edits named the file; replacements: how many places they changed
  // (an `all: true` edit can change several).
  files: { path: string; edits: number; replacements: number; backup: string | null }[];
}

// What a failing edit is reported as: C223 naming the edit, with its own code and message.
function editFailure(index: number, item: Edit, error: unknown): Error {
  const cause = toCodewardError(error, item.file);
  return fail('C223', `edit ${index + 1} (${item.file}) failed with ${cause.code}: ${cause.message}; nothing was written`, { failedEdit: index + 1, cause: cause.toJSON() });
}

// Phase 1 (no writes): every edit in declaration order against the in-memory result of the earlier ones.
// One file's state between edits: its text and the decoding that turns the text back into its bytes.
interface FileState {
  file: EditableFile;
  doc: TextDoc;
  text: string;
  edits: number;
  replacements: number;
}

// A base64 edit whose bytes are not UTF-8 text: matched and replaced byte for byte on the current bytes.
function byteEdit(state: FileState, raw: { search: Buffer; replace: Buffer }, item: Edit, index: number, ctx: CommandContext): void {
  const current = encodeText(state.text, state.doc);
  const result = replaceExactBytes(current, raw.search, raw.replace, item.all);
  state.doc = decodeText(result.bytes);
  state.text = state.doc.text;
  state.replacements += result.replacements;
  ctx.warn(`edit ${index + 1} (${item.file}): search/replace are bytes that are not UTF-8 text, so they were matched and replaced byte for byte`);
}

async function validate(edits: readonly Edit[], ctx: CommandContext): Promise<Map<string, FileState>> {
  const { applySearchReplace } = await import('../edit/search-replace.js');
  const files = new Map<string, FileState>();
  for (const [index, item] of edits.entries()) {
    try {
      let state = files.get(item.file);
      if (!state) {
        const file = await loadEditable(ctx, item.file);
        const same = [...files.values()].find((each) => each.file.target.real === file.target.real);
        state = same ?? { file, doc: file.doc, text: file.doc.text, edits: 0, replacements: 0 };
        files.set(item.file, state);
      }
      const raw = rawEditBytes(item.search, item.replace, item.encoding, decodeBase64, ['search', 'replace']);
      if (raw) {
        byteEdit(state, raw, item, index, ctx);
        state.edits += 1;
        continue;
      }
      const search = flagText(item.search, item.encoding, 'search', decodeBase64);
      const replace = flagText(item.replace, item.encoding, 'replace', decodeBase64);
      noteQuotes(replace, search, state.file.target.real, ctx);
      const result = applySearchReplace(state.text, search, replace, { all: item.all });
      for (const note of result.notes) ctx.warn(`edit ${index + 1} (${item.file}): ${note}`);
      state.text = result.text;
      state.edits += 1;
      state.replacements += result.replacements;
    } catch (error) {
      throw editFailure(index, item, error);
    }
  }
  return files;
}

async function run(args: z.infer<typeof flags>, ctx: CommandContext): Promise<MultipatchData> {
  const states = [...new Set((await validate(args.edits, ctx)).values())];
  const encoded = states.map(({ file, doc, text }) => {
    const bytes = encodeText(text, doc);
    checkWriteSize(ctx, file.input, bytes);
    return bytes;
  });
  const backups = await commitEdits(ctx, 'multipatch', states.map(({ file }, index) => ({ file, bytes: encoded[index]! })));
  if (backups === undefined) return { files: [] };
  const report = states.map(({ file, edits, replacements }, index) => ({ path: file.target.rel, edits, replacements, backup: backups[index]! }));
  return { files: report };
}

export const multipatchCommand = defineCommand({
  name: 'multipatch',
  aliases: ['multi_patch', 'multi-patch', 'multiedit', 'multi_edit'],
  summary: 'Apply search/replace edits to several files as one transaction: all or none',
  guide: 'For one file, patch does the same.',
  flags,
  examples: [`multipatch --edits '[{"file":"a.ts","search":"loginV1","replace":"loginV2"},{"file":"b.ts","search":"loginV1","replace":"loginV2"}]'`],
  effect: 'write',
  effectArgs: [],
  dryRun: true,
  annotations: { readOnly: false, destructive: true, idempotent: false },
  notFoundHint: sameNameHint,
  touches: (args) => [...new Set(args.edits.map((item) => item.file))].map((path) => ({ path, access: 'write' as const })),
  run,
  format: (data: MultipatchData) => data.files.map((file) => `patched ${file.path} (${plural(file.edits, 'edit')}${file.replacements !== file.edits ? `, ${plural(file.replacements, 'replacement')}` : ''})`).join('\n'),
});
