// A dotenv file (direnv's `dotenv`, mise's `_.file`) is KEY=VALUE lines, not shell: an unquoted value runs to the
// end of the line (`NODE_OPTIONS=--require ./tools/x` is one value, where a shell would run `./tools/x` with
// NODE_OPTIONS set for it; red team R15-14). Each line becomes the shell assignment that sets the same value, so
// the `.envrc` reader (and its loader-variable table) judges it; a line that is not an assignment sets nothing.
const LINE = /^\s*(?:export\s+)?([A-Za-z_][A-Za-z0-9_.]*)\s*=\s*(.*?)\s*$/;

const quoted = (value: string): boolean => value.length >= 2 && (value[0] === '"' || value[0] === "'") && value.endsWith(value[0]);

export function dotenvAsShell(text: string): string {
  const out: string[] = [];
  for (const line of text.split(/\r?\n/)) {
    const match = LINE.exec(line);
    if (!match || line.trimStart().startsWith('#')) continue;
    // An unquoted value ends before ` #` (a comment), as dotenv readers take it.
    const value = quoted(match[2]!) ? match[2]! : `'${match[2]!.replace(/\s+#.*$/, '').replace(/'/g, "'\\''")}'`;
    out.push(`export ${match[1]!}=${value}`);
  }
  return out.join('\n');
}
