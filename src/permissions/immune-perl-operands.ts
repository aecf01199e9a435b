import type { SimpleCommand, ShellWord } from '../shell/parse-types.js';

// perl's `<>` opens each file operand with the two-argument open (red team R39-b4, R40-b8): an operand ending in `|`
// runs a command, one starting with `|`, `>`, `+<` or `<&` runs one or writes a file. A static operand is judged by
// its text; one only known at run time — a glob (`perl -ne 1 *` meets a repository file named `rm -rf sub|`), a
// substitution or variable, xargs' input — may be such a name, so it is unknown when perl reads `<>` (-n or -p without
// -i, or `<>`/`<ARGV>` in the code), unless its static start and end rule a mode out (`*.txt`, `./*`).

// perl's options that take a value (attached: the rest of the word), and those whose value may be the next word.
const VALUED = /[CdDeEiIlmMx0]/;
const NEXT_WORD = /^[eEImM]$/;

// A two-argument open's mode or pipe (`|cmd`, `cmd|`, `>f`, `+<f`, `<&=3`).
export const magic = (operand: string): boolean => /^\s*(?:[|>]|\+[<>]|<&)|\|\s*$/.test(operand);

interface PerlLine {
  readonly operands: readonly number[];
  readonly readsArgv: boolean;
  // The -e/-E code's text.
  readonly code: string;
}

// `<>` and `<ARGV>` (not the three-argument `<<>>`), the reads of @ARGV through the two-argument open.
const DIAMOND = /(?<!<)<\s*(?:ARGV\s*)?>(?!>)/;
// Code that may fill @ARGV itself (R41-b6: `@ARGV = glob "*"`, `@ARGV = <*>`, readdir, push, `$ARGV[0] = …`, `local
// *ARGV`, an alias through `for (@ARGV)`, a sort or map over it): any use of the array is taken as one.
const ARGV_ARRAY = /[@*]\s*ARGV\b|\$\s*ARGV\s*\[|\$#\s*ARGV\b/;

// The indexes (into args) of perl's file operands, and whether perl reads them through `<>`.
function perlLine(args: readonly string[]): PerlLine {
  let code = false;
  let loop = false;
  let inPlace = false;
  let codeText = '';
  const first = (from: number): PerlLine => ({ operands: args.map((_, k) => k).slice(from), readsArgv: (loop && !inPlace) || DIAMOND.test(codeText), code: codeText });
  for (let i = 0; i < args.length; i++) {
    const arg = args[i]!;
    if (arg === '--') return first(i + (code ? 1 : 2));
    if (arg.startsWith('-') && arg.length > 1 && !arg.startsWith('--')) {
      const flags = /^-([a-zA-Z0]*)/.exec(arg)![1]!;
      const valued = flags.search(VALUED);
      const bundle = valued < 0 ? flags : flags.slice(0, valued + 1);
      if (/[np]/.test(bundle)) loop = true;
      if (bundle.includes('i')) inPlace = true;
      if (/[eE]$/.test(bundle)) {
        code = true;
        codeText += ' ' + (arg.length > bundle.length + 1 ? arg.slice(bundle.length + 1) : (args[i + 1] ?? ''));
      }
      if (NEXT_WORD.test(bundle.slice(-1)) && arg.length === bundle.length + 1) i++;
      continue;
    }
    if (arg.startsWith('-') && arg.length > 1) continue;
    // The first operand is the script unless code was given by -e/-E.
    return first(code ? i : i + 1);
  }
  return first(args.length);
}

// Whether a word only known at run time may expand to a name with an open mode.
function unknownName(word: ShellWord): boolean {
  if (!word.dynamic && !word.glob) return false;
  const start = /^(?:[^\s|>+<]|\+[^<>]|<[^&])/.test(word.text) && !/^[$`*?[{~]/.test(word.text);
  const end = /[^\s|*?\]}"'`)]$/.test(word.text);
  return !(start && end);
}

export function perlOperandCode(command: Pick<SimpleCommand, 'args' | 'words' | 'input'>): string | undefined {
  const { args } = command;
  const line = perlLine(args);
  const found = line.operands.map((k) => args[k]!).find(magic);
  if (found !== undefined) return `perl opens the operand ${JSON.stringify(found)} with its two-argument open, which runs a command or writes a file`;
  if (!line.readsArgv) return undefined;
  if (ARGV_ARRAY.test(line.code)) return "perl's <> opens the names its own code puts in @ARGV with its two-argument open, names only known at run time: a name ending in | runs a command";
  if (command.input !== undefined) return `perl's <> opens the words ${command.input.source} gives with its two-argument open: a name ending in | runs a command`;
  const words = command.words.length === args.length + 1 ? command.words.slice(1) : undefined;
  const unknown = words === undefined ? undefined : line.operands.map((k) => words[k]!).find(unknownName);
  if (unknown !== undefined) return `perl's <> opens ${unknown.text}, a name only known at run time, with its two-argument open: a name ending in | runs a command`;
  return undefined;
}
