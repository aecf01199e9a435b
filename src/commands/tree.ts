import * as z from 'zod/mini';
import { described, flag, optionalText, whole, wholeOr } from '../engine/schema.js';
import { defineCommand, type CommandContext } from '../engine/command.js';
import { fail } from '../engine/errors.js';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { stateDirFor } from '../engine/state-dir.js';
import { walkTree, type Listed, type TreeEntry, type WalkOptions } from './tree-walk.js';
import { plural, visibleName } from './render.js';

const flags = z.strictObject({
  dir: described(z._default(z.string(), '.'), 'folder to list'),
  maxDepth: whole(1, '1 lists direct children only'),
  maxEntries: wholeOr(1, 2000, 'stop after this many entries'),
  glob: optionalText('gitignore-style pattern relative to --dir, e.g. "src/**/*.go"'),
  includeHidden: flag('also dot-files, node_modules, vendor, gitignored paths'),
  ignore: optionalText('names or globs to leave out, comma-separated: "dist, *.log"'),
});

type TreeArgs = z.infer<typeof flags>;

export interface TreeData {
  dir: string;
  entries: TreeEntry[];
  truncated: boolean;
}

async function run(args: TreeArgs, ctx: CommandContext): Promise<TreeData> {
  const root = ctx.path(args.dir);
  if (root.kind !== 'dir') throw fail('C210', `${args.dir} is not a folder; read a file with: read --file ${args.dir}`);
  // --ignore's names and globs: loaded only when given.
  const ignoreName = args.ignore === undefined ? undefined : (await import('./tree-ignore.js')).ignoredNames(args.ignore);
  const options: WalkOptions = {
    workspace: ctx.workspace,
    dir: root.real,
    maxDepth: args.maxDepth,
    maxEntries: args.maxEntries,
    glob: args.glob,
    includeHidden: args.includeHidden,
    ...(ignoreName === undefined ? {} : { ignoreName }),
    signal: ctx.signal,
  };
  // The kept listing (tree-kept.ts: TREE_LISTING, KEEP_FOLDERS) once a walk was worth keeping; else a walk, kept
  // when it opened enough folders. The module loads only then: a small tree's call never loads it.
  const state = ctx.stateDir ?? stateDirFor(ctx.workspace.root);
  const record: Listed[] = [];
  // The walk's start: what changed after it is stamped as changed within the racy window (a served engine's or a
  // test worker's process started long before: its start would mark every path so, and nothing was ever kept).
  const started = (ctx.clock ?? Date.now)();
  const { entries, truncated } = existsSync(join(state, 'tree-listing.json')) ? await (await import('./tree-kept.js')).keptTree(options, args.ignore, state, ctx.lasting, ctx.clock) : await walkTree({ ...options, record });
  if (record.length >= 32) (await import('./tree-kept.js')).keepWalk(options, args.ignore, state, record, started);
  return { dir: root.rel, entries, truncated };
}

function format(data: TreeData): string {
  const prefix = data.dir === '.' ? '' : `${data.dir}/`;
  const lines = data.entries.map((entry) => {
    const inside = entry.path.slice(prefix.length);
    const depth = inside.split('/').length - 1;
    const name = inside.slice(inside.lastIndexOf('/') + 1);
    const suffix = entry.type === 'dir' ? '/' : entry.type === 'symlink' ? '@' : '';
    return `${'  '.repeat(depth)}${visibleName(name)}${suffix}${entry.nonAccessible ? '  [not accessible]' : ''}`;
  });
  if (lines.length === 0) lines.push('(empty)');
  if (data.truncated) lines.push(`[stopped at ${plural(data.entries.length, 'entry', 'entries')}; narrow with --dir, --glob or --max-depth]`);
  return [`${data.dir === '.' ? '.' : data.dir}/`, ...lines].join('\n');
}

export const treeCommand = defineCommand({
  name: 'tree',
  aliases: ['list_directory', 'list_dir', 'listdir', 'ls', 'directory_tree'],
  summary: 'List a folder as a tree (gitignore-aware; skips .git, node_modules, dot-files)',
  guide: 'For one large folder with sizes, use list; to find files by content, search.',
  flags,
  positional: 'dir',
  promptFlags: ['dir', 'maxDepth', 'glob'],
  examples: ['tree', 'tree --dir src --glob "*.ts"', 'tree --max-depth 2', 'tree --ignore "dist,coverage"'],
  effect: 'read',
  effectArgs: [],
  annotations: { readOnly: true, destructive: false, idempotent: true },
  touches: (args) => [{ path: args.dir, access: 'list' }],
  run,
  format,
});
