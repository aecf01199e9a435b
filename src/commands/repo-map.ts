import * as z from 'zod/mini';
import { described, optionalText, wholeOr } from '../engine/schema.js';
import { defineCommand, type CommandContext } from '../engine/command.js';
import { fail } from '../engine/errors.js';
import { notAccessible } from '../workspace/refusals.js';

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
  const [{ listCodeFiles }, { indexFiles }, { rankTop, renderMap, GraphMemo }, { stateDirFor }, { sharedParsers }, { sharedIndexStore }] = await Promise.all([
    import('../code/index/list.js'), import('../code/index/code-index.js'), import('../code/repo-map.js'), import('../engine/state-dir.js'), import('../code/parsers.js'), import('../code/index/store.js'),
  ]);
  const listed = await listCodeFiles({
    workspace: ctx.workspace,
    nonAccessibleGlobs: ctx.config.nonAccessibleGlobs,
    target: { rel: target.rel === '.' ? '' : target.rel, real: target.real, kind: 'dir' },
    maxFiles: MAX_FILES,
    signal: ctx.signal,
    warn: (message) => ctx.warn(message),
  });
  if (listed.truncated) ctx.warn(`repo-map looked at the first ${MAX_FILES} source files only; map a subfolder with --dir`);
  const stateDir = ctx.stateDir ?? stateDirFor(ctx.workspace.root);
  const index = await indexFiles({ workspace: ctx.workspace, stateDir, files: listed.files, signal: ctx.signal, parsers: sharedParsers(ctx), store: sharedIndexStore(ctx, stateDir) });
  const focusPaths = list(args.focus).map((each) => ctx.workspace.relative(ctx.workspace.contains(each) ? each : `${ctx.workspace.root}/${each}`));
  // A page holds at most budget + 1 symbols (each line costs at least one token; the first is always shown).
  const memo = ctx.memo('repo-map-graph', () => new GraphMemo());
  const { ranked, total } = rankTop(index.files, { paths: focusPaths, names: list(args.names) }, args.offset + args.budget + 1, memo);
  const page = renderMap(ranked, args.offset, args.budget);
  const end = args.offset + page.used;
  return {
    dir: target.rel, map: page.text, tokens: page.tokens, budget: args.budget, symbols: page.used, offset: args.offset, total,
    nextOffset: end < total ? end : null, files: index.files.length, parsed: index.parsed, threads: index.threads, skipped: index.skipped,
  };
}

function format(data: RepoMapData): string {
  const foot = data.nextOffset === null ? '' : `\n… ${data.total - data.nextOffset} more symbols: --offset ${data.nextOffset}`;
  const skipped = data.skipped.length === 0 ? '' : `\nskipped ${data.skipped.length} file${data.skipped.length === 1 ? '' : 's'} (too large, minified or generated)`;
  return `${data.map === '' ? `no definitions in ${data.files} source files under ${data.dir}` : data.map}${foot}${skipped}`;
}

export const repoMapCommand = defineCommand({
  name: 'repo-map',
  aliases: ['repo_map', 'repomap', 'code_map', 'map'],
  summary: 'Ranked map of the repository\'s definitions: within a token budget, personalised by the files and names in play',
  guide: 'For orientation in an unfamiliar repository.',
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
