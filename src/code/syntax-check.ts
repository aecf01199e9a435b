// The syntax check behind every edit (issue 30): which parse errors a change introduced. Pure functions over
// trees a loaded grammar parsed; the engine hook (syntax-check-hook.ts) decides what to do with them.
import type { Node, Parser, Tree } from 'web-tree-sitter';

// One parse error: an ERROR node (text the grammar could not place) or a MISSING one (a token the parser
// had to invent, like a closing bracket). Lines and columns are 1-based.
export interface SyntaxProblem {
  readonly line: number;
  readonly column: number;
  readonly kind: 'error' | 'missing';
  // What was missing (`)`, `;`), or the unexpected text, capped.
  readonly what: string;
  // The source line the problem is on, trimmed and capped.
  readonly snippet: string;
}

const SNIPPET_CHARS = 80;
// More problems than this in one file are not listed one by one (they are counted).
const MAX_PROBLEMS = 200;

const cap = (text: string, max: number): string => (text.length > max ? `${text.slice(0, max - 1)}…` : text);

// Every problem of `tree` (whose source is `text`), outermost ERROR nodes only, in document order.
export function syntaxProblems(tree: Tree, text: string): SyntaxProblem[] {
  const problems: SyntaxProblem[] = [];
  if (!tree.rootNode.hasError) return problems;
  const lines = text.split('\n');
  const visit = (node: Node): void => {
    if (problems.length >= MAX_PROBLEMS) return;
    if (node.isMissing || node.isError) {
      const { row, column } = node.startPosition;
      const what = node.isMissing ? node.type : cap(node.text.replace(/\s+/g, ' ').trim(), 40);
      problems.push({ line: row + 1, column: column + 1, kind: node.isMissing ? 'missing' : 'error', what, snippet: cap((lines[row] ?? '').trim(), SNIPPET_CHARS) });
      if (node.isError) return;
    }
    for (const child of node.children) {
      if (child.hasError || child.isMissing) visit(child);
    }
  };
  visit(tree.rootNode);
  return problems;
}

// The problems of `text` as `parser` reads it (the tree is freed before returning).
export function problemsOf(parser: Parser, text: string): SyntaxProblem[] {
  const tree = parser.parse(text);
  if (tree === null) return [];
  try {
    return syntaxProblems(tree, text);
  } finally {
    tree.delete();
  }
}

// The lines an edit changed: `before` and `after` share their first `head` lines and their last `tail`
// lines; everything between is the edit.
interface LineChange {
  readonly head: number;
  readonly tail: number;
  readonly beforeLines: number;
  readonly afterLines: number;
}

function lineChange(before: string, after: string): LineChange {
  const a = before.split('\n');
  const b = after.split('\n');
  let head = 0;
  while (head < a.length && head < b.length && a[head] === b[head]) head += 1;
  let tail = 0;
  while (tail < a.length - head && tail < b.length - head && a[a.length - 1 - tail] === b[b.length - 1 - tail]) tail += 1;
  return { head, tail, beforeLines: a.length, afterLines: b.length };
}

const key = (problem: SyntaxProblem, line: number): string => `${problem.kind}:${line}:${problem.column}`;

// The problems of `after` that were not in `before`: one outside the edited lines counts as old when the
// same kind of problem sat at the same place before (lines below the edit shifted by the lines it added);
// inside the edited lines, positions mean nothing, so they count as old up to the number the edited lines
// held before.
export function introducedProblems(before: string, beforeProblems: readonly SyntaxProblem[], after: string, afterProblems: readonly SyntaxProblem[]): SyntaxProblem[] {
  if (afterProblems.length === 0) return [];
  if (beforeProblems.length === 0) return [...afterProblems];
  const change = lineChange(before, after);
  const shift = change.afterLines - change.beforeLines;
  const region = (line: number, lines: number): 'above' | 'edit' | 'below' =>
    line <= change.head ? 'above' : line > lines - change.tail ? 'below' : 'edit';
  const old = new Map<string, number>();
  let oldInEdit = 0;
  for (const problem of beforeProblems) {
    const where = region(problem.line, change.beforeLines);
    if (where === 'edit') oldInEdit += 1;
    else {
      const id = key(problem, where === 'below' ? problem.line + shift : problem.line);
      old.set(id, (old.get(id) ?? 0) + 1);
    }
  }
  const introduced: SyntaxProblem[] = [];
  for (const problem of afterProblems) {
    const where = region(problem.line, change.afterLines);
    if (where === 'edit') {
      if (oldInEdit > 0) oldInEdit -= 1;
      else introduced.push(problem);
      continue;
    }
    const id = key(problem, problem.line);
    const left = old.get(id) ?? 0;
    if (left > 0) old.set(id, left - 1);
    else introduced.push(problem);
  }
  return introduced;
}

// `3:7 missing ")" in: foo(a, b` / `3:7 unexpected "+" in: x = + ;`
export function describeProblem(problem: SyntaxProblem): string {
  const what = problem.kind === 'missing' ? `missing "${problem.what}"` : problem.what === '' ? 'syntax error' : `unexpected "${problem.what}"`;
  return `${problem.line}:${problem.column} ${what}${problem.snippet === '' ? '' : ` in: ${problem.snippet}`}`;
}

// At most `count` problems described, then how many more.
export function describeProblems(problems: readonly SyntaxProblem[], count = 3): string {
  const shown = problems.slice(0, count).map(describeProblem).join('; ');
  return problems.length > count ? `${shown}; and ${problems.length - count} more` : shown;
}
