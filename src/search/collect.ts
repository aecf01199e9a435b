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

// A file with a match (mode files), and its number of matching lines (mode count).
export interface FileHit {
  path: string;
  count?: number;
}

// The matching lines per file of content matches (grouped by file, as the collector returns them).
export function countByFile(matches: readonly SearchMatch[], counting: boolean): FileHit[] {
  const out: FileHit[] = [];
  for (const match of matches) {
    const last = out[out.length - 1];
    if (last !== undefined && last.path === match.path) {
      if (counting) last.count = (last.count ?? 0) + 1;
    } else out.push(counting ? { path: match.path, count: 1 } : { path: match.path });
  }
  return out;
}

interface Pending {
  line: number;
  text: string;
}

// A name in a folder of PathOrder: the items of the path that ends there (a file; a path added twice
// keeps both, in order) and the folder below it.
interface OrderNode<T> {
  readonly name: string;
  has: boolean; // the path ending here was added: first, then rest
  first: T | undefined;
  rest: T[] | undefined;
  folder: OrderFolder<T> | undefined;
}

interface OrderFolder<T> {
  readonly byName: Map<string, OrderNode<T>>;
  readonly sorted: OrderNode<T>[]; // by name, in UTF-16 code units
}

const emptyFolder = <T>(): OrderFolder<T> => ({ byName: new Map(), sorted: [] });

// Orders items by path as tree lists paths: folder by folder, names by UTF-16 code units (so `a/x`
// comes before `a.txt`), an item of a folder's own path before the folder's contents. Each name is
// put in its place in its folder as it arrives (while rg still runs; a folder holds few names), so
// ordering at the end is one walk, with no sort of every path against every other.
export class PathOrder<T> {
  private readonly root = emptyFolder<T>();

  add(path: string, item: T): void {
    let folder = this.root;
    let from = 0;
    for (;;) {
      const slash = path.indexOf('/', from);
      const name = slash === -1 ? path.slice(from) : path.slice(from, slash);
      let node = folder.byName.get(name);
      if (node === undefined) {
        node = { name, has: false, first: undefined, rest: undefined, folder: undefined };
        folder.byName.set(name, node);
        const { sorted } = folder;
        let low = 0;
        let high = sorted.length;
        while (low < high) {
          const middle = (low + high) >>> 1;
          if (sorted[middle]!.name < name) low = middle + 1;
          else high = middle;
        }
        if (low === sorted.length) sorted.push(node);
        else sorted.splice(low, 0, node);
      }
      if (slash === -1) {
        if (!node.has) {
          node.has = true;
          node.first = item;
        } else (node.rest ??= []).push(item);
        return;
      }
      node.folder ??= emptyFolder();
      folder = node.folder;
      from = slash + 1;
    }
  }

  items(): T[] {
    const out: T[] = [];
    const visit = (folder: OrderFolder<T>): void => {
      for (const node of folder.sorted) {
        if (node.has) out.push(node.first as T);
        if (node.rest !== undefined) for (const item of node.rest) out.push(item);
        if (node.folder !== undefined) visit(node.folder);
      }
    };
    visit(this.root);
    return out;
  }
}

export function sortPaths<T extends { path: string }>(items: readonly T[]): T[] {
  const order = new PathOrder<T>();
  for (const item of items) order.add(item.path, item);
  return order.items();
}

export class MatchCollector {
  truncated = false;
  count = 0;
  // Plain (TypeScript-private) fields: this runs once per output line of rg.
  private readonly max: number;
  private readonly context: number;
  private readonly maxLine: number;
  private readonly all: SearchMatch[] = [];
  // The files' matches lie one file after another in `all`: file g holds all[starts[g], starts[g + 1]).
  private readonly starts: number[] = [];
  private readonly order = new PathOrder<number>(); // file numbers, by path
  private open = false; // the current file has matches (the last ones of `all`)
  private path = '';
  private pending: Pending[] = [];

  // The matches arrive in path order (rg --sort path, the Node scan's walk): kept as they came, so a page of
  // the first N is exactly the first N of every longer page.
  private readonly keepOrder: boolean;

  constructor(options: { maxResults: number; context: number; maxLineLength: number; ordered?: boolean }) {
    this.keepOrder = options.ordered === true;
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
    if (!this.open) {
      this.order.add(this.path, this.starts.length);
      this.starts.push(this.all.length);
      this.open = true;
    }
    this.all.push(entry);
    this.count += 1;
    return true;
  }

  contextLine(line: number, text: string): void {
    if (this.path !== '' && this.context > 0) this.pending.push({ line, text });
  }

  endFile(): void {
    if (this.path !== '' && this.context > 0) this.flush(Number.POSITIVE_INFINITY);
    this.path = '';
    this.open = false;
  }

  // Hands the pending context lines to the previous match (after) and returns the next one's (before).
  private flush(nextLine: number): string[] {
    const pending = this.pending;
    this.pending = [];
    const previous = this.open ? this.all[this.all.length - 1] : undefined;
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
    const { all, starts } = this;
    if (this.keepOrder) return all.slice();
    const matches: SearchMatch[] = new Array<SearchMatch>(all.length);
    let at = 0;
    for (const file of this.order.items()) {
      const end = file + 1 < starts.length ? starts[file + 1]! : all.length;
      for (let index = starts[file]!; index < end; index += 1) matches[at++] = all[index]!;
    }
    return matches;
  }
}
