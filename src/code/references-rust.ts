// Rust for `references` (issue 30): where a name is declared (the scope walk's rules) and what a file's `use`
// declarations import. A file's module path comes from its place under `src/` (`src/geo.rs` and
// `src/geo/mod.rs` are `crate::geo`, `src/lib.rs` and `src/main.rs` the crate root); a use path is read
// from `crate::`, `self::`, `super::` (inline `mod` blocks counted), or as a child module, another crate's
// name, or the crate root. No Cargo.toml, no macros, no types: a path codeward cannot read stays textual.
import type { Node } from 'web-tree-sitter';
import type { ImportFacts } from './references-imports.js';
import type { ScopeRules } from './references-rules.js';
import { scopeOf } from './references-scope.js';

const SCOPES = new Set(['source_file', 'function_item', 'block', 'closure_expression', 'match_arm', 'for_expression', 'if_expression', 'while_expression', 'mod_item']);
const ITEMS = new Set(['function_item', 'function_signature_item', 'struct_item', 'enum_item', 'union_item', 'trait_item', 'type_item', 'const_item', 'static_item', 'mod_item', 'macro_definition']);
const PATTERNS = new Set(['tuple_pattern', 'tuple_struct_pattern', 'struct_pattern', 'field_pattern', 'ref_pattern', 'mut_pattern', 'reference_pattern', 'captured_pattern', 'slice_pattern', 'or_pattern', 'match_pattern']);
const USE_PARTS = new Set(['scoped_identifier', 'scoped_use_list', 'use_list', 'use_as_clause', 'use_wildcard']);
// Where a pattern binds: the host node and the field the pattern sits in.
const BINDERS: Readonly<Record<string, string>> = { let_declaration: 'pattern', parameter: 'pattern', for_expression: 'pattern', let_condition: 'pattern', match_arm: 'pattern' };

const field = (parent: Node | null, name: string, node: Node): boolean => parent?.childForFieldName(name)?.id === node.id;
const decl = (at: Node | null): { kind: 'decl'; scope: Node } => ({ kind: 'decl', scope: scopeOf(rustRules, at) });

// The use declaration a token sits in (through the path and list nodes only), if any.
function useOf(node: Node): Node | undefined {
  let at = node.parent;
  while (at !== null && USE_PARTS.has(at.type)) at = at.parent;
  return at?.type === 'use_declaration' ? at : undefined;
}

// A token of a use declaration: the name it brings into scope (the last segment, or the alias) is declared;
// the path before it, and a name renamed by `as`, are not.
function useRole(node: Node, use: Node): { kind: 'decl'; scope: Node } | { kind: 'skip' } {
  const parent = node.parent!;
  if (parent.type === 'use_as_clause') return field(parent, 'alias', node) ? decl(use.parent) : { kind: 'skip' };
  const leaf = parent.type === 'use_list' || parent.type === 'use_declaration' || (parent.type === 'scoped_identifier' && field(parent, 'name', node) && ['use_list', 'use_declaration'].includes(parent.parent?.type ?? ''));
  return leaf ? decl(use.parent) : { kind: 'skip' };
}

// A pattern token binds unless it names a type, a variant or a constant (`Some(x)`, `None`, `MAX`).
function patternRole(node: Node): { kind: 'decl'; scope: Node } | undefined {
  let top = node;
  while (top.parent !== null && PATTERNS.has(top.parent.type)) {
    if (field(top.parent, 'type', top)) return undefined;
    top = top.parent;
  }
  const host = top.parent;
  if (host === null || !(host.type in BINDERS) || !field(host, BINDERS[host.type]!, top) || /^[A-Z]/.test(node.text)) return undefined;
  if (host.type === 'parameter') return { kind: 'decl', scope: host.parent?.parent ?? host };
  return host.type === 'let_declaration' ? decl(host.parent) : decl(host);
}

export const rustRules: ScopeRules = {
  scopes: SCOPES,
  functionScopes: new Set(['function_item']),
  role(node) {
    const parent = node.parent;
    if (parent === null) return { kind: 'skip' };
    if (node.type === 'field_identifier') return { kind: 'member', object: parent.type === 'field_expression' ? parent.childForFieldName('value') : null };
    const use = useOf(node);
    if (use !== undefined) return useRole(node, use);
    if ((parent.type === 'scoped_identifier' || parent.type === 'scoped_type_identifier') && field(parent, 'name', node)) return { kind: 'member', object: parent.childForFieldName('path') };
    if (ITEMS.has(parent.type) && field(parent, 'name', node)) {
      const inImpl = parent.parent?.type === 'declaration_list' && ['impl_item', 'trait_item'].includes(parent.parent.parent?.type ?? '');
      return inImpl ? { kind: 'member', object: null } : decl(parent.parent);
    }
    if (parent.type === 'enum_variant' || parent.type === 'field_declaration' || parent.type === 'type_parameters' || parent.type === 'lifetime') return { kind: 'skip' };
    if (parent.type === 'closure_parameters') return { kind: 'decl', scope: parent.parent ?? parent };
    return patternRole(node) ?? { kind: 'use' };
  },
};

// A Rust file's module path (segments) from its place under the last `src/` folder.
export function rustModule(file: string): string[] {
  const parts = file.replace(/\.rs$/, '').split('/');
  const src = parts.lastIndexOf('src');
  const segments = src === -1 ? parts : parts.slice(src + 1);
  if (segments[segments.length - 1] === 'mod') segments.pop();
  return segments.length === 1 && (segments[0] === 'lib' || segments[0] === 'main') ? [] : segments;
}

// The module paths a use path can mean, read from `base` (the module the declaration is in).
function modulesOf(segments: readonly string[], base: readonly string[]): string[][] {
  if (segments[0] === 'crate') return [segments.slice(1)];
  if (segments[0] === 'self') return [[...base, ...segments.slice(1)]];
  if (segments[0] === 'super') {
    const ups = segments.findIndex((segment) => segment !== 'super');
    const count = ups === -1 ? segments.length : ups;
    return [[...base.slice(0, Math.max(0, base.length - count)), ...segments.slice(count)]];
  }
  return [[...base, ...segments], segments.slice(1), [...segments]];
}

const pathSegments = (node: Node | null): string[] => (node === null ? [] : node.text.split('::').map((part) => part.trim()).filter((part) => part !== ''));

export function rustFacts(root: Node, file: string, providers: ReadonlySet<string>, name: string, facts: ImportFacts): ImportFacts {
  const provided = new Set([...providers].map((provider) => rustModule(provider).join('::')));
  for (const module of provided) if (module !== '') facts.namespaces.add(`crate::${module}`);
  const isProvider = (segments: readonly string[], base: readonly string[]): boolean => modulesOf(segments, base).some((module) => provided.has(module.join('::')));
  for (const use of root.descendantsOfType('use_declaration')) {
    if (use === null) continue;
    const inline: string[] = [];
    for (let at = use.parent; at !== null; at = at.parent) if (at.type === 'mod_item') inline.unshift(at.childForFieldName('name')?.text ?? '');
    const base = [...rustModule(file), ...inline];
    const exported = use.namedChildren.some((child) => child?.type === 'visibility_modifier');
    // One imported path: `prefix::…::last`, brought in as `alias` (or `last`), `token` naming `last`.
    const imported = (path: string[], token: Node | null, alias: string | undefined): void => {
      const last = path[path.length - 1];
      if (last === undefined) return;
      if (last === 'self') return void (isProvider(path.slice(0, -1), base) && facts.namespaces.add(alias ?? path[path.length - 2] ?? ''));
      if (last === name && isProvider(path.slice(0, -1), base)) {
        if (token !== null) facts.specifiers.add(token.id);
        facts.locals.add(alias ?? name);
        if (alias === undefined && exported) facts.reexports = true;
      } else if (isProvider(path, base)) {
        facts.namespaces.add(alias ?? last);
      }
    };
    const visit = (node: Node | null, prefix: string[]): void => {
      if (node === null) return;
      if (node.type === 'identifier' || node.type === 'self') imported([...prefix, node.text], node, undefined);
      else if (node.type === 'scoped_identifier') imported([...prefix, ...pathSegments(node)], node.childForFieldName('name'), undefined);
      else if (node.type === 'use_as_clause') {
        const path = node.childForFieldName('path');
        imported([...prefix, ...pathSegments(path)], path?.type === 'scoped_identifier' ? path.childForFieldName('name') : path, node.childForFieldName('alias')?.text);
      } else if (node.type === 'use_list') node.namedChildren.forEach((child) => visit(child, prefix));
      else if (node.type === 'scoped_use_list') visit(node.childForFieldName('list'), [...prefix, ...pathSegments(node.childForFieldName('path'))]);
      else if (node.type === 'use_wildcard' && isProvider([...prefix, ...pathSegments(node.namedChild(0))], base)) facts.star = true;
    };
    visit(use.childForFieldName('argument'), []);
  }
  return facts;
}
