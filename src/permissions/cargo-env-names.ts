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
import { optionVariables } from '../shell/option-variables.js';

export type EnvKind =
  // rustc's words (cargo's own flag variables, read by build scripts that run rustc: autocfg).
  | 'rustc'
  // The C compiler driver's words (cc/cmake/bindgen read CFLAGS, CXXFLAGS, LDFLAGS, BINDGEN_EXTRA_CLANG_ARGS ...).
  | 'cc'
  // make's words (MAKEFLAGS).
  | 'make'
  // A program and its words (CC, AR, PROTOC, RUSTC_WRAPPER, a `*_LINKER`); cargo's and rustc's own names too.
  | 'program'
  // A loader's or a hijacking variable (obeyed-env.ts's table, shell/danger-variables.ts: PATH, LD_PRELOAD, HOME,
  // PYTHONPATH, NODE_OPTIONS ...): each entry names what a program loads by name, even `.`, the whole folder.
  | 'loader'
  // A folder or file a build script reads libraries, headers or configuration from (OPENSSL_DIR, *_LIB_DIR).
  | 'paths'
  | 'data';

const RUSTC = /^(?:RUSTFLAGS|RUSTDOCFLAGS|CARGO_ENCODED_RUSTFLAGS|CARGO_ENCODED_RUSTDOCFLAGS|CARGO_BUILD_RUSTFLAGS|CARGO_BUILD_RUSTDOCFLAGS|CARGO_TARGET_\w+_RUSTFLAGS)$/;
// The option variables a program cargo's build runs reads as the C driver's, assembler's or archiver's words (the
// cc crate: `CFLAGS`, `CFLAGS_x86_64_unknown_linux_gnu`, `TARGET_CXXFLAGS`, ARFLAGS; cmake's and the linker driver's
// LDFLAGS; bindgen's clang arguments); make's (the LTO wrapper gcc runs starts make) are MAKE below. Any other name
// (`TEST_ARGS`, `JAVA_OPTS`, `MY_FLAGS`: cargo22 row 2) is read by no program of the build codeward models: a build
// script or proc macro of the tree that reads it and runs something is unmodelled (it spawns), and the binaries
// cargo runs are the project's code like its sources. So it is data: an option-looking value is free, a word
// holding a slash is still obeyed (hook-runner-cargo-flags.ts envWords).
const CC = /^(?:(?:HOST|TARGET)_)?(?:C|CXX|CPP|LD|AS|ASM|AR|RANLIB|CUDA|NVCC|OBJC|OBJCXX|F|FC)FLAGS(?:_[\w-]+)?$|^BINDGEN_EXTRA_CLANG_ARGS(?:_[\w-]+)?$/;
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
  // make's option variables (its row: shell/parse-launch-program-rows.ts), and cargo's own copy of MAKEFLAGS.
  if (name === 'CARGO_MAKEFLAGS' || optionVariables('make').includes(name)) return 'make';
  // prost-build's include folder for protoc (read for .proto files), an activated Python environment (pyo3's build
  // probe runs its interpreter): folders, not programs.
  if (name === 'PROTOC_INCLUDE' || name === 'VIRTUAL_ENV') return 'paths';
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
