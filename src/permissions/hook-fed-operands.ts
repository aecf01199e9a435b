// Which operand of an interpreter's words is the file it runs (red team R19-17, R19-21, R20-5, R29-6), read with the
// one interpreter table (shell/interpreter-table.ts, rev32): the options that run code given on the line or stdin
// instead, the options that take a value (a flag read as valued, or the reverse, would take the wrong word for the
// script), the short clusters of python, perl and ruby letter by letter. hook-fed.ts reads the commands of a line;
// this file reads one command's words.
import { sameProgram } from '../shell/program-aliases.js';
import { INTERPRETERS, interpreterSpec, type InterpreterSpec } from '../shell/interpreter-table.js';

// What node (and tsx/ts-node, which add TypeScript) tries for a main script named without an extension.
export const NODE_TRIES = ['.js', '.cjs', '.mjs', '.json', '.node', '.ts', '.tsx', '.mts', '.cts', '/index.js', '/index.cjs', '/index.mjs', '/index.json', '/index.node', '/index.ts', '/index.tsx'];
export const INTERPRETER = /^(?:\.|source|node|tsx|ts-node|esno|bun|deno|python[\d.]*|pypy[\d.]*|sh|bash|dash|zsh|ksh|ash|mksh|ruby|perl|php|lua[\d.]*|luajit)$/;
// node's options taking a value (hook-fed-node-test.ts).
export const VALUED: Readonly<Record<string, ReadonlySet<string>>> = { node: new Set(INTERPRETERS['node']!.valued) };
export const family = (program: string): string =>
  /^(?:node|tsx|ts-node|esno|bun|deno)$/.test(sameProgram(program)) ? 'node' : /^(?:python|pypy)/.test(program) ? 'python' : /^(?:ruby|perl|php)$/.test(program) ? program : /^lua/.test(program) ? 'lua' : 'sh';

// `inline`: the program text of a code option (`sh -c TEXT`, `-ec TEXT`); `main`: the module a main option runs
// (python's `-m MOD`, `-Bm MOD`, `-mMOD`) and the index of the word holding it.
type Operand = { script?: string; at?: number; folder?: string; code?: true; inline?: string; main?: { module: string; at: number } };

// What a code option (`-c`, `-m`; `given`: its glued value, else the word at `next`) gives besides `code`.
function codeValue(spec: InterpreterSpec, option: string, given: string, words: readonly string[], at: number, next: number): Operand {
  const value = given !== '' ? given : words[next];
  if (value === undefined) return { code: true };
  if (spec.inline?.includes(option)) return { code: true, inline: value };
  if (spec.main?.includes(option)) return { code: true, main: { module: value, at: given !== '' ? at : next } };
  return { code: true };
}

// A short cluster of a family read letter by letter (`-Bm mod`, `-wItools`, `-l0ne`): 'code', or how many words
// past this one its value takes (0 or 1), and ruby's `-C DIR` folder.
function cluster(spec: InterpreterSpec, word: string, next: string | undefined): { code?: string; skip: number; folder?: string; rest?: string } {
  for (let j = 1; j < word.length; j++) {
    const option = `-${word[j]!}`;
    const rest = word.slice(j + 1);
    if (spec.code.includes(option)) return { code: option, skip: 0, rest };
    if (spec.valued.includes(option)) return { skip: rest === '' ? 1 : 0, ...(option === '-C' && spec === INTERPRETERS['ruby'] ? { folder: rest === '' ? next ?? '' : rest } : {}) };
    if ((spec.attached ?? '').includes(word[j]!)) return { skip: 0 };
    // Its digits (perl's `-l0`, `-0777`; `-0xHH`), then more options.
    if ((spec.digits ?? '').includes(word[j]!)) {
      if (word[j] === '0' && word[j + 1] === 'x') for (j++; /[0-9a-fA-F]/.test(word[j + 1] ?? ''); j++);
      else while (/\d/.test(word[j + 1] ?? '')) j++;
    }
  }
  return { skip: 0 };
}

// The file an interpreter of `kind` runs, from its words past the program (`deno run`/`bun run` skip `run`):
// `script`, and `folder` when an option moves where it is resolved from first (ruby's `-C DIR`, R20-5); `code`
// when it runs text or stdin instead (`-c`, `-e`, `-s`, `-m`); `at`: the script's index in `words`.
export function scriptOperand(kind: string, words: readonly string[], program = ''): Operand {
  const spec = interpreterSpec(kind, sameProgram(program));
  let folder: string | undefined;
  const found = (at: number): Operand => ({ ...(words[at] === undefined ? {} : { script: words[at]!, at }), ...(folder === undefined ? {} : { folder }) });
  for (let i = 0; i < words.length; i++) {
    const word = words[i]!;
    if (i === 0 && spec.subcommands?.includes(word)) return { code: true };
    if (i === 0 && word === spec.run) continue;
    if (spec.code.includes(word)) return codeValue(spec, word, '', words, i, i + 1);
    if (spec.script?.includes(word)) return found(i + 1);
    if (word === '--') return found(i + 1);
    if (spec.valued.includes(word)) {
      if (word === '-C' && kind === 'ruby') folder = words[i + 1];
      i++;
      continue;
    }
    if (word.startsWith('--')) continue;
    if (/^-[^-]/.test(word) && spec.flags !== undefined) {
      const read = cluster(spec, word, words[i + 1]);
      if (read.code !== undefined) return codeValue(spec, read.code, read.rest ?? '', words, i, i + 1);
      if (read.folder !== undefined) folder = read.folder;
      i += read.skip;
      continue;
    }
    // A value glued to its option (`php -ddisplay_errors=1`), then `-c` glued (`sh -ec`, `node -pe`): any
    // short-flag cluster holding a code letter.
    if (word.length > 2 && spec.valued.includes(word.slice(0, 2))) continue;
    const flag = /^-[a-zA-Z]/.test(word) ? [...word.slice(1)].find((letter) => spec.code.includes(`-${letter}`)) : undefined;
    if (flag !== undefined) return codeValue(spec, `-${flag}`, '', words, i, i + 1);
    if (word.startsWith('-') || word.startsWith('+')) continue;
    return found(i);
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
