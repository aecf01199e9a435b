// The values a hook line sets before it uses them (fed24 friction: `F=tools/x; node "${F}"`). The line's leading
// commands that are one plain assignment each, joined by `;` or `&&`, always run and set a value the walk knows;
// the later commands' `$F` / `${F}` are that value. A name the rest of the line may set again (`F=$G`, `read F`,
// `for F in`) keeps its run-time meaning, and so does a value a shell would still expand (a glob, `~`, a space).
// Text in single quotes is not expanded by this shell (`sh -c 'node $F'`: the child's F): left as it stands.

// One leading `NAME=VALUE` followed by `;`, `&&` or a newline; a value may use an earlier one (`P=pkgs; D=$P/b`,
// red team R24-7: the walk and the unmodeled check must read the same line, in one pass).
const LEADING = /^\s*([A-Za-z_]\w*)=('[^'\n]*'|"[^"`\\\n]*"|[^\s;&|()<>`'"\\]*)\s*(?:;|&&|\n)/;
// A use of a value: `$NAME` or `${NAME}` (not `${NAME:-..}` and the like: those are not the value).
const USE = /\$(?:\{([A-Za-z_]\w*)\}|([A-Za-z_]\w*))/g;
// A leading `: ${NAME:=VALUE}` (or `=` without the colon), quoted or not.
const DEFAULTED = /^\s*:\s+("?)\$\{([A-Za-z_]\w*):?=([^}'"$`\\\s]*)\}\1\s*(?:;|&&|\n)/;
// An expansion with a default or an alternative: `${NAME:-WORD}`, `${NAME-WORD}`, `${NAME:=WORD}`, `${NAME:+WORD}` ...
const EXPANDED = /^\$\{([A-Za-z_]\w*)(:?)([-=+])([^}'"$`\\\s]*)\}/;
// A value that stays one word as it stands (no glob, no tilde, no space).
const PLAIN = /^[\w./@+,:=-]*$/;

// The values the line's leading assignments set that the rest of it (`rest`) does not set again.
export function leadingValues(line: string): { values: Map<string, string>; rest: string } {
  const values = new Map<string, string>();
  let rest = line;
  for (;;) {
    // `: ${D:=pkgs/b}` sets D when the environment does not: the script's value is the one the walk takes.
    const fallback = DEFAULTED.exec(rest);
    if (fallback !== null) {
      if (!values.has(fallback[2]!) && PLAIN.test(fallback[3]!)) values.set(fallback[2]!, fallback[3]!);
      rest = rest.slice(fallback[0].length);
      continue;
    }
    const found = LEADING.exec(rest);
    if (found === null) break;
    const quoted = /^['"]/.test(found[2]!) ? found[2]!.slice(1, -1) : found[2]!;
    // Single quotes keep `$` as it stands; elsewhere a known value's use is that value (an unknown one stays `$`).
    const value = found[2]!.startsWith("'") ? quoted : quoted.replace(USE, (use, braced?: string, bare?: string) => values.get(braced ?? bare!) ?? use);
    if (PLAIN.test(value)) values.set(found[1]!, value);
    else values.delete(found[1]!);
    rest = rest.slice(found[0].length);
  }
  // A name the rest of the line names other than as `$NAME` / `${NAME}` may be set there: not known.
  for (const name of values.keys()) if (new RegExp(`(?<![$\\w{])${name}(?!\\w)`).test(rest)) values.delete(name);
  return { values, rest };
}

// The line with the uses of the values its leading assignments set replaced by those values.
// `assigned`: the names the script sets anywhere (hook-unmodeled.ts scriptVariables): their defaults are not taken.
export function lineValues(line: string, assigned: ReadonlySet<string> = new Set()): string {
  const { values, rest } = leadingValues(line);
  if (values.size === 0 && !/\$\{[A-Za-z_]\w*:?[-=+]/.test(rest)) return line;
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
    // A default or alternative the script spells (`node ${F:-tools/x.js}`, `cd ${D:-pkgs/b}`: red team R24-7) is
    // the value the walk takes when the line has none (the environment's is the person's, as `$F` alone is).
    const expanded = quote === "'" ? null : EXPANDED.exec(rest.slice(i));
    // A name the script or this line may set (`printf -v F`, `read F`, `${F:=..}` on an earlier line) keeps its
    // run-time meaning.
    const settable = (name: string): boolean => assigned.has(name) || new RegExp(`(?<![$\\w{])${name}(?!\\w)|\\$\\{${name}:?=`).test(line);
    if (expanded !== null && PLAIN.test(expanded[4]!) && (values.has(expanded[1]!) || !settable(expanded[1]!))) {
      const known = values.get(expanded[1]!);
      out += expanded[3] === '+' ? (known === undefined || known !== '' || expanded[2] === '' ? expanded[4]! : '') : known !== undefined && (known !== '' || expanded[2] === '') ? known : expanded[4]!;
      i += expanded[0].length - 1;
      continue;
    }
    const use = quote === "'" ? null : /^\$(?:\{([A-Za-z_]\w*)\}|([A-Za-z_]\w*))/.exec(rest.slice(i));
    const name = use?.[1] ?? use?.[2];
    if (use && name !== undefined && values.has(name)) {
      out += values.get(name)!;
      i += use[0].length - 1;
    } else out += c;
  }
  return out;
}
