// What the common build-dependency crates read (issue 26, red team 20 F2/F3): each ROW names the Rust path of a crate
// a build script calls, the calls whose arguments name what it reads (each argument a literal, else the script is
// unmodelled: fail closed), and what it reads from the package. The generic literal loop of
// hook-runner-cargo-build.ts obeys every path-like literal, a folder whole; a row replaces that for the literals it
// reads itself (`skip`): protoc's include folders are read for `.proto` files only (prost-build's documented
// `compile_protos(&["src/items.proto"], &["src/"])` keeps src/*.rs free), cxx's bridge files are the crate's own
// sources (read to generate C++ that is compiled into the crate), a C compiler's `-I` folder is read for headers.
// cmake is no row: its CMakeLists.txt runs code (a build-dependency outside BUILD_CRATES is unmodelled).
import { join, resolve } from 'node:path';
import { argument } from './hook-runner-cargo-builder.js';
import { TOKENS } from './hook-runner-cargo-queries.js';
import { protocReads } from './protoc-imports.js';

interface Row {
  // The Rust path of the crate (`prost_build::…`); the row applies when the script's code mentions it.
  readonly path: RegExp;
  // The calls (functions and builder methods) whose arguments must be literals.
  readonly calls: readonly string[];
  // What the crate reads from the package in `dir` (work tree `top`), given the literal arguments of each call;
  // `read`: a work-tree file's text (through the hook walk), undefined when missing.
  readonly reads: (dir: string, top: string, calls: readonly Call[], read: Read) => Partial<Reads>;
}
type Read = (path: string) => string | undefined;
interface Call {
  readonly name: string;
  // Each top-level argument's string literals.
  readonly args: readonly string[][];
}
export interface Reads {
  files: string[];
  globs: string[];
  // Literal values the rows read themselves: the generic loop does not obey them again.
  skip: Set<string>;
  // Python environments (may hold `*`) whose interpreter runs: their site-packages obeyed.
  envs: string[];
  unknown?: string;
}

const HEADERS = '**/*.{h,hh,hpp,hxx,h++,inc,inl,ipp,tcc,tpp}';
const all = (calls: readonly Call[], names: readonly string[], at: (args: readonly string[][]) => readonly string[] | undefined): string[] =>
  calls.filter((call) => names.includes(call.name)).flatMap((call) => [...(at(call.args) ?? [])]);

export const ROWS: readonly Row[] = [
  // prost-build / tonic-build run protoc (found on PATH; PROTOC is cargo-env-names.ts's) on the named .proto files
  // with the include folders (the last list) as its import path: protoc reads .proto files there, and whatever file
  // an `import` names, by any name (protoc-imports.ts, cargo22 row 5).
  {
    path: /\b(?:prost_build|tonic_build|tonic_prost_build)\s*::/,
    calls: ['compile_protos', 'compile', 'compile_with_config', 'compile_protos_with_config', 'include_file', 'protoc_arg', 'out_dir', 'file_descriptor_set_path'],
    reads: (dir, _top, calls, read) => {
      const compiles = ['compile_protos', 'compile', 'compile_with_config', 'compile_protos_with_config'];
      const folders = all(calls, compiles, (args) => (args.length >= 2 ? args[args.length - 1] : undefined));
      const protos = all(calls, compiles, (args) => (args.length >= 2 ? args[args.length - 2] : args[0]));
      const imported = protocReads(dir, protos, folders.map((one) => resolve(dir, one)), read);
      // protoc's own options: `--plugin=` runs a program, `--descriptor_set_in` reads one; an ALLOW-LIST.
      const option = all(calls, ['protoc_arg'], (args) => args.flat()).find((one) => !/^--experimental_allow_proto3_optional$/.test(one));
      const unknown = option === undefined ? imported.unknown : `protoc_arg("${option}")`;
      return { files: imported.files, globs: folders.map((one) => join(resolve(dir, one), '**/*.proto')), skip: new Set(folders), ...(unknown === undefined ? {} : { unknown }) };
    },
  },
  // cxx-build reads the bridge modules (crate sources: left free) and compiles the generated C++ with the named
  // files; `.include()` is `-I` (headers). Its other options are cc's builder (hook-runner-cargo-builder.ts).
  {
    path: /\bcxx_build\s*::/,
    calls: ['bridge', 'bridges', 'file', 'files', 'include', 'includes', 'std'],
    reads: (dir, _top, calls) => {
      const folders = all(calls, ['include', 'includes'], (args) => args.flat());
      return { globs: folders.map((one) => join(resolve(dir, one), HEADERS)), skip: new Set([...all(calls, ['bridge', 'bridges'], (args) => args.flat()), ...folders]) };
    },
  },
  // slint-build compiles the named .slint file and what it imports (other .slint files, by relative path).
  { path: /\bslint_build\s*::/, calls: ['compile', 'compile_with_config', 'with_include_paths', 'with_library_paths', 'with_style'], reads: (_dir, top) => ({ globs: [join(top, '**/*.slint')] }) },
  // uniffi generates scaffolding from the named .udl file (a literal the generic loop obeys) and uniffi.toml.
  { path: /\buniffi(?:_build)?\s*::/, calls: ['generate_scaffolding', 'generate_scaffolding_for_crate'], reads: (dir) => ({ files: [join(dir, 'uniffi.toml')] }) },
  // capnpc runs `capnp compile` (on PATH; `capnp_executable` is a spawn: hook-runner-cargo-build.ts) on .capnp files.
  { path: /\bcapnpc\s*::/, calls: ['file', 'src_prefix', 'import_path', 'output_path', 'default_parent_module'], reads: (_dir, top) => ({ globs: [join(top, '**/*.capnp')] }) },
  // lalrpop generates parsers from the .lalrpop files below the package (process_root: src/).
  { path: /\blalrpop\s*::/, calls: ['process_root', 'process_src', 'process_dir', 'process_file', 'set_in_dir', 'set_out_dir'], reads: (_dir, top) => ({ globs: [join(top, '**/*.lalrpop')] }) },
  // glib-compile-resources (on PATH) packs the files the resource XML lists from the source folders (obeyed whole).
  { path: /\bglib_build_tools\s*::/, calls: ['compile_resources'], reads: (dir, _top, calls) => ({ files: all(calls, ['compile_resources'], (args) => args[0]).map((one) => resolve(dir, one)) }) },
  // tauri-build reads the Tauri configuration (every platform's), the capabilities and permissions (ACL) and icons.
  {
    path: /\btauri_build\s*::/,
    calls: ['build', 'try_build'],
    reads: (dir) => ({
      files: ['tauri.conf.json', 'tauri.conf.json5', 'Tauri.toml', 'capabilities', 'permissions', 'icons'].map((one) => join(dir, one)),
      globs: ['tauri.*.conf.json', 'tauri.*.conf.json5', 'Tauri.*.toml'].map((one) => join(dir, one)),
    }),
  },
  // napi-build prints link arguments only.
  { path: /\bnapi_build\s*::/, calls: ['setup'], reads: () => ({}) },
  { path: /\bpyo3_build_config\s*::/, calls: [], reads: (dir, top) => pythonProbe(dir, top) },
];

// pyo3-build-config runs the Python interpreter (PYO3_PYTHON, else VIRTUAL_ENV's or CONDA_PREFIX's when one is
// active: an environment of the tree, pixi's among them; else `python3` on PATH), which reads pyvenv.cfg and runs its
// site-packages' .pth files at start. Its own build script does this for every crate depending on pyo3 (cargo22 row 4,
// hook-runner-cargo.ts), and so does a build script calling it.
export function pythonProbe(dir: string, top: string): Pick<Reads, 'globs' | 'envs'> {
  const envs = [...new Set([dir, top])].flatMap((base) => [join(base, '*'), join(base, '.pixi/envs/*')]);
  return { globs: envs.flatMap((env) => [join(env, 'pyvenv.cfg'), join(env, 'bin/python*'), join(env, 'Scripts/python*')]), envs };
}

// The crates whose own build script runs pyo3-build-config's probe (pyo3 itself, its FFI crate, the config crate).
export const PYO3_CRATES = new Set(['pyo3', 'pyo3-ffi', 'pyo3-build-config']);

// The build-dependency crates the rows model (added to BUILD_CRATES).
export const ROW_CRATES = ['tonic-prost-build', 'cxx-build', 'slint-build', 'uniffi', 'uniffi_build', 'capnpc', 'lalrpop', 'glib-build-tools', 'tauri-build', 'napi-build', 'pyo3-build-config'];

const CRATE_PATHS = /^(?:prost_build|tonic_build|tonic_prost_build|cxx_build|slint_build|uniffi|uniffi_build|capnpc|lalrpop|glib_build_tools|tauri_build|napi_build|pyo3_build_config)$/;
const STRING = /b?r(#*)"[\s\S]*?"\1|b?"((?:\\.|[^"\\])*)"/g;

// The first part of call argument `arg` that is not built from literals (a variable, a macro, a closure, a
// function's result the script computes), or undefined: paths (`PathBuf::from("…")`), builder chains, Some/None/true/false and
// `vec![…]` of literals are literal.
// `own`: the functions the script defines (`impl P { fn d() }`: `P::d()` computes its value like `d()` does).
export function notLiteral(arg: string, own: ReadonlySet<string> = new Set()): string | undefined {
  const code = arg.replace(STRING, '""').replace(/\bvec!\s*\[/g, '[');
  if (/[|{}!$#]/.test(code)) return code.match(/[|{}!$#]/)![0];
  for (const found of code.matchAll(/\b[A-Za-z_]\w*\b/g)) {
    const name = found[0];
    const before = /(\.|::)\s*$/.exec(code.slice(0, found.index))?.[1];
    const after = /^\s*(::|\()/.exec(code.slice(found.index + name.length))?.[1];
    if (/^(?:Some|None|true|false)$/.test(name) || /^\d/.test(name)) continue;
    if (after === '::' && before !== '.') continue;
    // A method, or an associated function of a type or of a row's crate (`Attributes::new`, `prost_build::compile_protos`);
    // a function of the script's own (`crate::dir()`, `dir()`) computes its value.
    const owner = /(\w+)\s*::\s*$/.exec(code.slice(0, found.index))?.[1] ?? '';
    if (after === '(' && own.has(name)) return name;
    if (after === '(' && (before === '.' || (before === '::' && (/^[A-Z]/.test(owner) || CRATE_PATHS.test(owner))))) continue;
    if (/^[A-Z][a-z]/.test(name)) continue;
    return name;
  }
  return undefined;
}

// The top-level arguments of argument list `arg`, each as its string literals.
function split(arg: string): string[][] {
  const parts: string[] = [];
  let depth = 0;
  let from = 0;
  const mask = arg.replace(TOKENS, (token) => ' '.repeat(token.length));
  for (let i = 0; i < mask.length; i++) {
    if ('([{'.includes(mask[i]!)) depth++;
    else if (')]}'.includes(mask[i]!)) depth--;
    else if (mask[i] === ',' && depth === 0) {
      parts.push(arg.slice(from, i));
      from = i + 1;
    }
  }
  if (arg.slice(from).trim() !== '') parts.push(arg.slice(from));
  return parts.map((part) => [...part.matchAll(STRING)].map((one) => one[2] ?? one[0].replace(/^b?r#*"|"#*$/g, '')));
}

// What the rows read in build-script code `text` (comments left out) of the package in `dir`.
export function crateReads(text: string, dir: string, top: string, read: Read = () => undefined): Reads {
  const reads: Reads = { files: [], globs: [], skip: new Set(), envs: [] };
  const code = text.replace(TOKENS, (token) => (token.startsWith('//') || token.startsWith('/*') ? ' ' : token));
  const mask = code.replace(TOKENS, (token) => ' '.repeat(token.length));
  const defined = new Set([...mask.matchAll(/\bfn\s+(\w+)/g)].map((found) => found[1]!));
  for (const row of ROWS) {
    if (!row.path.test(mask)) continue;
    const calls: Call[] = [];
    for (const found of mask.matchAll(new RegExp(String.raw`(?:\.|::|\b)\s*(${row.calls.join('|') || '$^'})\s*\(`, 'g'))) {
      const arg = argument(code, found.index + found[0].length);
      const bad = notLiteral(arg, defined);
      if (bad !== undefined) {
        reads.unknown ??= `${found[1]}(${arg.slice(0, 60)}): \`${bad}\` is not a literal`;
        continue;
      }
      calls.push({ name: found[1]!, args: split(arg) });
    }
    const own = row.reads(dir, top, calls, read);
    reads.files.push(...(own.files ?? []));
    reads.globs.push(...(own.globs ?? []));
    reads.envs.push(...(own.envs ?? []));
    for (const one of own.skip ?? []) reads.skip.add(one);
    if (own.unknown !== undefined) reads.unknown ??= own.unknown;
  }
  return reads;
}
