// Tools that carry their own copy of the file utilities, or start another program (red team R9-3):
// `cmake -E rm -r build`, `cmake -E remove_directory build`, `cmake -E chdir DIR CMD`, `cmake -E env
// A=1 CMD`, `cmake -E time CMD`, the multi-call `coreutils rm -r build`. Each is judged as the program it
// amounts to (`rm -r build`, `cd DIR` then CMD), so every rule on that program (immune classes, write
// targets, path rules) applies. busybox and toybox are unwrapped by the planner itself.
import type { Launch } from './parse-launchers.js';
import { sedLaunches } from './parse-launch-sed.js';
import type { WordLike } from './parse-wrappers.js';
import { runtimeOption } from './parse-launch-runtime.js';

// A word as shell text: an expansion kept as written (it is only known at run time), a literal quoted.
function shellWord(word: WordLike): string {
  return word.dynamic ? word.value : `'${word.value.replace(/'/g, `'\\''`)}'`;
}

// `cmake -E SUB ARGS`: the file utility each sub-command is, with the options it implies. Sub-commands
// not listed (echo, cat, capabilities, compare_files, sha256sum ...) write nothing.
const CMAKE_TOOLS: Readonly<Record<string, string>> = {
  remove: 'rm',
  remove_directory: 'rm -r',
  rename: 'mv',
  copy: 'cp',
  copy_if_different: 'cp',
  copy_directory: 'cp -r',
  copy_directory_if_different: 'cp -r',
  create_symlink: 'ln -s',
  create_hardlink: 'ln',
  make_directory: 'mkdir -p',
  touch: 'touch',
  touch_nocreate: 'touch -c',
};
// Sub-commands taking the same options as the utility of that name (`cmake -E rm -rf`, `cmake -E tar cf`).
const CMAKE_SAME = new Set(['rm', 'tar']);

function cmake(words: readonly WordLike[]): Launch[] {
  if (words[1]?.value !== '-E' || words.length < 3) return [];
  const sub = words[2]!.value;
  // A sub-command only known at run time may be any of them (`rm`, `chdir DIR CMD`).
  if (words[2]!.lead !== undefined) return [runtimeOption('cmake', words[2]!, 'may be a `cmake -E` command that runs or removes')];
  if (CMAKE_SAME.has(sub)) return [{ kind: 'command', index: 2 }];
  const tool = Object.hasOwn(CMAKE_TOOLS, sub) ? CMAKE_TOOLS[sub] : undefined;
  // `remove -f`: the only option of cmake's own spellings; every other word is a file.
  if (tool !== undefined) return [{ kind: 'text', text: [tool, ...words.slice(3).map((word) => (word.value === '-f' && sub === 'remove' ? '-f' : shellWord(word)))].join(' ') }];
  if (sub === 'time') return words.length > 3 ? [{ kind: 'command', index: 3 }] : [];
  // `chdir DIR CMD ARGS`: CMD runs in DIR (judged after a `cd DIR`, as a line that moves).
  if (sub === 'chdir') return words.length > 4 ? [{ kind: 'text', text: `cd ${shellWord(words[3]!)}` }, { kind: 'command', index: 4 }] : [];
  if (sub !== 'env') return [];
  // `env [--unset=NAME]... [--modify NAME=OP:VALUE]... [NAME=VALUE]... [--] CMD ARGS`.
  let i = 3;
  for (; i < words.length; i++) {
    const value = words[i]!.value;
    if (value === '--') {
      i++;
      break;
    }
    if (value === '--modify') i++;
    else if (!value.startsWith('--') && !/^[A-Za-z_][A-Za-z0-9_]*=/.test(value)) break;
  }
  return i < words.length ? [{ kind: 'command', index: i }] : [];
}

// uutils' and GNU's single-binary coreutils: `coreutils rm -r build`, `coreutils --coreutils-prog=rm -r build`.
function coreutils(words: readonly WordLike[]): Launch[] {
  const first = words[1];
  if (first === undefined) return [];
  const prog = /^--coreutils-prog=(.+)$/.exec(first.value);
  if (prog) return [{ kind: 'text', text: [prog[1]!, ...words.slice(2).map(shellWord)].join(' ') }];
  return first.value.startsWith('-') ? [] : [{ kind: 'command', index: 1 }];
}

// `cargo rustc … -- WORDS` (and rustdoc): the words after `--` are handed to rustc, read by its row
// (parse-launch-compiler-rows.ts: `-C linker=./s.sh`); undefined for another cargo line (its other readers').
function cargo(words: readonly WordLike[]): Launch[] | undefined {
  const end = words.findIndex((word) => word.value === '--');
  if (end < 0 || !words.slice(1, end).some((word) => word.value === 'rustc' || word.value === 'rustdoc')) return undefined;
  return words.length > end + 1 ? [{ kind: 'text', text: ['rustc', ...words.slice(end + 1).map(shellWord)].join(' ') }] : undefined;
}

const TOOLS: Readonly<Record<string, (words: readonly WordLike[]) => Launch[] | undefined>> = { cmake, cmake3: cmake, coreutils, sed: sedLaunches, gsed: sedLaunches, cargo };

// What `words[0]` (by its lower-cased base name) runs as a file utility or a launched program; undefined
// when it is not such a tool.
export function toolLaunches(key: string, words: readonly WordLike[]): Launch[] | undefined {
  return Object.hasOwn(TOOLS, key) ? TOOLS[key]!(words) : undefined;
}
