import { dirname } from 'node:path';
import * as z from 'zod/mini';
import { defineCommand, type CommandContext } from '../engine/command.js';
import { fail } from '../engine/errors.js';
import { described, pathText } from '../engine/schema.js';
import { createFile } from '../files/replace-file.js';
import { eachEntry, formatBatch, type BatchResult } from './batch.js';
import { plural } from './render.js';
import { contentBytes, readCurrent } from './content.js';
import { syntaxCheckFlag } from '../code/syntax-check-flag.js';

const entry = z.strictObject({
  path: pathText('file to create'),
  content: described(z._default(z.string(), ''), 'its content'),
  encoding: described(z._default(z.enum(['text', 'base64']), 'text'), 'how content is encoded'),
  mode: described(z.optional(z.union([z.string(), z.int()])), 'permission bits, octal string like "0755"'),
  parents: described(z._default(z.boolean(), true), 'create missing parent folders'),
  overwrite: described(z._default(z.boolean(), false), 'replace an existing file (a .bak is kept)'),
});

const flags = z.strictObject({
  files: described(z.array(entry).check(z.minLength(1)), 'JSON array of {path, content, encoding?, mode?, parents?, overwrite?}'),
  syntaxCheck: syntaxCheckFlag(),
});

type Entry = z.infer<typeof entry>;

export interface CreateResult extends BatchResult {
  bytesWritten?: number;
  created?: boolean;
  backup?: string | null;
}

function parseMode(mode: string | number | undefined): number | undefined {
  if (mode === undefined) return undefined;
  const value = typeof mode === 'number' ? mode : /^0?o?[0-7]{3,4}$/.test(mode) ? Number.parseInt(mode.replace(/^0?o?/, ''), 8) : Number.NaN;
  if (!Number.isInteger(value) || value <= 0 || value > 0o7777) throw fail('C210', `mode ${JSON.stringify(mode)} is not an octal permission like "0644"`);
  // Seed 004 makes chmod +s and chmod 777 a person's decision; a created file never gets them (a setuid copy
  // of a shell in the workspace is a root shell for any local user).
  if ((value & 0o6000) !== 0) throw fail('C210', `mode ${JSON.stringify(mode)} sets setuid/setgid bits, which codeward never creates; use a mode like "0755" (a person can chmod it afterwards)`);
  if ((value & 0o002) !== 0) throw fail('C210', `mode ${JSON.stringify(mode)} makes the file writable by every user; use a mode like "0644" or "0755"`);
  return value;
}

async function createOne(item: Entry, ctx: CommandContext): Promise<Omit<CreateResult, keyof BatchResult>> {
  const target = ctx.path(item.path);
  if (target.kind === 'dir') throw fail('C210', `${item.path} is a folder`);
  if (target.kind !== 'missing' && !item.overwrite) throw fail('C217', `${item.path} already exists; pass overwrite: true to replace it`);
  const mode = parseMode(item.mode);
  const existing = await readCurrent(ctx, item.path);
  const bytes = contentBytes({ content: item.content, encoding: item.encoding, path: target.real, existing }, ctx);
  if (bytes.length > ctx.config.maxWriteBytes) throw fail('C213', `${item.path}: ${bytes.length} bytes is over the write limit of ${ctx.config.maxWriteBytes}`);
  const jail = ctx.workspace.jail;
  if (!item.parents && jail.lstat(dirname(target.real), item.path)?.isDirectory() !== true) {
    throw fail('C211', `the folder of ${item.path} does not exist; pass parents: true to create it`);
  }
  const options = mode === undefined ? {} : { mode };
  if (existing === undefined) {
    if (await ctx.intend([{ path: target.real, after: bytes, before: null, ...options }])) return { bytesWritten: bytes.length, created: true, backup: null };
    const [{ checkpointed }, { missingParents }] = await Promise.all([import('../files/checkpoints/record.js'), import('../files/checkpoints/replace.js')]);
    await checkpointed(ctx, 'create', [target.real], () =>
      createFile(jail, target.real, bytes, { ...options, mkdirs: item.parents }).catch((error: { code?: string }) => {
        throw error.code === 'C217' ? fail('C217', `${item.path} already exists; pass overwrite: true to replace it`) : error;
      }),
      undefined,
      item.parents === true ? missingParents(ctx, target.real) : [],
    );
    return { bytesWritten: bytes.length, created: true, backup: null };
  }
  const { replaceCheckpointed } = await import('../files/checkpoints/replace.js');
  const backup = await replaceCheckpointed(ctx, 'create', target.real, bytes, { ...options, before: existing, checkWritable: true, mkdirs: item.parents });
  return { bytesWritten: bytes.length, created: false, backup };
}

export const createCommand = defineCommand({
  name: 'create',
  aliases: ['create_files', 'create-file', 'create_file', 'new_file'],
  summary: 'Create one or more files (an existing one only with overwrite); one result per file',
  guide: 'To replace or append to one existing file, use write.',
  flags,
  promptFlags: [],
  examples: [`create --files '[{"path":"src/new.ts","content":"export {};\\n"}]'`],
  effect: 'write',
  effectArgs: [],
  dryRun: true,
  annotations: { readOnly: false, destructive: true, idempotent: false },
  batch: true,
  touches: (args) => args.files.map((file) => ({ path: file.path, access: 'write' as const })),
  run: async (args, ctx) => ({ results: await eachEntry(args.files, (file) => file.path, (file) => createOne(file, ctx)) }),
  format: (data: { results: CreateResult[] }) =>
    formatBatch(data.results, (result) => {
      const created = result as CreateResult;
      return `${created.created ? 'created' : 'replaced'} ${created.path} (${plural(created.bytesWritten ?? 0, 'byte')})`;
    }),
});
