// env -S's own splitting of its text (GNU coreutils 9 env), for a reader of words (env-words.ts readEnv).
// How env -S splits its text: blanks separate, '…' is literal, "…" and bare text take backslash escapes (`\_` a blank,
// a separator outside "…",
// `\c` ends the text), `#` at a word's start ends it. `${NAME}` is a value only known at run time: the word keeps it.
export function splitText(text: string): string[] {
  const words: string[] = [];
  let word: string | undefined;
  let quote = '';
  for (let i = 0; i < text.length; i++) {
    const ch = text[i]!;
    if (quote === '' && /\s/.test(ch)) {
      if (word !== undefined) words.push(word);
      word = undefined;
      continue;
    }
    if (quote === '' && ch === '#' && word === undefined) break;
    if (ch === quote) {
      quote = '';
      word ??= '';
      continue;
    }
    if (quote === '' && (ch === "'" || ch === '"')) {
      quote = ch;
      word ??= '';
      continue;
    }
    if (ch === '\\' && quote !== "'" && i + 1 < text.length) {
      const next = text[++i]!;
      if (next === 'c') break;
      // `\_` outside double quotes separates words (GNU env: the #! line's blank); inside them it is a blank.
      if (next === '_' && quote === '') {
        if (word !== undefined) words.push(word);
        word = undefined;
        continue;
      }
      word = (word ?? '') + (next === '_' ? ' ' : ({ n: '\n', t: '\t', r: '\r', f: '\f', v: '\v' } as Record<string, string>)[next] ?? next);
      continue;
    }
    word = (word ?? '') + ch;
  }
  if (word !== undefined) words.push(word);
  return words;
}
