import { splitArgs, type CallSite, type Token } from './parse-code.js';

// perl's `open` (red team R41-b6). A two-argument open (`open(F, NAME)`, `open F, NAME`, IO::File->open) reads its
// mode from NAME: a name starting with `|` or ending in `|` runs a shell command. The three-argument open takes its
// mode from the second argument (`-|` / `|-` run the rest). So an open runs a command only known at run time when
// the mode, or a two-argument name that no literal start fixes as `<`, `>` or `+<`, is not a literal: a variable
// (`$x = "rm -rf sub|"; open(F, $x)`), `$_` of `for glob "*"` (a repository file named `rm -rf sub|`), an
// interpolated string, or the one-argument open (the package scalar of the handle's name).

// Where perl code calls open, with or without parentheses (not sysopen, opendir, `$open`, the `use open` pragma).
export const PERL_OPEN = /(?<![\w$@%&])(?<!\b(?:use|no)\s+)open(?:\s*(?=\()|\s+(?=[A-Za-z_$*]))/;

export interface PerlOpen {
  // It runs a command (a pipe open).
  readonly spawns: boolean;
  // The command line, when it is a literal.
  readonly command?: string;
}

// A part (one argument) that is nothing but literal text perl does not interpolate; its text, else undefined.
function literal(part: readonly Token[]): string | undefined {
  let text = '';
  for (const token of part) {
    if (token.kind === 'code') {
      if (token.text.trim() !== '') return undefined;
      continue;
    }
    if (token.command === true || token.words === true || /[$@](?:[\w{:]|$)/.test(token.value)) return undefined;
    text += token.value;
  }
  return text;
}

// A three-argument mode that pipes (`-|`, `|-`, `|`); the command is the arguments after it.
const PIPE_MODE = /^\s*(?:-\s*\||\|\s*-?)\s*$/;
// A two-argument name whose literal start fixes a file mode (read, write, append, read-write, a dup `<&`/`>&`).
const FIXED_START = /^\s*(?:\+?[<>])/;

export function perlOpen(site: CallSite, commandOf: (args: readonly Token[]) => string | undefined): PerlOpen {
  const parts = splitArgs(site.args).filter((part) => part.some((token) => token.kind === 'string' || token.text.trim() !== ''));
  if (parts.length < 2) return { spawns: true };
  if (parts.length >= 3) {
    const mode = literal(parts[1]!);
    if (mode === undefined) return { spawns: true };
    if (!PIPE_MODE.test(mode)) return { spawns: false };
    const command = commandOf(parts.slice(2).flatMap((part, i) => (i === 0 ? part : [{ kind: 'code', text: ',' } as Token, ...part])));
    return command === undefined ? { spawns: true } : { spawns: true, command };
  }
  const name = parts[1]!;
  const text = literal(name);
  if (text === undefined) {
    const first = name.find((token) => token.kind === 'string' || token.text.trim() !== '');
    return { spawns: !(first?.kind === 'string' && FIXED_START.test(first.value)) };
  }
  if (FIXED_START.test(text)) return { spawns: false };
  // `open(F, "-|")` forks; `open(F, "|cmd")` and `open(F, "cmd|")` run cmd.
  if (PIPE_MODE.test(text)) return { spawns: true };
  if (/^\s*\|/.test(text) || /\|\s*$/.test(text)) {
    const command = text.replace(/^\s*\|\s*|\s*\|\s*$/g, '');
    return command === '' ? { spawns: true } : { spawns: true, command };
  }
  return { spawns: false };
}
