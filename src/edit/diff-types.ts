// Data shapes shared by the unified-diff parser and applier.

export interface Hunk {
  // As the header states them; oldLines/newLines are recounted from the body (headers are often wrong).
  oldStart: number;
  oldLines: number;
  newStart: number;
  newLines: number;
  // Body lines with their ' ', '-' or '+' prefix; no line endings.
  lines: string[];
  // `\ No newline at end of file` after a line of the old / new side.
  noNewlineOld: boolean;
  noNewlineNew: boolean;
  // The header as written, for messages (absent for hunks built in code).
  header?: string;
  // The header had no line numbers (`@@ @@`): the hunk is located by its lines alone.
  contextOnly?: boolean;
}

export interface FilePatch {
  // null = /dev/null: the patch creates the file.
  oldPath: string | null;
  // null = /dev/null: the patch deletes the file.
  newPath: string | null;
  hunks: Hunk[];
  // Both headers said the same `a/x` (or `b/x`): `x` if the file `a/x` does not exist (see prefixStripped).
  prefixed?: true;
}

// The patch with the `a/` or `b/` of a `prefixed` pair removed.
export function prefixStripped(patch: FilePatch): FilePatch {
  const strip = (path: string | null): string | null => (path === null ? null : path.slice(2));
  return { oldPath: strip(patch.oldPath), newPath: strip(patch.newPath), hunks: patch.hunks };
}

export interface HunkReport {
  // 1-based, within its FilePatch (as in error messages).
  index: number;
  // The line the header named, and the line the hunk was applied at (1-based; for a hunk without old
  // lines, the line after which it inserted). offset = appliedLine - expectedLine.
  expectedLine: number;
  appliedLine: number;
  offset: number;
  // Matched only once trailing whitespace was ignored.
  whitespaceIgnored?: boolean;
}

export interface AppliedFile {
  // null = the patch deleted the file.
  text: string | null;
  hunks: HunkReport[];
}

// The path a patch reads and writes: the new name, or the old one for a deletion.
export function patchTarget(patch: FilePatch): string {
  return patch.newPath ?? patch.oldPath ?? '';
}

// The paths whose current text applyUnifiedDiff needs, each once, in diff order.
export function diffTargets(patches: readonly FilePatch[]): string[] {
  return [...new Set(patches.map(patchTarget))];
}

// Every path a diff may touch: its targets, and for a `prefixed` pair the name without the prefix too.
export function diffCandidates(patches: readonly FilePatch[]): string[] {
  return [...new Set(patches.flatMap((patch) => (patch.prefixed ? [patchTarget(patch), patchTarget(prefixStripped(patch))] : [patchTarget(patch)])))];
}

// The file lines a hunk expects (context and removed), without prefixes.
export function oldSide(hunk: Hunk): string[] {
  return hunk.lines.filter((line) => line.startsWith(' ') || line.startsWith('-')).map((line) => line.slice(1));
}

// The lines a hunk leaves (context and added), without prefixes.
export function newSide(hunk: Hunk): string[] {
  return hunk.lines.filter((line) => line.startsWith(' ') || line.startsWith('+')).map((line) => line.slice(1));
}

// `hunk 2 (@@ -40,6 +40,7 @@)` for messages.
export function describeHunk(hunk: Hunk, index: number): string {
  const header = hunk.header ?? `@@ -${hunk.oldStart},${hunk.oldLines} +${hunk.newStart},${hunk.newLines} @@`;
  return `hunk ${index} (${header})`;
}
