// What a program the planner does not know may start from its argument words (red team R11-1b: `tini --
// sh -c 'rm -r build'`, `ifne bash -c ...`, `op run -- eval '...'`, `aws-vault exec p -- perl -e ...`). Any
// word that names a program the planner knows to start a command (a shell, eval, an interpreter, a
// wrapper, a launcher with its own table) may be where the unknown program hands its words on: the words
// from there are parsed as a line of their own (parse-walk-simple.ts), so the judge sees exactly what it
// would see at the top level. Whether such a guess counts is the permission layer's choice (immune-words.ts).
import { launches, launchesByOptionsOnly } from './parse-launchers.js';
import { scriptText } from './parse-walk-values.js';
import { languageOf } from './parse-inline.js';
import { DATA_WORDS } from './parse-data-words.js';
import { baseName, type Preview } from './parse-plan.js';
import { packageTail, type PackageTail } from './parse-launch-packages.js';
import type { ShellParse } from './parse-types.js';
import { INTERPRETERS, SHELLS, SU_LIKE, WRAPPERS } from './parse-wrappers.js';

// Programs the planner handles by name besides its tables (parse-plan.ts).
const PLANNED = new Set(['find', 'xargs', 'parallel', 'eval', 'watch', 'trap', 'alias', 'busybox', 'toybox', 'at', 'batch', 'source', '.', 'coproc', 'tmux', 'screen', 'git']);

// A name the planner sees through whatever its words: shells, interpreters, wrappers, su, the programs it
// handles by name (git's tables know its aliases and runners). What they start is judged where they start it.
export function seesThrough(name: string): boolean {
  const key = name.toLowerCase();
  if (SHELLS.has(key) || INTERPRETERS.has(key) || languageOf(key) !== undefined) return true;
  return Object.hasOwn(WRAPPERS, key) || Object.hasOwn(SU_LIKE, key) || PLANNED.has(key);
}

// A name that starts a command from its words: one the planner sees through, or a launcher with a table
// (`nix-shell --run`, `podman unshare`, `cmake -E`); a table launches only the forms it knows, so when it
// launched nothing (`podman exec c sh -c ...`) the words are guessed like an unknown program's.
export function startsCommands(name: string): boolean {
  return seesThrough(name) || launches(name.toLowerCase(), [{ value: name.toLowerCase(), dynamic: false }]) !== undefined;
}

const SOURCES = new Set(['.', 'source']);

// Whether the words from k on start a command (words[k] names a program that starts commands): a program that starts
// one only by its row's option values (launchesByOptionsOnly: `install --strip-program=PROG`) does so only when its
// row reads one in these words; without one they are another program's words holding its name (`npm install
// --offline`), not its command line, and not a guess.
export function startsCommandsAt(words: readonly Preview[], k: number): boolean {
  const key = baseName(words[k]!.value).toLowerCase();
  if (!startsCommands(key)) return false;
  if (seesThrough(key) || !launchesByOptionsOnly(key)) return true;
  const tail = words.slice(k).map((word) => (word.dynamic ? { ...word, value: scriptText(word.raw) } : word));
  return (launches(key, tail) ?? []).length > 0;
}

// A word that may name a program: static, not an option, a plain name or path.
const PROGRAM = /^[\w./+@-]+$/;
// Tails parsed per command (each is one more parse); the tails past it are not followed. Per line at most
// MAX_GUESSED_LINES (nested unknown programs multiply): past it a tail is an unparsed line (safety-immune).
export const MAX_GUESSES = 8;
export const MAX_GUESSED_LINES = 64;

// Where the commands an unknown program's words may start begin (none for a program the planner sees
// through), or what a package manager runs (`yarn sh -c '...'`: parse-launch-packages.ts). A starter that is
// the last word starts something only with a stdin (`echo 'rm -r x' | tini -- sh`; `npm i sudo` starts none).
// A guess from one spaced word (`mytool "git push origin"`, `mytool --exec='git push origin'`: red team R18-12):
// the word may be shell text the program hands to a shell. Text that does not parse as a line is data, not a guess.
// Past MAX_GUESSES (issue 26): the words from `capped` on are not followed, so they are one line that is not
// read (cappedLine), which the judge treats as unparsed: a person decides (fail closed).
export type Guess = PackageTail | { readonly text: string; readonly word: true } | { readonly capped: number };

// What the words past the cap may start: not read, an unparsed line naming why.
export function cappedLine(source: string): ShellParse {
  const errors = [`an unknown program's words hold more than ${MAX_GUESSES} places a command may start; those from \`${source}\` on were not followed`];
  return { commands: [], redirections: [], ok: false, errors, functions: [], source };
}

// The shell texts one word may be (red team R18-12, R19-1, R20-2): a static word with a space (or an expansion a shell
// splits or multiplies: `${IFS}`, `{a,b}`), whole or past an option's prefix (`--exec=`, `--exec:`, `cmd=`, a glued `-e`
// or a cluster `-qe`, `+`), that a shell would read as a line: anything that does not start as an option list. Every
// such text is guessed (each is parsed; one that does not parse is dropped as data by the caller).
function wordTexts(word: Preview, program: string): string[] {
  if (word.dynamic || !(/\s/.test(word.value) || SPLIT.test(word.value))) return [];
  const value = word.value;
  const candidates = [value, /^(?:--?|\+)?[\w.-]*[=:]([^]*)$/.exec(value)?.[1], /^[+@]([^]+)$/.exec(value)?.[1]];
  // A glued value after any letter of a short-option cluster (`-e'..'`, `-qe'..'`: which letter takes it is the
  // program's to say).
  const cluster = /^-([A-Za-z]+)/.exec(value)?.[1] ?? '';
  for (let i = 1; i <= cluster.length; i++) if (/^\S/.test(value.slice(i + 1))) candidates.push(value.slice(i + 1));
  // Text after a leading separator too (`;git push`, `&& git push`: a program that prefixes its own text runs it).
  const texts = candidates.filter((one): one is string => one !== undefined).flatMap((one) => [one.trim(), one.replace(/^[\s;&|]+/, '')]);
  return [...new Set(texts.filter((text) => startsLine(text, program)))];
}

// Expansions that make several words of one spaceless word (`git${IFS}push`, `{git,push}`).
const SPLIT = /\$\{?IFS\b|\{[^{}\s]*,[^{}\s]*\}/;
// Programs that never start a command from their words (their words are files or text): a substitution inside
// their first word is data they are given (`touch 'x$(touch P)'`, R19-1 follow-up d986029), not shell text.
const NO_LAUNCH = new Set('touch mkdir rmdir cp mv rm ln cat ls head tail wc sort uniq cut tr chmod chown stat file du basename dirname realpath readlink mktemp diff cmp comm paste join grep'.split(' '));
// A substitution or backquote inside the first word (`x$(git push)`): the shell runs it before the word is a name.
const INNER = /\$\(|`/;

// Whether a text is read by a shell as a line that runs something: not empty, not an option list. A comment, a
// redirection, `[`/`[[`, a function definition, a quoted or `${` substitution, `~/x`, a glob first are all lines a
// shell runs (R20-2); what does not parse is dropped by the caller.
function startsLine(text: string, program: string): boolean {
  if (text === '' || text.startsWith('-')) return false;
  const first = text.split(/\s/)[0]!;
  return !INNER.test(first) || /^["']?(?:\$\(|`)/.test(first) || !NO_LAUNCH.has(program);
}

// The lines word k may start (none for most words).
function guessesAt(words: readonly Preview[], k: number, spaced: boolean, stdin: boolean): Guess[] {
  const word = words[k]!;
  const out: Guess[] = [];
  for (const text of spaced ? wordTexts(word, baseName(words[0]!.value).toLowerCase()) : []) out.push({ text, word: true });
  if (k === words.length - 1 && !stdin) return out;
  // `$SHELL -c 'CMD'`: a name only known at run time given a command string (as the planner reads it).
  if (word.dynamic && /^-[a-z]*c$/.test(words[k + 1]?.value ?? '')) out.push({ index: k });
  // `--shell=bash -c 'CMD'`: an option naming the program the rest is given to.
  const named = /^--?[\w-]+=([\w./+@-]+)$/.exec(word.value);
  if (!word.dynamic && named && startsCommands(baseName(named[1]!))) out.push({ text: [named[1]!, ...words.slice(k + 1).map((rest) => rest.raw.text)].join(' ') });
  if (word.dynamic || word.value.startsWith('-') || !PROGRAM.test(word.value)) return out;
  // `. --exclude=x` (tar's operand `.` then an option): bash's and dash's `.`/`source` refuse an option word (bash 5.3's
  // `-p PATH` aside) and source nothing.
  if (SOURCES.has(word.value) && /^-(?!-?$|p)/.test(words[k + 1]?.value ?? '')) return out;
  if (startsCommandsAt(words, k)) out.push({ index: k });
  return out;
}

// `textsOnly`: a wrapped unknown program inside a guess, whose word tails are words of a line already guessed from
// the outer program's words (each starter word is a tail of its own there): only its spaced words are new text.
export function guessedStarts(words: readonly Preview[], stdin: boolean, textsOnly = false): Guess[] {
  const first = words[0];
  if (first === undefined || first.dynamic) return [];
  const key = baseName(first.value).toLowerCase();
  const run = packageTail(key, words);
  if (run !== undefined) return [run];
  if (seesThrough(key)) return [];
  const out: Guess[] = [];
  // A program with a launch table (sed, tmux, ssh ...) says itself which of its words are shell text.
  const spaced = !DATA_WORDS.has(key) && !startsCommands(key);
  for (let k = 1; k < words.length; k++) {
    const found = guessesAt(words, k, spaced, stdin).filter((guess) => !textsOnly || 'word' in guess);
    // Only MAX_GUESSES are parsed: the first word past them that starts a guess starts the unread rest.
    if (out.length >= MAX_GUESSES && found.length > 0) return [...out, { capped: k }];
    out.push(...found);
  }
  return out;
}
