// The NAME operands a builtin assigns or unsets (red team R41-b1..b3): `read NAME`, `read -a NAME`, `mapfile NAME`,
// `getopts OPTS NAME`, `printf -v NAME`, `wait -p NAME` (unset when no job is left), `unset NAME`, the names
// `declare`/`typeset`/`local` give a value or make local (`local PATH` is an unset PATH in the function) and the ones
// `export`/`readonly` give a value, and the array and PID names a coprocess sets (`coproc NAME { …; }`: NAME and
// NAME_PID; unnamed: COPROC and COPROC_PID; `select NAME in` is a for_statement, walked as `for NAME in`). One reading for every rule that asks which variables a line sets: the walker
// (parse-walk-builtin-assigns.ts: ShellParse.assignments, the environment), the arithmetic names (parse-arith-names.ts)
// and the stored values (parse-arith-vars.ts). A word is read by its unquoted text (`read 'PATH'`, `read P\ATH`,
// `printf -v"PATH"` name PATH), U+0000 standing for a part only known at run time (`read "$n"`: a run-time name).
export const RUN_TIME = '\u0000';

export interface NameOperand<T> {
  readonly word: T;
  // The name as written (`-vNAME`: NAME; `NAME=v`: NAME; a subscript kept), undefined when only known at run time.
  readonly name: string | undefined;
}

// Short options taking a value (the rest of the cluster or the next word), and those whose value IS a name.
const VALUED: Readonly<Record<string, string>> = { read: 'dinNptu', mapfile: 'dnOsuCc', readarray: 'dnOsuCc' };
const NAMING: Readonly<Record<string, string>> = { read: 'a', printf: 'v', wait: 'p' };
// Builtins whose options come first and whose operands are not names (printf's format, wait's jobs).
const OPTIONS_ONLY = new Set(['printf', 'wait']);
const STORERS = new Set(['read', 'mapfile', 'readarray', 'getopts', ...OPTIONS_ONLY]);
// Declarers whose bare NAME changes the variable (a local one starts unset); export/readonly keep its value.
const LOCAL_DECLARERS = new Set(['declare', 'typeset', 'local']);
const DECLARERS = new Set([...LOCAL_DECLARERS, 'export', 'readonly']);

export const ASSIGNING_BUILTINS: ReadonlySet<string> = new Set([...STORERS, ...DECLARERS, 'unset']);

const operand = <T>(word: T, name: string): NameOperand<T> => ({ word, name: name.includes(RUN_TIME) ? undefined : name });

// The words that start a compound command: after `coproc NAME` one makes NAME the coprocess's name.
const COMPOUND_START = new Set(['{', '(', '((', '[[', 'while', 'until', 'if', 'for', 'select', 'case']);

// `coproc [NAME] COMMAND`'s words after `coproc`: NAME only before a compound command (`coproc NAME cat` runs NAME).
function coprocNames<T>(args: readonly T[], text: (word: T) => string): NameOperand<T>[] {
  const [first, second] = args;
  if (first === undefined) return [];
  const named = second !== undefined && COMPOUND_START.has(text(second)) && !COMPOUND_START.has(text(first));
  const name = named ? text(first) : 'COPROC';
  return [operand(first, name), operand(first, `${name}_PID`)];
}

// The names `builtin` (its name past `builtin`/`command`) assigns among `args`; `text` is a word's unquoted text.
export function assignedNames<T>(builtin: string, args: readonly T[], text: (word: T) => string): NameOperand<T>[] {
  if (builtin === 'coproc') return coprocNames(args, text);
  if (!ASSIGNING_BUILTINS.has(builtin)) return [];
  const out: NameOperand<T>[] = [];
  const operands: T[] = [];
  const declarer = !STORERS.has(builtin);
  for (let i = 0; i < args.length; i++) {
    const word = args[i]!;
    const value = text(word);
    // printf's format may be `-v` at run time (`printf "$f" NAME`): the next word may be a name.
    if (OPTIONS_ONLY.has(builtin) && value.startsWith(RUN_TIME)) {
      if (i + 1 < args.length) out.push(operand(args[i + 1]!, text(args[i + 1]!)));
      break;
    }
    if (operands.length > 0 || builtin === 'getopts' || !/^[-+]./.test(value) || (value.startsWith('+') && !declarer)) {
      if (OPTIONS_ONLY.has(builtin)) break;
      operands.push(word);
      continue;
    }
    if (value === '--') {
      operands.push(...args.slice(i + 1));
      break;
    }
    // `declare -f NAME`, `unset -f NAME`: functions; `declare -p NAME`: printed.
    if (declarer && (/^[-+][A-Za-z]*[fF]/.test(value) || (builtin !== 'unset' && /^-[A-Za-z]*p/.test(value)))) return [];
    i = optionCluster(builtin, args, i, text, out);
  }
  if (builtin === 'getopts') return operands.slice(1, 2).map((word) => operand(word, text(word)));
  if (OPTIONS_ONLY.has(builtin)) return out;
  for (const word of operands) {
    const value = text(word);
    // `export NAME` and `readonly NAME` keep the value.
    if (declarer && builtin !== 'unset' && !LOCAL_DECLARERS.has(builtin) && !/\+?=/.test(value) && !value.includes(RUN_TIME)) continue;
    out.push(operand(word, declarer && builtin !== 'unset' ? value.replace(/\+?=[\s\S]*$/, '') : value));
  }
  return out;
}

// One option word's letters: a naming letter's value (the rest of the word or the next word) is a name; a valued
// letter's is skipped; a run-time letter may be the naming one. Returns the index of the last word read.
function optionCluster<T>(builtin: string, args: readonly T[], at: number, text: (word: T) => string, out: NameOperand<T>[]): number {
  const value = text(args[at]!);
  const naming = NAMING[builtin] ?? '';
  const valued = VALUED[builtin] ?? '';
  for (let letter = 1; letter < value.length; letter++) {
    const char = value[letter]!;
    if (!naming.includes(char) && !valued.includes(char) && !(char === RUN_TIME && naming !== '')) continue;
    const attached = value.slice(letter + 1);
    if (char === RUN_TIME) out.push(operand(args[at]!, RUN_TIME));
    if (attached !== '' && char !== RUN_TIME) {
      if (naming.includes(char)) out.push(operand(args[at]!, attached));
      return at;
    }
    if (at + 1 < args.length && (naming.includes(char) || char === RUN_TIME)) out.push(operand(args[at + 1]!, text(args[at + 1]!)));
    return char === RUN_TIME ? at : at + 1;
  }
  return at;
}
