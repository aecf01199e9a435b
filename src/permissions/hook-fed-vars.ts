// The shell variables hook-fed.ts reads a line with (fed23): what the line sets (`F=tools/y; node ${F:-tools/x}`
// runs tools/y), every name the script assigns anywhere (a `${F:-x}` of one the line does not set is only known
// at run time), and the text a here-document hands its command.
import type { HereDoc, Token } from './hook-fed-lex.js';
import { outerExpanded, type Vars } from './hook-fed-words.js';

// Sets `name` (a valid shell name) to `value` (undefined: not known before the run).
export function assigns(vars: Vars, name: string, value: string | undefined): void {
  if (/^[A-Za-z_]\w*$/.test(name)) vars.set.set(name, value);
}

// A shell the line starts (`sh -c`, `bash <<EOF`): a variable the line set may or may not be exported to it.
export const childVars = (vars: Vars): Vars => ({ set: new Map([...vars.set.keys()].map((name) => [name, undefined])), assigned: vars.assigned });

// Every name the tokens assign, in any form: `F=`, `F+=`, `export/local/declare F=`, `${F:=x}`, `${F=x}`, `read F`,
// `printf -v F`, `for F in`, `mapfile F`, `getopts o F`.
export function assignedNames(tokens: readonly Token[]): Set<string> {
  const names = new Set<string>();
  let first = true;
  let command = '';
  for (const token of tokens) {
    if (token.kind === 'op') {
      first = true;
      command = '';
      continue;
    }
    const value = token.value;
    const set = /^([A-Za-z_]\w*)\+?=/.exec(value.slice(0, token.plain + 1));
    if (set !== null) names.add(set[1]!);
    for (const found of value.matchAll(/\$\{([A-Za-z_]\w*):?=/g)) names.add(found[1]!);
    if (!first && /^(?:read|mapfile|readarray|for|select|getopts|printf|let)$/.test(command) && /^[A-Za-z_]\w*$/.test(value)) names.add(value);
    if (first && set === null) command = value;
    first = first && set !== null;
  }
  return names;
}

// What a here-document hands its command: the body, expanded by the shell first when its delimiter is unquoted:
// `\$`, `` \` ``, `\\` lose their backslash, a backslash-newline joins, each parameter expansion is the outer shell's
// (`vars`: what it knows of its variables); `$X` and `$(...)` stay for the reader.
export function hereText(here: HereDoc, vars: Vars): string {
  if (!here.expand) return here.body;
  const marked = here.body.replace(/\\([$`\\\n])/g, (_, c: string) => (c === '\n' ? '' : c === '$' ? '\uE001' : c === '`' ? '\uE002' : '\uE003'));
  return outerExpanded(marked, vars).replace(/\uE001/g, '$').replace(/\uE002/g, '`').replace(/\uE003/g, '\\');
}
