import { mkdirSync, readdirSync, renameSync, statSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { removeLayout } from '../../sandbox/overlay.js';

// The versions a staged run wrote that were not applied (protected, non-accessible, a conflict) are
// moved out of the upper folder into a `kept-…` folder of the state folder's `stage/`, named in the
// result for the person to review. They are pruned there: a kept folder older than KEPT_MAX_DAYS goes,
// and of the rest only the newest KEPT_MAX_FOLDERS stay (README "Staged commands").
export const KEPT_MAX_DAYS = 7;
export const KEPT_MAX_FOLDERS = 20;

const KEPT = /^kept-/;

// Removes the kept folders beyond the caps (oldest first); `now` for tests.
export function pruneKept(stageDir: string, now = Date.now()): void {
  let names: string[];
  try {
    names = readdirSync(stageDir).filter((name) => KEPT.test(name));
  } catch {
    return;
  }
  const aged = names.map((name) => ({ path: join(stageDir, name), mtimeMs: statSync(join(stageDir, name), { throwIfNoEntry: false })?.mtimeMs ?? 0 })).sort((a, b) => b.mtimeMs - a.mtimeMs);
  aged.forEach((folder, index) => {
    if (index >= KEPT_MAX_FOLDERS || now - folder.mtimeMs > KEPT_MAX_DAYS * 24 * 3600 * 1000) removeLayout(folder.path);
  });
}

// Moves each `source` (in a run folder of `stageDir`) to a new kept folder under its workspace path;
// returns that folder, or undefined when there was nothing to keep.
export function keepFiles(stageDir: string, tag: string, files: readonly { readonly rel: string; readonly source: string }[]): string | undefined {
  if (files.length === 0) return undefined;
  pruneKept(stageDir);
  const kept = join(stageDir, `kept-${new Date().toISOString().replace(/[:.]/g, '-')}-${tag}`);
  for (const { rel, source } of files) {
    const to = join(kept, rel);
    mkdirSync(dirname(to), { recursive: true, mode: 0o700 });
    renameSync(source, to);
  }
  return kept;
}
