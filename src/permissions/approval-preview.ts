import { createTwoFilesPatch } from 'diff';
import type { CallPreview } from '../engine/command.js';
import type { ApprovalPreview } from './types.js';
import { FILE_LINES, TOTAL_LINES } from './approval-caps.js';
import { hiddenNote, rankedHunk, rankFiles, rankHunks, type RankedHunk } from './approval-rank.js';

// What an approval question shows of a call that changes files: the diff of the bytes its own handler
// computed in a dry run (engine/dry-run.ts), the same bytes the run then writes, capped for the screen,
// and lines for what a diff cannot show (a folder removed, a mode, a binary file, a warning, a failure).

// The caps: approval-caps.ts.

// Control bytes besides tab, line breaks and form feed (a NUL included).
const controlBytes = (bytes: Uint8Array): number => bytes.reduce((count, byte) => count + ((byte < 0x20 && byte !== 0x09 && byte !== 0x0a && byte !== 0x0d && byte !== 0x0c) || byte === 0x7f ? 1 : 0), 0);
// Text: valid UTF-8, however many control bytes it holds. NULs do not make a script binary (red team R6-19:
// sh runs a script whose NUL comes after the first lines, and "binary, 24 → 62 bytes" hid the `curl | sh`
// line it added; R7-9: 400 NULs after it brought "binary" back under a count threshold): the doors show
// those bytes escaped (\x00), and a note counts them. Only bytes that are not UTF-8 are shown as binary.
const isText = (bytes: Uint8Array): boolean => Buffer.from(Buffer.from(bytes).toString('utf8'), 'utf8').equals(Buffer.from(bytes));

function cap(lines: readonly string[], max: number): string[] {
  return lines.length <= max ? [...lines] : [...lines.slice(0, max), `… ${lines.length - max} more diff lines not shown (the call changes them too)`];
}

// A file's diff lines as shown, with where each risky hunk's strongest line stands (approval-rank.ts).
interface Shown {
  readonly lines: readonly string[];
  readonly keys: readonly { readonly kind: number; readonly at: number }[];
  // The strongest kind in the file (-1: none).
  readonly kind: number;
}

function shownOf(head: readonly string[], hunks: readonly RankedHunk[]): Shown {
  const lines = [...head];
  const keys: { kind: number; at: number }[] = [];
  for (const hunk of hunks) {
    if (hunk.kind >= 0) keys.push({ kind: hunk.kind, at: lines.length + hunk.key });
    lines.push(...hunk.lines);
  }
  const kinds = keys.map((key) => key.kind);
  return { lines, keys, kind: kinds.length === 0 ? -1 : Math.min(...kinds) };
}

// The kinds of the risky hunks whose strongest line falls past `max` lines from `base` (a cap cut it).
const cut = (shown: Shown, base: number, max: number): number[] => shown.keys.filter((key) => base + key.at >= max).map((key) => key.kind);

// A hunk whose removed and added lines are the same once whitespace is taken out.
function whitespaceOnly(hunk: readonly string[]): boolean {
  const side = (mark: string): string => hunk.filter((line) => line.startsWith(mark)).map((line) => line.slice(1).replace(/\s+/g, '')).join('\n');
  return hunk.some((line) => line.startsWith('-') || line.startsWith('+')) && side('-') === side('+');
}

// A file's diff over the cap: its whitespace-only hunks are folded into one counted line naming where they
// are, so the hunks that change code are the ones shown (red team R8-1: 299 trailing-space hunks filled the
// cap and the `curl | sh` line after them was "… 2502 more diff lines not shown").
function folded(rel: string, patch: readonly string[], notes: string[]): Shown {
  const head = patch.slice(0, Math.max(0, patch.findIndex((line) => line.startsWith('@@'))));
  const hunks: string[][] = [];
  for (const line of patch.slice(head.length)) {
    if (line.startsWith('@@') || hunks.length === 0) hunks.push([line]);
    else hunks.at(-1)!.push(line);
  }
  if (patch.length <= FILE_LINES) return shownOf(head, hunks.map(rankedHunk));
  const quiet = hunks.filter(whitespaceOnly);
  if (quiet.length > 0) {
    const at = quiet.map((hunk) => /\+(\d+)/.exec(hunk[0]!)?.[1] ?? '?');
    notes.push(`${rel}: ${quiet.length} ${quiet.length === 1 ? 'hunk changes' : 'hunks change'} only whitespace, not shown (at new lines ${at.slice(0, 12).join(', ')}${at.length > 12 ? `, … ${at.length - 12} more` : ''})`);
  }
  const kept = hunks.filter((hunk) => !whitespaceOnly(hunk)).map(rankedHunk);
  // Still over the cap: the riskiest kind of hunk first (red team R9-2, R11-2: approval-rank.ts).
  const fits = head.length + kept.reduce((sum, hunk) => sum + hunk.lines.length, 0) <= FILE_LINES;
  return shownOf(head, fits ? kept : rankHunks(rel, kept, notes));
}

export function approvalPreview(preview: CallPreview): ApprovalPreview {
  const notes: string[] = [];
  const files: Shown[] = [];
  // The kinds of the risky hunks a cap left out (stated in a note: never silently).
  const hidden: number[] = [];
  for (const change of preview.changes) {
    if (change.note) notes.push(change.note);
    if (change.mode !== undefined) notes.push(`${change.rel}: mode ${change.mode.toString(8).padStart(4, '0')}`);
    const { before, after } = change;
    if (before === undefined && after === null) {
      if (!change.note) notes.push(`removes ${change.rel}`);
      continue;
    }
    if (before === undefined) {
      notes.push(`${change.rel}: replaced by ${after!.length} bytes (the current file is too large or not readable to show)`);
      continue;
    }
    if ((before !== null && !isText(before)) || (after !== null && !isText(after))) {
      notes.push(`${change.rel}: binary, ${before === null ? 'new' : `${before.length} bytes`} → ${after === null ? 'removed' : `${after.length} bytes`}`);
      continue;
    }
    if (before === null && after === null) continue;
    const controls = after === null ? 0 : controlBytes(after);
    if (controls > 0) notes.push(`${change.rel}: text with ${controls} control ${controls === 1 ? 'byte' : 'bytes'} (a NUL or escape), shown escaped in the diff`);
    const text = (bytes: Uint8Array | null): string => (bytes === null ? '' : Buffer.from(bytes).toString('utf8'));
    const patch = createTwoFilesPatch(before === null ? '/dev/null' : `a/${change.rel}`, after === null ? '/dev/null' : `b/${change.rel}`, text(before), text(after), undefined, undefined, { context: 3 })
      .replace(/^=+\n/, '')
      .split('\n')
      .filter((line, index, all) => !(index === all.length - 1 && line === ''));
    const shown = patch.length > 2 ? folded(change.rel, patch, notes) : { lines: [...patch, '(no change in content)'], keys: [], kind: -1 };
    hidden.push(...cut(shown, 0, FILE_LINES));
    files.push({ ...shown, lines: cap(shown.lines, FILE_LINES), keys: shown.keys.filter((key) => key.at < FILE_LINES) });
  }
  const total = files.reduce((sum, file) => sum + file.lines.length, 0);
  const ordered = total > TOTAL_LINES ? rankFiles(files, notes) : files;
  let base = 0;
  for (const file of ordered) {
    hidden.push(...cut(file, base, TOTAL_LINES));
    base += file.lines.length;
  }
  const diff = ordered.flatMap((file) => file.lines);
  for (const warning of preview.warnings) notes.push(`note: ${warning}`);
  if (preview.error) notes.push(`the dry run of this call failed, so it will fail too: ${preview.error.code} ${preview.error.message}`);
  // The kinds of risky hunks left out close the diff, next to the answer (red team R11-2: never silent).
  const unseen = hiddenNote(hidden);
  const shown = [...cap(diff, TOTAL_LINES), ...(unseen === undefined ? [] : [`… ${unseen}`])];
  // A diff line not shown (a cap reached) means "always" would approve what nobody saw: the gate offers once.
  const capped = shown.some((line) => line.startsWith('… ') && line.endsWith('more diff lines not shown (the call changes them too)'));
  // Said next to the answers: a person is never offered to approve lines not shown (red team R16-4).
  // A runner line's "always" is keyed on the script lines shown (approval-pins.ts), when all could be read.
  if (preview.runs?.script) notes.push(preview.runs.scriptPin ? '"always" holds only while these script lines and the files they name stay as shown: a change asks again' : '"always" is not offered: the script is read from the repository when it runs, and not all of what it runs could be read and shown here');
  if (capped) notes.push(`the diff is longer than a question shows (${FILE_LINES} lines per file, ${TOTAL_LINES} in all): "once" and "always" are not offered; answer no and split the change into smaller calls`);
  return { files: [...new Set(preview.changes.map((change) => change.rel))], diff: shown.join('\n'), notes, ...(capped ? { capped } : {}), ...(preview.runs ? { runs: preview.runs } : {}) };
}
