// The text a build script may print, read as cargo reads it (red team R19-8): cargo takes each LINE of the script's
// output that starts with `cargo:`/`cargo::` as a directive, whatever macro printed it (`print!("…\n")`,
// `write!`, `eprint!` to a wrapped stdout), so each string literal is unescaped (`\n`, `\x..`, `\u{..}`, a line
// continuation) and cut into lines, each read as one directive. A literal assembled at compile time (`concat!`)
// of literals is read as the literal it makes; one with another part is not one line codeward can see: the
// script is unmodelled (the include forms of hook-runner-cargo-build.ts aside, which it checks itself).
import { TOKENS } from './hook-runner-cargo-queries.js';

const ESCAPE = /\\(?:x([0-9A-Fa-f]{2})|u\{([0-9A-Fa-f_]{1,8})\}|\n\s*|(.))/gs;
const SIMPLE: Record<string, string> = { n: '\n', r: '\r', t: '\t', '0': '\0', '\\': '\\', "'": "'", '"': '"' };

function unescape(body: string): string {
  return body.replace(ESCAPE, (whole, hex: string | undefined, code: string | undefined, one: string | undefined) => {
    if (hex !== undefined) return String.fromCharCode(parseInt(hex, 16));
    if (code !== undefined) return String.fromCodePoint(parseInt(code.replaceAll('_', ''), 16));
    if (one === undefined) return '';
    return SIMPLE[one] ?? whole;
  });
}

// Each line of each string literal of Rust code `text` (comments left out), as the program prints it.
export function literalLines(text: string): string[] {
  const lines: string[] = [];
  for (const [token] of text.matchAll(TOKENS)) {
    const raw = /^b?r(#*)"([\s\S]*)"\1$/.exec(token);
    const plain = raw === null ? /^b?"([\s\S]*)"$/.exec(token) : null;
    const body = raw !== null ? raw[2]! : plain !== null ? unescape(plain[1]!) : undefined;
    if (body !== undefined) lines.push(...body.split(/\r?\n/));
  }
  return lines;
}

// One literal `concat!` accepts at `at` of `text` (a string, raw string, character, number or bool, or a literal
// `concat!` folded before it): its value and where it ends; undefined for anything else (a macro, a name).
const LITERAL = /b?r(#*)"[\s\S]*?"\1|"(?:\\.|[^"\\])*"|'(?:\\.|[^'\\])'|-?\d[\d_]*(?:\.\d+)?(?:[a-z]\w*)?\b|true\b|false\b/y;
function literalAt(text: string, at: number): { value: string; end: number } | undefined {
  LITERAL.lastIndex = at;
  const found = LITERAL.exec(text);
  if (found === null) return undefined;
  const token = found[0];
  const raw = /^b?r(#*)"([\s\S]*)"\1$/.exec(token);
  const value = raw !== null ? raw[2]! : /^["']/.test(token) ? unescape(token.slice(1, -1)) : token.replace(/_/g, '').replace(/(?<=\d)[a-z]\w*$/, '');
  return { value, end: at + token.length };
}

// The value of the `concat!` whose arguments start at `at` (after its opening bracket), and where it ends.
function concatAt(text: string, at: number, close: string): { value: string; end: number } | undefined {
  let value = '';
  for (let i = at; ; ) {
    while (/\s/.test(text[i] ?? '')) i++;
    if (text[i] === close) return { value, end: i + 1 };
    const part = literalAt(text, i);
    if (part === undefined) return undefined;
    value += part.value;
    i = part.end;
    while (/\s/.test(text[i] ?? '')) i++;
    if (text[i] === ',') i++;
    else if (text[i] !== close) return undefined;
  }
}

// Rust code `text` (comments left out) with every `concat!` of literals written as the one literal it makes (cargo19
// Left: `println!(concat!("cargo:rustc-", "link-arg=-Btools"))` is the directive it prints), innermost first;
// `unknown`: the first `concat!` with another part (a macro, a const: its text is not known), but the include forms
// `skip` accepts (hook-runner-cargo-build.ts reads them).
export function folded(text: string, skip: RegExp): { text: string; unknown?: string } {
  let bare = text.replace(TOKENS, (token) => (token.startsWith('//') || token.startsWith('/*') ? ' ' : token));
  // Strings blanked to their length, so that a `concat!` spelled inside one is not taken for a call.
  const mask = bare.replace(TOKENS, (token) => (token.startsWith('//') || token.startsWith('/*') ? token : ' '.repeat(token.length)));
  let unknown: string | undefined;
  for (const found of [...mask.matchAll(/\bconcat!\s*([([{])/g)].reverse()) {
    const close = { '(': ')', '[': ']', '{': '}' }[found[1]!]!;
    const made = concatAt(bare, found.index + found[0].length, close);
    const shown = bare.slice(found.index, found.index + 80);
    if (made === undefined) {
      if (!skip.test(shown)) unknown = shown;
      continue;
    }
    bare = `${bare.slice(0, found.index)}"${made.value.replace(/[\\"]/g, '\\$&')}"${bare.slice(made.end)}`;
  }
  return { text: bare, ...(unknown === undefined ? {} : { unknown }) };
}

// Rust code `text` with each `include_str!(…)`/`include_bytes!(…)` (outside strings and comments) written as the
// literal holding the file's text, when `content` of its argument is known (R20-18); other ones are left as they are.
export function inlined(text: string, content: (arg: string) => string | undefined): string {
  const mask = text.replace(TOKENS, (token) => ' '.repeat(token.length));
  let out = text;
  for (const found of [...mask.matchAll(/\binclude_(?:str|bytes)!\s*\(/g)].reverse()) {
    const start = found.index + found[0].length;
    let end = start;
    for (let depth = 1; end < mask.length && depth > 0; end++) depth += mask[end] === '(' ? 1 : mask[end] === ')' ? -1 : 0;
    const value = content(text.slice(start, end - 1).trim());
    if (value !== undefined) out = `${out.slice(0, found.index)}"${value.replace(/[\\"]/g, '\\$&')}"${out.slice(end)}`;
  }
  return out;
}

// A line whose start the build script computes when it runs (`println!("{}", line)`, `println!("{s}")`): it may be
// any directive, and no literal shows it (a reversed or decoded string, a file found by listing a folder): the
// first such print to standard output (print!/println!, write!/writeln! to stdout), or undefined; standard output
// reached any other way is not read either. `text`: with its
// literal `concat!`s folded (a format that is no literal is not known either).
const PRINT = /\b(?:print|println)!\s*[([{]\s*|\b(?:write|writeln)!\s*[([{][^,;]*\bstdout\b[^,;]*,\s*/g;
export function computedLine(text: string): string | undefined {
  const bare = text.replace(TOKENS, (token) => (token.startsWith('//') || token.startsWith('/*') ? ' ' : token));
  // Standard output used other than as a write!'s first argument (a handle in a variable, `write_all`, `io::copy`,
  // a raw descriptor): what it writes is not a format codeward reads (cargo20 Left).
  const code = bare.replace(TOKENS, (token) => (token.startsWith('/*') ? ' ' : '""'));
  // `stdout()` called (not `output.stdout`, a query's captured bytes, nor `.stdout(Stdio::piped())`).
  const handles = code.match(/(?<!\.\s*)\bstdout\s*\(|\bfrom_raw_fd\b|\blibc\s*::\s*write\b/g)?.length ?? 0;
  const written = code.match(/\b(?:write|writeln)!\s*[([{][^,;]*(?<!\.\s*)\bstdout\s*\(/g)?.length ?? 0;
  if (handles > written) return 'stdout';
  for (const found of bare.matchAll(PRINT)) {
    const rest = bare.slice(found.index + found[0].length);
    // `println!()`: an empty line.
    if (/^[)\]}]/.test(rest)) continue;
    const format = /^(?:r(#*)"([\s\S]*?)"\1|"((?:\\.|[^"\\])*)")/.exec(rest);
    const body = format === null ? undefined : format[2] ?? unescape(format[3] ?? '');
    if (body === undefined) return bare.slice(found.index, found.index + 80);
    if (body.split(/\r?\n/).some((line) => /^\{(?!\{)/.test(line))) return `${found[0]}${format![0]}`;
  }
  return undefined;
}
