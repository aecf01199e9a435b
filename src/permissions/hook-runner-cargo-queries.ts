// The programs a build script may run and still be followed (issue 26, red team 18 F1): the most common build.rs
// after cc embeds the git hash (`Command::new("git").args(["rev-parse", "HEAD"]).output()`) or probes the compiler
// (`Command::new("rustc").arg("--version")`). An ALLOW-LIST of whole expressions: the program a literal `git` (its
// configuration and hooks are the git catalogue's) or `rustc` (the toolchain file is obeyed), every argument a
// literal, git's first one a read-only sub-command, its options from a list that only prints, nothing set on
// the command (no `current_dir`, no `env`), and the expression ends in `.output()` or `.status()`. Such an
// expression, and `use std::process::{Command, Stdio}`, are taken out of the text before the spawn check
// (hook-runner-cargo-build.ts); any other spelling (a `Command` held in a variable, a computed argument) is left in
// it, so the script stays unmodelled (fail closed).

// Rust's comments, raw strings, strings and character literals, in the order they start.
export const TOKENS = /\/\/[^\n]*|\/\*[\s\S]*?\*\/|b?r(#*)"[\s\S]*?"\1|b?"(?:\\.|[^"\\])*"|b?'(?:\\.|[^'\\])'/g;
const STRING = String.raw`"[^"\\\n]*"`;
const LIST = String.raw`&?(?:vec!)?\[\s*(?:${STRING}\s*,\s*)*(?:${STRING}\s*)?\]`;
const STDIO = String.raw`\.\s*std(?:out|err|in)\s*\(\s*(?:(?:std\s*::\s*)?process\s*::\s*)?Stdio\s*::\s*(?:piped|null|inherit)\s*\(\s*\)\s*\)`;
// The compiler cargo runs, as a build script is told it (`env::var_os("RUSTC")`: friction 19 Left 5, the pattern of
// serde's, anyhow's and autocfg's probes): cargo's rustc, which the configuration reader judges (`build.rustc`,
// rustup's toolchain), so asking it `--version` is the literal `rustc` query. With `?`, `.unwrap()`, `.expect("…")`
// or a literal `"rustc"` fallback.
const FALLBACK = String.raw`(?:"rustc"(?:\s*\.\s*(?:into|to_string|to_owned)\s*\(\s*\))?|(?:OsString|String|PathBuf)\s*::\s*from\s*\(\s*"rustc"\s*\))`;
const ENV_RUSTC = String.raw`(?:(?:std\s*::\s*)?env\s*::\s*)var(?:_os)?\s*\(\s*"RUSTC"\s*\)(?:\s*\?|\s*\.\s*unwrap\s*\(\s*\)|\s*\.\s*expect\s*\(\s*${STRING}\s*\)|\s*\.\s*unwrap_or\s*\(\s*${FALLBACK}\s*\)|\s*\.\s*unwrap_or_else\s*\(\s*\|[\w\s]*\|\s*${FALLBACK}\s*\))?`;
// `let rustc = env::var_os("RUSTC")?;`: a name that holds it.
const BINDING = new RegExp(String.raw`\blet\s+(?:mut\s+)?(\w+)\s*(?::\s*[\w:<>]+\s*)?=\s*${ENV_RUSTC}\s*;`, 'g');
const QUERY = new RegExp(
  String.raw`(?:(?:std\s*::\s*)?process\s*::\s*)?Command\s*::\s*new\s*\(\s*(?:"(git|rustc)"|(${ENV_RUSTC})|&?\s*(\w+))\s*\)((?:\s*\.\s*arg\s*\(\s*${STRING}\s*\)|\s*\.\s*args\s*\(\s*${LIST}\s*\)|\s*${STDIO})*)\s*\.\s*(?:output|status)\s*\(\s*\)`,
  'g',
);
const USE = /\buse\s+std\s*::\s*process\s*::\s*(?:\{\s*(?:(?:Command|Stdio|Output|ExitStatus)\s*,?\s*)+\}|Command|Stdio|Output|ExitStatus)\s*;/g;
const GIT = new Set(['rev-parse', 'describe', 'log', 'status']);
// The options of those queries that print and do nothing else: an ALLOW-LIST (`--output` writes a file, a patch
// (`-p`, `--word-diff`) runs the textconv drivers .gitattributes selects, `--ext-diff` an external diff).
const GIT_OPTION = /^(?:--(?:short|abbrev|abbrev-ref|verify|quiet|tags|all|always|dirty|long|match|exclude|first-parent|max-count|format|pretty|oneline|date|porcelain|show-toplevel|git-dir|git-common-dir|is-inside-work-tree|show-cdup|show-prefix|symbolic-full-name|no-patch|untracked-files|branch|no-renames|no-optional-locks|candidates|contains|no-color)(?:=.*)?|-\d+|-[nsqb]|-uno|-unormal|--)$/;
// A revision or a path: no option.
const GIT_OPERAND = /^[\w.^~@{}/:%+-]+$/;
const RUSTC = new Set(['--version', '-V', '-vV', '-Vv', '--verbose', '-v']);

// Rust code without its line comments, read token by token: a `//` inside a string (`"http://x"`) is no comment
// (red team 18: cutting the line there hid a `Command::new("sh")` after it).
export const withoutComments = (text: string): string => text.replace(TOKENS, (token) => (token.startsWith('//') ? ' ' : token));

// Whether the literal arguments `args` of `program` only query.
function readOnly(program: string, args: readonly string[]): boolean {
  if (program === 'rustc') return args.length > 0 && args.every((arg) => RUSTC.has(arg));
  return GIT.has(args[0] ?? '') && args.slice(1).every((arg) => GIT_OPTION.test(arg) || (!arg.startsWith('-') && GIT_OPERAND.test(arg)));
}

// Whether `env::var` of Rust code `bare` is std's: no `env` module, `var` function or import of either from
// elsewhere (`mod env { pub fn var(…) }` would return any program).
function stdEnv(bare: string): boolean {
  const code = bare.replace(TOKENS, (token) => (token.startsWith('/*') ? ' ' : '""'));
  if (/\bmod\s+env\b|\bfn\s+var(?:_os)?\b|\bas\s+(?:env|var|var_os)\b/.test(code)) return false;
  return [...code.matchAll(/\buse\s+([^;]*);/g)].every(([, path]) => /^(?:::)?std\s*::/.test(path!) || !/\b(?:env|var|var_os)\b/.test(path!));
}

// The names bound once to cargo's rustc (BINDING) and used for nothing but `Command::new(name)`: a name bound again,
// assigned, passed or taken as a parameter may hold any program, so it is not one.
function rustcNames(bare: string): Set<string> {
  const words = bare.replace(TOKENS, (token) => (token.startsWith('/*') ? ' ' : '""'));
  const names = new Set<string>();
  for (const [, name] of bare.matchAll(BINDING)) {
    const uses = (pattern: string): number => words.match(new RegExp(pattern, 'g'))?.length ?? 0;
    const calls = uses(String.raw`Command\s*::\s*new\s*\(\s*&?\s*${name}\s*\)`);
    if (uses(String.raw`\b${name}\b`) === 1 + calls && uses(String.raw`\blet\s+(?:mut\s+)?${name}\b`) === 1) names.add(name!);
  }
  return names;
}

// `text` with comments removed and the allowed query expressions and imports taken out; string contents blanked, so
// that a message ("failed to run Command") is not read as a spawn.
export function withoutQueries(text: string): string {
  const bare = withoutComments(text);
  const std = stdEnv(bare);
  const held = std ? rustcNames(bare) : new Set<string>();
  const kept = bare.replace(QUERY, (all, literal: string | undefined, env: string | undefined, name: string | undefined, chain: string) => {
    const program = literal ?? ((env !== undefined && std) || (name !== undefined && held.has(name)) ? 'rustc' : undefined);
    const args = [...chain.replace(new RegExp(STDIO, 'g'), '').matchAll(/"([^"\\\n]*)"/g)].map((found) => found[1]!);
    return program !== undefined && readOnly(program, args) ? ' ' : all;
  });
  return kept.replace(USE, ' ').replace(TOKENS, (token) => (token.startsWith('/*') ? token : token.startsWith('b') || token.startsWith('r') ? token.replace(/"[\s\S]*"/, '""') : token.startsWith('"') ? '""' : token));
}
