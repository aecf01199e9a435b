// Gathers search results from either engine (ripgrep's events or the Node scan, which emits the same
// events): one entry per matching line, a global cap, context lines attached to their match.
import { cutLine } from './text.js';

export interface SearchMatch {
  path: string; // relative to the workspace root, forward slashes
  line: number; // 1-based
  column: number; // 1-based, Unicode code points, of the line's first match
  text: string; // the line without its terminator, cut to maxLineLength
  // With --context N: up to N lines right above and below the match that are not matches themselves
  // (a match's neighbours are its own entries); lines between two close matches appear in both.
  context?: { before: string[]; after: string[] };
}

export interface PathMatch {
  path: string;
}

interface Pending {
  line: number;
  text: string;
}

// One file's matches: all[start, end) of the collector's flat list.
interface FileGroup {
  path: string;
  key: string; // pathSortKey(path), computed while rg still runs
  start: number;
  end: number;
}

// Sort key that orders paths as tree does (folder by folder, names by UTF-16 code units): the separator
// becomes the smallest character, so `a/x` sorts before `a.txt`.
export function pathSortKey(path: string): string {
  return path.replaceAll('/', '\u0000');
}

export function sortPaths<T extends { path: string }>(items: readonly T[]): T[] {
  const keyed = items.map((item) => ({ key: pathSortKey(item.path), item }));
  keyed.sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
  return keyed.map(({ item }) => item);
}

export class MatchCollector {
  truncated = false;
  count = 0;
  // Plain (TypeScript-private) fields: this runs once per output line of rg.
  private readonly max: number;
  private readonly context: number;
  private readonly maxLine: number;
  private readonly all: SearchMatch[] = [];
  private readonly groups: FileGroup[] = [];
  private group: FileGroup | undefined;
  private path = '';
  private pending: Pending[] = [];

  constructor(options: { maxResults: number; context: number; maxLineLength: number }) {
    this.max = options.maxResults;
    this.context = options.context;
    this.maxLine = options.maxLineLength;
  }

  beginFile(path: string): void {
    this.endFile();
    this.path = path;
  }

  // One matching line; false once the cap is passed (the caller stops searching).
  match(line: number, column: number, text: string, matchLength: number): boolean {
    if (this.path === '') return true;
    const before = this.context > 0 ? this.flush(line) : undefined;
    if (this.count >= this.max) {
      this.truncated = true;
      return false;
    }
    const entry: SearchMatch = { path: this.path, line, column, text: text.length <= this.maxLine ? text : cutLine(text, this.maxLine, column, matchLength) };
    if (before) entry.context = { before, after: [] };
    if (this.group === undefined) {
      this.group = { path: this.path, key: pathSortKey(this.path), start: this.all.length, end: this.all.length };
      this.groups.push(this.group);
    }
    this.all.push(entry);
    this.group.end = this.all.length;
    this.count += 1;
    return true;
  }

  contextLine(line: number, text: string): void {
    if (this.path !== '' && this.context > 0) this.pending.push({ line, text });
  }

  endFile(): void {
    if (this.path !== '' && this.context > 0) this.flush(Number.POSITIVE_INFINITY);
    this.path = '';
    this.group = undefined;
  }

  // Hands the pending context lines to the previous match (after) and returns the next one's (before).
  private flush(nextLine: number): string[] {
    const pending = this.pending;
    this.pending = [];
    const previous = this.group ? this.all[this.group.end - 1] : undefined;
    const cut = (item: Pending) => cutLine(item.text, this.maxLine);
    if (previous?.context) {
      for (const item of pending) {
        if (item.line > previous.line && item.line <= previous.line + this.context) previous.context.after.push(cut(item));
      }
    }
    return pending.filter((item) => item.line < nextLine && item.line >= nextLine - this.context).map(cut);
  }

  // The matches, files in tree order (rg's parallel output is unordered), lines in file order.
  result(): SearchMatch[] {
    this.endFile();
    const { groups, all } = this;
    groups.sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
    const matches: SearchMatch[] = new Array<SearchMatch>(all.length);
    let at = 0;
    for (const group of groups) for (let index = group.start; index < group.end; index += 1) matches[at++] = all[index]!;
    return matches;
  }
}
