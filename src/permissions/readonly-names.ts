import type { ShellWord, SimpleCommand } from '../shell/parse-types.js';
import { plainName } from '../shell/parse-arith.js';

// Bash's test/[ (-v NAME, -R NAME) and printf (-v NAME) take a variable name, and a subscript in it is
// evaluated as arithmetic with full expansion: `test -v 'x[$(touch p)]'` or `printf -v "$(cat f)" 1` runs
// a program although the words are only data to every other reading. A name operand must be a plain
// static name; a word only known at run time in the option's place (`test $(cat f)`) may be the option.

const UNKNOWN = '\u0000';

function mayBe(word: ShellWord, option: (value: string) => boolean): boolean {
  return word.candidates.some((value) => value.includes(UNKNOWN) || option(value));
}

function mayHoldSubscript(word: ShellWord): boolean {
  return word.candidates.some((value) => value.includes(UNKNOWN) || value.includes('['));
}

export function variableNameVeto(command: SimpleCommand, name: string): string | undefined {
  const args = command.words.slice(1);
  if (name === 'test' || name === '[') {
    // An unquoted run-time word is split into words after the parse: `test $(cat f)` may be `test -v 'x[$(cmd)]'`.
    const split = args.find((word) => word.dynamic && !/^"[^"]*"$/s.test(word.text));
    if (split) return `\`${name}\` splits ${split.text} into words only known at run time, which may be -v and a variable name whose subscript runs commands`;
    for (let i = 0; i + 1 < args.length; i++) {
      if (mayBe(args[i]!, (value) => value === '-v' || value === '-R') && mayHoldSubscript(args[i + 1]!)) {
        return `\`${name}\` may evaluate ${args[i + 1]!.text} as a variable name, whose subscript runs commands`;
      }
    }
    return undefined;
  }
  if (name === 'printf' && args.length > 1) {
    const first = args[0]!;
    const joined = first.candidates.find((value) => value.startsWith('-v') && value.length > 2);
    const operand = joined !== undefined ? joined.slice(2) : first.value === '-v' && !first.dynamic ? args[1]!.value : undefined;
    const statik = joined !== undefined ? !first.dynamic : !args[1]!.dynamic;
    if (operand !== undefined ? !(statik && plainName(operand)) : mayBe(first, (value) => value.startsWith('-v'))) {
      return `\`printf\` may store into ${operand !== undefined && joined === undefined ? args[1]!.text : first.text} as a variable name, whose subscript runs commands`;
    }
  }
  return undefined;
}
