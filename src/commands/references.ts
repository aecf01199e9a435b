import * as z from 'zod/mini';
import { described, flag, optionalText, pathText, text, whole, wholeOr } from '../engine/schema.js';
import { defineCommand, type CommandContext } from '../engine/command.js';
import type { ReferenceLabel } from '../code/references.js';
import { pageFooter, pageOf, plural } from './render.js';

const DEFAULT_RESULTS = 100;

const flags = z.strictObject({
  file: pathText('defining file'),
  symbol: text('name path (Greeter/greet)'),
  kind: optionalText('symbol kind'),
  dir: described(z._default(z.string(), '.'), 'folder searched'),
  textual: flag('also comments and strings'),
  maxResults: whole(1, `default ${DEFAULT_RESULTS}`),
  offset: wholeOr(0, 0, 'skip this many'),
});

type Args = z.infer<typeof flags>;

export interface ReferenceEntry {
  path: string;
  line: number;
  column: number;
  text: string;
  label: ReferenceLabel;
  definition?: true;
}

export interface ReferencesData {
  file: string;
  symbol: string;
  kind: string;
  // What each label means (no language server: how sure each hit is).
  labels: Record<ReferenceLabel, string>;
  counts: Record<ReferenceLabel, number>;
  references: ReferenceEntry[];
  offset: number;
  total: number;
  nextOffset: number | null;
  truncated: boolean;
  filesSearched: number;
  skipped: { path: string; reason: string }[];
}

async function run(args: Args, ctx: CommandContext): Promise<ReferencesData> {
  const [{ gatherReferences, countLabels }, { REFERENCE_LABELS }] = await Promise.all([import('../code/references-run.js'), import('../code/references.js')]);
  const found = await gatherReferences(ctx, args);
  const { items, offset, total, nextOffset } = pageOf(found.hits, args.offset, args.maxResults ?? DEFAULT_RESULTS);
  const page = items.map(({ path, line, column, text, label, definition }) => ({ path, line, column, text, label, ...(definition ? { definition } : {}) }));
  return {
    file: found.path, symbol: found.symbol.namePath, kind: found.symbol.kind, labels: { ...REFERENCE_LABELS }, counts: countLabels(found.hits),
    references: page, offset, total, nextOffset, truncated: nextOffset !== null || found.truncated,
    filesSearched: found.filesSearched, skipped: found.skipped,
  };
}

function format(data: ReferencesData): string {
  const { resolved, imported, textual } = data.counts;
  const out = [`${data.kind} ${data.symbol} (${data.file}): ${plural(data.total, 'hit')}: ${resolved} resolved, ${imported} imported, ${textual} textual (no language server: textual hits are only the same spelling)`];
  for (const hit of data.references) out.push(`${hit.path}:${hit.line}:${hit.column} ${hit.definition ? 'definition' : hit.label}: ${hit.text}`);
  return [...out, ...pageFooter(data)].join('\n');
}

export const referencesCommand = defineCommand({
  name: 'references',
  parsesMany: true,
  aliases: ['find_references', 'find_usages', 'usages'],
  summary: 'Where a symbol is used: hits labelled resolved, imported or textual',
  flags,
  flagAliases: { namePath: 'symbol', name: 'symbol', path: 'file', skip: 'offset' },
  positional: 'file',
  examples: ['references --file src/app.ts --symbol Greeter/greet'],
  effect: 'read',
  effectArgs: [],
  annotations: { readOnly: true, destructive: false, idempotent: true },
  touches: (args) => [{ path: args.file, access: 'read' }, { path: args.dir, access: 'list' }],
  run,
  format,
});
