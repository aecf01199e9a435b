// Whether a stylesheet's text makes Tailwind load code (hook-tailwind-css.ts): an at-rule that names code
// (`@plugin`, `@config`), or an `@import`/`@reference` codeward cannot tell is plain (anything but Tailwind's own
// package or a relative `.css` file that is not itself an obeyed stylesheet). Judged on the text as a CSS tokenizer
// sees it: comments removed (`@/**/plugin` is `@plugin`; `@plu/**/gin` counts too: when unsure, ask), escapes
// decoded (`@plu\gin`, `@\70 lugin`), case folded. A NUL (a UTF-16 file read as bytes) is unsure: code.

import { posix } from 'node:path';

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
const IMPORT = /@(?:import|reference)(?![\w-])\s*([^;{}]*)/g;
const PLAIN_TARGET = /^(["'])([^"'\n]+)\1/;

// Why the text loads code (undefined: it is plain). `obeyedCss(spec)`: whether a relative `.css` it imports is an
// obeyed stylesheet (one holding such an at-rule, or one of its imports).
export function cssCode(text: string, obeyedCss: (spec: string) => boolean): string | undefined {
  if (text.includes('\0')) return 'it holds a NUL character (not read as CSS text)';
  const tokens = cssTokens(text);
  const code = CODE.exec(tokens);
  if (code) return `it holds ${code[0]} (Tailwind loads the JavaScript it names)`;
  for (const [, rest] of tokens.matchAll(IMPORT)) {
    const spec = PLAIN_TARGET.exec(rest!.trim())?.[2];
    if (spec === undefined) return `it holds an @import or @reference codeward cannot read (${rest!.trim().slice(0, 60)})`;
    if (spec === 'tailwindcss' || /^tailwindcss\/[\w./-]+\.css$/.test(spec)) continue;
    if (!/^\.{1,2}\/[^?#]*\.css$/.test(spec)) return `it imports ${spec} (not a relative .css file: it may load code)`;
    if (obeyedCss(spec)) return `it imports ${spec}, a stylesheet Tailwind obeys`;
  }
  return undefined;
}

// A stylesheet `path` (workspace-relative) of a Tailwind project being written with `written` (undefined: not
// known, so obeyed as before): false when the text is plain, else why Tailwind obeys it. `obeyed`: the
// workspace-relative files the hook walk obeys (every existing stylesheet holding such an at-rule, and its imports).
export function styleCode(path: string, written: string | undefined, obeyed: readonly string[]): string | false | undefined {
  if (written === undefined) return undefined;
  const kept = new Set(obeyed.map((one) => posix.normalize(one).toLowerCase()));
  const why = cssCode(written, (spec) => kept.has(posix.normalize(posix.join(posix.dirname(path), spec)).toLowerCase()));
  return why === undefined ? false : `a stylesheet of a project that uses Tailwind, whose new text Tailwind obeys: ${why}; write plain CSS, or approve`;
}
