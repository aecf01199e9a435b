// What `references` and `rename-symbol` share: find the one symbol, list the files under --dir whose text
// holds its name (ripgrep's walk: gitignore, hidden files and the non-accessible globs applied as for
// search), read each through the jail with the index's budgets, and label every hit (references.ts).
import type { CommandContext } from '../engine/command.js';
import { fail } from '../engine/errors.js';
import { notAccessible } from '../workspace/refusals.js';
import { LANGUAGES } from './languages.js';
import { flattenSymbols, oneSymbol, outlineOf, type CodeSymbol } from './outline.js';
import { sharedParsers, type CodeParsers } from './parsers.js';
import { findReferences, type ReferenceHit, type ReferenceLabel, type SourceFile } from './references.js';
import { ofKind } from './symbol-edit-run.js';

// Files a reference search reads (after ripgrep's name prefilter); past it the result says it stopped.
export const MAX_REFERENCE_FILES = 5_000;
// The languages whose imports may go through TypeScript's path aliases.
const JS_FAMILY: ReadonlySet<string> = new Set(['javascript', 'typescript', 'tsx']);

export interface ReferenceArgs {
  readonly file: string;
  readonly symbol: string;
  readonly kind?: string | undefined;
  readonly dir: string;
  readonly textual: boolean;
}

export interface Gathered {
  readonly path: string;
  readonly symbol: CodeSymbol;
  readonly hits: ReferenceHit[];
  // The text of every file read, by workspace-relative path.
  readonly texts: Map<string, string>;
  readonly parsers: CodeParsers;
  readonly filesSearched: number;
  readonly truncated: boolean;
  readonly skipped: { path: string; reason: string }[];
}

const order = (a: ReferenceHit, b: ReferenceHit, first: string): number =>
  Number(b.definition === true) - Number(a.definition === true)
  || Number(b.path === first) - Number(a.path === first)
  || (a.path < b.path ? -1 : a.path > b.path ? 1 : a.start - b.start);

export async function gatherReferences(ctx: CommandContext, args: ReferenceArgs): Promise<Gathered> {
  const [{ readCodeFile }, { listCodeFiles }] = await Promise.all([import('./index/read-code.js'), import('./index/list.js')]);
  const defining = ctx.path(args.file);
  if (defining.kind !== 'file') throw fail('C211', `${args.file}: no such file, or not accessible`);
  const code = await readCodeFile(ctx.workspace, defining);
  if ('skip' in code) throw fail('C210', `${args.file} is not read as code (${code.skip})`);
  const parsers = sharedParsers(ctx);
  const symbols = await outlineOf(parsers, defining.real, code.text);
  if (symbols === undefined) throw fail('C210', `${args.file} is not a file codeward reads as code (endings: ${LANGUAGES.flatMap((language) => language.extensions).join(' ')})`);
  const symbol = oneSymbol(ofKind(symbols, args.kind), args.symbol, defining.rel);
  const outerPath = symbol.namePath.split('/').slice(0, -1).join('/');
  const outer = outerPath === '' ? undefined : flattenSymbols(symbols).find((each) => each.namePath === outerPath);
  const target = ctx.path(args.dir);
  if (target.kind !== 'dir' && target.kind !== 'file') throw fail('C210', `${args.dir} is neither a folder nor a file`);
  if (ctx.workspace.isHiddenFromReaders(target.rel)) throw notAccessible(args.dir);
  const listed = await listCodeFiles({
    workspace: ctx.workspace, nonAccessibleGlobs: ctx.config.nonAccessibleGlobs,
    target: { rel: target.rel === '.' ? '' : target.rel, real: target.real, kind: target.kind },
    containing: { text: symbol.name, caseSensitive: true }, maxFiles: MAX_REFERENCE_FILES, signal: ctx.signal, warn: (message) => ctx.warn(message),
  });
  const texts = new Map<string, string>([[defining.rel, code.text]]);
  const others: SourceFile[] = [];
  const skipped: { path: string; reason: string }[] = [];
  for (const rel of listed.files) {
    if (rel === defining.rel || ctx.workspace.isHiddenFromReaders(rel) || ctx.signal.aborted) continue;
    const other = await readCodeFile(ctx.workspace, await ctx.workspace.resolve(rel, 'read')).catch((error: unknown) => ({ skip: `unreadable: ${error instanceof Error ? error.message : String(error)}` }));
    if ('skip' in other) skipped.push({ path: rel, reason: other.skip });
    else {
      texts.set(rel, other.text);
      others.push({ path: rel, text: other.text });
    }
  }
  const scripts = others.filter((file) => JS_FAMILY.has(parsers.languageOf(file.path)?.id ?? '')).map((file) => file.path);
  const aliases = scripts.length === 0 ? undefined : await (await import('./ts-paths.js')).loadAliases(ctx.workspace, scripts);
  const found = await findReferences({ parsers, defining: { path: defining.rel, text: code.text }, symbol, others, prose: args.textual, ...(outer === undefined ? {} : { outer }), ...(aliases === undefined ? {} : { aliases }) });
  const hits = found.sort((a, b) => order(a, b, defining.rel));
  return { path: defining.rel, symbol, hits, texts, parsers, filesSearched: listed.files.length, truncated: listed.truncated, skipped };
}

export function countLabels(hits: readonly ReferenceHit[]): Record<ReferenceLabel, number> {
  const counts: Record<ReferenceLabel, number> = { resolved: 0, imported: 0, textual: 0 };
  for (const hit of hits) counts[hit.label] += 1;
  return counts;
}
