// Complete values of a `for VAR in w1 w2 …` loop variable (F8: `for i in 1 2; do echo $i > gen$i.txt; done`
// writes gen1.txt and gen2.txt, nothing else): inside the loop and after it VAR holds one of the words,
// unless something else in the line can set it. The walker's variables are flow-insensitive, so the loop's
// values are complete only when the whole line gives nothing else a way to: VAR is never assigned,
// looped over again or expanded with an operator, and no builtin that sets a variable by name, no
// arithmetic, no IFS (which would split the value) and no code text run by the shell (eval, source, trap)
// appears. A word must be plain text without glob characters (an unquoted $VAR would glob). Only the
// loop's body sees them whole (after it, a loop in a subshell leaves the variable as it was). The text
// check is repeated on the walked commands (`r\ead i` is `read`): parse.ts walks again without whole
// loop values when one of them is a setter or has a name only known at run time (wholeLoopsHeld).

const SETTERS = /(?:^|[^\w$-])(?:eval|source|read|readarray|mapfile|getopts|declare|typeset|local|export|readonly|let|unset|trap|wait|enable|shopt|select|coproc|IFS)(?![\w-])|\bprintf\b[^;&|\n]*\s-v|(?:^|[\s;&|(])\.\s|\(\(|\$\[|\[\[/;
const PLAIN_VALUE = /^[\w.,+:@%=/-]+$/;
const SPECIAL = new Set(['HOME', 'PWD', 'OLDPWD', 'IFS', 'PATH', 'CDPATH']);
const escape = (name: string): string => name.replace(/[^\w]/g, '\\$&');

export function completeLoopValues(name: string, values: readonly string[], source: string): boolean {
  if (!/^[A-Za-z_]\w*$/.test(name) || SPECIAL.has(name) || values.length === 0 || !values.every((value) => PLAIN_VALUE.test(value))) return false;
  if (SETTERS.test(source)) return false;
  const n = escape(name);
  // Exactly one header for it; never assigned (`i=`, `i+=`, `i[0]=`, `i = ` in a subscript), stepped (`i++`)
  // or expanded with an operator (`${i:=x}`, `${i[0]}`): only `$i` and `${i}`.
  const headers = source.match(new RegExp(`\\bfor\\s+${n}\\b`, 'g'))?.length ?? 0;
  if (headers !== 1) return false;
  if (new RegExp(`(?<![\\w$])${n}\\s*(?:\\[[^\\]]*\\])?\\s*(?:[-+*/%&|^]|<<|>>)?=|(?<![\\w$])${n}\\s*(?:\\+\\+|--)|(?:\\+\\+|--)\\s*${n}\\b`).test(source)) return false;
  return !new RegExp(`\\$\\{[#!]?${n}(?!\\})`).test(source);
}

const SETTER_NAMES = new Set(['eval', 'source', '.', 'read', 'readarray', 'mapfile', 'getopts', 'declare', 'typeset', 'local', 'export', 'readonly', 'let', 'unset', 'trap', 'wait', 'enable', 'shopt', 'printf', 'builtin', 'command', 'exec', 'alias']);

// Whether the whole values a walk used hold: no walked command sets a variable by name or is known only at
// run time, and each variable used whole is assigned once (its loop header).
export function wholeLoopsHeld(used: ReadonlySet<string>, commands: readonly { readonly name: string | null }[], assignments: readonly { readonly name: string }[]): boolean {
  if (used.size === 0) return true;
  if (commands.some((command) => command.name === null || SETTER_NAMES.has(command.name))) return false;
  return [...used].every((name) => assignments.filter((each) => each.name === name).length === 1);
}
