// Shell words as sh reads them, grouped into simple commands: the one tokenizer behind the words of a command
// git's configuration runs (git/config-command.ts) and the lines of a start-up file that load other files
// (permissions/home-sources-shell.ts). Quotes and backslashes as sh reads them; `${...}` kept whole; a `#`
// at a word's start comments out the rest of the line; `\` + newline joins lines; an operator (`;`, `&`,
// `|`, `(`, `)`, `<`, `>`, a backquote, a newline; `{` and `}` as words of their own) ends the command. Pure and careful: the words are
// only judged, never run; a construct it does not know ends a word rather than joining two.

// One word; `single`: part of it was single-quoted (nothing in it is expanded by the shell). `head` (with `single`):
// how many characters of `text` came before its first quote or backslash, unquoted (`~/'my proj'/x.sh`: 2, the
// `~/` the shell still expands; home28's LEFT).
export interface ShWord {
  readonly text: string;
  readonly single: boolean;
  readonly head?: number;
}

const OPERATOR = /[;&|()<>`\n]/;
// `{` and `}` group commands only as words of their own (`{ . x; }`); in a word they are its text (`{a,b}.sh`).
const braceWord = (text: string, i: number): boolean => /[{}]/.test(text[i]!) && /^(?:\s|;|$)/.test(text.slice(i + 1, i + 2));

// The simple commands of `text`, each a non-empty list of words.
export function shCommands(text: string): ShWord[][] {
  const out: ShWord[][] = [];
  let words: ShWord[] = [];
  let word = '';
  let started = false;
  let single = false;
  let head: number | undefined;
  let quote: '"' | "'" | undefined;
  const end = (): void => {
    if (started) words.push(single ? { text: word, single, head: head ?? word.length } : { text: word, single });
    word = '';
    started = false;
    single = false;
    head = undefined;
  };
  const cut = (): void => {
    end();
    if (words.length > 0) out.push(words);
    words = [];
  };
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!;
    if (quote) {
      if (c === quote) quote = undefined;
      else if (c === '\\' && quote === '"' && i + 1 < text.length) word += text[++i];
      else word += c;
    } else if (c === '"' || c === "'") {
      head ??= word.length;
      quote = c;
      started = true;
      single ||= c === "'";
    } else if (c === '\\' && i + 1 < text.length) {
      head ??= word.length;
      if (text[i + 1] !== '\n') {
        word += text[i + 1];
        started = true;
      }
      i++;
    } else if (c === '$' && text[i + 1] === '{') {
      const close = text.indexOf('}', i);
      const upTo = close < 0 ? text.length : close + 1;
      word += text.slice(i, upTo);
      i = upTo - 1;
      started = true;
    } else if (c === '#' && !started) {
      while (i + 1 < text.length && text[i + 1] !== '\n') i++;
    } else if (OPERATOR.test(c) || (!started && braceWord(text, i))) cut();
    else if (/\s/.test(c)) end();
    else {
      word += c;
      started = true;
    }
  }
  cut();
  return out;
}
