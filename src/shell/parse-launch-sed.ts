// sed runs the text of its `e COMMAND` with `sh -c` (red team R11-1: `sed 'e rm -r build'`): the text is
// judged as that shell line. Text only known at run time (`e` alone, the s///e flag) is immune-code.ts's.
import type { Launch } from './parse-launchers.js';
import type { WordLike } from './parse-wrappers.js';
import { scanSed } from './sed-script.js';
import { runtimeOption, runtimeOptions } from './parse-launch-runtime.js';
import { longOption, SED_LONGS } from './gnu-long.js';

// GNU sed's options (read anywhere on the line; `-i` takes only an attached suffix).
const SED_OPTIONS = { flags: 'nrsuEz', valued: 'efl', long: ['expression', 'file', 'line-length'] };
const SCRIPT = 'may be a script whose `e` command runs a program';

// The scripts of a sed command line (`-e S`, `-eS`, `--expression=S`, `-ne S`, or the first operand); undefined
// when a script comes from a file (`-f`) or sed runs with --sandbox (no `e`, `w`, `r`).
export function sedScripts(args: readonly string[]): string[] | undefined {
  const scripts: string[] = [];
  const operands: string[] = [];
  for (let i = 0; i < args.length; i++) {
    const arg = args[i]!;
    if (arg === '--') {
      operands.push(...args.slice(i + 1));
      break;
    }
    // Long options as getopt_long reads them (any unambiguous prefix, `=` or the next word: R26-7); an ambiguous one
    // is taken as each option it may be (`--s` is not --sandbox, `--f` may be --file).
    const long = longOption(arg, SED_LONGS);
    if (long?.names.length === 1 && long.names[0] === 'sandbox') return undefined;
    if (arg === '-f' || long?.names.includes('file') === true) return undefined;
    if (long?.names.includes('expression') === true) {
      scripts.push(long.value ?? args[++i] ?? '');
      continue;
    }
    if (long?.names.includes('line-length') === true && long.value === undefined) i++;
    if (arg.startsWith('--') || arg === '-') {
      if (arg === '-') operands.push(arg);
      continue;
    }
    if (!arg.startsWith('-')) {
      operands.push(arg);
      continue;
    }
    // Bundled short options: `e`, `f`, `l` take the rest of the word or the next word; `i` an attached suffix.
    for (let k = 1; k < arg.length; k++) {
      const letter = arg[k]!;
      if (letter === 'i') break;
      if (letter === 'f') return undefined;
      if (letter === 'e' || letter === 'l') {
        const value = k + 1 < arg.length ? arg.slice(k + 1) : (args[++i] ?? '');
        if (letter === 'e') scripts.push(value);
        break;
      }
    }
  }
  if (scripts.length > 0) return scripts;
  return operands.length > 0 ? [operands[0]!] : [];
}

// What a sed command line runs: each `e COMMAND` text of its scripts.
export function sedLaunches(words: readonly WordLike[]): Launch[] {
  const scripts = sedScripts(words.slice(1).map((word) => word.value)) ?? [];
  const runs = scanSed(scripts.join('\n')).runs.map((text): Launch => ({ kind: 'text', text }));
  // A script only known at run time may hold `e`: as the first operand it stands where an option may (below); as an
  // option's value (`-e "$S"`, `-ne "$S"`, `--expression "$S"`) it is found here.
  const key = words[0]?.value.replace(/^.*\//, '') ?? 'sed';
  const values = words.flatMap((word, i) => {
    const option = words[i - 1];
    const long = option === undefined || option.dynamic ? undefined : longOption(option.value, SED_LONGS);
    const expression = option !== undefined && !option.dynamic && (/^-[a-zA-Z]*e$/.test(option.value) || (long?.value === undefined && long?.names.includes('expression') === true));
    if (expression && word.lead === '') return [runtimeOption(key, word, SCRIPT)];
    // `--expression="$(cat s.sed)"`, `--e=$S`: the value after `=` is only known at run time (R26-7).
    const own = longOption(word.lead ?? '', SED_LONGS);
    return word.dynamic && own?.value !== undefined && own.names.includes('expression') ? [runtimeOption(key, word, SCRIPT)] : [];
  });
  return [...runs, ...values, ...runtimeOptions(key, words, SED_OPTIONS)];
}

// Whether a sed command line runs a command only known at run time.
export function sedRunsRuntime(args: readonly string[]): boolean {
  const scripts = sedScripts(args);
  return scripts !== undefined && scanSed(scripts.join('\n')).runtime;
}
