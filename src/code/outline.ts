// The symbols a file defines, as a tree: the grammar's tags query (@definition.* with @name) plus the
// outline supplements (outline-queries.ts), nested by range containment, kinds normalised across languages.
// The one symbol model every code command shares (outline, symbols, the index, the symbol edits).
import type { Node, QueryMatch } from 'web-tree-sitter';
import { fail } from '../engine/errors.js';
import type { LanguageId } from './languages.js';
import type { CodeParsers, LoadedLanguage, ParsedCode } from './parsers.js';
import { KIND_OF_NODE, MEMBER_HOSTS, OUTLINE_QUERIES, PREFIX_NODES } from './outline-queries.js';
import { namedLikeItsVariable } from './self-named.js';
import { utf8Offsets } from './utf8-offsets.js';

export interface CodeSymbol {
  readonly name: string;
  // Outer names joined with '/': 'Greeter/greet'. A Go method's outer name is its receiver's type.
  readonly namePath: string;
  // class | function | method | interface | type | enum | module | constant | variable | field | struct
  // | trait | impl | macro | union
  readonly kind: string;
  // 1-based, of the definition itself (decorators, attributes and comments before it not included).
  readonly startLine: number;
  // 1-based, inclusive.
  readonly endLine: number;
  // Byte offsets into the file's UTF-8 bytes; end exclusive.
  readonly startIndex: number;
  readonly endIndex: number;
  readonly nameIndex: number;
  // The definition's first line, trimmed, at most SIGNATURE_CHARS characters.
  readonly signature: string;
  readonly children: readonly CodeSymbol[];
}

export type NamePathMode = 'exact' | 'suffix' | 'substring';

const SIGNATURE_CHARS = 200;

interface Definition {
  name: string;
  kind: string;
  start: number;
  end: number;
  nameStart: number;
  startRow: number;
  endRow: number;
  receiver?: string;
}

interface Built {
  symbol: { -readonly [K in keyof CodeSymbol]: CodeSymbol[K] } & { children: CodeSymbol[] };
  end: number;
}

// The outline of `text` as the language of `file`; undefined when the file is not code codeward parses.
export async function outlineOf(parsers: CodeParsers, file: string, text: string): Promise<readonly CodeSymbol[] | undefined> {
  return (await outlineWithReferences(parsers, file, text))?.symbols;
}

// The outline and the names the file refers to (the tags query's @reference.* captures; '.name' when
// used through an object), from one parse.
export async function outlineWithReferences(parsers: CodeParsers, file: string, text: string): Promise<{ symbols: CodeSymbol[]; references: string[] } | undefined> {
  const parsed = await parsers.parseFile(file, text);
  if (parsed === undefined) return undefined;
  try {
    return await outlineOfTree(parsed, text);
  } finally {
    parsed.tree.delete();
  }
}

// The same from a tree the caller owns (and frees): outline-cache.ts keeps it to reparse the next text.
export async function outlineOfTree(parsed: ParsedCode, text: string): Promise<{ symbols: CodeSymbol[]; references: string[] }> {
  const definitions = new Map<string, Definition>();
  const references = new Set<string>();
  for (const matches of await matchesOf(parsed.loaded, parsed.tree.rootNode)) collect(matches, parsed.spec.id, definitions, references);
  return { symbols: nest([...definitions.values()], text), references: [...references] };
}

// The tags query's matches, then the outline supplement's (one query compiled for both: LoadedLanguage.withTags).
async function matchesOf(loaded: LoadedLanguage, root: Node): Promise<QueryMatch[][]> {
  const extra = OUTLINE_QUERIES[loaded.spec.id];
  if (extra === undefined) return [(await loaded.tags()).matches(root)];
  const { query, tagsPatterns } = await loaded.withTags(extra, root);
  const tags: QueryMatch[] = [];
  const more: QueryMatch[] = [];
  for (const match of query.matches(root)) (match.patternIndex < tagsPatterns ? tags : more).push(match);
  return [tags, more];
}

const WEAK_KINDS = new Set(['constant', 'variable', 'field']);

function collect(matches: readonly QueryMatch[], language: LanguageId, into: Map<string, Definition>, references: Set<string>): void {
  for (const match of matches) {
    const definition = match.captures.find((capture) => capture.name.startsWith('definition.'));
    const name = match.captures.find((capture) => capture.name === 'name');
    if (name === undefined) continue;
    if (definition === undefined) {
      if (match.captures.some((capture) => capture.name.startsWith('reference.'))) references.add(referenceName(name.node));
      continue;
    }
    // `var f = function f() {}`: the variable's definition is the one symbol (self-named.ts).
    if (namedLikeItsVariable(definition.node)) continue;
    const found = define(definition.node, name.node, definition.name.slice('definition.'.length), language);
    const key = `${found.start}:${found.end}`;
    const before = into.get(key);
    // One node, two patterns (Rust's function_item is a method and a function; a const arrow function
    // a function and a constant): the more specific kind wins.
    if (before === undefined || (WEAK_KINDS.has(before.kind) && !WEAK_KINDS.has(found.kind))) into.set(key, found);
  }
}

const MEMBER_ACCESS = new Set(['member_expression', 'attribute', 'field_expression', 'selector_expression', 'member_access_expression', 'method_invocation', 'call']);

// A name used through an object (`x.join()`) is marked with a leading '.': it can only mean a member.
function referenceName(node: Node): string {
  const parent = node.parent;
  const member = parent !== null && MEMBER_ACCESS.has(parent.type) && parent.firstNamedChild?.id !== node.id;
  return member ? `.${node.text}` : node.text;
}

function define(node: Node, nameNode: Node, captured: string, language: LanguageId): Definition {
  const whole = widen(node);
  const first = firstOwnChild(whole);
  const kind = kindOf(whole, captured);
  const name = kind === 'impl' ? lastTypeName(nameNode) : nameNode.text;
  const definition: Definition = {
    name, kind, start: first.startIndex, end: whole.endIndex, nameStart: nameNode.startIndex,
    startRow: first.startPosition.row, endRow: whole.endPosition.row,
  };
  if (language === 'go' && whole.type === 'method_declaration') {
    const receiver = whole.childForFieldName('receiver');
    const type = receiver?.descendantsOfType('type_identifier')[0];
    if (type !== undefined) definition.receiver = type.text;
  }
  return definition;
}

// `const f = () => 1;` is defined by its whole declaration when it declares only that one name.
function widen(node: Node): Node {
  const parent = node.parent;
  if (node.type !== 'variable_declarator' || parent === null) return node;
  if (parent.type !== 'lexical_declaration' && parent.type !== 'variable_declaration') return node;
  return parent.namedChildren.filter((child) => child.type === 'variable_declarator').length === 1 ? parent : node;
}

// The first child that is the definition's own text: decorators, attributes and comments are skipped,
// and a Java modifiers list from its first modifier that is not an annotation.
function firstOwnChild(node: Node): Node {
  for (const child of node.children) {
    if (PREFIX_NODES.has(child.type)) continue;
    if (child.type === 'modifiers') {
      const own = child.children.find((modifier) => !PREFIX_NODES.has(modifier.type));
      if (own === undefined) continue;
      return own;
    }
    return child;
  }
  return node;
}

function kindOf(node: Node, captured: string): string {
  if (node.type === 'type_spec') {
    const type = node.childForFieldName('type')?.type;
    return type === 'struct_type' ? 'struct' : type === 'interface_type' ? 'interface' : 'type';
  }
  if (node.type === 'lexical_declaration' && captured === 'constant') {
    return node.child(0)?.text === 'const' ? 'constant' : 'variable';
  }
  return KIND_OF_NODE[node.type] ?? captured;
}

// `impl<T> Trait for a::Foo<T>`: the implemented type's own name, Foo.
function lastTypeName(node: Node): string {
  const types = [node, ...node.descendantsOfType('type_identifier')].filter((each) => each.type === 'type_identifier');
  return (types[0] ?? node).text;
}

function nest(definitions: Definition[], text: string): CodeSymbol[] {
  const toByte = utf8Offsets(text);
  definitions.sort((a, b) => a.start - b.start || b.end - a.end);
  const roots: CodeSymbol[] = [];
  const stack: Built[] = [];
  for (const definition of definitions) {
    while (stack.length > 0 && stack[stack.length - 1]!.end < definition.end) stack.pop();
    const parent = stack[stack.length - 1]?.symbol;
    const kind = definition.kind === 'function' && parent !== undefined && MEMBER_HOSTS.has(parent.kind) ? 'method' : definition.kind;
    const outer = parent?.namePath ?? definition.receiver;
    const symbol: Built['symbol'] = {
      name: definition.name,
      namePath: outer === undefined ? definition.name : `${outer}/${definition.name}`,
      kind,
      startLine: definition.startRow + 1,
      endLine: definition.endRow + 1,
      startIndex: toByte(definition.start),
      endIndex: toByte(definition.end),
      nameIndex: toByte(definition.nameStart),
      signature: signatureAt(text, definition.start),
      children: [],
    };
    (parent === undefined ? roots : parent.children).push(symbol);
    stack.push({ symbol, end: definition.end });
  }
  return roots;
}

function signatureAt(text: string, start: number): string {
  const newline = text.indexOf('\n', start);
  const line = text.slice(start, newline === -1 ? text.length : newline).trim();
  return line.length > SIGNATURE_CHARS ? `${line.slice(0, SIGNATURE_CHARS - 1)}…` : line;
}

// Every symbol of a tree, parents before their children, in file order.
export function flattenSymbols(symbols: readonly CodeSymbol[]): CodeSymbol[] {
  const all: CodeSymbol[] = [];
  const visit = (list: readonly CodeSymbol[]): void => {
    for (const symbol of list) {
      all.push(symbol);
      visit(symbol.children);
    }
  };
  visit(symbols);
  return all;
}

// A name path as people write it: 'Greeter.greet', 'Greeter::greet' and '/Greeter/greet/' are 'Greeter/greet'.
export function normaliseNamePath(query: string): string {
  return query.trim().replace(/::|\.|#/g, '/').replace(/\/+/g, '/').replace(/^\/|\/$/g, '');
}

// The symbols whose name path matches `query`: exact (the whole path), suffix (the path ends with the
// query's complete segments: 'greet' finds 'Greeter/greet'), or substring (case-insensitive).
export function findByNamePath(symbols: readonly CodeSymbol[], query: string, mode: NamePathMode = 'suffix'): CodeSymbol[] {
  const wanted = normaliseNamePath(query);
  if (wanted === '') return [];
  const lower = wanted.toLowerCase();
  return flattenSymbols(symbols).filter((symbol) => {
    if (mode === 'exact') return symbol.namePath === wanted;
    if (mode === 'suffix') return symbol.namePath === wanted || symbol.namePath.endsWith(`/${wanted}`);
    return symbol.namePath.toLowerCase().includes(lower);
  });
}

// The one symbol `query` names in `file`, or an error that says what to write instead: C211 with the
// closest names when none matches, C221 with every candidate as path:line when several do (never a
// guess; a suffix query that is also one symbol's whole path names that symbol).
export function oneSymbol(symbols: readonly CodeSymbol[], query: string, file: string, mode: NamePathMode = 'suffix'): CodeSymbol {
  const found = findByNamePath(symbols, query, mode);
  if (found.length === 1) return found[0]!;
  const whole = found.filter((symbol) => symbol.namePath === normaliseNamePath(query));
  if (whole.length === 1) return whole[0]!;
  if (found.length === 0) {
    const last = (normaliseNamePath(query).split('/').pop() ?? '').toLowerCase();
    const near = flattenSymbols(symbols).filter((symbol) => {
      const name = symbol.name.toLowerCase();
      return name.includes(last) || name.startsWith(last.slice(0, 3));
    }).slice(0, 10);
    const hint = near.length > 0 ? `; similar: ${near.map((symbol) => `${symbol.namePath} (${file}:${symbol.startLine})`).join(', ')}` : '; outline --file shows its symbols';
    throw fail('C211', `no symbol ${query} in ${file}${hint}`);
  }
  const list = found.slice(0, 20).map((symbol) => `${symbol.namePath} ${symbol.kind} (${file}:${symbol.startLine})`).join(', ');
  throw fail('C221', `${query} names ${found.length} symbols in ${file}: ${list}; pass the whole name path (Outer/inner) or --kind`, {
    candidates: found.map((symbol) => ({ namePath: symbol.namePath, kind: symbol.kind, path: file, line: symbol.startLine })),
  });
}
