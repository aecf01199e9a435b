// A program's own word that runs a command codeward does not read (red team R39-b4, R39-b6): perl's `<>` opens each
// file operand with the two-argument open, so `perl -pe 1 'rm -rf sub|'` runs `rm -rf sub` (and `>f` truncates f);
// ed reads a file operand `!cmd` as a command's output; groff's unsafe mode (-U) runs the document's `.sy`/`.pso`
// requests; wget runs the program --use-askpass names (a script codeward does not read) and a wgetrc's use_askpass
// (--config FILE, -e 'use_askpass=…'). Each such word is code codeward does not parse.

const PERLS = /^perl(?:[\d.]+)?$/;
const ROFFS = new Set(['groff', 'nroff', 'troff']);
// perl's options whose value is the next word when not attached.
const PERL_VALUED = /^-[CdDeEiIlmMx]$/;

// A two-argument open's mode or pipe (`|cmd`, `cmd|`, `>f`, `+<f`, `<&=3`).
const magic = (operand: string): boolean => /^\s*(?:[|>]|\+[<>]|<&)|\|\s*$/.test(operand);

function perlOperand(args: readonly string[]): string | undefined {
  let code = false;
  for (let i = 0; i < args.length; i++) {
    const arg = args[i]!;
    if (arg === '--') return args.slice(i + (code ? 1 : 2)).find(magic);
    if (/^-[eE]/.test(arg)) code = true;
    if (arg.startsWith('-') && arg.length > 1) {
      if (PERL_VALUED.test(arg)) i++;
      continue;
    }
    // The first operand is the script unless code was given by -e/-E.
    return args.slice(code ? i : i + 1).find(magic);
  }
  return undefined;
}

export function operandCode(name: string, args: readonly string[]): string | undefined {
  if (PERLS.test(name)) {
    const operand = perlOperand(args);
    if (operand !== undefined) return `perl opens the operand ${JSON.stringify(operand)} with its two-argument open, which runs a command or writes a file`;
  }
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
