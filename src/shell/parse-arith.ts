// Arithmetic that bash evaluates on text only known at run time. Bash evaluates a variable's value as an
// expression again, and an array subscript inside it is expanded in full: with a='x[$(touch p)]',
// `echo $((a))`, `[[ a -eq 0 ]]`, `${s:a}`, `${x[a]}`, `${!a}`, `x[a]=1` or `test -v "$a"` all run
// `touch p`, although no command substitution is written on the line. The same holds when the text comes
// from a repository file or a file name (`echo $(( $(cat VERSION) ))`, `for f in *; do echo $((f)); done`).
// Listed here: every arithmetic context (`$((..))`, `$[..]`, `((..))`, `for ((..))`, `[[ -eq ]]`,
// subscripts, substring offsets, indirection) whose text is anything but number literals and operators,
// and `${v@P}`, which expands the value as a prompt (command substitutions in it run).
import type { SyntaxNode as Node } from './parse-syntax.js';
import { evaluatedName } from './parse-arith-names.js';
import { evaluatedValue, evaluatedVariables } from './parse-arith-vars.js';

const NUMBER = /\b(?:0[xX][0-9A-Fa-f]+|[0-9]+#[0-9A-Za-z@_]+|[0-9]+)\b/g;
const TEST_ARITH = new Set(['-eq', '-ne', '-lt', '-le', '-gt', '-ge']);
const NAME = /^[A-Za-z_][A-Za-z0-9_]*$/;

// Only number literals and operators: nothing bash looks up or expands when it evaluates the text.
export function staticArithmetic(text: string): boolean {
  return !/[^0-9\s+\-*/%()<>=!&|^~?:,]/.test(text.replace(NUMBER, '0'));
}

// A variable name operand (`test -v NAME`, `printf -v NAME`) bash reads without evaluating anything.
export function plainName(text: string): boolean {
  return NAME.test(text);
}

// `${...}`: the subscript, a substring offset/length, or an indirection, when bash evaluates it.
function expansionArithmetic(text: string): string | undefined {
  const match = /^\$\{([#!]?)([A-Za-z_][A-Za-z0-9_]*|[0-9]+|[@*#?$!-])(\[([^\]]*)\])?(.*)\}$/s.exec(text);
  // `${v@P}` expands the value as a prompt string: `$(cmd)` in it runs.
  if (/@P\}$/.test(text)) return text;
  if (!match) return undefined;
  const [, prefix, , bracket, subscript, rest] = match as unknown as [string, string, string, string | undefined, string | undefined, string];
  if (bracket !== undefined && !/^(?:[@*]|-?[0-9]+)$/.test(subscript!.trim())) return text;
  // `${!a}` looks a's value up as a name (`x[$(cmd)]` included); `${!a[@]}` and `${!pre*}` list names.
  if (prefix === '!' && bracket === undefined && rest === '') return text;
  if (prefix === '' && rest.startsWith(':') && !/^:[-=?+]/.test(rest)) {
    if (!staticArithmetic(rest.slice(1))) return text;
  }
  return undefined;
}

function arithmeticText(node: Node): string | undefined {
  const text = node.text;
  switch (node.type) {
    case 'arithmetic_expansion': {
      const inner = text.startsWith('$((') ? text.slice(3, -2) : text.startsWith('$[') ? text.slice(2, -1) : text;
      return staticArithmetic(inner) ? undefined : text;
    }
    case 'command_substitution':
      // The grammar reads some `$((a))` (in here-documents, after `:-`) as a subshell; bash does not.
      return text.startsWith('$((') && text.endsWith('))') && !staticArithmetic(text.slice(3, -2)) ? text : undefined;
    case 'compound_statement':
    case 'c_style_for_statement': {
      const open = text.indexOf('((');
      if (node.type === 'compound_statement' && !text.startsWith('((')) return undefined;
      if (open < 0) return text;
      const close = text.indexOf('))', open);
      return staticArithmetic(text.slice(open + 2, close < 0 ? undefined : close)) ? undefined : text.slice(0, close < 0 ? 200 : close + 2);
    }
    case 'expansion':
      return expansionArithmetic(text);
    case 'subscript': {
      const index = node.childForFieldName('index');
      return index && !/^(?:[@*]|-?[0-9]+)$/.test(index.text.trim()) ? text : undefined;
    }
    case 'binary_expression': {
      const operator = node.childForFieldName('operator');
      if (!operator || !TEST_ARITH.has(operator.text)) return undefined;
      const left = node.childForFieldName('left')?.text ?? '';
      const right = node.childForFieldName('right')?.text ?? '';
      return /^-?[0-9]+$/.test(left) && /^-?[0-9]+$/.test(right) ? undefined : text;
    }
    case 'unary_expression': {
      const operator = node.child(0)?.text;
      if (operator !== '-v' && operator !== '-R') return undefined;
      return plainName(node.child(1)?.text ?? '') ? undefined : text;
    }
    case 'test_command':
      return text.startsWith('[[') ? undefined : splitTest(node);
    default:
      return evaluatedName(node);
  }
}

const DYNAMIC = new Set(['command_substitution', 'simple_expansion', 'expansion', 'arithmetic_expansion', 'process_substitution']);

// `[ ... ]` splits its words: `[ $(cat f) ]` may become `[ -v 'x[$(cmd)]' ]`, and a quoted run-time word
// may be `-v` itself when a later operand holds a subscript (`[ "$o" "x[$(cmd)]" ]`).
function splitTest(test: Node): string | undefined {
  const dynamic: Array<{ node: Node; quoted: boolean }> = [];
  const visit = (node: Node, quoted: boolean): void => {
    for (const child of node.children) {
      if (DYNAMIC.has(child.type)) dynamic.push({ node: child, quoted });
      else visit(child, quoted || child.type === 'string');
    }
  };
  visit(test, false);
  if (dynamic.length === 0) return undefined;
  if (dynamic.length > 1 || dynamic.some((d) => !d.quoted)) return test.text;
  return test.text.slice(dynamic[0]!.node.endIndex - test.startIndex).includes('[') ? test.text : undefined;
}

// Every arithmetic context below root that evaluates run-time text (source text of each, in order).
// Iterative, so deeply nested input cannot overflow the stack.
export function runtimeArithmetic(root: Node): string[] {
  const found: string[] = [];
  const vars = evaluatedVariables(root);
  const stack: Node[] = [root];
  while (stack.length > 0) {
    const node = stack.pop()!;
    const hit = node.isNamed ? (arithmeticText(node) ?? evaluatedValue(node, vars)) : undefined;
    if (hit !== undefined && !found.includes(hit)) found.push(hit.length > 200 ? `${hit.slice(0, 200)}...` : hit);
    for (let i = node.children.length - 1; i >= 0; i--) stack.push(node.children[i]!);
  }
  return found;
}
