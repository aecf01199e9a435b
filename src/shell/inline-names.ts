// Red team R45-b1/b2/b3/b6/b7/b10 (issue 26): the inline reader's modules were a closed list (fix70) but the NAMES it
// read an open deny-list of spellings, and the language reads names its own way (python: NFKC, `os.ｓｙｓｔｅｍ`; js:
// `\u` escapes, `{recursiv\u0065: true}`). So python and js code is read CLOSED: lexed as the language reads names
// (inline-lex.ts), then EVERY name used must be known (inline-names-py.ts, inline-names-js-read.ts): a keyword, a
// short pure builtin list, a name the code binds, a listed module's listed attribute. Anything else (a computed
// member or key, a `_private` module attribute, a module object passed on, a name spelled with escapes or NFKC
// forms, a move out of the workspace, past 20,000 lexemes) is unknown: the line's call asks (danger-risky.ts), in
// place; a staged run is judged by what it did. Loaded only when a line gives python or js code (inline-names-mark.ts).
import { lex } from './inline-lex.js';
import { jsUnknown } from './inline-names-js-read.js';
import { pythonUnknown } from './inline-names-py.js';

// Why the code uses a name codeward does not know, or undefined when every name is known.
export function unknownName(language: 'python' | 'js', code: string): string | undefined {
  const lexed = lex(code, language);
  if ('unknown' in lexed) return lexed.unknown;
  const changed = lexed.lexemes.find((lexeme) => lexeme.changed === true);
  if (changed !== undefined) return `the name ${changed.text} spelled another way (${language === 'python' ? 'NFKC' : 'an escape'})`;
  return language === 'python' ? pythonUnknown(lexed.lexemes) : jsUnknown(lexed.lexemes);
}
