// References of one symbol (issue 30), each labelled by how sure codeward is, never more than that:
//   resolved  the same file's scopes bind the token to the definition (Go: the same package's scope)
//   imported  a file that imports the defining file or module binds it through that import
//   textual   an identifier token spelled the same, found otherwise (and, when asked, comments and strings)
// A member (`Greeter/greet`) is resolved through `this`/`self`/`cls` inside its class or through the
// class's own name; a call on some other object cannot be told apart without types, so it is textual.
// No type checker and no language server: the result says so (REFERENCE_LABELS).
import type { Node } from 'web-tree-sitter';
import type { CodeSymbol } from './outline.js';
import type { CodeParsers, ParsedCode } from './parsers.js';
import { importFacts, type ImportFacts } from './references-imports.js';
import type { AliasResolver } from './ts-paths.js';
import { scopeRulesOf, type ScopeRules } from './references-rules.js';
import { bindingOf, bindingsOf, tokensNamed, type Bindings, type Occurrence } from './references-scope.js';
import { stringIndex } from './symbol-edit.js';
import { utf8Offsets } from './utf8-offsets.js';

export type ReferenceLabel = 'resolved' | 'imported' | 'textual';

export const REFERENCE_LABELS: Readonly<Record<ReferenceLabel, string>> = {
  resolved: "the same file's scopes (Go: its package's) bind this token to the definition",
  imported: 'this file imports the defining file or module (import statements and tsconfig path aliases only, no types) and the token goes through that import',
  textual: 'an identifier spelled the same that codeward could not tie to the definition (with --textual: comments and strings too); not a language server, so check these',
};

export interface ReferenceHit {
  readonly path: string;
  readonly line: number;
  readonly column: number;
  readonly text: string;
  readonly label: ReferenceLabel;
  readonly definition?: true;
  // String indices of the token in its file (rename replaces them).
  readonly start: number;
  readonly end: number;
  // An object's `{ name }` (a rename writes `name: NEW`), or a word inside a comment or string.
  readonly shorthand?: true;
  readonly prose?: true;
}

export interface SourceFile {
  readonly path: string;
  readonly text: string;
}

export interface ReferenceQuery {
  readonly parsers: CodeParsers;
  readonly defining: SourceFile;
  readonly symbol: CodeSymbol;
  // Other files that hold the name (a text prefilter); their language decides how they are read.
  readonly others: readonly SourceFile[];
  // Also the comments and strings that hold the name as a word (textual).
  readonly prose: boolean;
  // The symbol that holds a member (Greeter for Greeter/greet).
  readonly outer?: CodeSymbol;
  // TypeScript's path aliases of the files (absent: relative imports only).
  readonly aliases?: AliasResolver;
}

const SELF = new Set(['this', 'self', 'cls', 'super', 'Self']);
const MAX_LINE = 200;

interface Scanned {
  readonly file: SourceFile;
  readonly parsed: ParsedCode;
  readonly rules: ScopeRules | undefined;
  readonly bindings: Bindings;
  readonly prose: Node[];
}

function hitAt(file: SourceFile, node: Node, label: ReferenceLabel, extra: Partial<ReferenceHit> = {}): ReferenceHit {
  const before = file.text.slice(0, node.startIndex);
  const lineStart = before.lastIndexOf('\n') + 1;
  const lineEnd = file.text.indexOf('\n', node.startIndex);
  const line = file.text.slice(lineStart, lineEnd === -1 ? file.text.length : lineEnd).trim();
  return {
    path: file.path, line: before.split('\n').length, column: node.startIndex - lineStart + 1,
    text: line.length > MAX_LINE ? `${line.slice(0, MAX_LINE - 1)}…` : line, label,
    start: node.startIndex, end: node.endIndex, ...(node.type === 'shorthand_property_identifier' ? { shorthand: true as const } : {}), ...extra,
  };
}

async function scan(parsers: CodeParsers, file: SourceFile, name: string): Promise<Scanned | undefined> {
  const parsed = await parsers.parseFile(file.path, file.text);
  if (parsed === undefined) return undefined;
  const rules = scopeRulesOf(parsed.spec.id);
  const tokens = tokensNamed(parsed.tree.rootNode, name);
  const bindings = rules === undefined
    ? { declared: new Map(), occurrences: tokens.identifiers.map((node) => ({ node, role: { kind: 'skip' as const } })), root: parsed.tree.rootNode }
    : bindingsOf(rules, parsed.tree.rootNode, tokens.identifiers);
  return { file, parsed, rules, bindings, prose: tokens.prose };
}

const compact = (node: Node | null): string => (node === null ? '' : node.text.replace(/\s+/g, ''));

// The label of one token of the defining file.
function definingLabel(scanned: Scanned, occurrence: Occurrence, target: Target): ReferenceLabel | null {
  const { rules, bindings } = scanned;
  if (rules === undefined) return 'textual';
  if (target.member !== undefined) {
    if (occurrence.role.kind !== 'member') return 'textual';
    const object = occurrence.role.object;
    const inside = target.member.start <= occurrence.node.startIndex && occurrence.node.endIndex <= target.member.end;
    if (object !== null && SELF.has(object.text) && inside) return 'resolved';
    return object !== null && compact(object) === target.member.outer ? 'resolved' : 'textual';
  }
  if (occurrence.role.kind === 'member' || occurrence.role.kind === 'skip') return occurrence.role.kind === 'member' ? 'textual' : null;
  const binding = bindingOf(rules, bindings, occurrence);
  if (binding === undefined) return 'textual';
  // Bound by another declaration of the same name (a parameter, a local): not this symbol.
  return binding.id === target.scope?.id ? 'resolved' : null;
}

interface Target {
  readonly name: string;
  readonly scope: Node | undefined;
  readonly member?: { readonly outer: string; readonly start: number; readonly end: number };
}

// The token that names the symbol in its definition, and what kind of name it is.
function targetOf(scanned: Scanned, symbol: CodeSymbol, outer: CodeSymbol | undefined): { target: Target; token: Occurrence | undefined } {
  const toByte = utf8Offsets(scanned.file.text);
  const token = scanned.bindings.occurrences.find((occurrence) => toByte(occurrence.node.startIndex) === symbol.nameIndex);
  const segments = symbol.namePath.split('/');
  const classScope = token?.role.kind === 'decl' && scanned.rules?.classScopes?.has(token.role.scope.type) === true;
  const member = token === undefined || token.role.kind === 'member' || classScope || symbol.kind === 'method' || symbol.kind === 'field';
  if (member && segments.length > 1 && outer !== undefined) {
    const [start, end] = [stringIndex(scanned.file.text, outer.startIndex), stringIndex(scanned.file.text, outer.endIndex)];
    return { target: { name: symbol.name, scope: undefined, member: { outer: segments[segments.length - 2]!, start, end } }, token };
  }
  const scope = token !== undefined && scanned.rules !== undefined ? bindingOf(scanned.rules, scanned.bindings, token) : undefined;
  return { target: { name: symbol.name, scope }, token };
}

// The label of one token of another file.
function otherLabel(scanned: Scanned, occurrence: Occurrence, facts: ImportFacts, target: Target, samePackage: boolean): ReferenceLabel | null {
  const { rules, bindings } = scanned;
  if (rules === undefined) return 'textual';
  const role = occurrence.role;
  if (target.member !== undefined) {
    if (role.kind !== 'member' || role.object === null) return role.kind === 'member' ? 'textual' : null;
    const object = compact(role.object);
    const viaImport = facts.locals.has(object) || [...facts.namespaces].some((namespace) => object === `${namespace}.${target.member!.outer}` || object === `${namespace}::${target.member!.outer}`);
    return viaImport ? 'imported' : 'textual';
  }
  if (facts.specifiers.has(occurrence.node.id)) return 'imported';
  if (role.kind === 'member') return role.object !== null && facts.namespaces.has(compact(role.object)) ? 'imported' : 'textual';
  if (role.kind === 'skip') return null;
  const binding = bindingOf(rules, bindings, occurrence);
  if (binding === undefined) return samePackage ? 'resolved' : facts.star ? 'imported' : 'textual';
  if (binding.id !== bindings.root.id) return null;
  if (samePackage) return 'resolved';
  return facts.locals.has(target.name) && role.kind === 'use' ? 'imported' : 'textual';
}

const packageOf = (scanned: Scanned): string | undefined => scanned.parsed.tree.rootNode.descendantsOfType('package_clause')[0]?.namedChild(0)?.text;
const folderOf = (file: string): string => file.slice(0, Math.max(0, file.lastIndexOf('/')));

// Every reference of the symbol: the definition first, then file by file in the order given.
export async function findReferences(query: ReferenceQuery): Promise<ReferenceHit[]> {
  const { symbol } = query;
  const defining = await scan(query.parsers, query.defining, symbol.name);
  if (defining === undefined) return [];
  const others: Scanned[] = [];
  try {
    for (const file of query.others) {
      const scanned = await scan(query.parsers, file, symbol.name);
      if (scanned !== undefined) others.push(scanned);
    }
    const { target, token } = targetOf(defining, symbol, query.outer);
    const hits: ReferenceHit[] = [];
    const add = (scanned: Scanned, occurrence: Occurrence, label: ReferenceLabel | null): void => {
      if (label !== null) hits.push(hitAt(scanned.file, occurrence.node, label));
    };
    if (token !== undefined) hits.push(hitAt(defining.file, token.node, 'resolved', { definition: true }));
    for (const occurrence of defining.bindings.occurrences) if (occurrence !== token) add(defining, occurrence, definingLabel(defining, occurrence, target));
    const exported = target.member !== undefined || target.scope?.id === defining.bindings.root.id;
    const factsOf = providersFacts(others, query.defining.path, target, exported, query.aliases);
    const definingPackage = packageOf(defining);
    for (const scanned of others) {
      const samePackage = exported && scanned.parsed.spec.id === 'go' && folderOf(scanned.file.path) === folderOf(query.defining.path) && packageOf(scanned) === definingPackage;
      const facts = factsOf.get(scanned.file.path)!;
      for (const occurrence of scanned.bindings.occurrences) add(scanned, occurrence, exported ? otherLabel(scanned, occurrence, facts, target, samePackage) : 'textual');
    }
    if (query.prose) for (const scanned of [defining, ...others]) for (const node of scanned.prose) hits.push(hitAt(scanned.file, node, 'textual', { prose: true }));
    return hits;
  } finally {
    for (const scanned of [defining, ...others]) scanned.parsed.tree.delete();
  }
}

// What each file's imports say, with the providers grown by re-exports until nothing changes.
function providersFacts(others: readonly Scanned[], definingPath: string, target: Target, exported: boolean, aliases?: AliasResolver): Map<string, ImportFacts> {
  const providers = new Set([definingPath]);
  const name = target.member?.outer ?? target.name;
  let facts = new Map<string, ImportFacts>();
  for (let round = 0; round < 4; round++) {
    facts = new Map(others.map((scanned) => [scanned.file.path, exported ? importFacts(scanned.parsed.spec.id, scanned.parsed.tree.rootNode, scanned.file.path, providers, name, aliases) : importFacts('c', scanned.parsed.tree.rootNode, '', providers, name)]));
    const before = providers.size;
    for (const [file, each] of facts) if (each.reexports) providers.add(file);
    if (providers.size === before) break;
  }
  return facts;
}
