// Values bash evaluates because of WHERE they are stored (red team R40-b1, b2, b3, b11), on top of the name
// operands of parse-arith-names.ts:
// - a variable with the integer attribute (`declare/typeset/local -i`, and bash's own RANDOM, SRANDOM, OPTIND,
//   HISTCMD, SECONDS, BASHPID) evaluates every value assigned to it as arithmetic: `declare -i x; read x < f`
//   with f = 'a[$(cmd)]' runs cmd, so do `x=…`, `x+=…`, `printf -v x`, `mapfile x` and `for x in …`;
// - a nameref declared with `-n` takes its target from `read r`, `printf -v r` and `for r in …`, and the target
//   name's subscript is evaluated at every use of r;
// - an element subscript of a compound assignment `a=([$x]=1)` (not of an associative array);
// - a named descriptor `{a[$x]}>file` (the braces' name is assigned the descriptor number).
// A value that is anything but static number literals (integer) or a static plain name (nameref) is listed.
import type { SyntaxNode as Node } from './parse-syntax.js';
import { DECLARERS, nameText, resolvedBuiltin, staticText } from './parse-arith-names.js';
import { assignedNames } from './assigned-names.js';

const BASH_INTEGERS = ['RANDOM', 'SRANDOM', 'OPTIND', 'HISTCMD', 'SECONDS', 'BASHPID'];
const NAME = /^[A-Za-z_][A-Za-z0-9_]*$/;
// The name a declaration word declares (`y`, `y=$x`, `y+=1`), its value's text unexpanded.
const DECLARED = /^[A-Za-z_][A-Za-z0-9_]*(?=\+?=|$)/;
const NUMBER_SUBSCRIPT = /^\s*-?[0-9]+\s*$/;
const NAMED_FD = /^\{[A-Za-z_][A-Za-z0-9_]*\[(.*)\]\}$/s;
// Builtins that store a run-time value into a NAME operand: read/mapfile store input, printf -v its output.
const STORERS = new Set(['read', 'mapfile', 'readarray', 'printf']);

export interface EvaluatedVariables {
  readonly integer: Set<string>;
  readonly reference: Set<string>;
  readonly associative: Set<string>;
}

// The declaration words of a declaration node or a command running declare/typeset/local/export/readonly.
function declaration(node: Node): readonly string[] | undefined {
  if (node.type === 'declaration_command') {
    return DECLARERS.has(node.child(0)?.text ?? '') ? node.children.slice(1).filter((child) => child.isNamed).map((child) => child.text) : undefined;
  }
  if (node.type !== 'command') return undefined;
  const resolved = resolvedBuiltin(node);
  return resolved && DECLARERS.has(resolved.name) ? resolved.args : undefined;
}

// Names declared integer, nameref or associative anywhere in the script (an attribute set later in a loop or a
// function applies to an earlier line too; reading the whole script is the safe side).
export function evaluatedVariables(root: Node): EvaluatedVariables {
  const found: EvaluatedVariables = { integer: new Set(BASH_INTEGERS), reference: new Set(), associative: new Set() };
  const stack: Node[] = [root];
  while (stack.length > 0) {
    const node = stack.pop()!;
    for (let i = node.children.length - 1; i >= 0; i--) stack.push(node.children[i]!);
    const words = declaration(node);
    if (!words) continue;
    const flags = words.filter((word) => /^-[A-Za-z]+$/.test(staticText(word) ?? '')).join('');
    const names = words.map((word) => (DECLARED.exec(word) ?? DECLARED.exec(staticText(word) ?? ''))?.[0]).filter((name): name is string => name !== undefined);
    for (const [flag, set] of [['i', found.integer], ['n', found.reference], ['A', found.associative]] as const) {
      if (flags.includes(flag)) for (const name of names) set.add(name);
    }
  }
  return found;
}

// A value stored into `name` that bash would evaluate: true when it is not known safe.
function unsafeValue(vars: EvaluatedVariables, name: string, value: string): boolean {
  const text = staticText(value);
  if (vars.integer.has(name) && (text === undefined || !/^[\s0-9+-]*$/.test(text))) return true;
  return vars.reference.has(name) && (text === undefined || !NAME.test(text));
}

const stored = (vars: EvaluatedVariables, name: string): boolean => vars.integer.has(name) || vars.reference.has(name);

// An associative array's keys are not evaluated (`declare -A m=([k]=v)`).
function arraySubscripts(node: Node): string | undefined {
  for (const element of node.children) {
    const subscript = /^\[(.*?)\]\+?=/s.exec(element.text)?.[1];
    if (subscript !== undefined && !NUMBER_SUBSCRIPT.test(subscript)) return node.text;
  }
  return undefined;
}

function commandText(node: Node, vars: EvaluatedVariables): string | undefined {
  for (const child of node.childrenForFieldName('argument')) {
    const subscript = NAMED_FD.exec(child.text)?.[1];
    if (subscript !== undefined && !NUMBER_SUBSCRIPT.test(subscript)) return child.text;
  }
  const resolved = resolvedBuiltin(node);
  if (!resolved || !STORERS.has(resolved.name)) return undefined;
  return assignedNames(resolved.name, resolved.args, nameText).some((found) => stored(vars, found.name ?? '')) ? node.text : undefined;
}

function forText(node: Node, vars: EvaluatedVariables): string | undefined {
  const name = node.childForFieldName('variable')?.text ?? '';
  if (!stored(vars, name)) return undefined;
  const values = node.childrenForFieldName('value');
  // `for r; do` takes the positional parameters: run-time text.
  if (values.length === 0 || values.some((value) => unsafeValue(vars, name, value.text))) return `for ${name} in ...`;
  return undefined;
}

// The text of `node` when it stores a value bash evaluates (see the header), else undefined.
export function evaluatedValue(node: Node, vars: EvaluatedVariables): string | undefined {
  switch (node.type) {
    case 'variable_assignment': {
      const name = node.childForFieldName('name')?.text ?? '';
      const value = node.childForFieldName('value');
      if (value?.type === 'array') return vars.associative.has(name) ? undefined : arraySubscripts(value);
      return value && unsafeValue(vars, name, value.text) ? node.text : undefined;
    }
    case 'command':
      return commandText(node, vars);
    case 'for_statement':
      return forText(node, vars);
    default:
      return undefined;
  }
}
