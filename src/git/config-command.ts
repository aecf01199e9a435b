// The words of a command git's configuration runs (core.fsmonitor, an `!` alias, a merge driver, a
// clean/smudge filter, sshCommand, a credential helper ...), as the files it may run or load (issue 26,
// red team H4: only the first word was judged, so `sh fsm.sh`, `bash tools/x.sh`, `node tool.js`,
// `./merge.sh %O %A %B` left the script writable). Every word is a candidate, wherever it stands: the
// interpreter's script, a `--require=x.js` value, a `python -m pkg.mod` module, the words of an
// `sh -c '...'` string.
import { shCommands } from '../shell/sh-tokens.js';
import { moduleFiles } from '../permissions/python-files.js';

// Shell words (sh-tokens.ts): quotes and backslashes as sh reads them; operators (`;`, `&&`, `|`, `(`,
// redirections) end a word. Nested command strings (`sh -c 'a b'`) are split again.
export function shellWords(text: string): string[] {
  const words = shCommands(text).flat().map((word) => word.text);
  return words.flatMap((w) => (/[\s;&|]/.test(w) ? shellWords(w) : [w]));
}

// What one word may name as a file: an option's attached value (`--require=./x.js`, `-r./x.js`), an
// assignment's value (`FOO=./x.sh cmd`), a `python -m` module (`pkg.mod`: `pkg/mod.py`, the package's
// `__main__.py` and `__init__.py`).
function candidates(word: string, previous: string | undefined): string[] {
  if (word === '' || word.includes('$') || /^%[A-Za-z]$/.test(word)) return [];
  if (previous === '-m' && /^[\w.]+$/.test(word)) {
    return moduleFiles(word, true);
  }
  if (word.startsWith('-')) {
    const value = word.includes('=') ? word.slice(word.indexOf('=') + 1) : word.length > 2 && !word.startsWith('--') ? word.slice(2) : '';
    return value.includes('/') || value.includes('.') ? [value] : [];
  }
  if (/^[A-Za-z_]\w*=/.test(word)) return [word.slice(word.indexOf('=') + 1)].filter((value) => value !== '');
  return [word];
}

// The words of a configured command that may name a file it runs or reads, as written (`~` kept): an
// alias's leading `!` dropped.
export function commandWords(value: string): string[] {
  const words = shellWords(value.trim().replace(/^!\s*/, ''));
  return [...new Set(words.flatMap((word, i) => candidates(word, words[i - 1])))];
}
