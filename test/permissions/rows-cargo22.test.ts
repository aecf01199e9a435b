// Issue 26, the Rust leftovers of stop 46 (cargo22): cargo's `[env]` values found where their readers run (a
// `relative` value joined whole to the folder holding `.cargo`, a plain one from every folder a build script, rustc
// or a binary runs in), the option variables no program of the build reads left free (F6), and protoc's imports of
// any name. Each row: a real repository, with no hook (the person's own cargo, the real binary under --yes) or a
// real pre-commit hook running cargo (the engine under --yes); C241 = asked, bytes unchanged.
import { describe, expect, it } from 'vitest';
import { cliWritten } from './cli-write.js';
import { checkHookRow, rowPlace } from './hook-check.js';

const place = rowPlace('cw-cargo22-');
const PKG = '[package]\nname = "app"\nversion = "0.1.0"\nedition = "2021"\n';
const CRATE = { 'Cargo.toml': PKG, 'src/lib.rs': 'pub fn a() {}\n' };
const MEMBERS = { 'Cargo.toml': '[workspace]\nmembers = ["crates/foo"]\n', 'crates/foo/Cargo.toml': PKG, 'crates/foo/src/lib.rs': 'pub fn a() {}\n' };
const CC_BUILD = { 'crates/foo/Cargo.toml': `${PKG}\n[build-dependencies]\ncc = "1"\n`, 'crates/foo/build.rs': 'fn main() { cc::Build::new().file("native/x.c").compile("x"); }\n' };
const written = (files: Record<string, string>, file: string): Promise<string> => cliWritten(place.base, files, file);
const row = (hook: string, files: Record<string, string>, asks: string[], free: string[]): Promise<void> => checkHookRow(place.next(), place.home, { hook, files, asks, free, content: '// ok\n' });

describe('row 1: an [env] value is found where the program reading it runs', () => {
  it.each([
    ['a relative PATH of two entries (joined whole, then split)', { '.cargo/config.toml': '[env]\nPATH = { value = "tools:/usr/bin", relative = true }\n' }, 'tools/cc'],
    ['a plain CC of the top configuration, read by a member\'s build script (run in the member\'s folder)', { ...MEMBERS, '.cargo/config.toml': '[env]\nCC = "tools/cc"\n' }, 'crates/foo/tools/cc'],
    ['a plain ../ name from a member folder', { ...MEMBERS, '.cargo/config.toml': '[env]\nCC = "../tools/cc"\n' }, 'crates/tools/cc'],
    ['a member\'s configuration read by the linker rustc runs in the workspace root above it', { ...MEMBERS, 'crates/foo/.cargo/config.toml': '[env]\nCOMPILER_PATH = "tools"\n' }, 'tools/ld'],
    ['a python interpreter\'s environment (PYO3_PYTHON)', { '.cargo/config.toml': '[env]\nPYO3_PYTHON = "py/bin/python3"\n' }, 'py/pyvenv.cfg'],
    ['VIRTUAL_ENV (pyo3\'s probe runs its python)', { '.cargo/config.toml': '[env]\nVIRTUAL_ENV = "py"\n' }, 'py/bin/python3'],
  ])('no hook, %s: asks', async (_name, files, file) => {
    expect(await written(files, file)).toBe('C241');
  });

  it.each([
    ['the member\'s own folder, relative (INSTA_WORKSPACE_ROOT)', { ...MEMBERS, 'crates/foo/.cargo/config.toml': '[env]\nINSTA_WORKSPACE_ROOT = { value = ".", relative = true }\nCARGO_WORKSPACE_DIR = { value = "..", relative = true }\n' }],
    ['a program by bare name and data', { ...MEMBERS, '.cargo/config.toml': '[env]\nCC = "clang"\nRUST_LOG = "debug"\nSQLX_OFFLINE = "true"\n' }],
  ])('no hook, %s: sources stay free', async (_name, files) => {
    expect(await written(files, 'crates/foo/src/a.ts')).toBe('ok');
  });

  it('a cargo hook at the top: a member\'s build script finds CC from its folder', async () => {
    await row('cargo test', { ...MEMBERS, ...CC_BUILD, '.cargo/config.toml': '[env]\nCC = "tools/cc"\n' }, ['crates/foo/tools/cc', 'tools/cc'], ['crates/foo/src/lib.rs']);
  });

  it('a hook in the member: its configuration\'s relative value is below the member', async () => {
    await row('cd crates/foo && cargo test', { ...MEMBERS, ...CC_BUILD, 'crates/foo/.cargo/config.toml': '[env]\nPATH = { value = "bin:/usr/bin", relative = true }\n' }, ['crates/foo/bin/cc'], ['crates/foo/src/lib.rs']);
  });
});

describe('row 2 (F6): option variables no program of the build reads are data', () => {
  it.each([
    ['TEST_ARGS', '[env]\nTEST_ARGS = "--nocapture"\n'],
    ['JAVA_OPTS', '[env]\nJAVA_OPTS = "-Xmx2g"\n'],
    ['MY_FLAGS', '[env]\nMY_FLAGS = "--cfg tokio_unstable -Btools"\n'],
    ['MAKEFLAGS (a job count)', '[env]\nMAKEFLAGS = "-j8"\n'],
  ])('%s: an ordinary write stays free', async (_name, text) => {
    expect(await written({ '.cargo/config.toml': text }, 'src/a.ts')).toBe('ok');
  });

  it.each([
    ['a data name\'s slashed word', '[env]\nMY_OPTS = "-fplugin=tools/x.so"\n', 'tools/x.so'],
    ['C flags stay the driver\'s words', '[env]\nCXXFLAGS = "-Btools"\n', 'tools/collect2'],
    ['make\'s file option', '[env]\nMAKEFLAGS = "-f tools/x.mk"\n', 'src/a.ts'],
  ])('%s: asks', async (_name, text, file) => {
    expect(await written({ '.cargo/config.toml': text }, file)).toBe('C241');
  });
});

const PROST = (protos: string, includes: string, extra: Record<string, string>): Record<string, string> => ({
  ...CRATE,
  'Cargo.toml': `${PKG}\n[build-dependencies]\nprost-build = "0.13"\n`,
  'build.rs': `fn main() { prost_build::compile_protos(&[${protos}], &[${includes}]).unwrap(); }\n`,
  ...extra,
});
describe('row 5: protoc reads what an import names, by any name', () => {
  it.each([
    ['an import of a .txt file', PROST('"src/items.proto"', '"src/"', { 'src/items.proto': 'syntax = "proto3";\nimport "defs.txt";\n' }), ['src/defs.txt']],
    ['an import chain (public, weak, single quotes)', PROST('"src/items.proto"', '"src/"', { 'src/items.proto': 'syntax = "proto3";\nimport public "a.def";\n', 'src/a.def': "syntax = 'proto3'; import weak 'more/b.inc';\n" }), ['src/a.def', 'src/more/b.inc']],
    ['a file named relative to its include folder', PROST('"items.proto"', '"protos"', { 'protos/items.proto': 'syntax = "proto3";\nimport "x.def";\n' }), ['protos/x.def']],
  ])('%s: asks, the crate\'s sources stay free', async (_name, files, asks) => {
    await row('cargo build', files, asks, ['src/lib.rs']);
  });

  it('a field named import and a commented import: the sources stay free', async () => {
    await row('cargo build', PROST('"src/items.proto"', '"src/"', { 'src/items.proto': 'syntax = "proto3";\n// import "c.txt";\nmessage M { string import = 1; }\n' }), ['src/items.proto'], ['src/lib.rs', 'src/c.txt']);
  });

  it('an import protoc joins from two literals: unmodelled, the whole tree obeyed', async () => {
    await row('cargo build', PROST('"src/items.proto"', '"src/"', { 'src/items.proto': 'syntax = "proto3";\nimport "de" "fs.txt";\n' }), ['src/lib.rs'], []);
  });
});

const PYO3 = (deps: string): Record<string, string> => ({ ...CRATE, 'Cargo.toml': `${PKG}\n${deps}\n` });
describe('row 4: a pyo3 dependency\'s own build script probes the Python interpreter', () => {
  it.each([
    ['pyo3 = "0.22"', PYO3('[dependencies]\npyo3 = { version = "0.22", features = ["extension-module"] }')],
    ['renamed (package = "pyo3")', PYO3('[dependencies]\npy = { package = "pyo3", version = "0.22" }')],
    ['pyo3-ffi for a target', PYO3('[target.\'cfg(unix)\'.dependencies]\npyo3-ffi = "0.22"')],
  ])('%s: an environment the person may activate asks (its interpreter, pyvenv.cfg, pixi\'s), the sources stay free', async (_name, files) => {
    await row('cargo build', files, ['newenv/bin/python3', 'newenv/pyvenv.cfg', '.pixi/envs/default/bin/python3'], ['src/lib.rs']);
  });

  it('no pyo3: a folder named like an environment stays free', async () => {
    await row('cargo build', PYO3('[dependencies]\nserde = "1"'), [], ['src/lib.rs', 'newenv/bin/python3']);
  });
});

const PIXI = '[workspace]\nname = "w"\nchannels = ["conda-forge"]\nplatforms = ["linux-64"]\n\n[activation]\nscripts = ["tools/a.sh"]\n';
describe('row 3: what a pixi activation script sources is found where its shell runs', () => {
  it.each([
    ['a relative source (from the project folder, not the script\'s)', { 'pixi.toml': PIXI, 'tools/a.sh': 'source tools/b.sh\n' }, 'tools/b.sh'],
    ['what that file sources in turn', { 'pixi.toml': PIXI, 'tools/a.sh': 'source tools/b.sh\n', 'tools/b.sh': '. lib/c.sh\n' }, 'lib/c.sh'],
    ['a nested project\'s', { 'svc/pixi.toml': PIXI, 'svc/tools/a.sh': '. ./env/b.sh\n' }, 'svc/env/b.sh'],
    ['`pixi shell` in a folder below (the shell\'s folder)', { 'pixi.toml': PIXI, 'tools/a.sh': 'source ./b.sh\n' }, 'sub/b.sh'],
  ])('%s: asks', async (_name, files, file) => {
    expect(await written(files, file)).toBe('C241');
  });

  it('an activation script that sources nothing: the sources stay free', async () => {
    expect(await written({ 'pixi.toml': PIXI, 'tools/a.sh': 'export RUST_LOG=info\n' }, 'src/b.ts')).toBe('ok');
  });
});
