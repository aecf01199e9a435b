import { shellWords } from './config-command.js';
import { readEnv } from '../shell/env-words.js';
import { sameProgram } from '../shell/program-aliases.js';
import { inlineProgram, languageOf } from '../shell/parse-inline.js';

// A command git's configuration runs (through `sh -c`) whose words cannot be known without running it
// (red team H-B: `!sh r4*`, `"$(git rev-parse --show-toplevel)/r6"`, `${PWD}/r15`, `$HOME/../..`,
// `python -c "exec(open('r7').read())"`, `node -e "require('./x')"`, `bash -c "$(cat f)"`). Such a
// command may run any file, so the write gate takes the whole workspace as obeyed while it is configured
// (permissions/obeyed.ts). Globs are the exception: what they may match is a pattern (`globWords`).
// Not computed: git's own placeholders (`%A`, `%f`) and the positional parameters git passes to a
// command or a person passes to an alias (`$1`, `"$@"`): the caller names those files.

// Programs that run code given on their command line, and the options that take it. The interpreters of the one
// table (shell/interpreter-table.ts: python, node and its front-ends, perl, ruby, php, lua, R, osascript) are read
// by parse-inline.ts inlineProgram (clusters `perl -wle`, `--eval=CODE`, `python3 -Bc`); these are the others.
const INLINE: readonly (readonly [RegExp, readonly string[]])[] = [
  [/^(?:elixir|julia|ghc|racket)$/, ['-e', '-E', '--eval']],
  [/^(?:pwsh|powershell)$/, ['-c', '-command', '-Command', '-EncodedCommand', '-e']],
  [/^(?:erl|sbcl|clisp|guile|emacs|vim|nvim|vi|gdb|make)$/, ['-eval', '--eval', '-c', '-ex', '--execute', '-x', '--cmd']],
];
// Programs whose arguments are code or come from elsewhere at run time.
const ALWAYS: readonly (readonly [RegExp, string])[] = [
  [/^(?:eval|xargs|parallel)$/, 'runs words it is given at run time'],
  [/^(?:awk|gawk|mawk|nawk)$/, 'an awk program (system(), pipes and getline run anything)'],
];
const POSITIONAL = /\$(?:[0-9@*#?$!-]|\{[0-9@*#]\})/g;

const base = (word: string): string => word.slice(word.lastIndexOf('/') + 1);

// Why `text` (a command as `sh -c` gets it) cannot be resolved statically; undefined when every word can.
export function computedCommand(text: string): string | undefined {
  const plain = text.replace(POSITIONAL, '');
  if (/\$[A-Za-z_{([]/.test(plain)) return 'a shell expansion ($NAME, ${...}, $(...))';
  if (plain.includes('`')) return 'a command substitution (`...`)';
  if (/[<>]\(/.test(plain)) return 'a process substitution';
  const words = shellWords(text);
  for (const [i, word] of words.entries()) {
    // `~+` is $PWD and `~-` $OLDPWD; `~name` of no known user stays literal, so the shell's folder decides.
    if (/^~[+-]/.test(word)) return `${word} (the shell's working folder)`;
    const name = sameProgram(base(word));
    const always = ALWAYS.find(([program]) => program.test(name));
    if (always) return `${name}: ${always[1]}`;
    if (name === 'find' && words.slice(i + 1).some((arg) => /^-(?:exec|execdir|ok|okdir)$/.test(arg))) return 'find -exec (runs what it finds)';
    if (name === 'sed' && words.slice(i + 1).some((arg) => /(?:^|[;{}\n])\s*e\b|^s(.).*\1.*\1[a-zA-Z0-9]*e/.test(arg))) return 'sed with its e command or flag (runs a shell)';
    if (languageOf(name) !== undefined && name !== 'awk' && inlineProgram(name, words.slice(i).map((value) => ({ value, dynamic: false }))) !== undefined) return `${name}: code given inline`;
    // env's -S string in any spelling (`-iS`, `--sp=`, `-S` inside a -S string): the one env reader (env-words.ts).
    if (name === 'env' && readEnv(words.slice(i)).split) return 'env -S: code given inline';
    const inline = INLINE.find(([program]) => program.test(name));
    const flag = inline ? words.slice(i + 1).find((arg) => inline[1].includes(arg)) : undefined;
    if (flag) return `${name} ${flag}: code given inline`;
  }
  return undefined;
}

// Why a configured value cannot be resolved statically. A `!` alias and every other command key run
// through the shell; a plain alias is git's own arguments, computed only where it sets a command key
// (`-c core.fsmonitor=$(...)`, `--config-env`).
export function computedValue(value: string, shell: boolean): string | undefined {
  const text = value.trim();
  if (shell || text.startsWith('!')) return computedCommand(text.replace(/^!\s*/, ''));
  const words = shellWords(text);
  for (const [i, word] of words.entries()) {
    if (word.startsWith('--config-env')) return `${word} takes a setting's value from the environment`;
    const found = word === '-c' && words[i + 1] ? computedCommand(words[i + 1]!.slice(words[i + 1]!.indexOf('=') + 1)) : undefined;
    if (found) return found;
  }
  return undefined;
}

// The words of a command that are globs (`r4*`, `tools/[a-z]*.sh`, `{a,b}.sh`), as written.
export function globWords(value: string): string[] {
  return shellWords(value.trim().replace(/^!\s*/, '')).filter((word) => /[*?[]|\{[^}]*,[^}]*\}/.test(word) && !word.includes('$'));
}
