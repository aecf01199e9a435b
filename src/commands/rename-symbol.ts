import * as z from 'zod/mini';
import { described, flag, optionalText, pathText, text } from '../engine/schema.js';
import { defineCommand, type CommandContext } from '../engine/command.js';
import { fail, isCodewardError, toCodewardError } from '../engine/errors.js';
import { syntaxCheckFlag } from '../code/syntax-check-flag.js';
import { checkIdentifier } from '../code/rename-name.js';
import type { ReferenceLabel } from '../code/references.js';
import { plural } from './render.js';

const flags = z.strictObject({
  file: pathText('defining file'),
  symbol: text('name path (Greeter/greet)'),
  to: text('new name'),
  kind: optionalText('symbol kind'),
  dir: described(z._default(z.string(), '.'), 'folder searched'),
  dryRun: flag('only show the diff'),
  textual: flag('also the textual hits'),
  syntaxCheck: syntaxCheckFlag(),
});

type Args = z.infer<typeof flags>;

interface Listed {
  path: string;
  line: number;
  column: number;
  text: string;
  label: ReferenceLabel;
}

export interface RenameData {
  file: string;
  symbol: string;
  to: string;
  dryRun: boolean;
  files: string[];
  counts: Record<ReferenceLabel, number>;
  // The hits left as they are (textual ones without --textual).
  notApplied: Listed[];
  diff?: string;
  backup: string | null;
}

async function run(args: Args, ctx: CommandContext): Promise<RenameData> {
  const [{ gatherReferences, countLabels }, { checkClashes, planRename }, { createTwoFilesPatch }] = await Promise.all([
    import('../code/references-run.js'), import('../code/rename.js'), import('diff'),
  ]);
  const found = await gatherReferences(ctx, args);
  const plan = planRename(found.texts, found.hits, found.symbol.name, args.to, args.textual);
  const outer = found.symbol.namePath.split('/').slice(0, -1).join('/');
  const { flattenSymbols, outlineOf } = await import('../code/outline.js');
  const all = flattenSymbols((await outlineOf(found.parsers, found.path, found.texts.get(found.path)!)) ?? []);
  const siblings = all.filter((symbol) => symbol.namePath === (outer === '' ? args.to : `${outer}/${args.to}`));
  await checkClashes(found.parsers, found.texts, plan.applied, args.to, siblings);
  const files = [...plan.texts.keys()];
  const done = {
    file: found.path, symbol: found.symbol.namePath, to: args.to, files, counts: countLabels(plan.applied),
    notApplied: plan.listed.map(({ path, line, column, text, label }) => ({ path, line, column, text, label })),
  };
  if (args.dryRun) {
    const diff = files.map((file) => createTwoFilesPatch(`a/${file}`, `b/${file}`, found.texts.get(file)!, plan.texts.get(file)!, undefined, undefined, { context: 2 }).replace(/^=+\n/, '')).join('');
    return { ...done, dryRun: true, diff, backup: null };
  }
  const { writeRename } = await import('../code/rename-write.js');
  const backup = await writeRename(ctx, found.texts, plan.texts);
  return { ...done, dryRun: false, backup };
}

function format(data: RenameData): string {
  const { resolved, imported, textual } = data.counts;
  const head = `${data.dryRun ? 'would rename' : 'renamed'} ${data.symbol} to ${data.to} in ${plural(data.files.length, 'file')} (${resolved} resolved, ${imported} imported, ${textual} textual)${data.backup ? ' (undo with: undo)' : ''}`;
  const left = data.notApplied.length === 0 ? [] : [`not renamed (textual: pass --textual to include them): ${data.notApplied.length}`, ...data.notApplied.slice(0, 30).map((hit) => `  ${hit.path}:${hit.line}:${hit.column} ${hit.text}`)];
  return [head, ...(data.diff === undefined ? [] : [data.diff.trimEnd()]), ...left].join('\n');
}

export const renameSymbolCommand = defineCommand({
  name: 'rename-symbol',
  parsesMany: true,
  aliases: ['rename_symbol', 'rename_references'],
  summary: 'Rename a symbol and its references across files (one undo step)',
  flags,
  flagAliases: { namePath: 'symbol', newName: 'to', name: 'symbol', path: 'file' },
  positional: 'file',
  examples: ['rename-symbol --file src/app.ts --symbol Greeter/greet --to welcome --dry-run'],
  effect: 'write',
  effectOf: (args) => (args.dryRun ? 'read' : 'write'),
  // The symbol edited and what it becomes decide which bytes every found file gets (red team R16-2): they are
  // in the question and in the "always" rule, which so covers this one rename and no other. --dir is only
  // where the references are searched: its part is judged with the same flags (never a rule of its own).
  effectArgs: ['symbol', 'to', 'kind', 'textual'],
  dryRun: true,
  check: (args) => checkIdentifier(args.file, args.to),
  annotations: { readOnly: false, destructive: true, idempotent: false },
  // The files beside --file come from the search below --dir: the folder is declared as written (like undo),
  // so the gate asks as for a write there and the approval shows the diff of every file.
  touches: (args) => [{ path: args.file, access: args.dryRun ? 'read' as const : 'write' as const }, { path: args.dir, access: args.dryRun ? 'list' as const : 'write' as const }],
  run: async (args, ctx) => {
    try {
      return await run(args, ctx);
    } catch (error) {
      throw isCodewardError(error) ? error : fail('C223', `rename failed (${toCodewardError(error).message}); nothing was written`);
    }
  },
  format,
});
