// The structural rule of R11-6 (red team round 11): when a hook runs a runner the walk cannot follow
// (hook-unmodeled.ts), every file of the runner-executed kinds (runner-kinds.ts) in the work tree is obeyed,
// as a glob (one made later counts) and as the files found now, with what each one's parser names and the
// command lines it holds (obeyed-hooks.ts follows those like a hook's own, from the file's folder). A bounded
// walk that enters no symlinked folder, node_modules or .git (hook-listing.ts); every folder listed is a
// source of the cache (a file added later changes its folder's stamp).
import { relative, resolve } from 'node:path';
import { lazyMatcher as picomatch } from '../workspace/picomatch.js';
import { findInTree } from './hook-listing.js';
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
  // Why the listing did not see the whole tree (a bound): files of those kinds past it are unread.
  readonly cut?: string;
}

// One glob per row over workspace-relative paths (a name with `/` matches that path ending); an extglob
// `@(a|b)` compiles faster than braces (the write gate compiles each glob per check).
const GLOBS = RUNNER_KINDS.map((row) => (row.names.length === 1 ? `**/${row.names[0]!}` : `**/@(${row.names.join('|')})`));
const MATCHERS = GLOBS.map((glob) => picomatch(glob, { dot: true }));

export function runnerKindFiles(top: string, read: Read): Fallback {
  const matched = (rel: string): number => MATCHERS.findIndex((matches) => matches(rel));
  let cut: string | undefined;
  const { found, looked } = findInTree(top, (rel) => matched(rel) >= 0, (name) => !SKIP.has(name), WALK, (why) => (cut = why));
  const parts = found.map((path) => ({ path, parts: RUNNER_KINDS[matched(relative(top, path).split('\\').join('/'))]!.parse?.(path, top, read) ?? { lines: [], named: [] } }));
  return { globs: GLOBS.map((glob) => resolve(top, glob)), found: parts, looked, ...(cut === undefined ? {} : { cut }) };
}
