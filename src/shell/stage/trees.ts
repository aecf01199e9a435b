import { lstatSync } from 'node:fs';
import { dirname } from 'node:path';
import type { StageOps } from './journal.js';
import type { StagePlan } from './plan-types.js';
import type { UpperEntry } from './upper.js';

// A folder a staged command created (not in the workspace before) with nothing below it set aside by the
// write gate, no conflict, no special file and no whiteout is applied by ONE rename of its folder in the
// upper folder (move.ts) instead of a mkdir per folder and a rename per file: a staged `npm ci` writes
// ~22,000 files in ~3,000 folders (bench/stage.mjs), and the run folder is then nearly empty to remove.
// The files below it are still each judged (plan.ts) and each in the checkpoint step; only the moving
// is folded. A folder below it whose mode the plan changes (world-writable bits cleared) or that the
// command made without owner access (opened to read the upper folder, upper.ts) gets its mode after.

// The topmost clean created folders (relative), and which relative paths lie in one.
export interface Trees {
  readonly roots: readonly { readonly rel: string; readonly source: string }[];
  within(rel: string): boolean;
}

function ancestors(rel: string): string[] {
  const out: string[] = [];
  for (let parent = dirname(rel); parent !== '.' && parent !== '/'; parent = dirname(parent)) out.push(parent);
  return out;
}

export function foldTrees(plan: StagePlan, entries: readonly UpperEntry[]): Trees {
  // Folders with something below (or at) them that is not simply moved.
  const dirty = new Set<string>();
  const taint = (rel: string): void => {
    dirty.add(rel);
    for (const parent of ancestors(rel)) dirty.add(parent);
  };
  for (const aside of plan.aside) taint(aside.rel);
  for (const each of plan.deletes) taint(each.rel);
  for (const entry of entries) if (entry.kind === 'whiteout' || entry.kind === 'other') taint(entry.rel);
  const roots = new Map<string, string>();
  const inside = (rel: string): boolean => ancestors(rel).some((parent) => roots.has(parent));
  const sources = new Map(entries.flatMap((entry) => (entry.kind === 'dir' ? [[entry.rel, entry.source] as const] : [])));
  for (const folder of plan.folders) {
    const source = sources.get(folder.rel);
    if (folder.before !== null || source === undefined || dirty.has(folder.rel) || inside(folder.rel)) continue;
    roots.set(folder.rel, source);
  }
  return { roots: [...roots].map(([rel, source]) => ({ rel, source })), within: (rel) => roots.has(rel) || inside(rel) };
}

// The folder operations of a plan with trees: a folder in a tree is not made (the rename brings it),
// only given the mode the plan wants where its folder in the upper folder has another now.
export function folderOps(plan: StagePlan, trees: Trees, entries: readonly UpperEntry[]): StageOps['folders'] {
  const sources = new Map(entries.flatMap((entry) => (entry.kind === 'dir' ? [[entry.rel, entry.source] as const] : [])));
  return plan.folders.flatMap(({ rel, mode }) => {
    if (!trees.within(rel)) return [{ rel, mode }];
    const source = sources.get(rel);
    return source === undefined || (lstatSync(source).mode & 0o7777) === mode ? [] : [{ rel, mode, moved: true as const }];
  });
}
