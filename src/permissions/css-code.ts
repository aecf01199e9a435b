// Whether a stylesheet's text makes Tailwind load code (hook-tailwind-css.ts): an at-rule that names code
// (`@plugin`, `@config`), or an `@import`/`@reference` codeward cannot tell is plain (anything but Tailwind's own
// package or a relative `.css` file that is not itself an obeyed stylesheet). Judged on the text as a CSS tokenizer
// sees it: comments removed (`@/**/plugin` is `@plugin`; `@plu/**/gin` counts too: when unsure, ask), escapes
// decoded (`@plu\gin`, `@\70 lugin`), case folded. A NUL (a UTF-16 file read as bytes) is unsure: code.

import { posix } from 'node:path';
import { isPreprocessed, sheetExtension, sheetText, stemReaches } from './stylesheet-kinds.js';

// The text with comments removed and escapes decoded, case folded unless `fold` is false (strings kept with their
// quotes; a path in one keeps its case then).
export function cssTokens(text: string, fold = true): string {
  let out = '';
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!;
    if (c === '/' && text[i + 1] === '*') {
      const end = text.indexOf('*/', i + 2);
      if (end < 0) break;
      i = end + 1;
    } else if (c === '"' || c === "'") {
      let j = i + 1;
      out += c;
      for (; j < text.length && text[j] !== c && text[j] !== '\n'; j++) {
        if (text[j] === '\\') j = unescape(text, j, (s) => (out += s));
        else out += text[j];
      }
      if (j < text.length) out += text[j];
      i = j;
    } else if (c === '\\') i = unescape(text, i, (s) => (out += s));
    else out += c;
  }
  return fold ? out.toLowerCase() : out;
}

// One escape at `at` (the backslash): hex digits (1-6, one whitespace after) or the next character; a backslash
// before a newline is dropped. Returns the index of its last character.
function unescape(text: string, at: number, put: (s: string) => void): number {
  const hex = /^[0-9a-fA-F]{1,6}/.exec(text.slice(at + 1, at + 7))?.[0];
  if (hex !== undefined) {
    const point = parseInt(hex, 16);
    put(point === 0 || point > 0x10ffff || (point >= 0xd800 && point <= 0xdfff) ? '\ufffd' : String.fromCodePoint(point));
    const next = at + hex.length;
    return /[ \t\n\r\f]/.test(text[next + 1] ?? '') ? next + (text[next + 1] === '\r' && text[next + 2] === '\n' ? 2 : 1) : next;
  }
  if (at + 1 >= text.length) return at;
  if (text[at + 1] !== '\n') put(text[at + 1]!);
  return at + 1;
}

const CODE = /@(?:plugin|config)(?![\w-])/;
const IMPORT = /@(?:import|reference|use|forward|require)(?![\w-])\s*([^;{}]*)/g;
// Less's import options, `@import (reference) "x.less"`.
const LESS_OPTIONS = /^\([\w\s,-]*\)\s*/;
const QUOTED = /(["'])([^"'\n]*)\1/g;
// What a preprocessor may make code of at compile time: an at-rule name built by interpolation (`@#{$x}`, Less's
// `@{x}`), Sass's `meta.load-css` (a module named by an expression), Stylus's `use()` (a JavaScript plug-in), Less's
// inline JavaScript (backquotes).
const COMPILED = /@[\w-]*#\{|@\{|load-css|(?<![\w-])use\s*\(|`/;

// Why the text loads code (undefined: it is plain). `path`: the stylesheet's workspace-relative path (its kind says
// how its imports resolve); `obeyedCss(resolved)`: whether a workspace-relative path (a file, or the stem a
// preprocessor completes: `x` for `_x.scss`, `x/index.less`) reaches an obeyed stylesheet.
export function cssCode(text: string, obeyedCss: (resolved: string) => boolean, path = 'x.css'): string | undefined {
  if (text.includes('\0')) return 'it holds a NUL character (not read as CSS text)';
  const tokens = cssTokens(text);
  const code = CODE.exec(tokens);
  if (code) return `it holds ${code[0]} (Tailwind loads the JavaScript it names)`;
  const compiled = isPreprocessed(path) ? COMPILED.exec(tokens)?.[0] : undefined;
  if (compiled !== undefined) return `it holds ${compiled.trim()}, which its preprocessor may turn into code when it compiles`;
  const from = posix.dirname(path);
  for (const [, rest] of tokens.matchAll(IMPORT)) {
    const target = rest!.trim().replace(LESS_OPTIONS, '');
    const specs = [...target.matchAll(QUOTED)].map((one) => one[2]!);
    if (!/^["']/.test(target)) return `it holds an @import codeward cannot read (${rest!.trim().slice(0, 60)})`;
    for (const spec of specs) {
      const why = specCode(spec, path);
      if (why !== undefined) return why;
    }
  }
  // Any string may name a module to a preprocessor (`@include meta.load-css("x")`, a `with (...)` configuration),
  // and an import resolves next to the sheet before it looks in node_modules: a name reaching an obeyed sheet asks.
  for (const [, , spec = ''] of tokens.matchAll(QUOTED)) {
    if (spec !== '' && !/^[a-z][\w+.-]*:/.test(spec) && obeyedCss(posix.normalize(posix.join(from, spec)))) return `it imports ${spec}, a stylesheet Tailwind obeys`;
  }
  return undefined;
}

// Why an import target is not plain: a scheme, an alias or root-relative path (`@/x`, `~/x`, `/x`, `#x`: where it
// resolves depends on the bundler's configuration), a query, a file that is not a stylesheet, an extensionless
// relative file in a plain CSS sheet (any file of that name). A package (`tailwindcss`, `tw-animate-css`,
// `pkg/x.css`) is installed in node_modules, itself protected; Sass's built-in modules (`sass:math`) are plain.
function specCode(spec: string, path: string): string | undefined {
  if (/^sass:[\w-]+$/.test(spec)) return undefined;
  if (spec === '' || /^(?:[a-z][\w+.-]*:|[/~#\\]|@\/)|[?#\\]/.test(spec)) return `it imports ${spec} (codeward cannot tell which file that is: it may load code)`;
  const last = spec.slice(spec.lastIndexOf('/') + 1);
  const relative = /^\.{1,2}\//.test(spec);
  if (last.includes('.') && !sheetExtension(last) && (relative || !/^@?[\w.-]+$/.test(spec))) return `it imports ${spec} (not a stylesheet: it may load code)`;
  if (relative && !last.includes('.') && !isPreprocessed(path)) return `it imports ${spec} (a file without a stylesheet extension: it may load code)`;
  return undefined;
}

// A stylesheet `path` (workspace-relative) of a Tailwind project being written with `written` (undefined: not
// known, so obeyed as before): false when the text is plain, else why Tailwind obeys it. `obeyed`: the
// workspace-relative files the hook walk obeys (every existing stylesheet whose text loads code, and its imports).
export function styleCode(path: string, written: string | undefined, obeyed: readonly string[]): string | false | undefined {
  if (written === undefined) return undefined;
  const kept = obeyed.map((one) => posix.normalize(one).toLowerCase());
  const reaches = (resolved: string): boolean => kept.some((one) => stemReaches(resolved.toLowerCase(), one));
  const why = cssCode(sheetText(path, written), reaches, path);
  return why === undefined ? false : `a stylesheet of a project that uses Tailwind, whose new text Tailwind obeys: ${why}; write plain CSS, or approve`;
}
