// The scope walk behind `references` (issue 30): which same-name identifier tokens of a parsed file bind
// the name (and in which scope), which use it, and which are member names (`x.name`). Only the tokens
// spelled like the one name asked about are looked at, so a file costs one tree walk. The per-language
// rules (references-rules.ts) say where a name is declared; this file resolves a use to the innermost
// scope that declares it, the way the language reads it (Python's class bodies are not seen by the
// functions inside them; `global`/`nonlocal` move a binding out).
import type { Node } from 'web-tree-sitter';
import type { ScopeRules } from './references-rules.js';

export type Role =
  | { readonly kind: 'decl'; readonly scope: Node }
  | { readonly kind: 'use' }
  | { readonly kind: 'member'; readonly object: Node | null }
  | { readonly kind: 'skip' };

export interface Occurrence {
  readonly node: Node;
  readonly role: Role;
}

// Token types that are never identifiers (their text is prose or data).
const NOT_CODE = /comment|string|escape|regex|char|heredoc|text/;
const IDENTIFIER = /identifier$|^name$|^constant$/;

// The leaf tokens of `root` spelled `name`: identifiers, and (with `prose`) the comments and strings
// that hold it as a word.
export function tokensNamed(root: Node, name: string): { identifiers: Node[]; prose: Node[] } {
  const identifiers: Node[] = [];
  const prose: Node[] = [];
  const word = new RegExp(`(^|[^\\w$])${name.replace(/[$]/g, '\\$')}($|[^\\w$])`);
  const cursor = root.walk();
  try {
    for (;;) {
      const type = cursor.nodeType;
      let descend = true;
      if (cursor.nodeIsNamed) {
        const node = cursor.currentNode;
        const prosaic = NOT_CODE.test(type);
        // A comment, or a string's own text: prose (a string's interpolations are code: walked into).
        if (prosaic && (node.childCount === 0 || type.includes('comment'))) {
          descend = false;
          if (word.test(node.text)) prose.push(node);
        } else if (!prosaic && node.childCount === 0 && IDENTIFIER.test(type) && node.text === name) {
          identifiers.push(node);
        }
      }
      if (descend && cursor.gotoFirstChild()) continue;
      while (!cursor.gotoNextSibling()) {
        if (!cursor.gotoParent()) return { identifiers, prose };
      }
    }
  } finally {
    cursor.delete();
  }
}

// The innermost scope node at or above `from` (the root when none).
export function scopeOf(rules: ScopeRules, from: Node | null): Node {
  let node = from;
  let last = from;
  while (node !== null) {
    if (rules.scopes.has(node.type)) return node;
    last = node;
    node = node.parent;
  }
  return last!;
}

export interface Bindings {
  // Scope node id → the declarations of the name in it.
  readonly declared: Map<number, Node>;
  readonly occurrences: Occurrence[];
  readonly root: Node;
}

export function bindingsOf(rules: ScopeRules, root: Node, identifiers: readonly Node[]): Bindings {
  const declared = new Map<number, Node>();
  const occurrences: Occurrence[] = [];
  for (const node of identifiers) {
    let role = rules.role(node);
    if (role.kind === 'decl') {
      const scope = rules.rebind?.(role.scope, node.text, root) ?? role.scope;
      role = { kind: 'decl', scope };
      if (!declared.has(scope.id)) declared.set(scope.id, scope);
    }
    occurrences.push({ node, role });
  }
  return { declared, occurrences, root };
}

// The scope that binds the name at `node` (a use or a declaration), or undefined when none in this file
// does (a global, a builtin, or a star import).
export function bindingOf(rules: ScopeRules, bindings: Bindings, occurrence: Occurrence): Node | undefined {
  if (occurrence.role.kind === 'decl') return occurrence.role.scope;
  let crossedFunction = false;
  for (let node: Node | null = occurrence.node.parent; node !== null; node = node.parent) {
    if (!rules.scopes.has(node.type)) continue;
    const hidden = crossedFunction && rules.classScopes?.has(node.type) === true;
    if (!hidden && bindings.declared.has(node.id)) return node;
    if (rules.functionScopes?.has(node.type) === true) crossedFunction = true;
  }
  return undefined;
}

// `ancestor` is `node` or encloses it.
export const encloses = (ancestor: Node, node: Node): boolean => ancestor.startIndex <= node.startIndex && node.endIndex <= ancestor.endIndex;
