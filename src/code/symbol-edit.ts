// The symbol edits (issue 30): the range a symbol's edit covers, and the text after replacing, deleting or
// inserting beside it. Pure functions over a parsed tree and the file's text (string indices).
//
// The range rule, the same for every language, read from the tree: the definition node as the outline
// found it, widened to the wrappers that belong to it (`export`/`export default`, `declare`, Python's
// decorated_definition, a C++ template_declaration), the decorators, attributes and annotations directly
// before it, a `;` right after it on the same line, and (opt-in, --with-comments) the comments directly
// above it with no blank line between.
import type { Node, Tree } from 'web-tree-sitter';
import type { CodeSymbol } from './outline.js';

// Nodes that wrap one definition and belong to its edit.
const WRAPPERS: ReadonlySet<string> = new Set(['export_statement', 'decorated_definition', 'ambient_declaration', 'template_declaration']);
// Siblings directly before a definition that belong to it.
const ATTACHED: ReadonlySet<string> = new Set(['decorator', 'attribute_item', 'attribute_list', 'marker_annotation', 'annotation']);
const SINGLE_HOSTS: ReadonlySet<string> = new Set(['type_declaration', 'var_declaration', 'const_declaration', 'lexical_declaration', 'variable_declaration']);
const DECLARATOR_HOSTS = /declarator$|^(function_definition|declaration|field_declaration)$/;
const COMMENTS: ReadonlySet<string> = new Set(['comment', 'line_comment', 'block_comment']);

// A symbol's byte offsets (UTF-8) as indices into the JavaScript string.
export function stringIndex(text: string, byteOffset: number): number {
  if (Buffer.byteLength(text, 'utf8') === text.length) return byteOffset;
  return Buffer.from(text, 'utf8').subarray(0, byteOffset).toString('utf8').length;
}

export interface EditRange {
  readonly start: number;
  readonly end: number;
}

// What lies between `from` and `to` is blank with at most one line break (no empty line between).
const adjacent = (text: string, from: number, to: number): boolean => /^[ \t]*(\r?\n)?[ \t]*$/.test(text.slice(from, to));

// The range an edit of `symbol` covers in `text` (see the rule above).
export function symbolRange(tree: Tree, text: string, symbol: CodeSymbol, withComments: boolean): EditRange {
  const start = stringIndex(text, symbol.startIndex);
  const end = stringIndex(text, symbol.endIndex);
  let node: Node | null = tree.rootNode.descendantForIndex(start, Math.max(start, end - 1));
  while (node !== null && node.endIndex < end) node = node.parent;
  if (node === null) return { start, end };
  // C and C++ define a function by its declarator (`add(int a)`): the edit takes the whole definition.
  while (node.type.endsWith('declarator') && node.parent !== null && DECLARATOR_HOSTS.test(node.parent.type)) node = node.parent;
  // A declaration of this one name (Go's `type X struct`, `var x = 1`; `const f = () => 1`) goes whole.
  while (node.parent !== null && SINGLE_HOSTS.has(node.parent.type) && node.parent.namedChildren.filter((child) => !COMMENTS.has(child.type)).length === 1) node = node.parent;
  while (node.parent !== null && WRAPPERS.has(node.parent.type) && node.parent.parent !== null) node = node.parent;
  let from = Math.min(start, node.startIndex);
  let to = Math.max(end, node.endIndex);
  for (let previous = node.previousSibling; previous !== null; previous = previous.previousSibling) {
    const attached = ATTACHED.has(previous.type) || (withComments && COMMENTS.has(previous.type));
    if (!attached || !adjacent(text, previous.endIndex, from)) break;
    from = previous.startIndex;
  }
  const next = node.nextSibling;
  if (next !== null && next.type === ';' && /^[ \t]*$/.test(text.slice(to, next.startIndex))) to = next.endIndex;
  return { start: from, end: to };
}

const indentOf = (line: string): string => /^[ \t]*/.exec(line)![0];
const CLOSER = /^[ \t]*(\}|\)|\]|end\b)/;

// The whitespace before `index` on its line, when only whitespace is there ('' otherwise).
export function lineIndent(text: string, index: number): string {
  const lineStart = text.lastIndexOf('\n', index - 1) + 1;
  const before = text.slice(lineStart, index);
  return /^[ \t]*$/.test(before) ? before : '';
}

// The least indentation of the lines after the first (undefined: there are none but blank ones).
function laterIndent(lines: readonly string[]): number | undefined {
  const later = lines.slice(1).filter((line) => line.trim() !== '');
  return later.length === 0 ? undefined : Math.min(...later.map((line) => indentOf(line).length));
}

// `content` for a place whose first line starts after `indent`: lines after the first are moved to that
// indentation. Content whose first line is indented is taken as a block (its common indentation becomes
// `indent`). Content whose first line is not is either copied from the file (its later lines already at
// their place) or written at column 0 (indented by `indent`): copied when its later lines sit as deep as
// those of `replaced` (the text it replaces), else when they sit deeper than `indent` or close a block at it.
export function adaptIndent(content: string, indent: string, eol: string, replaced?: string): string {
  const lines = content.split(/\r?\n/);
  const least = laterIndent(lines);
  const first = indentOf(lines[0] ?? '');
  let strip: number;
  if (first !== '' && lines[0]!.trim() !== '') {
    strip = Math.min(first.length, least ?? first.length);
  } else {
    if (least === undefined || indent === '') return lines.join(eol);
    const original = replaced === undefined ? undefined : laterIndent(replaced.split(/\r?\n/));
    const copied = original !== undefined && (least === original || least === original - indent.length)
      ? least === original
      : least > indent.length || (least === indent.length && lines.some((line) => indentOf(line).length === least && CLOSER.test(line)));
    if (copied) return lines.join(eol);
    strip = 0;
  }
  return lines.map((line, index) => {
    if (line.trim() === '') return '';
    const own = line.slice(Math.min(strip, indentOf(line).length));
    return index === 0 ? own : `${indent}${own}`;
  }).join(eol);
}

const eolOf = (text: string): string => (text.includes('\r\n') ? '\r\n' : '\n');

// The text with `range` replaced by `content` (indentation adapted: the range's own text is no change).
export function replaceRange(text: string, range: EditRange, content: string): string {
  const adapted = adaptIndent(content.replace(/(\r?\n)+$/, ''), lineIndent(text, range.start), eolOf(text), text.slice(range.start, range.end));
  return `${text.slice(0, range.start)}${adapted}${text.slice(range.end)}`;
}

const lineStartOf = (text: string, index: number): number => text.lastIndexOf('\n', index - 1) + 1;
function lineEndOf(text: string, index: number): number {
  const newline = text.indexOf('\n', index);
  return newline === -1 ? text.length : newline + 1;
}
const blankLineAt = (text: string, index: number): boolean => index < text.length && /^[ \t]*\r?\n/.test(text.slice(index, lineEndOf(text, index)));

// The text without `range`: whole lines go when the range fills them, and one of two blank lines it leaves
// side by side goes with it.
export function deleteRange(text: string, range: EditRange): string {
  const lineStart = lineStartOf(text, range.start);
  const lineEnd = lineEndOf(text, range.end);
  const wholeLines = /^[ \t]*$/.test(text.slice(lineStart, range.start)) && /^[ \t]*\r?\n?$/.test(text.slice(range.end, lineEnd));
  if (!wholeLines) return `${text.slice(0, range.start)}${text.slice(range.end)}`;
  let after = lineEnd;
  const blankBefore = lineStart === 0 || blankLineAt(text, lineStartOf(text, lineStart - 1));
  if (blankBefore && blankLineAt(text, after)) after = lineEndOf(text, after);
  return `${text.slice(0, lineStart)}${text.slice(after)}`;
}

// The text with `content` inserted as whole lines before or after `range`, at the range's indentation,
// with the blank line the file keeps there (a blank line before the symbol is kept before the new text).
export function insertBeside(text: string, range: EditRange, content: string, where: 'before' | 'after'): string {
  const eol = eolOf(text);
  const indent = lineIndent(text, range.start);
  const body = adaptIndent(content.replace(/^(\r?\n)+|(\r?\n)+$/g, ''), indent, eol);
  const block = `${body.split(eol).map((line, index) => (index === 0 && line !== '' ? `${indent}${line}` : line)).join(eol)}${eol}`;
  if (where === 'before') {
    const at = lineStartOf(text, range.start);
    const spaced = at > 0 && blankLineAt(text, lineStartOf(text, at - 1));
    return `${text.slice(0, at)}${block}${spaced ? eol : ''}${text.slice(at)}`;
  }
  const at = lineEndOf(text, range.end);
  const spaced = blankLineAt(text, at);
  const newline = at > 0 && text[at - 1] !== '\n' ? eol : '';
  return `${text.slice(0, at)}${newline}${spaced ? eol : ''}${block}${text.slice(at)}`;
}
