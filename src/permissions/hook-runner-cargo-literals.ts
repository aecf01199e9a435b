// The text a build script may print, read as cargo reads it (red team R19-8): cargo takes each LINE of the script's
// output that starts with `cargo:`/`cargo::` as a directive, whatever macro printed it (`print!("…\n")`,
// `write!`, `eprint!` to a wrapped stdout), so each string literal is unescaped (`\n`, `\x..`, `\u{..}`, a line
// continuation) and cut into lines, each read as one directive. A literal assembled at compile time (`concat!`)
// is not one line codeward can see: the script is unmodelled (the include forms of hook-runner-cargo-build.ts
// aside, which it checks itself).
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

// The first `concat!(…)` of Rust code `text` that is not one of the include forms `skip` accepts.
export function assembled(text: string, skip: RegExp): string | undefined {
  const bare = text.replace(TOKENS, (token) => (token.startsWith('//') || token.startsWith('/*') ? ' ' : token));
  return [...bare.matchAll(/\bconcat!\s*[([{]/g)].map((found) => bare.slice(found.index, found.index + 80)).find((one) => !skip.test(one));
}
