// `var f = function f() {}`, `const C = class C {}`: a function or class expression whose own name is the
// name of the variable it initialises. A reader sees one symbol: outline lists it once (the variable's),
// and references/rename-symbol take the expression's own name (and the uses inside that it binds) as the
// variable's, so a rename renames both. Another name (`const f = function g() {}`) stays its own symbol.
import type { Node } from 'web-tree-sitter';

export function namedLikeItsVariable(expression: Node): boolean {
  const holder = expression.parent;
  if (holder?.type !== 'variable_declarator' || holder.childForFieldName('value')?.id !== expression.id) return false;
  const own = expression.childForFieldName('name');
  return own !== null && holder.childForFieldName('name')?.text === own.text;
}
