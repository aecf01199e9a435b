// Reads ripgrep's compact line output, the default reader of content searches:
//
//   rg --null --line-number --column --with-filename --no-heading --color never --no-context-separator --stats
//
// prints `PATH\0LINE:COLUMN:TEXT` per matching line, `PATH\0LINE-TEXT` per context line, then a blank
// line and the statistics. It is about a fifth of the bytes of `rg --json` (no per-file begin/end
// events, no escaping, no submatch list), so rg writes less and Node reads and decodes less.
//
// It is not self-delimiting the way JSON is: a path may hold a newline, and rg writes notes such as
// `PATH: WARNING: stopped searching binary file after match (...)` without the NUL. So any line this
// reader cannot place with certainty is reported as 'ambiguous', and the caller repeats the search with
// `--json` (rg-json.ts), which is exact for every path and every kind of file.
import { codePoints } from './text.js';

export const LINES_OUTPUT_ARGS: readonly string[] = [
  '--null',
  '--line-number',
  '--column',
  '--with-filename',
  '--no-heading',
  '--color',
  'never',
  '--no-context-separator',
  '--stats',
];

export type LineKind = 'match' | 'context' | 'stats' | 'ambiguous';

const NUL = 0;
const COLON = 58;
const DASH = 45;
const CR = 13;

// One reader per rg process: it remembers the previous line's path, so a file's lines decode it once.
export class RgLinesReader {
  // Set by read() for 'match' and 'context'.
  path = '';
  pathChanged = false; // this line starts another file
  lineNumber = 0;
  column = 1; // match: 1-based, in code points, of the first match
  text = '';

  private pathBytes: Buffer = Buffer.alloc(256);
  private pathLength = -1;
  private inStats = false;

  // The line buf[at, end), without its newline.
  read(buf: Buffer, at: number, end: number): LineKind {
    let nul = buf.indexOf(NUL, at);
    if (nul >= end) nul = -1;
    if (this.inStats) return nul === -1 ? 'stats' : 'ambiguous';
    if (nul === -1) {
      // The blank line before the statistics; anything else is a note or a path with a newline in it.
      if (at === end) {
        this.inStats = true;
        return 'stats';
      }
      return 'ambiguous';
    }
    if (nul === at) return 'ambiguous';
    let index = nul + 1;
    let lineNumber = 0;
    const digits = index;
    for (let byte = buf[index]!; byte >= 48 && byte <= 57 && index < end; byte = buf[++index]!) lineNumber = lineNumber * 10 + byte - 48;
    if (index === digits || index >= end) return 'ambiguous';
    const separator = buf[index];
    let byteColumn = 0;
    if (separator === COLON) {
      const start = ++index;
      for (let byte = buf[index]!; byte >= 48 && byte <= 57 && index < end; byte = buf[++index]!) byteColumn = byteColumn * 10 + byte - 48;
      if (index === start || index >= end || buf[index] !== COLON || byteColumn < 1) return 'ambiguous';
    } else if (separator !== DASH) {
      return 'ambiguous';
    }
    const textStart = index + 1;
    const textEnd = end > textStart && buf[end - 1] === CR ? end - 1 : end;
    this.setPath(buf, at, nul);
    this.lineNumber = lineNumber;
    const text = buf.toString('utf8', textStart, textEnd);
    this.text = text;
    if (separator === DASH) return 'context';
    // rg's column counts bytes. When the text decoded to one UTF-16 unit per byte it is ASCII, and the
    // byte column is the code point column; otherwise the bytes before the match are decoded and
    // counted (an invalid byte decodes to U+FFFD, one code point, as `--json`'s reader counts it).
    const offset = byteColumn - 1;
    if (offset === 0 || text.length === textEnd - textStart) this.column = byteColumn;
    else this.column = codePoints(buf.toString('utf8', textStart, Math.min(textStart + offset, textEnd))) + 1;
    return 'match';
  }

  private setPath(buf: Buffer, at: number, nul: number): void {
    const length = nul - at;
    let same = length === this.pathLength;
    for (let index = 0; same && index < length; index += 1) same = buf[at + index] === this.pathBytes[index];
    this.pathChanged = !same;
    if (same) return;
    if (length > this.pathBytes.length) this.pathBytes = Buffer.alloc(Math.max(length, this.pathBytes.length * 2));
    buf.copy(this.pathBytes, 0, at, nul);
    this.pathLength = length;
    this.path = buf.toString('utf8', at, nul);
  }
}
