import { ASSIGNING_BUILTINS } from '../shell/assigned-names.js';
import { FOLDER_CHANGE_NAMES } from '../shell/cd-operand.js';
import type { ShellWord } from '../shell/parse-types.js';
import { compilerEnvWords, compilerWords } from './bounded-writers-cc.js';
import { sedWords } from './bounded-writers-sed.js';
import { tarWords } from './bounded-writers-tar.js';
import { SU_LIKE, WRAPPERS, wrapperWritten, type WrapperSpec } from '../shell/parse-wrappers.js';
import { backupWords, type CommandEnv } from './backup-names.js';

// The CLOSED list of programs whose writes their words bound (red team R42-b1/b2, written-before.ts): each writes
// only its operands and the values of its options, so those are the paths it may write. Any other program that may
// write (the read-only list's mayWrite says which) writes files its words do not name: gunzip's `ok.sh` from
// `ok.sh.gz`, patch's from its input, sed's `w FILE` command, cpio -i, ar x, an ex script, an unknown program: any
// path. Per program, its short option letters (GNU manuals): `flags` take no value, `valued` take one, attached
// (`-t.`, `-ook.sh`, `-Dt.`) or the next word; the value is read as a written path (a mode or a suffix too, which
// only asks more). A letter in neither: the word cannot be read, any path. Long options: `--x=value`'s value is a path.
interface Letters {
  readonly flags: string;
  readonly valued: string;
}

const COPIERS: Letters = { flags: 'abdfHiLlnPpRrsTuvxZ', valued: 'tS' };
const WRITERS: Readonly<Record<string, Letters>> = {
  cp: COPIERS,
  mv: { flags: 'bfinTuvZ', valued: 'tS' },
  ln: { flags: 'bdFfiLnPrsTv', valued: 'tS' },
  install: { flags: 'bcCdDpsTvZ', valued: 'gmotS' },
  touch: { flags: 'acfhm', valued: 'drt' },
  mkdir: { flags: 'pvZ', valued: 'm' },
  rmdir: { flags: 'pv', valued: '' },
  rm: { flags: 'dfiIrRv', valued: '' },
  unlink: { flags: '', valued: '' },
  chmod: { flags: 'cfvRrwxXstugoa', valued: '' },
  chown: { flags: 'cfvhHLPR', valued: '' },
  chgrp: { flags: 'cfvhHLPR', valued: '' },
  truncate: { flags: 'co', valued: 'rs' },
  tee: { flags: 'aip', valued: '' },
  dd: { flags: '', valued: '' },
  sort: { flags: 'bdfghiMnRrsuVcCmz', valued: 'kotST' },
  mktemp: { flags: 'dqtu', valued: 'p' },
  mkfifo: { flags: 'Z', valued: 'm' },
};

// Builtins that change the shell's own state (folder, variables, options), never a file: no write but redirections.
const SHELL_STATE = new Set([...ASSIGNING_BUILTINS, ...FOLDER_CHANGE_NAMES, 'set', 'shift', 'exit', 'return', 'wait', 'umask', 'ulimit', 'shopt', 'alias', 'unalias', 'hash', 'break', 'continue', ':', 'true', 'false', 'test', '[', '[[', 'let', 'sleep']);

// A query of a program's version or help (`go version`, `cargo --version`): it writes nothing.
const QUERIES = new Set(['--version', '-V', 'version', '--help', '-h', 'help']);

// Launchers that only start the lines they are given (parse-launch-runners.ts, parse-launch-generic.ts): those lines
// are commands of the parse, read on their own; the launcher itself writes no file.
// (nohup writes nohup.out: a writing wrapper, parse-wrappers.ts.) A launcher's option that writes a file (hyperfine's
// `--export-json FILE`, watchexec's `--log-file`): what it writes is then read as any path.
const LAUNCHERS = new Set(['concurrently', 'entr', 'watchexec', 'hyperfine', 'setsid', 'watch']);
const LAUNCHER_OUTPUTS = /^--(?:export-|log-file|output)/;

export const writesNothing = (name: string, args: readonly string[]): boolean => SHELL_STATE.has(name) || (LAUNCHERS.has(name) && !args.some((arg) => LAUNCHER_OUTPUTS.test(arg))) || (args.length === 1 && QUERIES.has(args[0]!));
// A wrapper judged as a command of its own (`flock -w5 FILE`, `strace -o FILE`, `script -q FILE`: the parse splits its
// wrapped command off, shell/parse-plan.ts) writes the files its spec names (parse-wrappers.ts wrapperWritten).
const wrapperSpec = (name: string): WrapperSpec | undefined => (Object.hasOwn(WRAPPERS, name) ? WRAPPERS[name] : Object.hasOwn(SU_LIKE, name) ? SU_LIKE[name] : undefined);
const writingWrapper = (name: string): WrapperSpec | undefined => {
  const spec = wrapperSpec(name);
  return spec && (spec.writesShort !== undefined || spec.writesLong !== undefined || spec.writesOperand === true || spec.writesDefault !== undefined) ? spec : undefined;
};

const COMPILERS = ['cc', 'gcc', 'g++', 'c++', 'clang', 'clang++'];
// Writers whose words need a reader of their own (bounded-writers-*.ts): C compilers (make's recipes), tar, sed.
const READERS: Readonly<Record<string, (words: readonly ShellWord[]) => { words: ShellWord[]; unread?: string }>> = {
  ...Object.fromEntries(COMPILERS.map((name) => [name, (words: readonly ShellWord[]) => (words.length === 0 ? { words: [] } : compilerWords(words))])),
  tar: tarWords,
  sed: sedWords,
};

export const boundedWriter = (name: string): boolean => Object.hasOwn(WRITERS, name) || Object.hasOwn(READERS, name) || writingWrapper(name) !== undefined;

const defaultWord = (name: string): ShellWord => ({ text: name, value: name, dynamic: false, glob: false, parts: [], candidates: [name] });

// The words of a bounded writer that name written paths (an attached value cut to the value: `-ook.sh` -> ok.sh),
// or why they cannot be read.
export function writtenWords(name: string, words: readonly ShellWord[], env: CommandEnv = []): { words: ShellWord[]; unread?: string } {
  if (Object.hasOwn(READERS, name)) {
    const read = READERS[name]!(words);
    if (!COMPILERS.includes(name) || read.unread !== undefined) return read;
    const fromEnv = compilerEnvWords(env);
    return { words: [...read.words, ...fromEnv.words], ...(fromEnv.unread === undefined ? {} : { unread: fromEnv.unread }) };
  }
  const wrapper = writingWrapper(name);
  if (wrapper !== undefined) {
    const all = [{ value: name, dynamic: false }, ...words];
    return { words: wrapperWritten(wrapper, all).map(({ at, attached }) => (attached === undefined ? words[at - 1]! : at === 0 ? defaultWord(attached) : { ...words[at - 1]!, value: attached })) };
  }
  const letters = WRITERS[name]!;
  const out: ShellWord[] = [];
  let ended = false;
  for (const word of words) {
    const value = word.value;
    if (ended || word.dynamic || !value.startsWith('-') || value === '-') {
      out.push(word);
      continue;
    }
    if (value === '--') {
      ended = true;
      continue;
    }
    if (value.startsWith('--')) {
      if (value.includes('=')) out.push({ ...word, value: value.slice(value.indexOf('=') + 1) });
      continue;
    }
    for (let at = 1; at < value.length; at++) {
      const letter = value[at]!;
      if (letters.valued.includes(letter)) {
        if (at + 1 < value.length) out.push({ ...word, value: value.slice(at + 1) });
        break;
      }
      if (!letters.flags.includes(letter)) return { words: out, unread: `\`${name}\`'s option \`${value}\` is not one codeward reads` };
    }
  }
  const backups = backupWords(name, letters.valued, words, env, out);
  return { words: [...out, ...backups.words], ...(backups.unread === undefined ? {} : { unread: backups.unread }) };
}
