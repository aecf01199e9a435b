import * as z from 'zod/mini';
import { choice, described, flag, optionalText, text, whole, wholeOr } from '../engine/schema.js';
import { defineCommand, type CommandContext } from '../engine/command.js';
import { fail } from '../engine/errors.js';
import { notAccessible } from '../workspace/refusals.js';
import { symbolLine } from '../code/format.js';
import { pageFooter, pageOf } from './render.js';

const DEFAULT_RESULTS = 50;
// Files a search looks at (after rg's name prefilter); past it the result says it stopped.
const MAX_FILES = 20_000;

const flags = z.strictObject({
  name: text('a name (greet) or name path (Greeter/greet)'),
  dir: described(z._default(z.string(), '.'), 'folder or file'),
  kind: optionalText('kinds, comma-separated (class, function, method ...)'),
  mode: choice(['suffix', 'exact', 'substring'], 'suffix', 'suffix: whole trailing segments (greet finds Greeter/greet); exact; substring: any case'),
  body: flag('include the source text'),
  maxResults: whole(1, `default ${DEFAULT_RESULTS}`),
  offset: wholeOr(0, 0, 'skip this many: a cut result names the next --offset'),
});

type SymbolsArgs = z.infer<typeof flags>;

export interface SymbolHit {
  path: string;
  namePath: string;
  kind: string;
  startLine: number;
  endLine: number;
  signature: string;
  body?: string;
}

export interface SymbolsData {
  name: string;
  dir: string;
  mode: string;
  symbols: SymbolHit[];
  offset: number;
  total: number;
  nextOffset: number | null;
  truncated: boolean;
  // Source files looked at (those whose text holds the name), and files skipped by the budgets.
  filesSearched: number;
  skipped: { path: string; reason: string }[];
}

function checkArgs(args: SymbolsArgs): void {
  if (args.name.trim() === '' || /[\r\n\0]/.test(args.name)) throw fail('C210', '--name must be one non-empty line: a name (greet) or a name path (Greeter/greet)');
}

// The longest segment of the name path: every file that defines the symbol holds it.
function prefilterText(name: string, normalise: (query: string) => string): string {
  return normalise(name).split('/').reduce((longest, segment) => (segment.length > longest.length ? segment : longest), '');
}

async function run(args: SymbolsArgs, ctx: CommandContext): Promise<SymbolsData> {
  checkArgs(args);
  const target = ctx.path(args.dir);
  if (target.kind !== 'dir' && target.kind !== 'file') throw fail('C210', `${args.dir} is neither a folder nor a file`);
  if (ctx.workspace.isHiddenFromReaders(target.rel)) throw notAccessible(args.dir);
  const [{ listCodeFiles }, { indexFiles }, { normaliseNamePath }, { stateDirFor }, { sharedParsers }, { sharedIndexStore }] = await Promise.all([
    import('../code/index/list.js'), import('../code/index/code-index.js'), import('../code/outline.js'), import('../engine/state-dir.js'), import('../code/parsers.js'), import('../code/index/store.js'),
  ]);
  const wanted = normaliseNamePath(args.name);
  const listed = await listCodeFiles({
    workspace: ctx.workspace,
    nonAccessibleGlobs: ctx.config.nonAccessibleGlobs,
    target: { rel: target.rel === '.' ? '' : target.rel, real: target.real, kind: target.kind },
    containing: { text: prefilterText(args.name, normaliseNamePath), caseSensitive: args.mode !== 'substring' },
    maxFiles: MAX_FILES,
    signal: ctx.signal,
    warn: (message) => ctx.warn(message),
  });
  const stateDir = ctx.stateDir ?? stateDirFor(ctx.workspace.root);
  const index = await indexFiles({ workspace: ctx.workspace, stateDir, files: listed.files, listed: true, signal: ctx.signal, parsers: sharedParsers(ctx), store: sharedIndexStore(ctx, stateDir) });
  const kinds = args.kind === undefined ? undefined : new Set(args.kind.split(',').map((kind) => kind.trim().toLowerCase()).filter((kind) => kind !== ''));
  const lower = wanted.toLowerCase();
  const hits: SymbolHit[] = [];
  for (const file of index.files) {
    for (const symbol of file.entry.symbols ?? []) {
      const matched = args.mode === 'exact' ? symbol.namePath === wanted
        : args.mode === 'suffix' ? symbol.namePath === wanted || symbol.namePath.endsWith(`/${wanted}`)
          : symbol.namePath.toLowerCase().includes(lower);
      if (!matched || (kinds !== undefined && !kinds.has(symbol.kind))) continue;
      const { namePath, kind, startLine, endLine, signature } = symbol;
      hits.push({ path: file.path, namePath, kind, startLine, endLine, signature });
    }
  }
  const { items, offset, total, nextOffset } = pageOf(hits, args.offset, args.maxResults ?? DEFAULT_RESULTS);
  if (args.body) await addBodies(items, ctx);
  return {
    name: args.name, dir: target.rel, mode: args.mode, symbols: items, offset, total, nextOffset,
    truncated: nextOffset !== null || listed.truncated, filesSearched: listed.files.length, skipped: index.skipped,
  };
}

async function addBodies(hits: SymbolHit[], ctx: CommandContext): Promise<void> {
  const { readCodeFile } = await import('../code/index/read-code.js');
  const texts = new Map<string, string[] | undefined>();
  for (const hit of hits) {
    if (!texts.has(hit.path)) {
      const code = await readCodeFile(ctx.workspace, await ctx.workspace.resolve(hit.path, 'read')).catch(() => undefined);
      texts.set(hit.path, code !== undefined && 'text' in code ? code.text.split('\n') : undefined);
    }
    const lines = texts.get(hit.path);
    if (lines !== undefined) hit.body = lines.slice(hit.startLine - 1, hit.endLine).join('\n');
  }
}

function format(data: SymbolsData): string {
  const out: string[] = [];
  if (data.symbols.length === 0) out.push(`no symbol matches ${data.name} (${data.mode}) in ${data.filesSearched} source file${data.filesSearched === 1 ? '' : 's'} under ${data.dir}`);
  for (const hit of data.symbols) {
    out.push(`${hit.path}:${symbolLine(hit)}`);
    if (hit.body !== undefined) out.push(hit.body);
  }
  return [...out, ...pageFooter(data)].join('\n');
}

export const symbolsCommand = defineCommand({
  name: 'symbols',
  parsesMany: true,
  aliases: ['find_symbol', 'search_symbols', 'workspace_symbols', 'find_definition'],
  summary: 'Find definitions by name path across code files: kind, file:lines, first line, optional body',
  guide: 'search finds every textual use.',
  flags,
  flagAliases: { symbol: 'name', namePath: 'name', query: 'name', path: 'dir', includeBody: 'body', skip: 'offset' },
  positional: 'name',
  examples: ['symbols --name Greeter/greet --body', 'symbols --name handle --dir src --kind function,method'],
  effect: 'read',
  effectArgs: [],
  annotations: { readOnly: true, destructive: false, idempotent: true },
  check: checkArgs,
  touches: (args) => [{ path: args.dir, access: 'list' }],
  run,
  format,
});
