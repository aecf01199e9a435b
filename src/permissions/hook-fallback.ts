// The structural rule of R11-6 (red team round 11): when a hook runs a runner the walk cannot follow
// (hook-unmodeled.ts), every file of the runner-executed kinds (runner-kinds.ts) in the work tree is obeyed,
// as a glob (one made later counts) and as the files found now, with what each one's parser names and the
// command lines it holds (obeyed-hooks.ts follows those like a hook's own, from the file's folder). A bounded
// walk that enters no symlinked folder, node_modules or .git (hook-listing.ts); every folder listed is a
// source of the cache (a file added later changes its folder's stamp).
import { join, relative, resolve } from 'node:path';
import picomatch from 'picomatch';
import { listReal, realTops } from './hook-listing.js';
import { RUNNER_KINDS, type KindParts } from './runner-kinds.js';
import type { Read } from './hook-tasks.js';

const WALK = { depth: 8, entries: 20_000, files: 512 };
const SKIP = new Set(['node_modules', '.git', '.venv', 'venv', '__pycache__', 'target', 'dist', '.tox', '.nox']);

export interface Fallback {
  // Absolute globs, one per row.
  readonly globs: string[];
  // The files of those kinds found now (absolute) with what each names and runs.
  readonly found: { path: string; parts: KindParts }[];
  readonly looked: string[];
}

// One glob per row over workspace-relative paths (a name with `/` matches that path ending); an extglob
// `@(a|b)` compiles faster than braces (the write gate compiles each glob per check).
const GLOBS = RUNNER_KINDS.map((row) => (row.names.length === 1 ? `**/${row.names[0]!}` : `**/@(${row.names.join('|')})`));
const MATCHERS = GLOBS.map((glob) => picomatch(glob, { dot: true }));

export function runnerKindFiles(top: string, read: Read): Fallback {
  const found: Fallback['found'] = [];
  const looked: string[] = [];
  // Each folder with its real path: the top's, then a parent's joined with a name listed as a folder (no link).
  const queue: { dir: string; real: string; depth: number }[] = [{ dir: top, real: realTops([top])[0]!, depth: 0 }];
  let budget = WALK.entries;
  for (let at = 0; at < queue.length && budget > 0 && found.length < WALK.files; at++) {
    const { dir, real, depth } = queue[at]!;
    looked.push(dir);
    const entries = listReal(real);
    budget -= entries.length;
    for (const entry of entries) {
      const path = join(dir, entry.name);
      const rel = relative(top, path).split('\\').join('/');
      const row = MATCHERS.findIndex((matches) => matches(rel));
      if (row >= 0 && found.length < WALK.files) found.push({ path, parts: RUNNER_KINDS[row]!.parse?.(path, top, read) ?? { lines: [], named: [] } });
      if (entry.isDirectory() && depth < WALK.depth && !SKIP.has(entry.name)) queue.push({ dir: path, real: join(real, entry.name), depth: depth + 1 });
    }
  }
  return { globs: GLOBS.map((glob) => resolve(top, glob)), found, looked };
}
