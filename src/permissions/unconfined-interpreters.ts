// The script an interpreter or shell runs, for the unconfined reader (unconfined.ts), read with the one interpreter
// table (shell/interpreter-table.ts, rev32) through hook-fed-operands.ts scriptOperand, which the hook walker reads too
// (red team R29-6: a private guess took `bash -o pipefail /out/y.sh`'s `pipefail`, `python3 -W ignore`'s `ignore`,
// `node --title x`'s `x` for the script, and `sh -e`'s `-e` for node's eval, so /out/y.* ran under --yes). And the
// module search path an interpreter is handed by the environment (`PYTHONPATH=/out python3 -m ym`, NODE_PATH, RUBYLIB,
// PERL5LIB): an entry outside the workspace runs the outside program the module name finds there.
import { languageOf } from '../shell/parse-inline.js';
import type { ShellParse, ShellWord, SimpleCommand } from '../shell/parse-types.js';
import { family, scriptOperand } from './hook-fed-operands.js';

const SHELLS = new Set(['sh', 'bash', 'zsh', 'dash', 'ksh', 'mksh', 'fish', 'source', '.']);
const SEARCH_PATHS = /(?:^|[\s;&|(])(?:export\s+|declare\s+-x\s+)?(PYTHONPATH|NODE_PATH|RUBYLIB|PERL5LIB|PERLLIB)=("[^"]*"|'[^']*'|[^\s;&|)]*)/g;

// The word naming the script (a word only known at run time before it may be the script itself: it is taken);
// undefined when the interpreter runs code given on the line, stdin or a module by name (read elsewhere).
export function scriptWord(command: SimpleCommand): ShellWord | undefined {
  const name = command.name ?? '';
  if (!SHELLS.has(name) && languageOf(name) === undefined) return undefined;
  const words = command.words.slice(1);
  const dynamic = (upTo: number): ShellWord | undefined => words.slice(0, upTo).find((word) => word.dynamic);
  if (name === 'source' || name === '.') return words[0];
  const operand = scriptOperand(family(name), words.map((word) => word.value), name);
  if (operand.code === true) return undefined;
  return dynamic(operand.at ?? words.length) ?? (operand.at === undefined ? undefined : words[operand.at]);
}

// The entries of the interpreter search-path variables the line sets (on a command, as a statement, exported),
// each as written with quotes removed; `$PWD` is the run folder ('.'), the variable's own earlier value is skipped.
export function searchPathEntries(parse: ShellParse): { variable: string; entry: string }[] {
  const texts = [parse.source, ...(parse.assignments ?? []).map((each) => each.text)];
  const out: { variable: string; entry: string }[] = [];
  for (const text of texts) {
    for (const found of text.matchAll(SEARCH_PATHS)) {
      const variable = found[1]!;
      const value = found[2]!.replace(/^(["'])(.*)\1$/, '$2');
      for (const entry of value.split(':')) {
        if (entry === '' || entry === `$${variable}` || entry === `\${${variable}}`) continue;
        out.push({ variable, entry: entry.replace(/^\$\{?PWD\}?(?=\/|$)/, '.') });
      }
    }
  }
  return out;
}
