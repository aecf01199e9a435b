// perl's ways to reach code by a name or text only known at run time (parse-inline.ts DYNAMIC_APIS; a LEAF: it
// imports nothing). Native code (DynaLoader, FFI), eval, `do FILE`, a sub by a symbolic name (`&{"…"}`, `&$n`,
// UNIVERSAL::can, `->can`), a method only known at run time (`IO::File->$m(…)`: fix66), and (red team R45-b11,
// R46-3): a code reference called (`$n->(…)` where $n may be a string naming any sub, `${\ (…)}->(…)`,
// `("File::Path::rm"."tree")->(…)`, `*{…}{CODE}->(…)`), a glob by name (`*{"…"}`), a typeglob assignment (`*x =
// "POSIX::sys"."tem"`, `local *x = $::{…}`: `x(…)` then calls what the value names), a symbol-table entry by name
// (`$::{…}`, `$File::Path::{…}`) and %SIG, whose handlers may be sub NAMES perl calls (`$SIG{__DIE__} = "…"`).
// (The s///ee flag, an eval of the replacement's value, is marked `eval` by code-spans.ts: R45-b4.)
export const PERL_DYNAMIC = new RegExp(
  [
    String.raw`\bDynaLoader\b|\bdl_load_file\b|\bFFI::|\beval\b|\bdo\s*[{'"$]|(?<![&\w])&\s*[{$]|\bsyscall\b|\bUNIVERSAL::can\b|->can\b|->\s*[$&(]`,
    String.raw`(?<![\w$@%)\]}])\*\s*\{`,
    String.raw`(?:^|[;{(,=]|\b(?:local|our|my)\b)\s*\*\s*(?:[\w:]+|\$\w+)\s*=(?![=~])`,
    String.raw`::\s*\{|[$%@]\s*(?:main)?(?:::)?SIG\b`,
  ].join('|'),
);
