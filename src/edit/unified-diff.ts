// Unified-diff application: parse leniently, locate hunks with drift, apply all or nothing. Pure: the
// caller reads the files (diffTargets says which) and writes the results.
import { fail, isCodewardError } from '../engine/errors.js';
import { applyFilePatch } from './diff-apply.js';
import type { AppliedFile, FilePatch } from './diff-types.js';
import { patchTarget } from './diff-types.js';

export { applyFilePatch } from './diff-apply.js';
export { parseUnifiedDiff } from './diff-parse.js';
export type { AppliedFile, FilePatch, Hunk, HunkReport } from './diff-types.js';
export { diffCandidates, diffTargets, patchTarget, prefixStripped } from './diff-types.js';

// Applies every patch (path → current text, null or absent = missing) or none: the first failure throws
// C222 naming its file. Patches for the same path apply in sequence, each to the previous result.
export function applyUnifiedDiff(files: ReadonlyMap<string, string | null>, patches: readonly FilePatch[]): Map<string, AppliedFile> {
  const results = new Map<string, AppliedFile>();
  for (const patch of patches) {
    const path = patchTarget(patch);
    const previous = results.get(path);
    const current = previous !== undefined ? previous.text : files.get(path) ?? null;
    let applied: AppliedFile;
    try {
      applied = applyFilePatch(current, patch);
    } catch (error) {
      if (!isCodewardError(error) || patches.length === 1) throw error;
      const others = new Set(patches.map(patchTarget)).size - 1;
      const note = others > 0 ? `\nNo file was changed: a diff of several files applies all or nothing (${others} other file${others === 1 ? '' : 's'} not written).` : '';
      throw fail(error.code, `${error.message}${note}`, error.data);
    }
    results.set(path, { text: applied.text, hunks: previous === undefined ? applied.hunks : [...previous.hunks, ...applied.hunks] });
  }
  return results;
}
