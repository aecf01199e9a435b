// The text of a read result: numbered lines (or a raw piece read by byte offset) and closing notes that say
// what was cut and name the exact call that gets it (`next`, in the CLI's flags; the MCP door words them as keys).
import { formatNumberedLines, plural, visibleName } from './render.js';

// The arguments of the call that gets what a cut read left out (the file and the other arguments stay).
export interface ReadNext {
  start?: number;
  end?: number;
  byteOffset?: number;
  maxBytes?: number;
}

export type ReadCut = 'inside' | 'lines' | 'tail-inside' | 'tail-lines';

export interface ReadData {
  path: string;
  content: string;
  encoding: 'text' | 'base64';
  startLine: number | null;
  endLine: number | null;
  totalLines: number | null;
  // Part of what was asked for was left out at --max-bytes (a dropped line end of a whole line does not count).
  truncated: boolean;
  size: number;
  // Byte offsets of content in the file (content is file[offset, endOffset)) when known: always for
  // --byte-offset reads and for a cut inside a line.
  offset: number | null;
  endOffset: number | null;
  // Where to continue by byte offset: set for an --byte-offset read that did not reach the end of the file and for
  // a line read cut inside a line (the next --start would skip the rest of that line).
  nextOffset: number | null;
  // The arguments of the call that gets what was cut (null when nothing was): the next lines, the rest of a line
  // cut inside it, or for a tail the part before what it shows.
  next: ReadNext | null;
  // What a cut read left out (null when nothing was): 'inside', a line read cut inside a line; 'lines', a line
  // read stopped after whole lines; 'tail-inside', a tail whose one line is longer than maxBytes (its start left
  // out); 'tail-lines', a tail whose earlier lines did not fit.
  cut: ReadCut | null;
  // Why a tail has no line numbers (null when it has them).
  linesNote: string | null;
  // The files of --more (extra arguments), each read like --file.
  more?: ReadData[];
}

// The closing note of an --byte-offset read: which bytes these are and the offset of the rest.
function offsetNote(data: ReadData): string {
  const range = `bytes ${data.offset ?? 0}-${data.endOffset ?? 0} of ${data.size}`;
  return data.nextOffset === null ? `[${range}; end of file]` : `[${range}; continue with --byte-offset ${data.nextOffset}]`;
}

function flagsOf(next: ReadNext): string {
  const flags: [string, number | undefined][] = [['start', next.start], ['end', next.end], ['byte-offset', next.byteOffset], ['max-bytes', next.maxBytes]];
  return flags.flatMap(([flag, value]) => (value === undefined ? [] : [`--${flag} ${value}`])).join(' ');
}

// What a cut left out, naming the call that gets it.
function cutNote(data: ReadData): string {
  const next = data.next;
  if (data.cut === null || next === null) return '';
  const call = flagsOf(next);
  switch (data.cut) {
    case 'inside':
      return `line ${data.endLine ?? ''} was cut at byte ${next.byteOffset ?? ''}: continue with ${call}`;
    case 'lines':
      return `continue with ${call}`;
    case 'tail-inside': {
      const line = data.startLine === null ? 'the last line' : `line ${data.startLine}`;
      const shown = `${line} is longer than --max-bytes: these are the last ${plural((data.endOffset ?? 0) - (data.offset ?? 0), 'byte')} of its text`;
      return next.maxBytes === undefined
        ? `${shown}; it starts at byte ${next.byteOffset ?? ''}: read it from there with ${call}`
        : `${shown}; the bytes before them: ${call}`;
    }
    case 'tail-lines': {
      if (next.start === undefined) return `the earlier lines of the tail did not fit (the lines shown start at byte ${data.offset ?? ''}): the bytes before them: ${call}`;
      const one = next.start === next.end;
      return `${one ? `line ${next.start}` : `lines ${next.start}-${next.end ?? ''}`} of the tail did not fit: read ${one ? 'it' : 'them'} with ${call}`;
    }
  }
}

export function formatRead(data: ReadData): string {
  if (data.more === undefined) return formatOne(data);
  return [data, ...data.more].map((each) => `==> ${visibleName(each.path)} <==\n${formatOne(each)}`).join('\n\n');
}

function formatOne(data: ReadData): string {
  // An offset read's text is the piece itself, unchanged (its bytes join to the file's); then the note.
  if (data.offset !== null && data.startLine === null && data.linesNote === null && data.cut === null && (data.encoding === 'text' || data.offset > 0 || data.nextOffset !== null)) {
    if (data.encoding === 'base64' && data.offset === 0 && data.nextOffset !== null) {
      const shown = Buffer.byteLength(data.content, 'base64');
      return `${data.content}\n[truncated: ${shown} of ${plural(data.size, 'byte')}; continue with --byte-offset ${data.nextOffset}, or raise --max-bytes]`;
    }
    return `${data.content}${data.content === '' || data.content.endsWith('\n') ? '' : '\n'}${offsetNote(data)}`;
  }
  // Nothing printed would look like a failure: say the file is empty.
  if (data.size === 0 && data.content === '') return '[empty file: 0 bytes]';
  if (data.encoding === 'base64') return data.content;
  const body = formatNumberedLines(data.content, data.startLine);
  const notes: string[] = [];
  if (data.linesNote !== null) notes.push(`[${data.linesNote}]`);
  if (data.truncated) {
    const total = data.totalLines === null ? '' : `; the file has ${plural(data.totalLines, 'line')}`;
    const what = cutNote(data);
    notes.push(`[truncated at --max-bytes${total}${what === '' ? '' : `; ${what}`}]`);
  }
  return [body, ...notes].filter((part) => part !== '').join('\n');
}
