import type { LoaderKind } from './home-sources-expand.js';
import { braces } from './home-sources-computed-cd.js';

// The functions of a start-up file that load their arguments (red team R26-4, friction27's own LEFT): `myload() {
// for f in "$1"/*.sh; do . "$f"; done; }` NL `myload ~/proj`. The call names the project and nothing else; the
// body computes what it loads from what it is given. So a function whose body loads (a line home-sources-computed.ts
// calls a computed load, or a call of another such function) and uses its arguments (`$1`..`$9`, `$@`, `$*`,
// `${1}`, fish's and zsh's `$argv`) makes each of its calls a load of the call's words: computed, escalating when
// they name the workspace (or the call runs after a `cd` into it). Shell kinds only (bash, zsh, sh, fish, direnv);
// `functions` is shared across the files of one walk, in the order read (defined in `.bash_aliases`, called later).

// A function's header: `name() {`, `function name {`, `function name() {`, fish's `function name`.
const HEADER = /^\s*(?:function\s+([\w.:+@-]+)\s*(?:\(\s*\))?|([\w.:+@-]+)\s*\(\s*\))/;
// A use of the function's arguments.
const POSITIONAL = /\$\{?(?:[1-9]|[@*])|\$\{?argv\b/;
const ESCAPE = /[.*+?^${}()|[\]\\]/g;

// The call of one of `names` as a command (at a command's start, an alias body's too).
export function callOf(names: ReadonlySet<string>): RegExp | undefined {
  if (names.size === 0) return undefined;
  const alternatives = [...names].map((name) => name.replace(ESCAPE, '\\$&')).join('|');
  return new RegExp(String.raw`(?:^|[;&|({!]|\bthen\b|\bdo\b|\belse\b|\balias\s+[\w.-]+(?:=|\s+)["']?)\s*(?:builtin\s+|command\s+)?(?:${alternatives})(?=\s|$|;|&|\|)`);
}

// The lines of the function defined at `at` (its header's line to the line closing its body).
function bodyAt(lines: readonly string[], at: number, kind: LoaderKind, fish: boolean): readonly string[] {
  let depth = 0;
  let opened = false;
  for (let end = at; end < lines.length; end++) {
    const [opens, closes] = braces(lines[end]!, kind, fish);
    depth += opens - closes;
    opened ||= opens > 0;
    if (opened && depth <= 0) return lines.slice(at, end + 1);
    // `name()` NL `{`: the body opens on the next line at the latest.
    if (!opened && end > at) return lines.slice(at, end + 1);
  }
  return lines.slice(at);
}

// Adds to `functions` the loader functions the lines define (to a fixed point: one calling another).
export function loaderFunctions(lines: readonly string[], kind: LoaderKind, fish: boolean, loads: (line: string) => boolean, functions: Set<string>): void {
  if (kind !== 'shell' && kind !== 'direnv') return;
  const defined = lines.flatMap((line, at): [string, readonly string[]][] => {
    const head = HEADER.exec(line);
    const name = head?.[1] ?? head?.[2];
    return name === undefined ? [] : [[name, bodyAt(lines, at, kind, fish)]];
  });
  for (let changed = true; changed; ) {
    changed = false;
    const call = callOf(functions);
    for (const [name, body] of defined) {
      if (functions.has(name) || !body.some((line) => POSITIONAL.test(line))) continue;
      if (!body.some((line) => loads(line) || (call?.test(line) ?? false))) continue;
      functions.add(name);
      changed = true;
    }
  }
}
