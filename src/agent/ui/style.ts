// Colours, sanitising and width-aware truncation for the terminal UI. Pure functions: no state.

// Every ANSI escape sequence: CSI (`ESC [ ... final`), OSC (`ESC ] ... BEL|ST`) and two-byte escapes.
// eslint-disable-next-line no-control-regex
const ANSI = /\x1b\[[0-?]*[ -/]*[@-~]|\x1b\][^\x07\x1b]*(?:\x07|\x1b\\)|\x1b[@-Z\\-_]/g;
// Control characters other than newline and tab (a lone ESC, BEL, backspace, carriage return...).
// eslint-disable-next-line no-control-regex
const CONTROL = /[\x00-\x08\x0b-\x1f\x7f\x9b]/g;

export function stripAnsi(text: string): string {
  return text.replace(ANSI, '');
}

// Text from the model or a tool, made safe to print: no escape sequences, no cursor-moving controls.
export function sanitize(text: string): string {
  return stripAnsi(text.replace(/\r\n/g, '\n')).replace(CONTROL, '');
}

export interface Style {
  readonly color: boolean;
  dim(text: string): string;
  bold(text: string): string;
  red(text: string): string;
  green(text: string): string;
  yellow(text: string): string;
  cyan(text: string): string;
  magenta(text: string): string;
}

function paint(on: boolean, open: number, close: number): (text: string) => string {
  return on ? (text) => (text === '' ? '' : `\x1b[${open}m${text}\x1b[${close}m`) : (text) => text;
}

export function createStyle(color: boolean): Style {
  return {
    color,
    dim: paint(color, 2, 22),
    bold: paint(color, 1, 22),
    red: paint(color, 31, 39),
    green: paint(color, 32, 39),
    yellow: paint(color, 33, 39),
    cyan: paint(color, 36, 39),
    magenta: paint(color, 35, 39),
  };
}

// Columns a code point takes: 2 for wide East Asian characters and most emoji, 0 for combining marks.
function charWidth(code: number): number {
  if ((code >= 0x300 && code <= 0x36f) || code === 0x200d || (code >= 0xfe00 && code <= 0xfe0f)) return 0;
  if (
    (code >= 0x1100 && code <= 0x115f) ||
    (code >= 0x2e80 && code <= 0xa4cf) ||
    (code >= 0xac00 && code <= 0xd7a3) ||
    (code >= 0xf900 && code <= 0xfaff) ||
    (code >= 0xfe30 && code <= 0xfe4f) ||
    (code >= 0xff00 && code <= 0xff60) ||
    (code >= 0xffe0 && code <= 0xffe6) ||
    (code >= 0x1f300 && code <= 0x1faff) ||
    (code >= 0x20000 && code <= 0x3fffd)
  ) return 2;
  return 1;
}

// Columns the text takes on screen (escape sequences take none).
export function visibleWidth(text: string): number {
  let width = 0;
  for (const char of stripAnsi(text)) width += charWidth(char.codePointAt(0)!);
  return width;
}

// One line cut to `width` columns with an ellipsis; escape sequences are kept (and closed with a reset
// when the cut falls inside a styled run).
export function truncate(text: string, width: number): string {
  if (width <= 0) return '';
  if (visibleWidth(text) <= width) return text;
  let out = '';
  let used = 0;
  let styled = false;
  let index = 0;
  const escape = new RegExp(ANSI.source, 'y');
  while (index < text.length) {
    escape.lastIndex = index;
    const match = text[index] === '\x1b' ? escape.exec(text) : null;
    if (match) {
      out += match[0];
      styled = true;
      index += match[0].length;
      continue;
    }
    const char = String.fromCodePoint(text.codePointAt(index)!);
    const w = charWidth(char.codePointAt(0)!);
    if (used + w > width - 1) break;
    out += char;
    used += w;
    index += char.length;
  }
  return `${out}…${styled ? '\x1b[0m' : ''}`;
}

// The terminal width to lay out for (80 when unknown, never below 20).
export function columnsOf(output: { columns?: number }): number {
  const columns = output.columns;
  return typeof columns === 'number' && Number.isFinite(columns) && columns > 0 ? Math.max(20, Math.floor(columns)) : 80;
}

// 1234 → "1.2k", 1234567 → "1.2M".
export function compactNumber(value: number): string {
  if (value < 1000) return String(value);
  if (value < 1_000_000) return `${(value / 1000).toFixed(value < 10_000 ? 1 : 0)}k`;
  return `${(value / 1_000_000).toFixed(1)}M`;
}

export function formatDuration(ms: number): string {
  if (ms < 1000) return `${Math.round(ms)}ms`;
  if (ms < 60_000) return `${(ms / 1000).toFixed(1)}s`;
  const seconds = Math.round(ms / 1000);
  return `${Math.floor(seconds / 60)}m${String(seconds % 60).padStart(2, '0')}s`;
}
