// The compiler options a build script gives the C compiler through a builder crate (red team R18-15): cc's
// `.flag()`, `.flags()`, `.flag_if_supported()`, `.define()`, `.include()` (and the same methods of cmake and
// cc-like crates: `.cflag()`, `.cxxflag()`, `.build_arg()`, `.configure_arg()`, `.env()`) put their argument on
// the compiler's or the build tool's command line, where gcc's `-wrapper`, `-B`, `-fplugin=` run programs. A
// literal argument is read as the C driver's words (hook-runner-cargo-flags.ts ccWords: what it names obeyed, an
// option it does not know unmodelled); any other argument (a variable, a file's text, a `format!`) is only known
// at run time: the line is unmodelled, like `.compiler()`.
import { ccWords, type Named } from './hook-runner-cargo-flags.js';

const METHOD = /\.\s*(flags?|flag_if_supported|flags_supported|is_flag_supported|try_flags_from_environment|cflag|cxxflag|asm_flag|ar_flag|define|includes?|build_arg|configure_arg|env|cpp_set_stdlib|cpp_link_stdlib)\s*\(/g;
// Methods whose literal words are compiler options (define's and include's are a macro and a header folder:
// the literal loop of hook-runner-cargo-build.ts obeys a literal path).
const OPTIONS = new Set(['flag', 'flags', 'flag_if_supported', 'flags_supported', 'is_flag_supported', 'cflag', 'cxxflag', 'asm_flag', 'ar_flag', 'build_arg', 'configure_arg']);
const STRING = /r(#*)"[\s\S]*?"\1|"((?:\\.|[^"\\])*)"/g;

// The text of a call's argument list that starts at `at` (just past its `(`), up to the matching `)`.
export function argument(text: string, at: number): string {
  let depth = 1;
  for (let i = at; i < text.length; i++) {
    if (text[i] === '(') depth++;
    else if (text[i] === ')' && --depth === 0) return text.slice(at, i).trim();
  }
  return text.slice(at).trim();
}

// Whether an argument list holds only text literals (`"-O2"`, `&["-g", "-Wall"]`, `"X", None`, `"X", Some("1")`).
const literalOnly = (arg: string): boolean => arg.replace(STRING, '').replace(/\b(?:None|Some|true|false)\b|[\s,&[\]()]/g, '') === '';

// What the builder calls of build-script text `text` (comments left out) name, or the first call whose argument is
// not literal.
export function builderOptions(text: string): Named {
  const code = text.replace(/\/\/[^\n]*/g, '');
  const words: string[] = [];
  for (const found of code.matchAll(METHOD)) {
    const arg = argument(code, found.index + found[0].length);
    if (found[1] === 'try_flags_from_environment' || !literalOnly(arg)) return { paths: [], unknown: `${found[0]}${arg})` };
    if (OPTIONS.has(found[1]!)) for (const literal of arg.matchAll(STRING)) words.push(...(literal[2] ?? '').split(/\s+/).filter(Boolean));
  }
  return ccWords(words);
}
