// Turns the syntax nodes of one shell word into parts: quotes and backslashes removed, expansions kept
// as parts, brace expansion (`{rm,-rf,/}`) and `$IFS` word splitting (`rm${IFS}-rf${IFS}/`) applied.
// Substitutions are not walked here; the walker does that (it owns the command list).
import type { SyntaxNode as Node } from './parse-syntax.js';

export type RawPart =
  | { kind: 'literal'; value: string; quoted: boolean }
  | { kind: 'tilde'; user: string }
  | { kind: 'variable'; name: string; text: string; quoted: boolean; nested: Node[] }
  | { kind: 'substitution'; text: string; process?: '<' | '>'; node: Node }
  | { kind: 'dynamic'; text: string; nested: Node[] };

export interface RawWord {
  readonly text: string;
  readonly parts: RawPart[];
}

const SUBSTITUTIONS = new Set(['command_substitution', 'process_substitution']);
const MAX_BRACE_WORDS = 64;

// Nodes whose source ranges touch (or are joined only by line continuations) form one shell word.
export function groupWords(nodes: readonly Node[], source: string): Node[][] {
  const groups: Node[][] = [];
  let last: Node | undefined;
  for (const node of nodes) {
    const gap = last ? source.slice(last.endIndex, node.startIndex) : ' ';
    if (last && /^(?:\\\n)*$/.test(gap)) groups[groups.length - 1]!.push(node);
    else groups.push([node]);
    last = node;
  }
  return groups;
}

// Every command/process substitution below a node (not below another substitution).
export function nestedSubstitutions(node: Node): Node[] {
  const found: Node[] = [];
  const visit = (current: Node): void => {
    for (const child of current.namedChildren) {
      if (!child) continue;
      if (SUBSTITUTIONS.has(child.type)) found.push(child);
      else visit(child);
    }
  };
  if (SUBSTITUTIONS.has(node.type)) return [node];
  visit(node);
  return found;
}

function pushLiteral(parts: RawPart[], value: string, quoted: boolean): void {
  if (value === '') return;
  const last = parts[parts.length - 1];
  if (last && last.kind === 'literal' && last.quoted === quoted) last.value += value;
  else parts.push({ kind: 'literal', value, quoted });
}

// An unquoted word: backslash escapes a character (quoted); backslash-newline disappears.
function readUnquoted(parts: RawPart[], text: string, first: boolean): void {
  let i = 0;
  if (first && text.startsWith('~')) {
    const match = /^~([A-Za-z0-9._-]*|[+-])(?=\/|$)/.exec(text);
    if (match) {
      parts.push({ kind: 'tilde', user: match[1]! });
      i = match[0].length;
    }
  }
  let run = '';
  for (; i < text.length; i++) {
    const ch = text[i]!;
    if (ch === '\\' && i + 1 < text.length) {
      pushLiteral(parts, run, false);
      run = '';
      const next = text[++i]!;
      if (next !== '\n') pushLiteral(parts, next, true);
    } else run += ch;
  }
  pushLiteral(parts, run, false);
}

// Inside double quotes only \$ \` \" \\ and backslash-newline are escapes.
function unescapeDouble(text: string): string {
  return text.replace(/\\([$`"\\\n])/g, (_, ch: string) => (ch === '\n' ? '' : ch));
}

export function decodeAnsiC(body: string): string {
  const simple: Record<string, string> = { n: '\n', t: '\t', r: '\r', a: '\x07', b: '\b', e: '\x1b', E: '\x1b', f: '\f', v: '\v', '\\': '\\', "'": "'", '"': '"', '?': '?' };
  return body.replace(/\\(x[0-9A-Fa-f]{1,2}|u[0-9A-Fa-f]{1,4}|U[0-9A-Fa-f]{1,8}|[0-7]{1,3}|c.|.)/gs, (whole, esc: string) => {
    const head = esc[0]!;
    if (head === 'x' || head === 'u' || head === 'U') {
      const code = Number.parseInt(esc.slice(1), 16);
      return code <= 0x10ffff ? String.fromCodePoint(code) : '';
    }
    if (/[0-7]/.test(head)) return String.fromCharCode(Number.parseInt(esc, 8) & 0xff);
    if (head === 'c') return String.fromCharCode(esc.charCodeAt(1) & 0x1f);
    return simple[head] ?? whole;
  });
}

function variableOf(node: Node): { name: string; dynamic: boolean } {
  // ${#x} (length) and ${!x} (indirection) are not the variable's value.
  for (const child of node.children) {
    if (!child) continue;
    if (!child.isNamed && (child.type === '#' || child.type === '!') && child.startIndex === node.startIndex + 2) return { name: '', dynamic: true };
  }
  for (const child of node.namedChildren) {
    if (!child) continue;
    if (child.type === 'variable_name' || child.type === 'special_variable_name') return { name: child.text, dynamic: false };
    if (child.type === 'subscript') {
      const name = child.childForFieldName('name');
      if (name) return { name: name.text, dynamic: false };
    }
  }
  return { name: '', dynamic: true };
}

function readExpansion(parts: RawPart[], node: Node, quoted: boolean): void {
  if (node.type === 'simple_expansion') {
    const name = node.text.slice(1);
    parts.push({ kind: 'variable', name, text: node.text, quoted, nested: [] });
    return;
  }
  if (node.type === 'expansion') {
    const { name, dynamic } = variableOf(node);
    const nested = nestedSubstitutions(node);
    if (dynamic || name === '') parts.push({ kind: 'dynamic', text: node.text, nested });
    else parts.push({ kind: 'variable', name, text: node.text, quoted, nested });
    return;
  }
  if (node.type === 'command_substitution') {
    parts.push({ kind: 'substitution', text: node.text, node });
    return;
  }
  if (node.type === 'process_substitution') {
    parts.push({ kind: 'substitution', text: node.text, process: node.text.startsWith('>') ? '>' : '<', node });
    return;
  }
  parts.push({ kind: 'dynamic', text: node.text, nested: nestedSubstitutions(node) });
}

const EXPANSIONS = new Set(['simple_expansion', 'expansion', 'command_substitution', 'process_substitution', 'arithmetic_expansion']);

function readDoubleQuoted(parts: RawPart[], node: Node, source: string, innerStart: number): void {
  const innerEnd = node.endIndex - 1;
  let cursor = innerStart;
  for (const child of node.namedChildren) {
    if (!child || !EXPANSIONS.has(child.type)) continue;
    pushLiteral(parts, unescapeDouble(source.slice(cursor, child.startIndex)), true);
    readExpansion(parts, child, true);
    cursor = child.endIndex;
  }
  if (innerEnd > cursor) pushLiteral(parts, unescapeDouble(source.slice(cursor, innerEnd)), true);
}

function readNode(parts: RawPart[], node: Node, source: string, first: boolean, next: Node | undefined): number {
  switch (node.type) {
    case 'word':
    case 'number':
    case 'brace_expression':
    case 'extglob_pattern':
      readUnquoted(parts, node.text, first);
      return 0;
    case 'raw_string':
      pushLiteral(parts, node.text.slice(1, -1), true);
      return 0;
    case 'ansi_c_string':
      pushLiteral(parts, decodeAnsiC(node.text.slice(2, -1)), true);
      return 0;
    case 'string':
      if (node.text === '""') parts.push({ kind: 'literal', value: '', quoted: true });
      else readDoubleQuoted(parts, node, source, node.startIndex + 1);
      return 0;
    case 'translated_string':
      readDoubleQuoted(parts, node, source, node.startIndex + 2);
      return 0;
    case 'concatenation': {
      const children = node.children.filter((child): child is Node => child !== null);
      for (let i = 0; i < children.length; i++) {
        i += readNode(parts, children[i]!, source, first && i === 0 && parts.length === 0, children[i + 1]);
      }
      return 0;
    }
    case '$':
      // `$"..."` is a translated string; `$name` split by the grammar is a variable.
      if (next?.type === 'string') return 0;
      if (next?.type === 'word' && /^[A-Za-z_][A-Za-z0-9_]*/.test(next.text)) {
        const name = /^[A-Za-z_][A-Za-z0-9_]*/.exec(next.text)![0];
        parts.push({ kind: 'variable', name, text: `$${name}`, quoted: false, nested: [] });
        readUnquoted(parts, next.text.slice(name.length), false);
        return 1;
      }
      pushLiteral(parts, '$', false);
      return 0;
    default:
      if (EXPANSIONS.has(node.type)) readExpansion(parts, node, false);
      else if (node.isNamed) parts.push({ kind: 'dynamic', text: node.text, nested: nestedSubstitutions(node) });
      else pushLiteral(parts, node.text, false);
      return 0;
  }
}

// One shell word from adjacent nodes; brace expansion and $IFS splitting may make it several.
export function readWords(nodes: readonly Node[], source: string): RawWord[] {
  const parts: RawPart[] = [];
  for (let i = 0; i < nodes.length; i++) i += readNode(parts, nodes[i]!, source, i === 0, nodes[i + 1]);
  const text = source.slice(nodes[0]!.startIndex, nodes[nodes.length - 1]!.endIndex);
  return splitOnIfs(liftVariables(parts)).flatMap((piece) => expandBraces(piece).map((expanded) => ({ text, parts: expanded })));
}

// The grammar sometimes leaves `$name` as plain text (`rm$IFS-rf$IFS/` ends in a lone `$` token followed by a
// separate `IFS/` word). An unquoted literal can only hold `$name` that way, so it is a variable.
function liftVariables(parts: RawPart[]): RawPart[] {
  const out: RawPart[] = [];
  const pattern = /\$(?:([A-Za-z_][A-Za-z0-9_]*)|\{([A-Za-z_][A-Za-z0-9_]*)\})/g;
  for (const part of parts) {
    if (part.kind !== 'literal' || part.quoted || !part.value.includes('$')) {
      out.push(part);
      continue;
    }
    let cursor = 0;
    for (const match of part.value.matchAll(pattern)) {
      pushLiteral(out, part.value.slice(cursor, match.index), false);
      out.push({ kind: 'variable', name: match[1] ?? match[2]!, text: match[0], quoted: false, nested: [] });
      cursor = match.index + match[0].length;
    }
    pushLiteral(out, part.value.slice(cursor), false);
  }
  return out;
}

// An unquoted $IFS / ${IFS} is a word separator for bash (default IFS: space, tab, newline).
function splitOnIfs(parts: RawPart[]): RawPart[][] {
  const pieces: RawPart[][] = [[]];
  for (const part of parts) {
    if (part.kind === 'variable' && part.name === 'IFS' && !part.quoted) pieces.push([]);
    else pieces[pieces.length - 1]!.push(part);
  }
  const kept = pieces.filter((piece) => piece.length > 0);
  return kept.length > 0 ? kept : [parts];
}

// --- Brace expansion ---------------------------------------------------------------------------

type Unit = { ch: string; quoted: boolean } | { part: RawPart };

function toUnits(parts: readonly RawPart[]): Unit[] {
  const units: Unit[] = [];
  for (const part of parts) {
    if (part.kind === 'literal') for (const ch of part.value) units.push({ ch, quoted: part.quoted });
    else units.push({ part });
  }
  return units;
}

function fromUnits(units: readonly Unit[]): RawPart[] {
  const parts: RawPart[] = [];
  for (const unit of units) {
    if ('part' in unit) parts.push(unit.part.kind === 'literal' ? { ...unit.part } : unit.part);
    else pushLiteral(parts, unit.ch, unit.quoted);
  }
  return parts;
}

const isActive = (unit: Unit | undefined, ch: string): boolean => unit !== undefined && 'ch' in unit && !unit.quoted && unit.ch === ch;

// Finds the first `{a,b}` (or `{1..3}`) group: [open, close, alternatives].
function findGroup(units: readonly Unit[], from: number): { open: number; close: number; alternatives: Unit[][] } | undefined {
  for (let open = from; open < units.length; open++) {
    if (!isActive(units[open], '{')) continue;
    let depth = 0;
    const commas: number[] = [];
    for (let i = open + 1; i < units.length; i++) {
      if (isActive(units[i], '{')) depth++;
      else if (isActive(units[i], '}')) {
        if (depth === 0) {
          if (commas.length > 0) {
            const bounds = [open, ...commas, i];
            const alternatives = bounds.slice(0, -1).map((start, k) => units.slice(start + 1, bounds[k + 1]));
            return { open, close: i, alternatives };
          }
          const inner = units.slice(open + 1, i);
          const sequence = inner.every((unit) => 'ch' in unit && !unit.quoted) ? expandSequence(inner.map((unit) => (unit as { ch: string }).ch).join('')) : undefined;
          if (sequence) return { open, close: i, alternatives: sequence.map((value) => [...value].map((ch) => ({ ch, quoted: false }))) };
          break;
        }
        depth--;
      } else if (depth === 0 && isActive(units[i], ',')) commas.push(i);
    }
  }
  return undefined;
}

function expandSequence(body: string): string[] | undefined {
  const numeric = /^(-?\d+)\.\.(-?\d+)$/.exec(body);
  if (numeric) {
    const [a, b] = [Number(numeric[1]), Number(numeric[2])];
    if (Math.abs(b - a) >= MAX_BRACE_WORDS) return undefined;
    const step = a <= b ? 1 : -1;
    const out: string[] = [];
    for (let n = a; step > 0 ? n <= b : n >= b; n += step) out.push(String(n));
    return out;
  }
  const letters = /^([A-Za-z])\.\.([A-Za-z])$/.exec(body);
  if (letters) {
    const [a, b] = [letters[1]!.charCodeAt(0), letters[2]!.charCodeAt(0)];
    const step = a <= b ? 1 : -1;
    const out: string[] = [];
    for (let n = a; step > 0 ? n <= b : n >= b; n += step) out.push(String.fromCharCode(n));
    return out;
  }
  return undefined;
}

export function expandBraces(parts: RawPart[]): RawPart[][] {
  const units = toUnits(parts);
  if (!units.some((unit) => isActive(unit, '{'))) return [parts];
  const done: Unit[][] = [];
  const queue: Unit[][] = [units];
  while (queue.length > 0) {
    const current = queue.shift()!;
    const group = findGroup(current, 0);
    if (!group || group.alternatives.length > MAX_BRACE_WORDS || done.length + queue.length >= MAX_BRACE_WORDS) {
      done.push(current);
      continue;
    }
    for (const alternative of group.alternatives) {
      queue.push([...current.slice(0, group.open), ...alternative, ...current.slice(group.close + 1)]);
    }
  }
  return done.map(fromUnits);
}
