// Reading program text of another language just far enough to find calls and their literal arguments:
// string literals (quotes, triple quotes, backticks, perl/ruby `qx{}` `%x()` `qw()`), the code between
// them, and the home directory however the language spells it (`os.homedir()`, `Path.home()`, `$ENV{HOME}`).

import { interpolates, perlHoles, plainHole, readInterpolated } from './code-holes.js';
import { masked, readDelimited, spanAt } from './code-spans.js';

// The languages whose inline code is read (parse-inline.ts).
export type Language = 'python' | 'js' | 'perl' | 'ruby' | 'php' | 'awk' | 'lua' | 'r' | 'applescript' | 'other';

// Stands for the home directory in the code (`os.homedir()`, `Path.home()`, `$ENV{HOME}` ...).
export const HOME_MARK = '\uE000';

const HOME_EXPRESSIONS: readonly RegExp[] = [
  /(?:os\.path\.expanduser|File\.expand_path|path\.expand|expanduser|glob)\s*\(\s*(['"])~\1\s*\)/g,
  /(?:pathlib\.)?Path\.home\s*\(\s*\)|(?:require\s*\(\s*['"](?:node:)?os['"]\s*\)|\bos)\.homedir\s*\(\s*\)|\bhomedir\s*\(\s*\)|Dir\.home(?:\s*\(\s*\))?|Deno\.env\.get\s*\(\s*['"]HOME['"]\s*\)/g,
  /process\.env(?:\.HOME\b|\[\s*['"]HOME['"]\s*\])|os\.environ(?:\[\s*['"]HOME['"]\s*\]|\.get\s*\(\s*['"]HOME['"]\s*\))|(?:os\.)?getenv\s*\(\s*['"]HOME['"]\s*\)|Sys\.getenv\s*\(\s*['"]HOME['"]\s*\)/g,
  /\$ENV\{\s*['"]?HOME['"]?\s*\}|ENV(?:\[\s*['"]HOME['"]\s*\]|\.fetch\s*\(\s*['"]HOME['"]\s*\))|\$_(?:SERVER|ENV)\[\s*['"]HOME['"]\s*\]|ENVIRON\[\s*"HOME"\s*\]|File::HomeDir->my_home/g,
];

// `os.path.expanduser('~/x')` is the string '~/x'.
const EXPANDUSER = /(?:os\.path\.expanduser|File\.expand_path|path\.expand|expanduser)\s*\(\s*(['"])(~\/[^'"]*)\1\s*\)/g;

export function markHome(code: string): string {
  let out = code.replace(EXPANDUSER, (_, quote: string, path: string) => `${quote}${path}${quote}`);
  for (const pattern of HOME_EXPRESSIONS) out = out.replace(pattern, HOME_MARK);
  return out;
}

export type Token = { readonly kind: 'string'; readonly value: string; readonly command?: boolean; readonly words?: boolean } | { readonly kind: 'code'; readonly text: string };

function readQuoted(code: string, start: number, quote: string): { value: string; end: number } {
  let value = '';
  let i = start;
  const triple = quote.length === 3;
  while (i < code.length) {
    if (code.startsWith(quote, i)) return { value, end: i + quote.length };
    const ch = code[i]!;
    if (ch === '\\' && i + 1 < code.length && !triple) {
      const next = code[i + 1]!;
      value += next === 'n' ? '\n' : next === 't' ? '\t' : next;
      i += 2;
      continue;
    }
    value += ch;
    i++;
  }
  return { value, end: code.length };
}

// A python f-string prefix (`f`, `rf`, `Fr`...) just before a quote.
const F_PREFIX = /(?<![\w])(?:[rR]?[fF]|[fF][rR])$/;
// Holes inside holes are read this deep; deeper ones stay code as they are.
const MAX_HOLE_DEPTH = 8;

// Splits code into string literals and the code between them. Backticks run commands in perl, ruby and
// php; `qx{}` / `%x()` too; `qw()` is a list of words. A string's interpolation holes holding code follow it as code
// tokens in parentheses (code-holes.ts); comments and regexes whose quotes open nothing stay code (code-spans.ts).
export function tokenize(code: string, language: Language, depth = 0): Token[] {
  const tokens: Token[] = [];
  // The code run being read: code.slice(start, i).
  let start = 0;
  const flush = (end: number): void => {
    if (end > start) tokens.push({ kind: 'code', text: code.slice(start, end) });
  };
  const pushHoles = (holes: readonly string[]): void => {
    for (const hole of holes) {
      if (plainHole(hole, language)) continue;
      tokens.push({ kind: 'code', text: '(' }, ...(depth < MAX_HOLE_DEPTH ? tokenize(hole, language, depth + 1) : [{ kind: 'code' as const, text: hole }]), { kind: 'code', text: ')' });
    }
  };
  const shellTicks = language === 'perl' || language === 'ruby' || language === 'php';
  let i = 0;
  while (i < code.length) {
    const ch = code[i]!;
    const span = spanAt(code, i, language);
    if (span !== undefined) {
      flush(i);
      if (span.kind === 'masked') tokens.push({ kind: 'code', text: `${masked(code.slice(i, span.end))}${span.evaluates ? ' eval ' : ''}` });
      else {
        tokens.push(span.kind === 'command' ? { kind: 'string', value: span.value, command: true } : span.kind === 'words' ? { kind: 'string', value: span.value, words: true } : { kind: 'string', value: span.value });
        if (span.kind !== 'words') pushHoles(perlHoles(span.raw));
      }
      i = start = span.end;
      continue;
    }
    if (ch === '"' || ch === "'" || ch === '`') {
      // awk's quotes are the shell's; perl's `'` after a name is the old package separator (`$main'x` is `$main::x`).
      if ((language === 'awk' && ch === "'") || (language === 'perl' && ch === "'" && /\w/.test(code[i - 1] ?? ''))) {
        i++;
        continue;
      }
      const quote = code.startsWith('"""', i) ? '"""' : code.startsWith("'''", i) ? "'''" : ch;
      flush(i);
      const command = quote === '`' && shellTicks;
      const read = interpolates(language, ch, language === 'python' && F_PREFIX.test(code.slice(Math.max(0, i - 3), i)))
        ? language === 'perl'
          ? { ...readQuoted(code, i + 1, quote), holes: undefined }
          : readInterpolated(code, i + quote.length, quote, language)
        : { ...readQuoted(code, i + quote.length, quote), holes: [] };
      tokens.push(command ? { kind: 'string', value: read.value, command: true } : { kind: 'string', value: read.value });
      pushHoles(read.holes ?? perlHoles(code.slice(i + 1, read.end - 1)));
      i = start = read.end;
      continue;
    }
    if (language === 'ruby' && ch === '%' && !/[\w$@%]/.test(code[i - 1] ?? '')) {
      const perlish = /^(?:%x|%w|%W|%q|%Q|%i|%I|%s)([^\w\s])/.exec(code.slice(i, i + 3));
      if (perlish) {
        flush(i);
        const operator = perlish[0].slice(0, -1);
        const { value, end } = readDelimited(code, i + perlish[0].length, perlish[1]!);
        if (/x$/.test(operator)) tokens.push({ kind: 'string', value, command: true });
        else if (/w$/i.test(operator)) tokens.push({ kind: 'string', value, words: true });
        else tokens.push({ kind: 'string', value });
        i = start = end;
        continue;
      }
    }
    if (ch === '#' && commentAt(code, i, language)) {
      flush(i);
      while (i < code.length && code[i] !== '\n') i++;
      start = i;
      continue;
    }
    i++;
  }
  flush(code.length);
  return tokens;
}

// A `#` comment to the end of the line: python's anywhere outside a string; perl's but `$#x`; ruby's after a space
// but `#{}` interpolation.
function commentAt(code: string, i: number, language: Language): boolean {
  if (language === 'python') return true;
  if (language === 'perl') return code[i - 1] !== '$';
  return language === 'ruby' && (i === 0 || /\s/.test(code[i - 1]!)) && code[i + 1] !== '{';
}

export interface CallSite {
  // Where the name starts (token index), for callers that look at what precedes it.
  readonly token: number;
  readonly api: string;
  // The argument tokens (up to the closing parenthesis, or the end of the statement without one).
  readonly args: readonly Token[];
}

// The arguments of the call whose name ends `code token` `at` (character `from` of it onwards).
// Bounds: a huge program (the line may be 1 MB) costs linear time, never one scan per call site.
const MAX_SITES = 128;
const MAX_ARG_TOKENS = 256;
const MAX_ARG_CHARS = 4096;

function argumentsAfter(tokens: readonly Token[], at: number, from: number): Token[] {
  const args: Token[] = [];
  const rest = (tokens[at] as { text: string }).text.slice(from);
  const paren = /^\s*\(/.exec(rest);
  let depth = paren ? 1 : 0;
  const bounded = paren !== null;
  let chars = 0;
  for (let index = at; index < tokens.length && index - at <= MAX_ARG_TOKENS && chars <= MAX_ARG_CHARS; index++) {
    const token: Token = index === at ? { kind: 'code', text: paren ? rest.slice(paren[0].length) : rest } : tokens[index]!;
    if (token.kind === 'string') {
      args.push(token);
      chars += token.value.length;
      continue;
    }
    const text = token.text;
    let k = 0;
    for (; k < text.length && chars <= MAX_ARG_CHARS; k++, chars++) {
      const ch = text[k]!;
      if (ch === '(' || ch === '[' || ch === '{') depth++;
      else if (ch === ')' || ch === ']' || ch === '}') {
        depth--;
        if (bounded ? depth === 0 : depth < 0) break;
      } else if (!bounded && depth === 0 && (ch === ';' || ch === '\n')) break;
    }
    if (k > 0) args.push({ kind: 'code', text: text.slice(0, k) });
    if (k < text.length) return args;
  }
  return args;
}

export function callSites(tokens: readonly Token[], api: RegExp): CallSite[] {
  const sites: CallSite[] = [];
  const pattern = new RegExp(api.source, api.flags.includes('g') ? api.flags : `${api.flags}g`);
  tokens.forEach((token, index) => {
    if (token.kind !== 'code' || sites.length >= MAX_SITES) return;
    for (const match of token.text.matchAll(pattern)) {
      if (sites.length >= MAX_SITES) return;
      sites.push({ token: index, api: match[0].trim(), args: argumentsAfter(tokens, index, match.index + match[0].length) });
    }
  });
  return sites;
}


// Splits a call's argument tokens at top-level commas.
export function splitArgs(args: readonly Token[]): Token[][] {
  const out: Token[][] = [[]];
  let depth = 0;
  for (const token of args) {
    if (token.kind === 'string') {
      out[out.length - 1]!.push(token);
      continue;
    }
    let text = '';
    for (const ch of token.text) {
      if (ch === '(' || ch === '[' || ch === '{') depth++;
      else if (ch === ')' || ch === ']' || ch === '}') depth--;
      if (ch === ',' && depth === 0) {
        if (text) out[out.length - 1]!.push({ kind: 'code', text });
        out.push([]);
        text = '';
        continue;
      }
      text += ch;
    }
    if (text) out[out.length - 1]!.push({ kind: 'code', text });
  }
  return out;
}

