import type { SimpleCommand } from '../shell/parse-types.js';
import { perlOperandCode } from './immune-perl-operands.js';

// A program's own word that runs a command codeward does not read (red team R39-b4, R39-b6): perl's `<>` opens each
// file operand with the two-argument open, so `perl -pe 1 'rm -rf sub|'` runs `rm -rf sub` (and `>f` truncates f);
// ed reads a file operand `!cmd` as a command's output; groff's unsafe mode (-U) runs the document's `.sy`/`.pso`
// requests; wget runs the program --use-askpass names (a script codeward does not read) and a wgetrc's use_askpass
// (--config FILE, -e 'use_askpass=…'). Each such word is code codeward does not parse.

const PERLS = /^perl(?:[\d.]+)?$/;
const ROFFS = new Set(['groff', 'nroff', 'troff']);
export function operandCode(name: string, command: Pick<SimpleCommand, 'args' | 'words' | 'input'>): string | undefined {
  const { args } = command;
  if (PERLS.test(name)) return perlOperandCode(command);
  // fc without -l re-runs a line of the shell's history (-s, -e -, or after an editor), which `history -r FILE` or
  // HISTFILE may have loaded from a file codeward does not read (red team R40-b10).
  if (name === 'fc' && !args.some((arg) => /^-[a-zA-Z]*l/.test(arg))) return "fc re-runs a line of the shell's history, which codeward does not read";
  if (name === 'ed' || name === 'red') {
    const operand = args.find((arg) => arg.startsWith('!'));
    if (operand !== undefined) return `ed reads ${JSON.stringify(operand)} as the output of a shell command`;
  }
  if (ROFFS.has(name) && args.some((arg) => /^-[a-zA-Z]*U/.test(arg) && !arg.startsWith('--'))) return `${name} -U (unsafe mode) runs the commands a document requests (.sy, .pso)`;
  if (name === 'wget') {
    const found = args.find((arg, i) => /^--use-askpass=.*\//.test(arg) || (arg === '--use-askpass' && /\//.test(args[i + 1] ?? '')) || /^--config(?:=|$)/.test(arg) || (/^(?:-e|--execute)(?:=|$)/.test(arg) ? /askpass/i.test(arg + (args[i + 1] ?? '')) : /^-e.*askpass/i.test(arg)));
    if (found !== undefined) return `wget ${found} runs a program codeward does not read`;
  }
  return undefined;
}
