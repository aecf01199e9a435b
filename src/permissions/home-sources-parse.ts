// A careful line reader for what a shell start-up file sources (red team R9-4; home-sources.ts walks the
// files): `source X`, `. X`, `[ -f X ] && . X`, `builtin source X`, and a loop `for f in DIR/*.sh; do . "$f";
// done` (fish's `for f in ...; source $f; end` too). Words are expanded with the variables known so far
// (HOME, and plain assignments seen before: `DOTFILES=~/dotfiles`, `export ZSH="$HOME/.oh-my-zsh"`, fish's
// `set -gx NAME value`); a word that needs anything else is not followed. Pure: no file system.

// A word of a command; `single`: it was single-quoted (not expanded).
interface Word {
  readonly text: string;
  readonly single: boolean;
}

const SEPARATORS = /[;&|(){}\n]/;
const LEADING = new Set(['if', 'then', 'do', 'else', 'elif', 'while', 'until', '!', 'time', 'builtin', 'command', 'exec', 'and', 'or', 'not', 'begin']);

// Segments (simple commands) of `text`, each a list of words; comments dropped.
function segments(text: string): Word[][] {
  const out: Word[][] = [];
  let words: Word[] = [];
  let word = '';
  let started = false;
  let single = false;
  let quote: '"' | "'" | undefined;
  const end = (): void => {
    if (started) words.push({ text: word, single });
    word = '';
    started = false;
    single = false;
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
      quote = c;
      started = true;
      single ||= c === "'";
    } else if (c === '\\' && i + 1 < text.length) {
      if (text[i + 1] !== '\n') word += text[i + 1];
      i++;
      started ||= text[i] !== '\n';
    } else if (c === '$' && text[i + 1] === '{') {
      const close = text.indexOf('}', i);
      const upTo = close < 0 ? text.length : close + 1;
      word += text.slice(i, upTo);
      i = upTo - 1;
      started = true;
    } else if (c === '#' && !started) {
      while (i + 1 < text.length && text[i + 1] !== '\n') i++;
    } else if (SEPARATORS.test(c)) cut();
    else if (/\s/.test(c)) end();
    else {
      word += c;
      started = true;
    }
  }
  cut();
  return out;
}

// `text` with `~`, `$NAME`, `${NAME}` and `${NAME:-default}` replaced; undefined when a variable is unknown.
export function expandWord(word: Word, vars: ReadonlyMap<string, string>): string | undefined {
  if (word.single) return word.text;
  let unknown = false;
  const value = (name: string, fallback?: string): string => {
    const known = vars.get(name);
    if (known !== undefined && known !== '') return known;
    if (fallback !== undefined) return expandWord({ text: fallback, single: false }, vars) ?? ((unknown = true), '');
    unknown = true;
    return '';
  };
  let text = word.text.replace(/^~(?=\/|$)/, () => value('HOME'));
  text = text.replace(/\$\{([A-Za-z_][A-Za-z0-9_]*)(?::?-([^}]*))?\}|\$([A-Za-z_][A-Za-z0-9_]*)/g, (_all, braced?: string, fallback?: string, bare?: string) => value(braced ?? bare!, fallback));
  return unknown || text.includes('$') || text.includes('`') ? undefined : text;
}

// What one start-up text sources, as words expanded with `vars` (updated with its assignments, in order).
export function sourcedWords(text: string, vars: Map<string, string>): string[] {
  const found: string[] = [];
  const loops = new Map<string, Word[]>();
  for (const all of segments(text)) {
    let words = all;
    while (words.length > 0 && LEADING.has(words[0]!.text)) words = words.slice(1);
    const [first, second] = words;
    if (!first) continue;
    if (first.text === 'for' && second && words[2]?.text === 'in') loops.set(second.text, words.slice(3));
    else if ((first.text === 'source' || first.text === '.') && second) {
      const loop = /^\$\{?([A-Za-z_][A-Za-z0-9_]*)\}?$/.exec(second.text);
      const targets = loop && loops.has(loop[1]!) ? loops.get(loop[1]!)! : [second];
      for (const target of targets) {
        const path = expandWord(target, vars);
        if (path !== undefined && path !== '') found.push(path);
      }
    } else assign(words, vars);
  }
  return found;
}

// `NAME=value`, `export/declare/typeset/local NAME=value`, fish's `set [-gx] NAME value`.
function assign(words: readonly Word[], vars: Map<string, string>): void {
  if (words[0]!.text === 'set') {
    const rest = words.slice(1).filter((word) => !word.text.startsWith('-'));
    const value = rest[1] ? expandWord(rest[1], vars) : undefined;
    if (rest[0] && value !== undefined) vars.set(rest[0].text, value);
    return;
  }
  const start = ['export', 'declare', 'typeset', 'local', 'readonly'].includes(words[0]!.text) ? 1 : 0;
  for (const word of words.slice(start)) {
    const match = /^([A-Za-z_][A-Za-z0-9_]*)=(.*)$/s.exec(word.text);
    if (!match) continue;
    const value = expandWord({ text: match[2]!, single: word.single }, vars);
    if (value === undefined) vars.delete(match[1]!);
    else vars.set(match[1]!, value);
  }
}
