// A dotenv file (direnv's `dotenv`, mise's `_.file`) is KEY=VALUE lines, not shell: an unquoted value runs to the
// end of the line (`NODE_OPTIONS=--require ./tools/x` is one value, where a shell would run `./tools/x` with
// NODE_OPTIONS set for it; red team R15-14). Each line becomes the shell assignment that sets the same value, so
// the `.envrc` reader (and its loader-variable table) judges it; a line that is not an assignment sets nothing.
const LINE = /^\s*(?:export\s+)?([A-Za-z_][A-Za-z0-9_.]*)\s*=\s*(.*?)\s*$/;

const quoted = (value: string): boolean => value.length >= 2 && (value[0] === '"' || value[0] === "'") && value.endsWith(value[0]);

// The KEY=VALUE pairs of a dotenv file, values without their quotes (node's `--env-file` reads it so too:
// hook-node-options.ts).
export function dotenvPairs(text: string): [string, string][] {
  return dotenvLines(text).map(([key, value]) => [key, quoted(value) ? value.slice(1, -1) : value]);
}

// Each line's key and value as written (quoted, or unquoted up to ` #`).
function dotenvLines(text: string): [string, string][] {
  const out: [string, string][] = [];
  for (const line of text.split(/\r?\n/)) {
    const match = LINE.exec(line);
    if (!match || line.trimStart().startsWith('#')) continue;
    // An unquoted value ends before ` #` (a comment), as dotenv readers take it.
    out.push([match[1]!, quoted(match[2]!) ? match[2]! : match[2]!.replace(/\s+#.*$/, '')]);
  }
  return out;
}

export function dotenvAsShell(text: string): string {
  return dotenvLines(text).map(([key, value]) => `export ${key}=${quoted(value) ? value : `'${value.replace(/'/g, "'\\''")}'`}`).join('\n');
}
