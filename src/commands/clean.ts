import { readdirSync, type Dirent } from 'node:fs';
import { lstat, unlink } from 'node:fs/promises';
import { join } from 'node:path';
import picomatch from '../workspace/picomatch.js';
import * as z from 'zod/mini';
import { described, flag } from '../engine/schema.js';
import { defineCommand, type CommandContext } from '../engine/command.js';
import { fail, toCodewardError } from '../engine/errors.js';
import { relabel, type Beneath, type DirHandle } from '../workspace/beneath.js';
import { plural, visibleName } from './render.js';
import { immunePath } from '../permissions/immune-paths.js';

const flags = z.strictObject({
  dir: described(z._default(z.string(), '.'), 'folder to clean (recursively)'),
  pattern: described(z._default(z.string().check(z.minLength(1)), '*.bak'), 'file-name glob of the files to remove'),
  dryRun: flag('only list what would be removed (asks no approval)'),
  force: flag('remove for real where clean only lists (the ChatCLI plugin)'),
});

type CleanArgs = z.infer<typeof flags>;

export interface CleanData {
  removed: string[];
  dryRun: boolean;
}

const SKIPPED_FOLDERS = new Set(['.git', 'node_modules']);

// Regular files (and links, never followed) whose name matches, below the folder `dir` holds; folders
// are opened through their parent's handle, never through a symlink (workspace/beneath.ts).
function findMatches(jail: Beneath, dir: DirHandle, matches: (name: string) => boolean, signal: AbortSignal, found: string[]): void {
  if (signal.aborted) return;
  let dirents: Dirent[];
  try {
    dirents = readdirSync(dir.path, { withFileTypes: true });
  } catch (error) {
    throw toCodewardError(relabel(error, dir), `cannot list ${dir.real}`);
  }
  dirents.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
  for (const dirent of dirents) {
    if (dirent.isDirectory()) {
      if (SKIPPED_FOLDERS.has(dirent.name)) continue;
      const child = jail.openChild(dir, dirent.name);
      if (child === undefined) continue;
      try {
        findMatches(jail, child, matches, signal, found);
      } finally {
        child.close();
      }
    } else if ((dirent.isFile() || dirent.isSymbolicLink()) && matches(dirent.name)) {
      found.push(join(dir.real, dirent.name));
    }
  }
}


// clean is for leftovers; a pattern that would also match ordinary source files is a mistake.
const ORDINARY_NAMES = ['index.ts', 'main.go', 'README.md', 'Makefile', 'package.json', '.gitignore'];

// Usage errors (exit 2), found before anything is touched or asked.
function checkFlags(args: CleanArgs): void {
  if (args.force && args.dryRun) throw fail('C210', 'use either --dry-run (only list) or --force (remove), not both: drop one of them');
  const matches = picomatch(args.pattern, { dot: true });
  const ordinary = ORDINARY_NAMES.find((name) => matches(name));
  if (ordinary) throw fail('C210', `--pattern "${args.pattern}" would also remove ordinary files such as ${ordinary}; use a backup pattern like "*.bak"`);
}

async function run(args: CleanArgs, ctx: CommandContext): Promise<CleanData> {
  checkFlags(args);
  const root = ctx.path(args.dir);
  if (root.kind !== 'dir') throw fail('C210', `${args.dir} is not a folder; clean looks below a folder (--dir), and one file is removed with: delete --paths '${JSON.stringify([args.dir])}'`);
  const matches = picomatch(args.pattern, { dot: true });
  const found: string[] = [];
  const jail = ctx.workspace.jail;
  const start = jail.openDir(root.real, { input: args.dir });
  try {
    findMatches(jail, start, matches, ctx.signal, found);
  } finally {
    start.close();
  }
  const removed: string[] = [];
  const safe = found.filter((path) => {
    const rel = ctx.workspace.relative(path);
    // The gate judged only the folder: a file in a safety-immune place (.git/, .codeward/, policy files,
    // files other tools obey) is never removed by a pattern, --yes or not; a person removes it by name.
    const immune = immunePath(rel, true);
    if (immune) {
      ctx.warn(`kept ${rel}: ${immune.description} is safety-immune; remove it yourself if you mean it`);
      return false;
    }
    if (!ctx.workspace.isNonAccessible(rel)) return true;
    ctx.warn(`kept ${rel}: it matches a non-accessible glob`);
    return false;
  });
  // The gate judged the folder: a file a rule of the person denies is kept and named (ctx.permitted), the
  // rest are removed (red team R8-7: `--deny '@coder * prod.conf'` did not keep prod.conf).
  const { allowed: kept, denied } = await ctx.permitted(safe, 'delete');
  for (const { real, message } of denied) ctx.warn(`kept ${ctx.workspace.relative(real)}: ${message}`);
  // Every removed file in one step: one undo brings them all back.
  const remove = async (): Promise<void> => {
    for (const path of kept) await removeOne(path);
  };
  const removeOne = async (path: string): Promise<void> => {
    const rel = ctx.workspace.relative(path);
    if (!args.dryRun) {
      // Re-check right before removing, through the parent's handle: only a file or a link itself is ever
      // unlinked, never a folder, and never anything reached through a link swapped in meanwhile.
      const gone = await jail.at(path, async (at) => {
        if ((await lstat(at)).isDirectory()) return false;
        await unlink(at);
        return true;
      }, { input: rel }).catch((error: unknown) => {
        if ((error as { code?: string }).code === 'ENOENT' || (error as { code?: string }).code === 'C211') return false;
        throw error;
      });
      if (!gone) return;
    }
    removed.push(rel);
  };
  if (args.dryRun) await remove();
  else if (await ctx.intend(kept.map((path) => ({ path, after: null })))) return { removed: kept.map((path) => ctx.workspace.relative(path)), dryRun: false };
  else await (await import('../files/checkpoints/record.js')).checkpointed(ctx, 'clean', kept, remove);
  return { removed, dryRun: args.dryRun };
}

function format(data: CleanData): string {
  if (data.removed.length === 0) return 'nothing to clean';
  const head = data.dryRun ? `would remove ${plural(data.removed.length, 'file')} (dry run):` : `removed ${plural(data.removed.length, 'file')}:`;
  return [head, ...data.removed.map((path) => `  ${visibleName(path)}`)].join('\n');
}

export const cleanCommand = defineCommand({
  name: 'clean',
  aliases: ['clean_backups'],
  summary: 'Remove .bak backups (or files matching --pattern) below a folder (undoable); --dry-run only lists them',
  flags,
  positional: 'dir',
  examples: ['clean', 'clean --dry-run', 'clean --dir src --pattern "*.orig"', 'clean --force --dir src'],
  effect: 'destructive',
  effectArgs: ['pattern', 'force'],
  dryRun: true,
  // A dry run only lists names: it is judged like tree (no approval), a real clean like delete.
  effectOf: (args) => (args.dryRun ? 'read' : 'destructive'),
  annotations: { readOnly: false, destructive: true, idempotent: true },
  check: checkFlags,
  touches: (args) => [{ path: args.dir, access: 'list' }],
  run,
  format,
});
