// Result budgets for doors that hand results to a model (MCP, agent): how much text one tool result may
// carry, and how to cut what does not fit so the cut is said and the rest can be asked for.

// About 25k tokens: Claude Code's cap on one MCP tool result.
export const DEFAULT_RESULT_BYTES = 100_000;

// What a cut left out, in the units a model can ask for again.
export interface TextCut {
  // UTF-8 bytes of the text before and after the cut (the note excluded).
  readonly totalBytes: number;
  readonly shownBytes: number;
  readonly totalLines: number;
  // Lines shown whole: 1..headLines from the top, and the last tailLines (0 when only the head is kept).
  readonly headLines: number;
  readonly tailLines: number;
  // Bytes a process's own output cap (shell/output-cap.ts) had already dropped from the middle of the
  // text, so totalLines counts only the lines it kept: the real total is unknown.
  readonly elidedBytes?: number;
}

// The marker line shell/output-cap.ts puts where it dropped the middle of a process's output.
const ELIDED = /\n… \[(\d+) bytes elided\] …\n/g;

// How many lines the text had, for a cut note: "300 lines", or, after a process's own output cap,
// "the 164134 lines exec kept (it had dropped 1045000 bytes from the middle; the total is unknown)".
export function linesOf(cut: TextCut): string {
  if (cut.elidedBytes === undefined) return `${cut.totalLines} lines`;
  return `the ${cut.totalLines} lines the command's output cap kept (it had dropped ${cut.elidedBytes} bytes from the middle; the total line count is unknown)`;
}

// What a process's output cap elided from `text` (the sum over its marker lines), when any.
function elidedIn(text: string): { elidedBytes: number } | Record<string, never> {
  let sum = 0;
  for (const match of text.matchAll(ELIDED)) sum += Number(match[1]);
  return sum > 0 ? { elidedBytes: sum } : {};
}

export interface FittedText {
  readonly text: string;
  readonly cut?: TextCut;
}

function lineCount(text: string): number {
  if (text === '') return 0;
  let count = 1;
  for (let index = text.indexOf('\n'); index !== -1; index = text.indexOf('\n', index + 1)) count += 1;
  return text.endsWith('\n') ? count - 1 : count;
}

// The longest prefix of `text` whose UTF-8 form fits `maxBytes`, ending at a line end when one is within
// reach (a single line longer than the budget is cut inside the line, never inside a character).
function headOf(text: string, maxBytes: number): string {
  const bytes = Buffer.from(text, 'utf8');
  if (bytes.length <= maxBytes) return text;
  let end = Math.max(0, maxBytes);
  // Step back to a character boundary (a UTF-8 continuation byte is 10xxxxxx).
  while (end > 0 && (bytes[end]! & 0xc0) === 0x80) end -= 1;
  const prefix = bytes.subarray(0, end).toString('utf8');
  const newline = prefix.lastIndexOf('\n');
  return newline >= 0 ? prefix.slice(0, newline + 1) : prefix;
}

// The longest suffix of `text` that fits `maxBytes`, starting at a line start.
function tailOf(text: string, maxBytes: number): string {
  const bytes = Buffer.from(text, 'utf8');
  if (bytes.length <= maxBytes) return text;
  let start = Math.max(0, bytes.length - maxBytes);
  while (start < bytes.length && (bytes[start]! & 0xc0) === 0x80) start += 1;
  const suffix = bytes.subarray(start).toString('utf8');
  const newline = suffix.indexOf('\n');
  return newline >= 0 && newline < suffix.length - 1 ? suffix.slice(newline + 1) : suffix;
}

// `text` cut to `maxBytes` of UTF-8. `keep: 'head'` keeps the beginning (files, listings); 'ends' keeps a
// quarter from the top and the rest from the bottom (process output: the end of a build log says most).
export function fitText(text: string, maxBytes: number, keep: 'head' | 'ends' = 'head'): FittedText {
  const totalBytes = Buffer.byteLength(text, 'utf8');
  if (totalBytes <= maxBytes) return { text };
  const totalLines = lineCount(text);
  const elided = elidedIn(text);
  if (keep === 'head') {
    const head = headOf(text, maxBytes);
    const headLines = head.endsWith('\n') ? lineCount(head) : Math.max(0, lineCount(head) - 1);
    return { text: head, cut: { totalBytes, shownBytes: Buffer.byteLength(head, 'utf8'), totalLines, headLines, tailLines: 0, ...elided } };
  }
  const headBudget = Math.floor(maxBytes / 4);
  const head = headOf(text, headBudget);
  const tail = tailOf(text, maxBytes - Buffer.byteLength(head, 'utf8'));
  const headLines = head.endsWith('\n') ? lineCount(head) : Math.max(0, lineCount(head) - 1);
  const tailLines = lineCount(tail);
  const shownBytes = Buffer.byteLength(head, 'utf8') + Buffer.byteLength(tail, 'utf8');
  return { text: `${head}${head.endsWith('\n') || head === '' ? '' : '\n'}[…]\n${tail}`, cut: { totalBytes, shownBytes, totalLines, headLines, tailLines, ...elided } };
}

// The size of a value as JSON on the wire.
export function jsonBytes(value: unknown): number {
  return Buffer.byteLength(JSON.stringify(value) ?? '', 'utf8');
}

export interface CompactValue {
  readonly value: unknown;
  // JSON paths (`data.content`, `data.matches`) of the values left out.
  readonly omitted: readonly string[];
}

// `value` without its large parts: every string, array or object whose JSON is over `limit` bytes is left out
// (an object is entered first, so its small fields stay). Used so a structured copy carries the facts of a
// result (counts, flags, paths) and not a second copy of the payload the text already carries.
export function compactValue(value: unknown, limit: number, path = ''): CompactValue {
  if (value === null || typeof value !== 'object') {
    return typeof value === 'string' && jsonBytes(value) > limit ? { value: undefined, omitted: [path] } : { value, omitted: [] };
  }
  if (Array.isArray(value)) return jsonBytes(value) > limit ? { value: undefined, omitted: [path] } : { value, omitted: [] };
  const out: Record<string, unknown> = {};
  const omitted: string[] = [];
  for (const [key, item] of Object.entries(value as Record<string, unknown>)) {
    const inner = compactValue(item, limit, path === '' ? key : `${path}.${key}`);
    if (inner.value !== undefined) out[key] = inner.value;
    omitted.push(...inner.omitted);
  }
  return { value: out, omitted };
}
