// What a hook line defines for hook-fed.ts: a function whose body runs when it is called (R20-22, fed21), and the
// shell variables it reads the line with (fed23): what the line sets (`F=tools/y; node ${F:-tools/x}`
// runs tools/y), every name the script assigns anywhere (a `${F:-x}` of one the line does not set is only known
// at run time), and the text a here-document hands its command.
import { lex, type HereDoc, type Token } from './hook-fed-lex.js';
import { outerExpanded, type Vars } from './hook-fed-words.js';

// Sets `name` (a valid shell name) to `value` (undefined: not known before the run).
export function assigns(vars: Vars, name: string, value: string | undefined): void {
  if (/^[A-Za-z_]\w*$/.test(name)) vars.set.set(name, value);
}

// The variables a command sets (`for F in`, `read F`, `printf -v F`, `export F=x`): F's value is the loop's, the
// input's, or the one given.
export function commandAssigns(vars: Vars, name: string, values: readonly string[]): void {
  if (name === 'for' || name === 'select') assigns(vars, values[1] ?? '', undefined);
  if (name === 'for') {
    const end = values.indexOf('do');
    const list = values[2] === 'in' ? values.slice(3, end < 0 ? undefined : end) : [];
    const before = vars.loops?.get(values[1] ?? '');
    const known = list.length > 0 && list.every((value) => value !== '\u0000' && !/[$`]/.test(value));
    // Two loops over one name: either list (read together). One over words only known at run time (`$(ls)`, `"$@"`,
    // no `in`) leaves the name unknown for the rest of the script, whatever loop comes later (an empty list).
    vars.loops?.set(values[1] ?? '', known && before?.length !== 0 ? [...(before ?? []), ...list] : []);
  }
  if (name === 'read' || name === 'mapfile' || name === 'readarray') for (const value of values.slice(1)) if (/^[A-Za-z_]\w*$/.test(value)) assigns(vars, value, undefined);
  if (name === 'printf' && values[1] === '-v') assigns(vars, values[2] ?? '', undefined);
  if (!/^(?:export|local|declare|typeset|readonly)$/.test(name)) return;
  for (const value of values.slice(1)) if (/^[A-Za-z_]\w*=/.test(value)) assigns(vars, value.slice(0, value.indexOf('=')), value.slice(value.indexOf('=') + 1));
}

// A shell the line starts (`sh -c`, `bash <<EOF`): a variable the line set may or may not be exported to it.
export const childVars = (vars: Vars): Vars => ({ set: new Map([...vars.set.keys()].map((name) => [name, undefined])), assigned: vars.assigned });

// Every name the tokens assign, in any form: `F=`, `F+=`, `export/local/declare F=`, `${F:=x}`, `${F=x}`, `read F`,
// `printf -v F`, `for F in` (unless `loops` is false: the loop's own reading is commandAssigns'), `mapfile F`,
// `getopts o F`, `{F}>file`, `wait -p F`, `F[0]=`, `let "F=1"`, `coproc F`, `eval "F=.."` (its words read as a line;
// `*`, any name, for an eval of run-time text or past 4 nested evals); `@` for the positional parameters (`set --`,
// `shift`).
export function assignedNames(tokens: readonly Token[], loops = true, depth = 0): Set<string> {
  const names = new Set<string>();
  let first = true;
  let command = '';
  let previous = '';
  const evals: string[] = [];
  tokens.forEach((token, at) => {
    if (token.kind === 'op') {
      first = true;
      command = '';
      return;
    }
    const value = token.value;
    const set = /^([A-Za-z_]\w*)(?:\[[^\]]*\])?\+?=/.exec(value.slice(0, token.plain + 1));
    if (set !== null) names.add(set[1]!);
    for (const found of value.matchAll(/\$\{([A-Za-z_]\w*):?=/g)) names.add(found[1]!);
    const fd = /^\{([A-Za-z_]\w*)\}$/.exec(value);
    const next = tokens[at + 1];
    if (fd !== null && next?.kind === 'op' && /^(?:[<>]|>>|<>|>&|<&|>\|)$/.test(next.op)) names.add(fd[1]!);
    const named = /^(?:read|mapfile|readarray|select|getopts|printf|let|coproc)$/.test(command) || (loops && command === 'for') || (command === 'wait' && /^-\w*p$/.test(previous));
    if (!first && named && /^[A-Za-z_]\w*$/.test(value)) names.add(value);
    if (!first && command === 'eval') evals.push(token.dynamic ? '*=' : value);
    const other = command === 'let' ? /^([A-Za-z_]\w*)\s*(?:[-+*/%&|^]|<<|>>)?=/.exec(value) : command === 'printf' ? /^-v([A-Za-z_]\w*)$/.exec(value) : null;
    if (!first && other !== null) names.add(other[1]!);
    // `set -- a b` / `set a b` / `shift`: the positional parameters (`@`), R22-12.
    if ((command === 'set' && !first && !/^[-+]/.test(value) && !/^[-+]o$/.test(previous)) || (command === 'set' && value === '--') || (first && value === 'shift')) names.add('@');
    previous = value;
    // A keyword keeps the command place (`do read f`, `then f=x`).
    const keyword = first && /^(?:!|\{|then|do|else|elif|if|while|until|time)$/.test(value);
    if (first && set === null && !keyword) command = value;
    first = first && (set !== null || keyword);
  });
  if (evals.includes('*=')) names.add('*');
  if (evals.length > 0) for (const name of depth < 4 ? assignedNames(lex(evals.join(' ')).tokens, loops, depth + 1) : ['*']) names.add(name);
  return names;
}

// Whether a command of the tokens sources a file (`. ./env.sh`, `then source x`, `{ . x; }`): that file may set any name.
export function sourcesFile(tokens: readonly Token[]): boolean {
  let first = true;
  for (const token of tokens) {
    if (token.kind === 'op') {
      first = true;
      continue;
    }
    if (first && (token.value === '.' || token.value === 'source')) return true;
    const assignment = /^[A-Za-z_]\w*\+?=/.test(token.value.slice(0, token.plain + 1));
    first = first && (assignment || /^(?:!|\{|then|do|else|elif|if|while|until|exec|command|builtin|time)$/.test(token.value));
  }
  return false;
}

// What a here-document hands its command: the body, expanded by the shell first when its delimiter is unquoted:
// `\$`, `` \` ``, `\\` lose their backslash, a backslash-newline joins, each parameter expansion is the outer shell's
// (`vars`: what it knows of its variables); `$X` and `$(...)` stay for the reader.
export function hereText(here: HereDoc, vars: Vars): string {
  if (!here.expand) return here.body;
  const marked = here.body.replace(/\\([$`\\\n])/g, (_, c: string) => (c === '\n' ? '' : c === '$' ? '\uE001' : c === '`' ? '\uE002' : '\uE003'));
  return outerExpanded(marked, vars).replace(/\uE001/g, '$').replace(/\uE002/g, '`').replace(/\uE003/g, '\\');
}

// The function a line defines at token `at` (`f() {`, `function f {`; `words`: the command's words before it): its
// name, its body's tokens, the index of its closing `}`; null when the body does not close in the tokens.
export function definedAt(tokens: readonly Token[], at: number, words: readonly Token[]): { name: string; body: Token[]; close: number } | null | undefined {
  const token = tokens[at]!, next = tokens[at + 1], after = tokens[at + 2];
  if (token.kind !== 'word') return undefined;
  const paren = words.length === 0 && next?.kind === 'op' && next.op === '(' && after?.kind === 'op' && after.op === ')';
  if (!paren && !(words.length === 1 && words[0]!.kind === 'word' && words[0]!.value === 'function')) return undefined;
  const open = tokens.findIndex((each, index) => index > at && each.kind === 'word' && each.value === '{');
  let close = open, level = 0;
  for (; close >= 0 && close < tokens.length; close++) {
    const each = tokens[close]!;
    if (each.kind === 'word' && each.value === '{') level++;
    if (each.kind === 'word' && each.value === '}' && --level === 0) break;
  }
  return open < 0 || close >= tokens.length ? null : { name: token.value, body: tokens.slice(open + 1, close), close };
}
