// fix73 (issue 26, R43-b8's class for ruby and node): an inline program that loads a module outside a short list of
// modules with no spawn or code-running API may run other programs (ruby's open3, pty, open-uri; node's
// child_process in any spelling, worker_threads, vm), as python's and perl's do (inline-imports.ts). The module names
// are strings here: a loader (`require "x"`, `require("x")`, `import(...)`, `import … from "x"`, `import "x"`) given
// anything but one whole string literal may load any module. The line's own modules count too (`ruby -ropen3`). A workspace file is workspace code, not a listed module (`./x.json` is data).
import type { Token } from './parse-code.js';
import type { WordLike } from './parse-wrappers.js';

const RUBY_SAFE: ReadonlySet<string> = new Set([
  'json', 'set', 'time', 'date', 'pp', 'prettyprint', 'securerandom', 'digest', 'digest/md5', 'digest/sha1', 'digest/sha2', 'base64', 'csv',
  'fileutils', 'pathname', 'stringio', 'strscan', 'tempfile', 'tmpdir', 'uri', 'optparse', 'benchmark', 'bigdecimal', 'matrix', 'prime', 'zlib',
  'English', 'etc', 'ostruct', 'forwardable', 'singleton', 'shellwords', 'find', 'io/console', 'rbconfig', 'logger', 'erb/util', 'cgi/util',
]);
export const JS_SAFE: ReadonlySet<string> = new Set([
  'assert', 'assert/strict', 'buffer', 'crypto', 'dns', 'events', 'fs', 'fs/promises', 'http', 'https', 'net', 'os', 'path', 'path/posix',
  'path/win32', 'perf_hooks', 'querystring', 'readline', 'readline/promises', 'stream', 'stream/promises', 'string_decoder', 'timers',
  'timers/promises', 'url', 'util', 'zlib', 'tty', 'punycode',
]);

// A loader at the end of a code token, its module name the string after it (ruby's `Kernel.require` too; node's
// `module.require(`, `mainModule.require(`, `process.getBuiltinModule(`).
const LOADERS: Readonly<Record<'ruby' | 'js', RegExp>> = {
  ruby: /(?:^|[^\w.:$@]|\bKernel\s*\.\s*)(?:require|require_relative|load|autoload\s*\(?\s*:\w+\s*,)\s*\(?\s*$/,
  js: /(?:^|[^\w$])(?:(?:require|import|_load|getBuiltinModule)\s*\(\s*|from\s*|import\s*)$/,
};
// Any loader word, to find those given no string.
const ANY_LOADER: Readonly<Record<'ruby' | 'js', RegExp>> = {
  ruby: /(?:^|[^\w.:$@]|\bKernel\s*\.\s*)(?:require|require_relative|load|autoload)\b(?!\s*[=?!])/g,
  js: /(?:^|[^\w$])(?:require|_load|getBuiltinModule)\s*\(|(?:^|[^\w$.])import\s*\(/g,
};

const listed = (language: 'ruby' | 'js', name: string): boolean =>
  language === 'ruby' ? RUBY_SAFE.has(name) : JS_SAFE.has(name.replace(/^node:/, '')) || (/^\.{0,2}\//.test(name) && /\.json$/.test(name));

// The modules the line loads before the code: ruby's `-rNAME`/`-r NAME` (its names are the code's).
export function scriptLineModules(language: string, words: readonly WordLike[]): string[] {
  // node's `-r`/`--import` modules run only their own top-level code (a package's is the workspace's, `--import tsx`).
  const option = language === 'ruby' ? /^-r(.*)$/ : undefined;
  if (option === undefined) return [];
  const out: string[] = [];
  for (let i = 1; i < words.length; i++) {
    const found = option.exec(words[i]!.value);
    if (words[i]!.value === '--') break;
    if (found === null) continue;
    const name = found[1] === undefined || found[1] === '' ? words[++i]?.value : found[1];
    if (name !== undefined) out.push(name);
  }
  return out;
}

// Whether the code's tokens (or the line) load a module outside the list, or load one no string names.
export function scriptLoadsUnlisted(language: string, tokens: readonly Token[], lineModules: readonly string[] = []): boolean {
  if (language !== 'ruby' && language !== 'js') return false;
  if (lineModules.some((name) => !listed(language, name))) return true;
  let named = 0;
  for (let i = 0; i < tokens.length; i++) {
    const token = tokens[i]!;
    if (token.kind !== 'code' || !LOADERS[language].test(token.text)) continue;
    const next = tokens[i + 1];
    const after = tokens[i + 2];
    // One whole string: followed by the call's end, a `;`, a line's end or a member (`require("fs").x`).
    if (next?.kind !== 'string' || next.command === true || (after !== undefined && (after.kind !== 'code' || !/^\s*(?:[).;,}\n]|$)/.test(after.text)))) return true;
    if (!listed(language, next.value)) return true;
    named++;
  }
  const loaders = tokens.reduce((count, token) => count + (token.kind === 'code' ? [...token.text.matchAll(ANY_LOADER[language])].length : 0), 0);
  return loaders > named;
}
