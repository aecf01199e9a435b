// The edit that turns one text into another, as tree-sitter's tree.edit reads it (code units and
// row/column points, as web-tree-sitter counts them): the first differing code unit and the ends of the
// change in each text. Shared by the caches that reparse incrementally (syntax-tree-cache, outline-cache).
import type { Tree } from 'web-tree-sitter';

export type TreeEdit = Parameters<Tree['edit']>[0];

// Row and column (code units) of `index` in `text`.
function pointAt(text: string, index: number): { row: number; column: number } {
  let row = 0;
  let lineStart = 0;
  for (let at = text.indexOf('\n'); at !== -1 && at < index; at = text.indexOf('\n', at + 1)) {
    row++;
    lineStart = at + 1;
  }
  return { row, column: index - lineStart };
}

export function editBetween(before: string, after: string): TreeEdit {
  let start = 0;
  const max = Math.min(before.length, after.length);
  while (start < max && before.charCodeAt(start) === after.charCodeAt(start)) start++;
  let tail = 0;
  while (tail < max - start && before.charCodeAt(before.length - 1 - tail) === after.charCodeAt(after.length - 1 - tail)) tail++;
  const oldEnd = before.length - tail;
  const newEnd = after.length - tail;
  // A plain object is what tree.edit reads (the Edit class only adds helpers; importing it here would
  // load web-tree-sitter with the engine).
  const edit = {
    startIndex: start, oldEndIndex: oldEnd, newEndIndex: newEnd,
    startPosition: pointAt(before, start), oldEndPosition: pointAt(before, oldEnd), newEndPosition: pointAt(after, newEnd),
  };
  return edit as TreeEdit;
}
