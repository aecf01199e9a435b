// Where a name is declared, per language family, for the scope walk of `references` (references-scope.ts):
// JavaScript/TypeScript, Python and Go (Rust: references-rust.ts). A token is a declaration (with the scope
// it binds in), a use, a
// member name (`x.name`, a method or field definition, an object key), or neither (a label, a keyword
// argument, a package name).
import type { Node } from 'web-tree-sitter';
import type { LanguageId } from './languages.js';
import type { Role } from './references-scope.js';
import { rustRules } from './references-rust.js';
import { scopeOf } from './references-scope.js';
import { namedLikeItsVariable } from './self-named.js';

export interface ScopeRules {
  readonly scopes: ReadonlySet<string>;
  // Scopes whose names the functions inside them do not see (Python's class bodies).
  readonly classScopes?: ReadonlySet<string>;
  readonly functionScopes?: ReadonlySet<string>;
  role(node: Node): Role;
  // The scope a declaration really binds in (Python's `global`): undefined keeps it.
  rebind?(scope: Node, name: string, root: Node): Node | undefined;
}

const field = (parent: Node | null, name: string, node: Node): boolean => parent?.childForFieldName(name)?.id === node.id;
const decl = (rules: ScopeRules, at: Node | null): Role => ({ kind: 'decl', scope: scopeOf(rules, at) });

// Climbs from a token through the pattern nodes around it (destructuring, tuples) to the pattern's top.
function patternTop(node: Node, patterns: ReadonlySet<string>): Node {
  let top = node;
  while (top.parent !== null && patterns.has(top.parent.type)) {
    const parent = top.parent;
    // `{ key: value }` and `a = default`: only the value side and the left side bind.
    if ((parent.type === 'pair_pattern' && !field(parent, 'value', top)) || (parent.type === 'assignment_pattern' && !field(parent, 'left', top))) return node;
    top = parent;
  }
  return top;
}

const JS_SCOPES = new Set(['program', 'statement_block', 'function_declaration', 'generator_function_declaration', 'function_expression', 'function', 'generator_function', 'arrow_function', 'method_definition', 'class_declaration', 'class', 'abstract_class_declaration', 'for_statement', 'for_in_statement', 'catch_clause', 'switch_body']);
const JS_HOISTED = new Set(['function_declaration', 'generator_function_declaration', 'class_declaration', 'abstract_class_declaration', 'interface_declaration', 'type_alias_declaration', 'enum_declaration', 'function_signature', 'internal_module', 'module']);
const JS_SELF_NAMED = new Set(['function_expression', 'function', 'generator_function', 'class']);
const JS_PATTERNS = new Set(['object_pattern', 'array_pattern', 'assignment_pattern', 'rest_pattern', 'pair_pattern', 'object_assignment_pattern']);
const JS_PARAMETERS = new Set(['required_parameter', 'optional_parameter']);
const JS_MEMBER_TOKENS = new Set(['property_identifier', 'private_property_identifier']);

const jsRules: ScopeRules = {
  scopes: JS_SCOPES,
  role(node) {
    const parent = node.parent;
    if (JS_MEMBER_TOKENS.has(node.type)) {
      return { kind: 'member', object: parent?.type === 'member_expression' ? parent.childForFieldName('object') : null };
    }
    if (node.type === 'statement_identifier' || parent === null) return { kind: 'skip' };
    if (field(parent, 'name', node) && JS_HOISTED.has(parent.type)) return decl(jsRules, parent.parent);
    if (field(parent, 'name', node) && JS_SELF_NAMED.has(parent.type)) return namedLikeItsVariable(parent) ? decl(jsRules, parent.parent) : { kind: 'decl', scope: parent };
    if (parent.type === 'import_specifier') return field(parent, 'alias', node) || parent.childForFieldName('alias') === null ? decl(jsRules, parent) : { kind: 'skip' };
    if (parent.type === 'namespace_import' || parent.type === 'import_clause') return decl(jsRules, parent);
    if (parent.type === 'export_specifier') return field(parent, 'alias', node) ? { kind: 'skip' } : { kind: 'use' };
    const top = patternTop(node, JS_PATTERNS);
    const host = top.parent;
    if (host === null) return { kind: 'use' };
    if (host.type === 'variable_declarator' && field(host, 'name', top)) return decl(jsRules, host);
    if (host.type === 'formal_parameters' || (JS_PARAMETERS.has(host.type) && field(host, 'pattern', top))) {
      const list = host.type === 'formal_parameters' ? host : host.parent;
      return { kind: 'decl', scope: list?.parent ?? host };
    }
    if (host.type === 'arrow_function' && field(host, 'parameter', top)) return { kind: 'decl', scope: host };
    if (host.type === 'catch_clause' && field(host, 'parameter', top)) return { kind: 'decl', scope: host };
    if (host.type === 'for_in_statement' && field(host, 'left', top) && host.childForFieldName('kind') !== null) return { kind: 'decl', scope: host };
    if (node.type === 'shorthand_property_identifier_pattern') return { kind: 'use' };
    return { kind: 'use' };
  },
};

const PY_FUNCTIONS = new Set(['function_definition', 'lambda']);
const PY_SCOPES = new Set(['module', 'function_definition', 'lambda', 'class_definition', 'list_comprehension', 'set_comprehension', 'dictionary_comprehension', 'generator_expression']);
const PY_PATTERNS = new Set(['pattern_list', 'tuple_pattern', 'list_pattern', 'list_splat_pattern', 'parenthesized_expression', 'expression_list', 'tuple']);
const PY_PARAMETERS = new Set(['parameters', 'lambda_parameters', 'default_parameter', 'typed_parameter', 'typed_default_parameter', 'list_splat_pattern', 'dictionary_splat_pattern']);

function pythonParameter(node: Node): Node | undefined {
  let at: Node = node;
  while (at.parent !== null && PY_PARAMETERS.has(at.parent.type)) {
    const parent = at.parent;
    if ((parent.type === 'default_parameter' || parent.type === 'typed_default_parameter') && !field(parent, 'name', at)) return undefined;
    if (parent.type === 'typed_parameter' && parent.namedChild(0)?.id !== at.id) return undefined;
    if (parent.type === 'parameters' || parent.type === 'lambda_parameters') return parent.parent ?? undefined;
    at = parent;
  }
  return undefined;
}

// The statement that names `name` in a `global` or `nonlocal` inside `scope` (not in nested scopes).
function escapes(scope: Node, name: string, kind: string): boolean {
  return scope.descendantsOfType(kind).some((statement) => scopeOf(pythonRules, statement.parent) .id === scope.id && statement.namedChildren.some((child) => child.text === name));
}

const pythonRules: ScopeRules = {
  scopes: PY_SCOPES,
  classScopes: new Set(['class_definition']),
  functionScopes: PY_FUNCTIONS,
  role(node) {
    const parent = node.parent;
    if (parent === null) return { kind: 'skip' };
    if (parent.type === 'attribute' && field(parent, 'attribute', node)) return { kind: 'member', object: parent.childForFieldName('object') };
    if (parent.type === 'keyword_argument' && field(parent, 'name', node)) return { kind: 'skip' };
    if ((parent.type === 'function_definition' || parent.type === 'class_definition') && field(parent, 'name', node)) {
      return scopeOf(pythonRules, parent.parent).type === 'class_definition' ? { kind: 'member', object: null } : decl(pythonRules, parent.parent);
    }
    if (parent.type === 'global_statement' || parent.type === 'nonlocal_statement') return { kind: 'skip' };
    const function_ = pythonParameter(node);
    if (function_ !== undefined) return { kind: 'decl', scope: function_ };
    if (parent.type === 'dotted_name') {
      const statement = parent.parent?.type === 'aliased_import' ? parent.parent.parent : parent.parent;
      const first = parent.namedChild(0)?.id === node.id;
      if (statement?.type === 'import_statement') return first && parent.parent?.type !== 'aliased_import' ? decl(pythonRules, statement) : { kind: 'skip' };
      if (statement?.type === 'import_from_statement') {
        const imported = !field(statement, 'module_name', parent) && parent.parent?.type !== 'relative_import';
        return imported && parent.parent?.type !== 'aliased_import' ? decl(pythonRules, statement) : { kind: 'skip' };
      }
    }
    if (parent.type === 'aliased_import' && field(parent, 'alias', node)) return decl(pythonRules, parent);
    if (parent.type === 'as_pattern_target') return decl(pythonRules, parent);
    const top = patternTop(node, PY_PATTERNS);
    const host = top.parent;
    if (host !== null && (host.type === 'assignment' || host.type === 'augmented_assignment' || host.type === 'for_statement' || host.type === 'for_in_clause') && field(host, 'left', top)) {
      return decl(pythonRules, host.type === 'for_in_clause' ? host : host);
    }
    if (host?.type === 'named_expression' && field(host, 'name', top)) return decl(pythonRules, host);
    if (parent.type === 'class_definition' && parent.childForFieldName('body') !== null) return { kind: 'use' };
    return { kind: 'use' };
  },
  rebind(scope, name, root) {
    if (!PY_FUNCTIONS.has(scope.type)) return undefined;
    if (escapes(scope, name, 'global_statement')) return root;
    if (escapes(scope, name, 'nonlocal_statement')) return scopeOf(pythonRules, scope.parent);
    return undefined;
  },
};

const GO_SCOPES = new Set(['source_file', 'function_declaration', 'method_declaration', 'func_literal', 'block', 'if_statement', 'for_statement', 'expression_switch_statement', 'type_switch_statement', 'select_statement', 'communication_case', 'expression_case', 'type_case', 'default_case']);
const GO_DECLARED_BY_NAME = new Set(['var_spec', 'const_spec', 'type_spec', 'type_alias', 'function_declaration', 'parameter_declaration', 'variadic_parameter_declaration']);

const goRules: ScopeRules = {
  scopes: GO_SCOPES,
  role(node) {
    const parent = node.parent;
    if (parent === null || node.type === 'package_identifier' || node.type === 'label_name') return { kind: 'skip' };
    if (node.type === 'field_identifier') return { kind: 'member', object: parent.type === 'selector_expression' ? parent.childForFieldName('operand') : null };
    if (parent.type === 'qualified_type' && field(parent, 'name', node)) return { kind: 'member', object: parent.childForFieldName('package') };
    if (GO_DECLARED_BY_NAME.has(parent.type) && parent.childrenForFieldName('name').some((child) => child?.id === node.id)) {
      if (parent.type === 'parameter_declaration' || parent.type === 'variadic_parameter_declaration') return { kind: 'decl', scope: parent.parent?.parent ?? parent };
      return decl(goRules, parent.type === 'function_declaration' ? parent.parent : parent);
    }
    if (parent.type === 'expression_list' && parent.parent !== null) {
      const host = parent.parent;
      const defines = host.children.some((child) => child?.type === ':=');
      if ((host.type === 'short_var_declaration' || host.type === 'range_clause') && defines && field(host, 'left', parent)) return decl(goRules, host.type === 'range_clause' ? host.parent : host);
    }
    return { kind: 'use' };
  },
};

// The rules of a language family; undefined: no scope walk (its hits are textual).
export function scopeRulesOf(language: LanguageId): ScopeRules | undefined {
  if (language === 'javascript' || language === 'typescript' || language === 'tsx') return jsRules;
  if (language === 'python') return pythonRules;
  if (language === 'go') return goRules;
  if (language === 'rust') return rustRules;
  return undefined;
}
