// How the programs cargo starts read an environment variable, by its NAME (issue 26, red team 19 F6, friction 19
// Left 4): cargo's `[env]` table sets variables for every process it runs (build scripts, rustc and the linker it
// drives, `cargo run`/`cargo test` binaries: the Cargo book, "Configuration", `[env]`), and a build script's
// `cargo:rustc-env=NAME=VALUE` sets one for rustc and the binaries cargo runs. A value matters only when a program
// reads that name as a program, options or a path to load; so this is a DENY-LIST of the names read as code, and
// every other name is data (`SQLX_OFFLINE`, `GIT_HASH`, `DATABASE_URL`): its value is free unless it is spelled
// like a path (then that path is obeyed, hook-runner-cargo-env.ts). A computed value (`{}`) of a name in the list
// is not understood; of any other name, it is data.
import { isHijackVariable } from '../shell/danger-variables.js';
import { isLoaderVariable } from './obeyed-env.js';

export type EnvKind =
  // rustc's words (cargo's own flag variables, read by build scripts that run rustc: autocfg).
  | 'rustc'
  // The C compiler driver's words (cc/cmake/bindgen read CFLAGS, CXXFLAGS, LDFLAGS, BINDGEN_EXTRA_CLANG_ARGS ...).
  | 'cc'
  // A program and its words (CC, AR, PROTOC, RUSTC_WRAPPER, a `*_LINKER`); cargo's and rustc's own names too.
  | 'program'
  // A loader's or a hijacking variable (obeyed-env.ts's table, shell/danger-variables.ts: PATH, LD_PRELOAD, HOME,
  // PYTHONPATH, NODE_OPTIONS ...): each entry names what a program loads by name, even `.`, the whole folder.
  | 'loader'
  // A folder or file a build script reads libraries, headers or configuration from (OPENSSL_DIR, *_LIB_DIR).
  | 'paths'
  | 'data';

const RUSTC = /^(?:RUSTFLAGS|RUSTDOCFLAGS|CARGO_ENCODED_RUSTFLAGS|CARGO_ENCODED_RUSTDOCFLAGS|CARGO_BUILD_RUSTFLAGS|CARGO_BUILD_RUSTDOCFLAGS|CARGO_TARGET_\w+_RUSTFLAGS)$/;
// `CFLAGS`, `CFLAGS_x86_64_unknown_linux_gnu`, `TARGET_CXXFLAGS`; any other options variable is read as the driver's
// words too (an option it does not know: not understood).
const CC = /FLAGS(?:_[\w-]+)?$|^BINDGEN_EXTRA_CLANG_ARGS|_(?:ARGS|OPTIONS|OPTS)$/;
// The cc, cmake, pkg-config, bindgen, prost-build, pyo3 crates' programs (`CC`, `TARGET_CC`, `CC_x86_64_…`), any
// `*_LINKER`-like name, and every name of cargo and rustc (RUSTC_WRAPPER, RUSTC_BOOTSTRAP, CARGO_*: read by cargo's
// tools, proc macros and build scripts as programs and paths).
const PROGRAM = new RegExp(
  String.raw`^(?:(?:TARGET|HOST)_)?(?:CC|CXX|CPP|AR|LD|AS|RANLIB|NM|STRIP|OBJCOPY|OBJDUMP|WINDRES|RC|NVCC|PROTOC|CMAKE|MAKE|NINJA|PKG_CONFIG|LLVM_CONFIG|CLANG|PYTHON|PYO3_PYTHON|PERL|NASM|YASM|SWIG|JAVA|JAVAC|GO|NODE|SHELL|SCCACHE|CCACHE)(?:_[\w-]+)?$` +
    String.raw`|^(?:RUSTC|RUSTDOC|RUSTFMT|CARGO|CLIPPY)(?:_\w*)?$|_(?:LINKER|RUNNER|WRAPPER|COMMAND|CMD|EXE|EXECUTABLE|BIN|BINARY|PROGRAM|COMPILER|INTERPRETER|TOOL)$`,
);
const PATHS = /(?:^|_)(?:PATH|DIR|DIRS|HOME|ROOT|PREFIX|SYSROOT|FILE|FILES|CONFIG|INCLUDE|LIB|LIBS)$/;

export function envKind(name: string): EnvKind {
  if (RUSTC.test(name)) return 'rustc';
  if (isLoaderVariable(name) || isHijackVariable(name)) return 'loader';
  if (CC.test(name)) return 'cc';
  if (PROGRAM.test(name)) return 'program';
  if (PATHS.test(name)) return 'paths';
  return 'data';
}

// A build stamp's name (`RUSTC_VERSION`, `CARGO_GIT_HASH`): a value embedded with `env!`, read as code by nothing.
const STAMP = /_(?:HASH|COMMIT|SHA|REV|REVISION|VERSION|DESCRIBE|DATE|TIMESTAMP|BRANCH|TAG)$/;

// Whether a value only known when the build script runs (`cargo:rustc-env=NAME={}`) may change what runs. It reaches
// rustc, the linker rustc drives and the binaries cargo runs, not build scripts: git's own names (`GIT_HASH`) reach
// only git, which neither rustc nor the linker runs (a test binary that runs it is the project's code, free like
// its sources); a stamp's name is data even under cargo's and rustc's prefixes.
export function computedReadsAsCode(name: string): boolean {
  const kind = envKind(name);
  if (kind === 'data') return false;
  if (isLoaderVariable(name)) return true;
  if (kind === 'loader' && /^GIT_/.test(name)) return false;
  return !(kind === 'program' && /^(?:RUSTC|CARGO)_/.test(name) && STAMP.test(name));
}
