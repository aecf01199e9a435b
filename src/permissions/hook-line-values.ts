// The values a hook line sets before it uses them (fed24 friction: `F=tools/x; node "${F}"`). The line's leading
// commands that are one plain assignment each, joined by `;` or `&&`, always run and set a value the walk knows;
// the later commands' `$F` / `${F}` are that value. A name the rest of the line may set again (`F=$G`, `read F`,
// `for F in`) keeps its run-time meaning, and so does a value a shell would still expand (a glob, `~`, a space).
// Text in single quotes is not expanded by this shell (`sh -c 'node $F'`: the child's F): left as it stands.

// One leading `NAME=VALUE` followed by `;`, `&&` or a newline.
const LEADING = /^\s*([A-Za-z_]\w*)=('[^'\n]*'|"[^"$`\\\n]*"|[^\s;&|()<>$`'"\\]*)\s*(?:;|&&|\n)/;
// A value that stays one word as it stands (no glob, no tilde, no space).
const PLAIN = /^[\w./@+,:=-]*$/;

// The values the line's leading assignments set that the rest of it (`rest`) does not set again.
export function leadingValues(line: string): { values: Map<string, string>; rest: string } {
  const values = new Map<string, string>();
  let rest = line;
  for (let found = LEADING.exec(rest); found !== null; found = LEADING.exec(rest)) {
    const value = /^['"]/.test(found[2]!) ? found[2]!.slice(1, -1) : found[2]!;
    if (PLAIN.test(value)) values.set(found[1]!, value);
    else values.delete(found[1]!);
    rest = rest.slice(found[0].length);
  }
  // A name the rest of the line names other than as `$NAME` / `${NAME}` may be set there: not known.
  for (const name of values.keys()) if (new RegExp(`(?<![$\\w{])${name}(?!\\w)`).test(rest)) values.delete(name);
  return { values, rest };
}

// The line with the uses of the values its leading assignments set replaced by those values.
export function lineValues(line: string): string {
  const { values, rest } = leadingValues(line);
  if (values.size === 0) return line;
  let out = line.slice(0, line.length - rest.length);
  let quote: string | undefined;
  for (let i = 0; i < rest.length; i++) {
    const c = rest[i]!;
    if (c === '\\' && quote !== "'") {
      out += rest.slice(i, i + 2);
      i++;
      continue;
    }
    if ((c === "'" || c === '"') && (quote === undefined || quote === c)) quote = quote === undefined ? c : undefined;
    const use = quote === "'" ? null : /^\$(?:\{([A-Za-z_]\w*)\}|([A-Za-z_]\w*))/.exec(rest.slice(i));
    const name = use?.[1] ?? use?.[2];
    if (use && name !== undefined && values.has(name)) {
      out += values.get(name)!;
      i += use[0].length - 1;
    } else out += c;
  }
  return out;
}
