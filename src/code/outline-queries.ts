// What the grammars' own tags queries leave out of an outline, per language: top-level constants and
// variables, class fields, type aliases, enums, constructors, Rust impl blocks. Same capture names as
// tags.scm (@name, @definition.<kind>), so outline.ts reads both alike.
import type { LanguageId } from './languages.js';

const JS_COMMON = `
(program (lexical_declaration (variable_declarator name: (identifier) @name) @definition.constant))
(program (export_statement declaration: (lexical_declaration (variable_declarator name: (identifier) @name) @definition.constant)))
(program (variable_declaration (variable_declarator name: (identifier) @name) @definition.variable))
(program (export_statement declaration: (variable_declaration (variable_declarator name: (identifier) @name) @definition.variable)))
(method_definition name: (property_identifier) @name (#eq? @name "constructor")) @definition.method
`;

const TS_EXTRA = `
(public_field_definition name: (property_identifier) @name) @definition.field
(type_alias_declaration name: (type_identifier) @name) @definition.type
(enum_declaration name: (identifier) @name) @definition.enum
(internal_module name: (_) @name) @definition.module
`;

export const OUTLINE_QUERIES: Partial<Record<LanguageId, string>> = {
  javascript: `${JS_COMMON}\n(field_definition property: (property_identifier) @name) @definition.field\n`,
  typescript: JS_COMMON + TS_EXTRA,
  tsx: JS_COMMON + TS_EXTRA,
  python: `
(class_definition body: (block (expression_statement (assignment left: (identifier) @name) @definition.field)))
`,
  go: `
(source_file (const_declaration (const_spec name: (identifier) @name) @definition.constant))
(source_file (var_declaration (var_spec name: (identifier) @name) @definition.variable))
`,
  rust: `
(impl_item type: (_) @name) @definition.impl
(const_item name: (identifier) @name) @definition.constant
(static_item name: (identifier) @name) @definition.constant
(function_signature_item name: (identifier) @name) @definition.method
`,
};

// A node type that says more than the tags query's kind (Rust's tags call a struct a class).
export const KIND_OF_NODE: Readonly<Record<string, string>> = {
  struct_item: 'struct', struct_specifier: 'struct', struct_declaration: 'struct', record_declaration: 'class',
  enum_item: 'enum', enum_declaration: 'enum', enum_specifier: 'enum',
  union_item: 'union', union_specifier: 'union',
  type_item: 'type', type_alias_declaration: 'type', type_definition: 'type', alias_declaration: 'type',
  trait_item: 'trait', trait_declaration: 'trait', impl_item: 'impl',
  interface_declaration: 'interface', macro_definition: 'macro',
  mod_item: 'module', namespace_definition: 'module', internal_module: 'module', module: 'module',
  constructor_declaration: 'method',
  // Rust's tags call every function in a declaration list a method, a module's too: the nesting decides.
  function_item: 'function',
};

// Kinds whose function children are methods.
export const MEMBER_HOSTS: ReadonlySet<string> = new Set(['class', 'struct', 'impl', 'trait', 'interface', 'enum', 'union']);

// Children that come before a definition's own text: the definition starts after them.
export const PREFIX_NODES: ReadonlySet<string> = new Set([
  'decorator', 'attribute_list', 'attribute_item', 'attribute', 'comment', 'line_comment', 'block_comment',
  'marker_annotation', 'annotation',
]);
