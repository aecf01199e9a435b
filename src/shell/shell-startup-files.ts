// A shell's start-up files (red team R45-b9, R46-1, R46-2, R46-10; a LEAF: it imports only types). An interactive
// bash sources `--rcfile FILE` / `--init-file FILE` before its -c line or script (bash also reads its long options
// with ONE dash: `-rcfile FILE`), which is `. FILE`: judged as a sourced script. ANY interactive shell (`-i`, also in a
// cluster: `-abi`, `-oi posix`, whose `o` takes the next word) may source code only known at run time: $ENV after
// parameter expansion (`ENV='$X'`, `ENV=evil.sh` with no slash), which a POSIX-mode bash reads too (POSIXLY_CORRECT,
// `--posix`, `-o posix`, `exec -a sh bash`), or its home's rc files: it asks. A word only known at run time where an
// option may stand may be `-i`. (shellMode in parse-wrappers.ts reads the one-dash long names too.)
import type { WordLike } from './parse-wrappers.js';

// bash's long options (shell.c long_args), read with one dash or two.
const BASH_LONGS = new Set(['debug', 'debugger', 'dump-po-strings', 'dump-strings', 'help', 'init-file', 'login', 'noediting', 'noprofile', 'norc', 'posix', 'pretty-print', 'protected', 'rcfile', 'restricted', 'verbose', 'version', 'wordexp']);
const RC_FILES = new Set(['rcfile', 'init-file']);

// The long option a word spells (`--rcfile`, `-rcfile`: `rcfile`; `--x=v`: `x`), or undefined.
export function bashLong(value: string, oneDash = true): string | undefined {
  const name = /^--([\w-]+)(?:=|$)/.exec(value)?.[1] ?? (oneDash ? /^-([\w-]+)$/.exec(value)?.[1] : undefined);
  return name !== undefined && (value.startsWith('--') || BASH_LONGS.has(name)) ? name : undefined;
}

// Whether a word is a one-dash bash long option (`-rcfile`): other shells read it as a cluster of letters.
export const oneDashLong = (value: string): boolean => !value.startsWith('--') && bashLong(value) !== undefined;

const sourced = (file: string): string => `. '${(file.includes('/') ? file : `./${file}`).replaceAll("'", `'\\''`)}'`;

// The texts a shell started with these words runs before its own line: `. FILE` for each rc-file option, and a
// command only known at run time when it is interactive.
export function shellStartupTexts(words: readonly WordLike[]): string[] {
  const texts: string[] = [];
  let interactive = false;
  for (let i = 1; i < words.length; i++) {
    const word = words[i]!;
    if (word.dynamic) {
      // A word whose static start is no option (`"./$f"`) is the script: the options end there.
      if (word.lead !== undefined && word.lead !== '' && !/^[-+]/.test(word.lead)) break;
      interactive = true;
      continue;
    }
    const value = word.value;
    if (value === '--' || value === '-' || !/^[-+]/.test(value)) break;
    const long = bashLong(value);
    if (long !== undefined) {
      if (!RC_FILES.has(long)) continue;
      const file = value.includes('=') ? value.slice(value.indexOf('=') + 1) : words[++i]?.dynamic === true ? undefined : words[i]?.value;
      texts.push(file === undefined ? '"$CODE_FROM_RCFILE"' : sourced(file));
      continue;
    }
    if (value[0] === '-' && value.includes('i')) interactive = true;
    // Each `o` / `O` of a cluster takes the next word (`-oi posix`).
    i += (value.match(/[oO]/g) ?? []).length;
  }
  return interactive ? [...texts, '"$CODE_FROM_ENV"'] : texts;
}
