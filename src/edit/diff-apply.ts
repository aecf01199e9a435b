import { fail } from '../engine/errors.js';
import type { FileLine } from './diff-lines.js';
import { dominantEol, joinFileLines, splitFileLines } from './diff-lines.js';
import type { Placement } from './diff-locate.js';
import { locateHunks } from './diff-locate.js';
import type { AppliedFile, FilePatch, HunkReport } from './diff-types.js';
import { describeHunk, oldSide, patchTarget } from './diff-types.js';

// The break for an added line: the line just consumed or the next one (each line's own in mixed files).
function eolNear(lines: readonly FileLine[], cursor: number, fallback: string): string {
  for (const at of [cursor - 1, cursor, cursor - 2]) {
    const eol = lines[at]?.eol;
    if (eol !== undefined && eol !== '') return eol;
  }
  return fallback;
}

// Writes the placed hunks into the original lines; untouched and context lines keep the file's bytes.
function rebuild(lines: readonly FileLine[], placements: readonly Placement[], original: string): string {
  const fallback = dominantEol(lines);
  const out: FileLine[] = [];
  // A file without a final newline keeps it that way unless the diff says otherwise.
  let finalNewline = original === '' || original.endsWith('\n');
  let cursor = 0;
  for (const { hunk, start } of placements) {
    for (; cursor < start; cursor++) out.push(lines[cursor]!);
    for (const line of hunk.lines) {
      const tag = line.charAt(0);
      if (tag === '+') {
        out.push({ text: line.slice(1), eol: eolNear(lines, cursor, fallback) });
        continue;
      }
      if (tag === ' ') out.push(lines[cursor]!);
      cursor++;
    }
    if (hunk.noNewlineNew) finalNewline = false;
    else if (hunk.noNewlineOld) finalNewline = true;
  }
  for (; cursor < lines.length; cursor++) out.push(lines[cursor]!);
  for (let i = 0; i < out.length - 1; i++) {
    const line = out[i]!;
    if (line.eol === '') out[i] = { text: line.text, eol: out[i - 1]?.eol || fallback };
  }
  const last = out.at(-1);
  if (last !== undefined) {
    const eol = finalNewline ? last.eol || out.at(-2)?.eol || fallback : '';
    out[out.length - 1] = { text: last.text, eol };
  }
  return joinFileLines(out);
}

function createFile(original: string | null, patch: FilePatch, name: string): AppliedFile {
  if (original !== null) {
    throw fail('C222', `${name}: the diff creates this file (--- /dev/null), but it already exists; send a diff against its current content instead`);
  }
  const added: string[] = [];
  const hunks: HunkReport[] = patch.hunks.map((hunk, i) => {
    if (hunk.lines.some((line) => !line.startsWith('+'))) {
      throw fail('C222', `${name}: ${describeHunk(hunk, i + 1)} creates the file, so it can only add lines ('+'), but it has context or removed lines`);
    }
    const line = added.length + 1;
    added.push(...hunk.lines.map((text) => text.slice(1)));
    return { index: i + 1, expectedLine: line, appliedLine: line, offset: 0 };
  });
  const finalNewline = added.length > 0 && patch.hunks.at(-1)?.noNewlineNew !== true;
  return { text: added.join('\n') + (finalNewline ? '\n' : ''), hunks };
}

function deleteFile(original: string, patch: FilePatch, name: string): AppliedFile {
  patch.hunks.forEach((hunk, i) => {
    if (hunk.lines.some((line) => line.startsWith('+'))) {
      throw fail('C222', `${name}: the diff deletes the file (+++ /dev/null), but ${describeHunk(hunk, i + 1)} adds lines`);
    }
  });
  const lines = splitFileLines(original).map((line) => line.text);
  const removed = patch.hunks.flatMap(oldSide);
  let whitespaceIgnored = false;
  for (let k = 0; k < Math.max(lines.length, removed.length); k++) {
    const have = lines[k];
    const want = removed[k];
    if (have === want) continue;
    if (have !== undefined && want !== undefined && have.trimEnd() === want.trimEnd()) {
      whitespaceIgnored = true;
      continue;
    }
    const detail = have === undefined || want === undefined
      ? `the file has ${lines.length} lines and the diff removes ${removed.length}`
      : `line ${k + 1} is ${JSON.stringify(have)} where the diff removes ${JSON.stringify(want)}`;
    throw fail('C222', `${name}: the diff deletes the file (+++ /dev/null), but the file is not what the diff removes: ${detail}. Nothing was changed.`);
  }
  let line = 1;
  const hunks = patch.hunks.map((hunk, i) => {
    const report: HunkReport = { index: i + 1, expectedLine: hunk.oldStart, appliedLine: line, offset: line - hunk.oldStart };
    if (whitespaceIgnored) report.whitespaceIgnored = true;
    line += hunk.oldLines;
    return report;
  });
  return { text: null, hunks };
}

// Applies one file's hunks to its current text (null = missing); all hunks or none (throws C222).
export function applyFilePatch(original: string | null, patch: FilePatch): AppliedFile {
  const name = patchTarget(patch);
  if (patch.oldPath === null) return createFile(original, patch, name);
  if (original === null) {
    throw fail('C222', `${name}: the file does not exist, so the diff cannot change it (a diff that creates a file starts with "--- /dev/null")`);
  }
  if (patch.newPath === null) return deleteFile(original, patch, name);
  const lines = splitFileLines(original);
  const placements = locateHunks(lines.map((line) => line.text), patch, name);
  return { text: rebuild(lines, placements, original), hunks: placements.map((placement) => placement.report) };
}
