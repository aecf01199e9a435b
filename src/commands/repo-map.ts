import * as z from 'zod/mini';
import { described, optionalText, wholeOr } from '../engine/schema.js';
import { defineCommand, type CommandContext } from '../engine/command.js';
import { fail } from '../engine/errors.js';
import { notAccessible } from '../workspace/refusals.js';
import type { IndexedFile } from '../code/index/code-index.js';
import type { MapPage } from '../code/repo-map-pages.js';
import type { GraphMemo } from '../code/repo-map-memo.js';

const MAX_FILES = 50_000;

const flags = z.strictObject({
  budget: wholeOr(64, 1024, 'tokens (characters / 4)'),
  focus: optionalText('files or folders in play, comma-separated'),
  names: optionalText('names in play, comma-separated'),
  dir: described(z._default(z.string(), '.'), 'folder'),
  offset: wholeOr(0, 0, 'skip this many symbols: a cut map names the next --offset'),
});

type RepoMapArgs = z.infer<typeof flags>;

export interface RepoMapData {
  dir: string;
  map: string;
  // Estimated tokens of `map` (characters / 4) and the budget asked for.
  tokens: number;
  budget: number;
  symbols: number;
  offset: number;
  total: number;
  nextOffset: number | null;
  files: number;
  parsed: number;
  // Worker threads that parsed (0: this thread).
  threads: number;
  skipped: { path: string; reason: string }[];
}

function list(value: string | undefined): string[] {
  return (value ?? '').split(',').map((each) => each.trim()).filter((each) => each !== '');
}

async function run(args: RepoMapArgs, ctx: CommandContext): Promise<RepoMapData> {
  const target = ctx.path(args.dir);
  if (target.kind !== 'dir') throw fail('C210', `${args.dir} is not a folder; repo-map maps a folder (outline --file maps one file)`);
  if (ctx.workspace.isHiddenFromReaders(target.rel)) throw notAccessible(args.dir);
  const [{ keptCodeListing }, { indexFiles }, { MapPages, pageKey }, { stateDirFor }, { sharedParsers }, { sharedIndexStore }, { fromMemo, fromSavedGraph, saveGraph, seedStamps }, { KeptStamps }, { lastingMemo }] = await Promise.all([
    import('../code/index/kept-listing.js'), import('../code/index/code-index.js'), import('../code/repo-map-pages.js'), import('../engine/state-dir.js'), import('../code/parsers.js'), import('../code/index/store.js'),
    import('../code/repo-map-saved.js'), import('../code/index/kept-stamps.js'), import('../code/lasting-memo.js'),
  ]);
  const stateDir = ctx.stateDir ?? stateDirFor(ctx.workspace.root);
  // ripgrep's listing, or the one kept from an earlier call when no folder changed since (kept-listing.ts).
  const request = {
    workspace: ctx.workspace,
    nonAccessibleGlobs: ctx.config.nonAccessibleGlobs,
    target: { rel: target.rel === '.' ? '' : target.rel, real: target.real, kind: 'dir' as const },
    maxFiles: MAX_FILES,
    signal: ctx.signal,
    warn: (message: string) => ctx.warn(message),
  };
  // Every listed file reaches the map only through indexFiles: read through the jail (which refuses a
  // credential store by its content) unless a kept entry has its very stamp (an entry made by such a read).
  const listed = await keptCodeListing({ ...request, readThroughJail: true }, stateDir, ctx.clock);
  if (listed.truncated) ctx.warn(`repo-map looked at the first ${MAX_FILES} source files only; map a subfolder with --dir`);
  const focusPaths = list(args.focus).map((each) => ctx.workspace.relative(ctx.workspace.contains(each) ? each : `${ctx.workspace.root}/${each}`));
  const names = list(args.names);
  // A page asked before of the very same files: served from the state folder (a new process loads no index).
  const pages = new MapPages(stateDir);
  // Sorted (ripgrep lists in any order): the same files give the same key.
  const { files } = listed;
  // One lstat each; a file whose numbers did not change since the engine's last call (a new process: since the
  // saved graph's) keeps its stamp string.
  const keptStamps = lastingMemo(ctx, `repo-map-stamps:${ctx.workspace.root}`, () => new KeptStamps());
  const read = keptStamps.empty ? await seedStamps(keptStamps, stateDir) : undefined;
  const { stamps, numbers } = keptStamps.takeAll(ctx.workspace.root, files);
  const key = pageKey(files, stamps, { dir: target.rel, focus: focusPaths, names, budget: args.budget, offset: args.offset });
  const kept = key === undefined ? undefined : await pages.get(key);
  if (kept !== undefined) return { dir: target.rel, ...kept, budget: args.budget, offset: args.offset, parsed: 0, threads: 0 };
  const { GraphMemo } = await import('../code/repo-map.js');
  const memo = lastingMemo(ctx, `repo-map-graph:${stateDir}`, () => new GraphMemo());
  // Files parsed by this call: the changed ones indexed for the saved graph count even when it could not answer.
  let parsed = 0;
  const indexed = async (some: readonly string[], their: readonly (string | undefined)[]) => {
    const result = await indexFiles({ workspace: ctx.workspace, stateDir, files: some, stamps: their, listed: true, signal: ctx.signal, parsers: sharedParsers(ctx), store: sharedIndexStore(ctx, stateDir) });
    parsed += result.parsed;
    return result;
  };
  // The engine asked again patches its last graph with the files changed since; a new process starts from the
  // graph saved in the state folder, patched the same way.
  const index = await fromMemo(files, stamps, memo, indexed) ?? await fromSavedGraph(stateDir, files, stamps, memo, indexed, read) ?? await indexed(files, stamps);
  const page: MapPage = { ...await rankPage(index.files, focusPaths, names, args, memo), files: index.files.length, skipped: index.skipped };
  if (stamps.every((stamp) => stamp !== undefined)) memo.keep({ listing: files, stamps, skipped: index.skipped });
  // Best effort: a state folder that cannot be written only costs the next process the ranking.
  if (key !== undefined && !ctx.signal.aborted) {
    await saveGraph(stateDir, memo, { listing: files, stamps: stamps as string[], numbers, skipped: index.skipped });
    await pages.set(key, page).catch(() => undefined);
  }
  return { dir: target.rel, ...page, budget: args.budget, offset: args.offset, parsed, threads: index.threads };
}

async function rankPage(files: IndexedFile[], paths: string[], names: string[], args: RepoMapArgs, memo: GraphMemo): Promise<Omit<MapPage, 'files' | 'skipped'>> {
  const { rankTop, renderMap } = await import('../code/repo-map.js');
  // A page holds at most budget + 1 symbols (each line costs at least one token; the first is always shown).
  const { ranked, total } = rankTop(files, { paths, names }, args.offset + args.budget + 1, memo);
  const page = renderMap(ranked, args.offset, args.budget);
  const end = args.offset + page.used;
  return { map: page.text, tokens: page.tokens, symbols: page.used, total, nextOffset: end < total ? end : null };
}

function format(data: RepoMapData): string {
  const foot = data.nextOffset === null ? '' : `\n… ${data.total - data.nextOffset} more symbols: --offset ${data.nextOffset}`;
  const skipped = data.skipped.length === 0 ? '' : `\nskipped ${data.skipped.length} file${data.skipped.length === 1 ? '' : 's'} (too large, minified or generated)`;
  return `${data.map === '' ? `no definitions in ${data.files} source files under ${data.dir}` : data.map}${foot}${skipped}`;
}

export const repoMapCommand = defineCommand({
  name: 'repo-map',
  parsesMany: true,
  aliases: ['repo_map', 'repomap', 'code_map', 'map'],
  summary: 'Ranked map of the repository\'s definitions in a token budget, focused on the files and names in play',
  flags,
  flagAliases: { tokens: 'budget', maxTokens: 'budget', files: 'focus', path: 'dir', skip: 'offset' },
  examples: ['repo-map --budget 2000 --focus src/server'],
  effect: 'read',
  effectArgs: [],
  annotations: { readOnly: true, destructive: false, idempotent: true },
  touches: (args) => [{ path: args.dir, access: 'list' }],
  run,
  format,
});
