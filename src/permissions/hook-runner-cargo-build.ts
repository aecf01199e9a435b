// A build script cargo compiles and runs before the package (issue 26, red team F1; red team R14-14 broke a list of
// file kinds). The Cargo book, "Build Scripts": `build.rs` at the package root unless `[package] build` names another
// file (`build = false`: none); it runs with the package's folder as its working folder and may run any program. So:
// - ALLOW-LIST of what it may use: a build script that spawns programs itself (std::process, `Command`, a shell
//   crate; but a literal git/rustc query: hook-runner-cargo-queries.ts) or has a registry build-dependency codeward does not know is not followed: the line is unmodelled;
// - its module files (`mod x;` -> x.rs, x/mod.rs, x/**; `#[path = "…"]`) are obeyed, one level (deeper: unmodelled);
// - what it includes literally (`include!`, `include_str!`, `concat!(env!("CARGO_MANIFEST_DIR"), "/…")`) is obeyed,
//   another spelling is unmodelled (`OUT_DIR` is the build output, obeyed whole);
// - every text literal that looks like a path (`.file("src/native.c")`, `rerun-if-changed=proto/x.proto`) is obeyed,
//   a folder whole: what the generated code is made from.
import { dirname, join, relative, resolve } from 'node:path';
import { directive } from './hook-runner-cargo-flags.js';
import { argument, builderOptions } from './hook-runner-cargo-builder.js';
import { computedLine, folded, inlined, literalLines } from './hook-runner-cargo-literals.js';
import { obeyNamed } from './hook-runner-paths.js';
import { crateReads, ROW_CRATES } from './hook-runner-cargo-crates.js';
import { obeyEnvironment } from './hook-python-sites.js';
import { withoutComments, withoutQueries } from './hook-runner-cargo-queries.js';
import { inside } from './hook-spelling.js';
import { read, stats, type Walk } from './hook-walk.js';

// Build-dependencies that generate code or probe the compiler from what the script names literally, and run no
// program of the work tree (cc, bindgen and prost-build run the C compiler / protoc found on PATH).
export const BUILD_CRATES = new Set([
  'cc', 'autocfg', 'rustc_version', 'rustc-version', 'version_check', 'pkg-config', 'vcpkg', 'prost-build', 'tonic-build', 'bindgen', 'built', 'vergen',
  'cfg_aliases', 'embed-resource', 'winres', 'winresource', 'serde', 'serde_json', 'toml', 'anyhow', 'glob', 'walkdir', 'regex', 'once_cell', 'lazy_static',
  ...ROW_CRATES, 'heck', 'quote', 'syn', 'proc-macro2', 'darling', 'proc-macro-crate', 'proc-macro-error', 'proc-macro-error2', 'synstructure', 'convert_case', 'prettyplease', 'unicode-ident', 'itertools', 'indexmap', 'paste', 'strsim', 'chrono', 'semver', 'phf_codegen', 'phf', 'thiserror', 'cfg-if', 'rustversion', 'target-lexicon', 'dunce',
]);
// What spawns or loads a program: std's process module, its `Command`, shell and exec crates, dynamic loading;
// and what makes an allow-listed crate run another program (cc's `.compiler()`/`.archiver()`, prost-build's
// `protoc_executable`, an environment variable set for them: PROTOC, LIBCLANG_PATH, CC).
const RUNS = /\b(?:process|Command|spawn|exec[lvp]?e?|cmd|duct|xshell|run_script|libloading|dlopen|system|set_var|compiler|archiver|protoc_executable|capnp_executable)\b/;
// `mod x;` and an inline `mod x { … }` (whose own `mod y;` is x/y.rs): x.rs and the folder x/ are obeyed either way.
const MOD = /^\s*(?:#\[[^\]]*\]\s*)*(?:pub(?:\([^)]*\))?\s+)?mod\s+(\w+)\s*[;{]/gm;
const PATH_ATTR = /#\s*\[\s*path\s*=\s*"([^"]+)"\s*\]/g;
const INCLUDE = /\binclude(_str|_bytes)?!\s*\(/g;

// The word by which Rust code `text` spawns or loads a program, if any (comments left out).
export const runsPrograms = (text: string): string | undefined => RUNS.exec(withoutComments(text))?.[0];

// The `concat!` forms `includes` reads (a path below the package or the build output): no directive.
const INCLUDE_CONCAT = /^concat!\s*\(\s*env!\s*\(\s*"(?:CARGO_MANIFEST_DIR|OUT_DIR)"\s*\)\s*,\s*"[^"\\]*"\s*\)/;
const FILELIKE = /^[\w@.+-]+(?:\/[\w@.+-]+)*\.[A-Za-z][\w]{0,7}$/;

// The file an include macro's argument `arg` names (in `folder`, of the package in `dir`): a literal (relative to the
// file), `concat!(env!("CARGO_MANIFEST_DIR"), "/…")` (to the package); 'out' for the build output (`OUT_DIR`,
// obeyed whole); undefined for any other spelling.
export function includedPath(arg: string, folder: string, dir: string): string | 'out' | undefined {
  const literal = /^"([^"]+)"$/.exec(arg);
  const manifest = /^concat!\s*\(\s*env!\s*\(\s*"CARGO_MANIFEST_DIR"\s*\)\s*,\s*"([^"]+)"\s*\)$/.exec(arg);
  if (literal) return resolve(folder, literal[1]!);
  if (manifest) return join(dir, manifest[1]!);
  return /^concat!\s*\(\s*env!\s*\(\s*"OUT_DIR"\s*\)\s*,\s*"[^"]*"\s*\)$/.test(arg) ? 'out' : undefined;
}

// The files `include!`, `include_str!`, `include_bytes!` name in `text` (a file in `folder` of the package in `dir`),
// and among them the Rust source `include!` pastes in (`code`); `unknown`: the first other spelling.
export function includes(text: string, folder: string, dir: string): { paths: string[]; code: string[]; unknown?: string } {
  const paths: string[] = [];
  const code: string[] = [];
  for (const found of text.matchAll(INCLUDE)) {
    const arg = argument(text, found.index + found[0].length);
    const path = includedPath(arg, folder, dir);
    if (path === undefined) return { paths, code, unknown: `${found[0]}${arg})` };
    if (path === 'out') continue;
    paths.push(path);
    if (found[1] === undefined) code.push(path);
  }
  return { paths, code };
}

// Why the build script `script` of the package in `dir` is not followed, or undefined; obeys what it is made of and names.
export function buildScript(walk: Walk, dir: string, script: string): string | undefined {
  walk.files.add(script);
  const texts: { path: string; text: string }[] = [];
  const add = (path: string): void => {
    const text = read(walk, path);
    if (text !== undefined && !texts.some((one) => one.path === path)) texts.push({ path, text });
  };
  add(script);
  const root = texts[0]?.text ?? '';
  for (const found of root.matchAll(MOD)) {
    const base = join(dirname(script), found[1]!);
    walk.files.add(`${base}.rs`);
    walk.files.add(base);
    add(`${base}.rs`);
    add(join(base, 'mod.rs'));
  }
  for (const found of root.matchAll(PATH_ATTR)) {
    walk.files.add(resolve(dirname(script), found[1]!));
    add(resolve(dirname(script), found[1]!));
  }
  for (const { path, text } of texts) {
    const at = relative(walk.top, path);
    if (path !== script && (new RegExp(MOD.source, 'm').test(text) || new RegExp(PATH_ATTR.source).test(text))) return `${at} (a build script module with modules of its own)`;
    // git/rustc queries with literal arguments are followed (red team 18 F1: hook-runner-cargo-queries.ts).
    const runs = runsPrograms(withoutQueries(text));
    if (runs !== undefined) return `${at} (a build script that runs programs: \`${runs}\`)`;
    // A compiler option given through cc's builder (R18-15): read, or unmodelled when computed.
    const options = builderOptions(text);
    if (options.unknown !== undefined) return `${at} (\`${options.unknown}\`: a compiler option codeward cannot read)`;
    for (const named of options.paths) obeyNamed(walk, named, [dir, walk.top]);
    const included = includes(text, dirname(path), dir);
    for (const file of included.paths) walk.files.add(file);
    if (included.unknown !== undefined) return `${at} (\`${included.unknown}\`: an include codeward cannot resolve)`;
    // `include!` pastes more build-script source in (R20-18): read as the script's own text, which it is.
    for (const file of included.code) {
      if (!inside(walk.top, file)) return `${at} (\`include!\` of ${file}: build-script source outside the work tree)`;
      add(file);
    }
    // `include_str!`/`include_bytes!` are the file's text as a literal (R20-18: `print!(include_str!("d.txt"))`
    // prints its lines as directives): read as that literal; a file not read stays a macro (a format no literal shows).
    const made = folded(
      inlined(text, (arg) => {
        const file = includedPath(arg, dirname(path), dir);
        return file === undefined || file === 'out' || !inside(walk.top, file) ? undefined : read(walk, file);
      }),
      INCLUDE_CONCAT,
    );
    if (made.unknown !== undefined) return `${at} (\`${made.unknown}\`: text assembled at compile time, which may be a directive)`;
    const computed = computedLine(made.text);
    if (computed !== undefined) return `${at} (\`${computed}\`: a printed line whose start is computed, which may be a directive)`;
    // What a modelled build-dependency crate reads (F2, F3): its own rows, in place of the generic literal reading.
    const crates = crateReads(text, dir, walk.top, (file) => (inside(walk.top, file) ? read(walk, file) : undefined));
    if (crates.unknown !== undefined) return `${at} (\`${crates.unknown}\`: what a build-dependency crate reads is computed)`;
    for (const file of crates.files) if (inside(walk.top, file)) walk.files.add(file);
    for (const glob of crates.globs) if (inside(walk.top, glob)) walk.globs.add(glob);
    for (const env of crates.envs) obeyEnvironment(walk, env);
    for (const line of literalLines(made.text).filter((one) => !crates.skip.has(one))) {
      // A compiler or linker option a directive passes names folders and programs without a slash (R18-4):
      // obeyed from the package and from the top (where rustc and the linker run for a workspace member).
      const named = directive(line);
      if (named?.unknown !== undefined) return `${at} (\`${named.unknown}\`: a build-script directive codeward cannot read)`;
      for (const path of named?.paths ?? []) obeyNamed(walk, path, [dir, walk.top]);
      const value = line.replace(/^cargo::?[\w-]+=(?:[\w-]+=)?/, '');
      const path = resolve(dir, value);
      if (!inside(walk.top, path) || value.includes('{')) continue;
      if (FILELIKE.test(value) || (value.includes('/') && stats(path) !== undefined)) walk.files.add(path);
    }
  }
  return undefined;
}
