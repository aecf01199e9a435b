// The syntax check's parses (issue 30 performance): the trees of the texts it last checked, per file, so
// the next edit of that file is an incremental reparse (tree.edit + parse(after, before-tree): a few ms on
// a 10 k-line file instead of a full parse), and the real run after an approval's dry run parses nothing.
// Every parse has a time budget (tree-sitter's progress callback): one pathological file skips the check
// with a note, never blocks the edit. One cache per engine (syntaxCheckHooks), bounded, trees freed on eviction.
import type { Parser, Tree } from 'web-tree-sitter';
import { syntaxProblems, type SyntaxProblem } from './syntax-check.js';
import { editBetween } from './text-edit.js';

// Files whose trees are kept (the ones an agent is editing), two texts each (before and after an edit).
const FILES = 16;
const PER_FILE = 2;
// A parse that runs longer than this (wall time: generous, the machine may be loaded) is given up and the
// check skipped with a note; a 10 k-line TypeScript file parses in ~0.3 s of CPU.
export const SYNTAX_PARSE_BUDGET_MS = 5000;

interface Kept {
  readonly text: string;
  readonly tree: Tree;
  problems?: SyntaxProblem[];
}

export class SyntaxTreeCache {
  // Path → kept texts, most recent last; the Map's order is the files' recency.
  readonly #files = new Map<string, Kept[]>();

  // The problems of `text` (a file at `path`), or undefined when its parse ran over the budget. `base`: a
  // text of the same file whose tree may be kept (the edit's before), to reparse from.
  problems(parser: Parser, path: string, text: string, base?: string): SyntaxProblem[] | undefined {
    const kept = this.#tree(parser, path, text, base);
    if (kept === undefined) return undefined;
    kept.problems ??= syntaxProblems(kept.tree, text);
    return kept.problems;
  }

  #tree(parser: Parser, path: string, text: string, base: string | undefined): Kept | undefined {
    const list = this.#files.get(path) ?? [];
    const same = list.find((each) => each.text === text);
    if (same !== undefined) return same;
    const from = base === undefined ? undefined : list.find((each) => each.text === base);
    let old: Tree | undefined;
    if (from !== undefined) {
      old = from.tree.copy();
      old.edit(editBetween(from.text, text));
    }
    const deadline = performance.now() + SYNTAX_PARSE_BUDGET_MS;
    let tree: Tree | null;
    try {
      tree = parser.parse(text, old ?? null, { progressCallback: () => performance.now() > deadline });
    } finally {
      old?.delete();
    }
    // A cancelled parse leaves the parser mid-document: the next parse must start afresh.
    if (tree === null) {
      parser.reset();
      return undefined;
    }
    const kept: Kept = { text, tree };
    this.#keep(path, list, kept);
    return kept;
  }

  #keep(path: string, list: Kept[], kept: Kept): void {
    list.push(kept);
    while (list.length > PER_FILE) list.shift()!.tree.delete();
    this.#files.delete(path);
    this.#files.set(path, list);
    while (this.#files.size > FILES) {
      const [oldest, trees] = this.#files.entries().next().value as [string, Kept[]];
      for (const each of trees) each.tree.delete();
      this.#files.delete(oldest);
    }
  }
}
