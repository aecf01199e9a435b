// A tree-sitter query's source cut into its top-level patterns, each with the node types it cannot match
// without: a named node `(type …)` that is neither optional (`?`, `*`) nor inside an alternation `[…]`.
// A tree with no node of one of those types gives that pattern no match, so a query of the other patterns
// finds the very same matches (tags-subset.ts); the pattern's text is kept whole (its captures, fields,
// anchors and predicates). Types are names as the query writes them: `_`, `ERROR`, `MISSING` and
// supertype paths (`expression/identifier`) are never counted as required.

export interface QueryPattern {
  // The pattern's source, from its first character to its last capture or quantifier.
  readonly text: string;
  // Where it starts in the query's source.
  readonly start: number;
  readonly required: readonly string[];
}

interface Token {
  readonly kind: '(' | ')' | '[' | ']' | 'quantifier' | 'string' | 'word';
  readonly value: string;
  readonly start: number;
  readonly end: number;
}

interface Element {
  readonly kind: 'named' | 'group' | 'alternation' | 'predicate' | 'atom';
  readonly type?: string;
  readonly children: readonly Element[];
  readonly start: number;
  end: number;
  quantifier?: string;
}

const BRACKETS = '()[]';
const WORD_END = /[\s()[\]";]/;

function tokens(source: string): Token[] {
  const found: Token[] = [];
  let at = 0;
  while (at < source.length) {
    const char = source[at]!;
    if (char === ';') {
      const end = source.indexOf('\n', at);
      at = end === -1 ? source.length : end;
    } else if (/\s/.test(char)) at++;
    else if (char === '"') {
      let end = at + 1;
      while (end < source.length && source[end] !== '"') end += source[end] === '\\' ? 2 : 1;
      found.push({ kind: 'string', value: source.slice(at, end + 1), start: at, end: end + 1 });
      at = end + 1;
    } else if (BRACKETS.includes(char) || '?*+'.includes(char)) {
      found.push({ kind: BRACKETS.includes(char) ? (char as Token['kind']) : 'quantifier', value: char, start: at, end: at + 1 });
      at++;
    } else {
      let end = at + 1;
      while (end < source.length && !WORD_END.test(source[end]!)) end++;
      found.push({ kind: 'word', value: source.slice(at, end), start: at, end });
      at = end;
    }
  }
  return found;
}

function element(list: readonly Token[], at: number): { element: Element; next: number } {
  const token = list[at];
  if (token === undefined) throw new Error('query source ends inside a pattern');
  let next = at + 1;
  let made: Element;
  if (token.kind === '(' || token.kind === '[') {
    const close = token.kind === '(' ? ')' : ']';
    const children: Element[] = [];
    while (list[next]?.kind !== close) {
      const child = element(list, next);
      children.push(child.element);
      next = child.next;
    }
    const head = list[at + 1];
    const named = token.kind === '(' && head?.kind === 'word';
    const kind = token.kind === '[' ? 'alternation' : !named ? 'group' : head.value.startsWith('#') ? 'predicate' : 'named';
    made = { kind, type: named ? head.value : undefined, children, start: token.start, end: list[next]!.end };
    next += 1;
  } else made = { kind: 'atom', type: token.value, children: [], start: token.start, end: token.end };
  const after = list[next];
  if (after?.kind === 'quantifier') {
    made.quantifier = after.value;
    made.end = after.end;
    next += 1;
  }
  return { element: made, next };
}

const NOT_A_TYPE = new Set(['_', 'ERROR', 'MISSING']);

function required(node: Element, into: Set<string>): Set<string> {
  if (node.quantifier === '?' || node.quantifier === '*') return into;
  if (node.kind === 'named') {
    if (/^[A-Za-z_]\w*$/.test(node.type!) && !NOT_A_TYPE.has(node.type!)) into.add(node.type!);
    for (const child of node.children) required(child, into);
  } else if (node.kind === 'group') for (const child of node.children) required(child, into);
  return into;
}

// The patterns of `source`, in order (a query's pattern index is its place in this list).
export function queryPatterns(source: string): QueryPattern[] {
  const list = tokens(source);
  const found: { element: Element; end: number }[] = [];
  let at = 0;
  while (at < list.length) {
    const { element: made, next } = element(list, at);
    at = next;
    // A capture after a pattern's closing parenthesis belongs to it.
    const last = found.at(-1);
    if (made.kind === 'atom' && made.type!.startsWith('@') && last !== undefined) last.end = made.end;
    else found.push({ element: made, end: made.end });
  }
  return found.map(({ element: made, end }) => ({ text: source.slice(made.start, end), start: made.start, required: [...required(made, new Set())] }));
}
