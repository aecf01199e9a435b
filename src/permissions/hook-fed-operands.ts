// Which operand of an interpreter's words is the file it runs (red team R19-17, R19-21, R20-5): per family, the
// options that run code given on the line or stdin instead, and the options that take the next word as their
// value (a flag read as valued, or the reverse, would take the wrong word for the script). hook-fed.ts reads the
// commands of a line; this file reads one command's words.
import { sameProgram } from '../shell/program-aliases.js';

// What node (and tsx/ts-node, which add TypeScript) tries for a main script named without an extension.
export const NODE_TRIES = ['.js', '.cjs', '.mjs', '.json', '.node', '.ts', '.tsx', '.mts', '.cts', '/index.js', '/index.cjs', '/index.mjs', '/index.json', '/index.node', '/index.ts', '/index.tsx'];
export const INTERPRETER = /^(?:\.|source|node|tsx|ts-node|esno|bun|deno|python[\d.]*|pypy[\d.]*|sh|bash|dash|zsh|ksh|ash|mksh|ruby|perl|php)$/;
// Each family's options (and deno/bun sub-commands) after which it runs code given on the line, stdin or a module
// by name, not a file.
const NO_FILE: Record<string, ReadonlySet<string>> = {
  node: new Set(['-e', '-p', '-pe', '--eval', '--print', '--test', '--run', '-', '--version', '-v', '--help', '-h']),
  python: new Set(['-c', '-m', '-', '--version', '-V', '--help', '-h']),
  sh: new Set(['-c', '-s', '-', '--version', '--help']),
  ruby: new Set(['-e', '--version', '-v', '--help', '-h']),
  perl: new Set(['-e', '-E', '--version', '-v', '--help', '-h']),
  php: new Set(['-r', '-a', '--version', '-v', '--help', '-h']),
};
export const VALUED: Record<string, ReadonlySet<string>> = {
  node: new Set(['-r', '--require', '--import', '--loader', '--experimental-loader', '-C', '--conditions', '--env-file', '--title', '--inspect-port', '--input-type', '--preserve-symlinks-main', '--stack-size']),
  python: new Set(['-W', '-X', '-Q', '--check-hash-based-pycs']),
  // bash's start-up files (R20-5: `bash --rcfile /dev/null scripts/ci` runs scripts/ci).
  sh: new Set(['-o', '+o', '-O', '+O', '--rcfile', '--init-file']),
  ruby: new Set(['-I', '-r', '-C', '-E', '-x']),
  perl: new Set(['-I', '-M', '-m']),
  php: new Set(['-c', '-d', '-z']),
};
// deno's and bun's sub-commands that run no file of the line (`bun x`, `deno task`), as their first word only:
// `node x` runs ./x.
const SUBCOMMANDS = new Set(['eval', 'repl', 'x', 'exec', 'test', 'install', 'add', 'task', 'fmt', 'lint', 'upgrade']);
export const family = (program: string): string =>
  /^(?:node|tsx|ts-node|esno|bun|deno)$/.test(sameProgram(program)) ? 'node' : /^(?:python|pypy)/.test(program) ? 'python' : /^(?:ruby|perl|php)$/.test(program) ? program : 'sh';

// The file an interpreter of `kind` runs, from its words past the program (`deno run`/`bun run` skip `run`):
// `script`, and `folder` when an option moves where it is resolved from first (ruby's `-C DIR`, R20-5); `code`
// when it runs text or stdin instead (`-c`, `-e`, `-s`, `-m`); `at`: the script's index in `words`.
export function scriptOperand(kind: string, words: readonly string[], program = ''): { script?: string; at?: number; folder?: string; code?: true } {
  const valued = VALUED[kind]!, noFile = NO_FILE[kind]!;
  let folder: string | undefined;
  for (let i = 0; i < words.length; i++) {
    const word = words[i]!;
    if (i === 0 && (program === 'bun' || program === 'deno') && SUBCOMMANDS.has(word)) return { code: true };
    // `-c` and a glued `-cprint(1)` / `-ec` (sh: any short-flag cluster holding `c`).
    if (noFile.has(word) || (/^-[a-zA-Z]/.test(word) && !valued.has(word) && [...word.slice(1)].some((flag) => noFile.has(`-${flag}`)))) return { code: true };
    if (word === 'run' && i === 0) continue;
    if (kind === 'ruby' && /^-C./.test(word)) folder = word.slice(2);
    if (valued.has(word)) {
      if (kind === 'ruby' && word === '-C') folder = words[i + 1];
      i++;
      continue;
    }
    if (word.startsWith('--') && /^--(?:rcfile|init-file)=/.test(word)) continue;
    if (word === '--') return { ...(words[i + 1] === undefined ? {} : { script: words[i + 1]!, at: i + 1 }), ...(folder === undefined ? {} : { folder }) };
    if (word.startsWith('-') || word.startsWith('+')) continue;
    return { script: word, at: i, ...(folder === undefined ? {} : { folder }) };
  }
  return {};
}

// awk's and sed's program files (`awk -f F`, `-fF`, `--file=F`, `sed -nf F`; R20-5: sed's `e` command and awk's
// `system()` run a shell). undefined for another program.
export function programFiles(name: string, words: readonly string[]): string[] | undefined {
  const awk = /^(?:awk|gawk|mawk|nawk|busybox-awk)$/.test(name);
  if (!awk && name !== 'sed' && name !== 'gsed') return undefined;
  const files: string[] = [];
  for (let i = 0; i < words.length; i++) {
    const word = words[i]!;
    if (word === '--') break;
    if (word === '--file' || word === '-f') files.push(words[++i] ?? '');
    else if (word.startsWith('--file=')) files.push(word.slice(7));
    else if (/^-[^-]/.test(word) && word.slice(1).includes('f')) {
      // A short cluster: what follows `f` is the file (`-fF`), else the next word (`-nf F`).
      const rest = word.slice(word.indexOf('f') + 1);
      files.push(rest !== '' ? rest : (words[++i] ?? ''));
    }
  }
  return files.filter((file) => file !== '' && file !== '-');
}
