// Builtins that take a variable NAME as a word and evaluate it (red team R39-b7): a subscript in the name is
// arithmetic with full expansion, so `printf -v 'a[$(cmd)]' 1`, `read 'a[$(cmd)]'`, `declare 'a[$(cmd)]=1'`,
// `let 'a[$(cmd)]=1'`, `unset 'a[$(cmd)]'`, `test -v 'a[$(cmd)]'` and `declare -n r='a[$(cmd)]'` run cmd although
// the quoted word is data to every other reading. A name operand must be a plain static name (or one with a number
// subscript); anything else is listed with the run-time arithmetic contexts (parse-arith.ts).
import type { SyntaxNode as Node } from './parse-syntax.js';
import { RUN_TIME, assignedNames } from './assigned-names.js';

const NAME = /^[A-Za-z_][A-Za-z0-9_]*(?:\[-?[0-9]*\])?$/;
export const DECLARERS: ReadonlySet<string> = new Set(['declare', 'typeset', 'local', 'export', 'readonly']);

// A word's static text without simple quotes ('x', "x"); undefined when anything in it is expanded.
// A backslash is no expansion (printf's format `"%s\n"` is static text): unquoted it keeps the next character.
export function staticText(text: string): string | undefined {
  if (/[$`]/.test(text)) return undefined;
  return text.replace(/'([^']*)'|"([^"]*)"|\\(.)/gs, (_m, a: string | undefined, b: string | undefined, c: string | undefined) => a ?? b ?? c ?? '');
}

// A word's unquoted text, a run-time part as U+0000 (assigned-names.ts): `-v"$n"` is `-v` and a run-time name.
export const nameText = (text: string): string => staticText(text) ?? `${staticText(text.slice(0, text.search(/[$`]/)).replace(/["']/g, '')) ?? ''}${RUN_TIME}`;

const plain = (text: string): boolean => {
  const value = staticText(text);
  return value !== undefined && NAME.test(value);
};

// The name part of a declaration word (`NAME=VALUE`, `NAME+=VALUE`, `NAME`).
function declared(text: string): string {
  const at = /\+?=/.exec(text);
  return at ? text.slice(0, at.index) : text;
}

const NAME_ASSIGNMENT = /^[A-Za-z_][A-Za-z0-9_]*\+?=/;

function wordNodes(node: Node): Node[] {
  const name = node.childForFieldName('name');
  return node.children.filter((child) => child.isNamed && child !== name && !/redirect|variable_assignment|heredoc|herestring/.test(child.type) && child.type !== 'command_name');
}

// The declaration words `head ARGS` name (declare/typeset/local/export/readonly/unset): the first not a plain name.
function declaredName(head: string, args: readonly string[], assignment: (text: string) => string | undefined): string | undefined {
  let reference = false;
  for (const text of args) {
    const value = assignment(text);
    if (value !== undefined) {
      if (reference && !plain(value)) return text;
      continue;
    }
    if (text.startsWith('-') || text.startsWith('+')) {
      if (/^[-+][A-Za-z]*n/.test(text)) reference = true;
      continue;
    }
    // The name part of the word's static text (`export "MAKEFLAGS=-j4"` declares MAKEFLAGS).
    const name = staticText(text);
    if (name === undefined || !NAME.test(DECLARERS.has(head) ? declared(name) : name)) return text;
  }
  return undefined;
}

// The builtin a command runs and its words, past `builtin` / `command` (red team R40-b4: `builtin printf -v`,
// `command -- read`, `\printf` and `'printf'` run the same builtin). undefined: not a builtin bash runs here
// (`command -v NAME` only looks NAME up).
export function resolvedBuiltin(node: Node): { readonly name: string; readonly args: readonly string[] } | undefined {
  const words = [node.childForFieldName('name')?.text ?? '', ...wordNodes(node).map((child) => child.text)];
  let at = 0;
  for (;;) {
    const name = staticText(words[at] ?? '');
    if (name === undefined) return undefined;
    if (name === 'builtin') at++;
    else if (name === 'command') {
      at++;
      while (at < words.length && /^-/.test(staticText(words[at]!) ?? '')) {
        const option = staticText(words[at++]!)!;
        if (option === '--') break;
        if (/[vV]/.test(option)) return undefined;
      }
    } else return { name, args: words.slice(at + 1) };
    if (at >= words.length) return undefined;
  }
}

// The first name operand of `node` bash evaluates that is not a plain static name.
export function evaluatedName(node: Node): string | undefined {
  if (node.type === 'declaration_command' || node.type === 'unset_command') {
    const head = node.child(0)?.text ?? '';
    const children = node.children.slice(1).filter((child) => child.isNamed);
    const values = new Map(children.filter((child) => child.type === 'variable_assignment').map((child) => [child.text, child.childForFieldName('value')?.text ?? '']));
    return declaredName(head, children.map((child) => child.text), (text) => values.get(text));
  }
  if (node.type !== 'command') return undefined;
  const resolved = resolvedBuiltin(node);
  if (!resolved) return undefined;
  const { name, args } = resolved;
  if (DECLARERS.has(name) || name === 'unset') return declaredName(name, args, (text) => (NAME_ASSIGNMENT.test(text) ? text.replace(NAME_ASSIGNMENT, '') : undefined));
  switch (name) {
    case 'let':
      return args.find((arg) => staticText(arg) === undefined || /[A-Za-z_[]/.test(staticText(arg)!));
    case 'test':
    case '[': {
      for (let i = 0; i < args.length; i++) {
        if (/^-[vR]$/.test(staticText(args[i]!) ?? '-v') && i + 1 < args.length && !plain(args[i + 1]!)) return `${args[i]} ${args[i + 1]}`;
      }
      return undefined;
    }
    // read / mapfile / getopts / printf -v / wait -p: the shared reading of the names a builtin assigns.
    default:
      return assignedNames(name, args, nameText).find((found) => found.name === undefined || !NAME.test(found.name))?.word;
  }
}
