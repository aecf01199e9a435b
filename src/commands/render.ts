// Shared text rendering for command output read by people and models.

// Lines prefixed with right-aligned 1-based numbers; without a known first line number, plain lines.
export function formatNumberedLines(content: string, firstLine: number | null): string {
  if (content === '') return '';
  const lines = content.split('\n');
  if (lines[lines.length - 1] === '') lines.pop();
  const clean = lines.map((line) => (line.endsWith('\r') ? line.slice(0, -1) : line));
  if (firstLine === null) return clean.join('\n');
  const width = String(firstLine + clean.length - 1).length;
  return clean.map((line, index) => `${String(firstLine + index).padStart(width)} | ${line}`).join('\n');
}

export function plural(count: number, noun: string, nouns = `${noun}s`): string {
  return `${count} ${count === 1 ? noun : nouns}`;
}

// `label` and its items joined by ", ", wrapped to `width` columns: the first line starts with `lead` + label, the
// others are indented to where the items start. An item longer than a line gets a line of its own.
export function wrapList(lead: string, label: string, items: readonly string[], width = 100): string[] {
  const head = `${lead}${label}`;
  const indent = ' '.repeat(head.length);
  const lines: string[] = [];
  let line = head;
  items.forEach((item, index) => {
    const piece = index < items.length - 1 ? `${item},` : item;
    const fresh = line === head || line === indent;
    if (!fresh && line.length + 1 + piece.length > width) {
      lines.push(line);
      line = indent;
    }
    line += line === head || line === indent ? piece : ` ${piece}`;
  });
  lines.push(line);
  return lines;
}

// A file name on one line of text output: a repository's file named "x\n[not accessible]" or with escape
// sequences must not draw lines or act on a terminal. Control characters, line and paragraph separators and
// bidirectional overrides are shown as escapes (\n, \x1b, \u{202e}); --json keeps the exact name.
// eslint-disable-next-line no-control-regex
const HIDDEN_IN_NAMES = /[\x00-\x1f\x7f-\x9f\u061c\u200e\u200f\u2028\u2029\u202a-\u202e\u2066-\u2069]/g;

export function visibleName(name: string): string {
  return name.replace(HIDDEN_IN_NAMES, (char) => {
    if (char === '\n') return '\\n';
    if (char === '\r') return '\\r';
    if (char === '\t') return '\\t';
    const code = char.charCodeAt(0);
    return code <= 0xff ? `\\x${code.toString(16).padStart(2, '0')}` : `\\u{${code.toString(16)}}`;
  });
}

// One page of a ranked list (symbols, references): `offset` items skipped, at most `limit` kept;
// `nextOffset` is where the next page starts (null: this page holds the last item).
export interface Page<T> {
  readonly items: T[];
  readonly offset: number;
  readonly total: number;
  readonly nextOffset: number | null;
}

export function pageOf<T>(all: readonly T[], offset: number, limit: number): Page<T> {
  const items = all.slice(offset, offset + limit);
  return { items, offset, total: all.length, nextOffset: offset + items.length < all.length ? offset + items.length : null };
}

// The lines under a page: how many more there are and the flag that shows them, and the files the budgets
// skipped (the first five named).
export function pageFooter(data: { readonly total: number; readonly nextOffset: number | null; readonly skipped: readonly { path: string; reason: string }[] }): string[] {
  const out: string[] = [];
  if (data.nextOffset !== null) out.push(`… ${data.total - data.nextOffset} more: --offset ${data.nextOffset}`);
  if (data.skipped.length > 0) out.push(`skipped ${data.skipped.length}: ${data.skipped.slice(0, 5).map((skip) => `${skip.path} (${skip.reason})`).join(', ')}${data.skipped.length > 5 ? ', …' : ''}`);
  return out;
}
