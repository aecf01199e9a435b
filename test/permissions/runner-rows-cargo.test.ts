// Issue 26, red team F1 (FRICTION): a pre-commit hook running `cargo test`, `cargo fmt --check` or `cargo clippy`
// made EVERY source write ask under --yes (cargo was a runner codeward did not model: the whole tree was obeyed).
// cargo has a row now (src/permissions/hook-runner-cargo*.ts): an ordinary crate's sources and tests are written
// unasked (the README's documented limit, like pytest's test files), while what the build runs beyond them asks
// (C241): build scripts and their modules, proc-macro crates, path build-dependencies (through `workspace = true`
// too), the configuration's runner/wrapper/env paths, the toolchain file's `path`, target/, a README a crate root
// includes as a doctest. What the row cannot read (a build script that runs programs, an unknown build crate, an
// alias of the sub-command, `cargo xtask`, an unknown config table) obeys the whole tree, as before.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { homedir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { createEngine } from '../../src/setup.js';
import { checkHookRow, rowPlace } from './hook-check.js';
import { git } from './git-run.js';

const rows = rowPlace('cw-cargo-row-');
const CRATE = { 'Cargo.toml': '[package]\nname = "app"\nversion = "0.1.0"\nedition = "2021"\n\n[dependencies]\nserde = "1"\n', 'src/main.rs': 'fn main() {}\n', 'src/lib.rs': 'pub fn a() {}\n', 'tests/it.rs': '#[test]\nfn t() {}\n' };
const SOURCES = ['src/main.rs', 'src/lib.rs', 'tests/it.rs', 'src/new.rs', 'benches/b.rs'];
const ALWAYS = ['Cargo.toml', 'Cargo.lock', 'build.rs', '.cargo/config.toml', 'rust-toolchain.toml', 'sub/.cargo/config.toml'];

describe('an ordinary crate: its sources are written unasked, what cargo obeys beyond them asks', () => {
  it.each([
    'cargo test', 'cargo fmt --check', 'cargo clippy -- -D warnings', 'cargo fmt --all -- --check && cargo clippy --all-targets --all-features -- -D warnings && cargo test --workspace',
    'cargo +nightly fmt --check', 'cargo nextest run', 'cargo build --release -p app', "sh -c 'cargo check -q'",
  ])('%s', async (hook) => {
    await checkHookRow(rows.next(), rows.home, { hook, files: CRATE, asks: hook.includes('fmt') && !hook.includes('test') ? ALWAYS : [...ALWAYS, 'target/debug/deps/app-1234'], free: SOURCES, content: '// ok\n' });
  });
});

describe('what the build runs is asked; the sources stay free', () => {
  it.each([
    ['an allow-listed build crate with literal sources', { 'build.rs': 'fn main() { cc::Build::new().file("native/a.c").compile("a"); }\n', 'Cargo.toml': '[package]\nname = "app"\n\n[build-dependencies]\ncc = "1"\n' }, ['build.rs', 'native/a.c']],
    ['a build script, its modules and the files it names', { 'build.rs': 'mod helper;\nfn main() { println!("cargo:rerun-if-changed=proto/a.proto"); helper::go(); }\n', 'helper.rs': 'pub fn go() {}\n', 'proto/a.proto': 'x\n' }, ['build.rs', 'helper.rs', 'helper/inner.rs', 'proto/a.proto']],
    ['an inline module of the build script', { 'build.rs': 'mod a { pub mod b; }\nfn main() {}\n' }, ['a/b.rs', 'a/c/d.rs']],
    ['`[package] build` names another script', { 'Cargo.toml': '[package]\nname = "app"\nbuild = "tools/gen.rs"\n' }, ['tools/gen.rs']],
    ['a build script including a file by CARGO_MANIFEST_DIR', { 'build.rs': 'include!(concat!(env!("CARGO_MANIFEST_DIR"), "/gen/x.rs"));\nfn main() {}\n' }, ['gen/x.rs']],
    ['a proc-macro member', { 'Cargo.toml': '[workspace]\nmembers = ["macros"]\n\n[package]\nname = "app"\n\n[dependencies]\nmacros = { path = "macros" }\n', 'macros/Cargo.toml': '[package]\nname = "macros"\n\n[lib]\nproc-macro = true\n\n[dependencies]\nhelp = { path = "../help" }\n', 'macros/src/lib.rs': '' }, ['macros/src/lib.rs', 'macros/src/new.rs', 'help/src/lib.rs']],
    ['a workspace build-dependency (`workspace = true`)', { 'Cargo.toml': '[workspace]\nmembers = ["app"]\n\n[workspace.dependencies]\ngen = { path = "gen" }\n', 'app/Cargo.toml': '[package]\nname = "app"\n\n[build-dependencies]\ngen = { workspace = true }\n', 'app/build.rs': 'fn main() { gen::run(); }\n' }, ['gen/src/lib.rs', 'app/build.rs']],
    ['a patched dependency outside the manifests found', { 'Cargo.toml': '[package]\nname = "app"\n\n[patch.crates-io]\nserde = { path = "vendor/serde" }\n' }, ['vendor/serde/src/lib.rs']],
    ['the configuration\'s runner, wrapper and env paths', { '.cargo/config.toml': '[target.x86_64-unknown-linux-gnu]\nrunner = "tools/run.sh --flag"\nrustflags = ["-C", "linker=tools/ld"]\n\n[build]\nrustc-wrapper = "./tools/w"\n\n[env]\nLD_PRELOAD = "tools/x.so"\n' }, ['tools/run.sh', 'tools/ld', 'tools/w', 'tools/x.so']],
    ['a vendored source directory', { '.cargo/config.toml': '[source.crates-io]\nreplace-with = "v"\n\n[source.v]\ndirectory = "vendor"\n' }, ['vendor/serde/build.rs', 'vendor/serde/src/lib.rs']],
    ['a proc-macro path dependency in a folder the listing skips', { 'Cargo.toml': '[package]\nname = "app"\n\n[dependencies]\nm = { path = "dist/m" }\n', 'dist/m/Cargo.toml': '[package]\nname = "m"\n\n[lib]\nproc-macro = true\n' }, ['dist/m/src/lib.rs']],
    ['an [env] value relative to the configuration', { '.cargo/config.toml': '[env]\nLD_PRELOAD = { value = "pre.so", relative = true }\n' }, ['pre.so']],
    ['a toolchain file naming a folder', { 'rust-toolchain.toml': '[toolchain]\npath = "tt"\n' }, ['tt/bin/rustc', 'tt/bin/cargo']],
    ['a README a crate root includes (a doctest)', { 'src/lib.rs': '#![doc = include_str!("../README.md")]\n' }, ['README.md']],
  ])('%s', async (_name, files, asks) => {
    await checkHookRow(rows.next(), rows.home, { hook: 'cargo test', files: { ...CRATE, ...files }, asks, free: ['src/main.rs', 'tests/it.rs'], content: '// ok\n' });
  });
});

describe('fail closed: what the row cannot read obeys the whole tree', () => {
  it.each([
    ['cargo test', { 'build.rs': 'use std::process::Command;\nfn main() { Command::new("sh").arg("tools/x.sh").status().unwrap(); }\n' }],
    ['cargo clippy', { 'build.rs': 'fn main() { xshell::cmd!(sh, "x").run(); }\n', 'Cargo.toml': '[package]\nname = "app"\n\n[build-dependencies]\nxshell = "0.2"\n' }],
    ['cargo test', { 'build.rs': 'fn main() { cmake::build("native"); }\n', 'Cargo.toml': '[package]\nname = "app"\n\n[build-dependencies]\ncmake = "0.1"\n' }],
    ['cargo test', { 'build.rs': 'mod a;\nfn main() {}\n', 'a.rs': 'mod deeper;\n' }],
    ['cargo test', { 'build.rs': 'fn main() { let c = std::fs::read_to_string(format!("{}.txt", "cc")).unwrap(); cc::Build::new().compiler(c.trim()).file("a.c").compile("a"); }\n', 'Cargo.toml': '[package]\nname = "app"\n\n[build-dependencies]\ncc = "1"\n' }],
    ['cargo test', { 'build.rs': 'fn main() { std::env::set_var("PROTOC", "tools/p"); prost_build::compile_protos(&["a.proto"], &["."]).unwrap(); }\n', 'Cargo.toml': '[package]\nname = "app"\n\n[build-dependencies]\nprost-build = "0.12"\n' }],
    ['cargo test', { 'build.rs': 'include!(std::env!("GEN"));\nfn main() {}\n' }],
    ['cargo clippy', { '.cargo/config.toml': '[alias]\nclippy = "run -p evil"\n' }],
    ['cargo test', { 'Cargo.toml': '[package]\nname = "app"\n\n[dependencies]\nm = { path = "m" }\n', 'm/Cargo.toml': '[package]\nname = "m"\n\n[lib]\nproc-macro = true\n', 'm/src/lib.rs': 'use std::process::Command;\n#[proc_macro]\npub fn x(i: TokenStream) -> TokenStream { Command::new("sh").arg("../tools/x.sh"); i }\n' }],
    ['cargo test', { 'Cargo.toml': '[package]\nname = "app"\n\n[dependencies]\nm = { path = "m" }\n', 'm/Cargo.toml': '[package]\nname = "m"\n\n[lib]\nproc-macro = true\n\n[dependencies]\nduct = "0.13"\n', 'm/src/lib.rs': '' }],
    ['cargo nextest run', { '.config/nextest.toml': '[scripts.setup.db]\ncommand = "tools/db.sh"\n' }],
    ['cargo xtask ci', {}],
    ['cargo --config x.toml test', {}],
    ['cargo test -Zbuild-std', {}],
    ['RUSTC_WRAPPER=./w cargo test', {}],
  ])('%s %j', async (hook, files) => {
    await checkHookRow(rows.next(), rows.home, { hook, files: { ...CRATE, ...files }, asks: ['src/lib.rs', 'tests/it.rs'], free: ['data/a.csv'] });
  });

  // A cargo configuration not understood is obeyed by the person's own plain cargo too, hook or none (R18-21,
  // cargo-config-obeyed.ts): every file asks, the data file as well.
  it.each([
    ['cargo test', { '.cargo/config.toml': '[unstable]\nconfig-include = true\ninclude = ["x.toml"]\n' }],
    ['cargo test', { '.cargo/config.toml': 'not toml [' }],
  ])('%s %j (the whole tree, data too)', async (hook, files) => {
    await checkHookRow(rows.next(), rows.home, { hook, files: { ...CRATE, ...files }, asks: ['src/lib.rs', 'tests/it.rs', 'data/a.csv'], free: [] });
  });

  it('cargo fmt runs no build script: a build script that runs programs leaves the sources free', async () => {
    await checkHookRow(rows.next(), rows.home, { hook: 'cargo fmt --check', files: { ...CRATE, 'build.rs': 'use std::process::Command;\nfn main() { Command::new("sh").status().unwrap(); }\n' }, asks: ['build.rs', 'Cargo.toml'], free: SOURCES, content: '// ok\n' });
  });
});

const hasCargo = spawnSync('cargo', ['--version']).status === 0;
describe.skipIf(!hasCargo)('the real cargo: a --yes agent edits the crate, the commit hook runs cargo test on it', () => {
  it('src/lib.rs and tests/it.rs written, build.rs refused (no marker), and the hook passes at the next commit', async () => {
    const root = rows.next();
    const marker = join(rows.base, 'build-ran');
    await checkHookRow(root, rows.home, { hook: 'cargo test --offline -q', files: { 'Cargo.toml': '[package]\nname = "w"\nversion = "0.1.0"\nedition = "2021"\n', 'src/lib.rs': 'pub fn a() -> u8 { 1 }\n' }, asks: ['build.rs', '.cargo/config.toml', 'Cargo.toml'], free: [] });
    const engine = await createEngine({ workspace: root, env: { HOME: rows.home }, permissions: { home: rows.home, yes: true } });
    try {
      for (const [file, content] of [['src/lib.rs', 'pub fn a() -> u8 { 2 }\n'], ['tests/it.rs', '#[test]\nfn t() { assert_eq!(w::a(), 2); }\n']]) {
        const wrote = await engine.run({ cmd: 'write', args: { file: file!, content: content! } });
        expect(wrote, JSON.stringify(wrote)).toMatchObject({ ok: true });
      }
      const script = await engine.run({ cmd: 'write', args: { file: 'build.rs', content: `fn main() { std::fs::write(${JSON.stringify(marker)}, "").unwrap(); }\n` } });
      expect(script).toMatchObject({ ok: false, error: { code: 'C241' } });
    } finally {
      await engine.close();
    }
    git(root, 'add', '-A');
    // rustup's toolchains where they are installed; cargo's own cache in the test's folder.
    const env = { ...process.env, HOME: rows.home, CARGO_HOME: join(rows.base, 'cargo-home'), RUSTUP_HOME: process.env['RUSTUP_HOME'] ?? join(homedir(), '.rustup'), CARGO_TARGET_DIR: join(rows.base, 'cargo-target'), GIT_AUTHOR_NAME: 't', GIT_AUTHOR_EMAIL: 't@x', GIT_COMMITTER_NAME: 't', GIT_COMMITTER_EMAIL: 't@x' };
    const commit = spawnSync('git', ['-C', root, 'commit', '-qm', 'x'], { env, encoding: 'utf8' });
    expect(commit.status, commit.stderr + commit.stdout).toBe(0);
    expect(existsSync(marker)).toBe(false);
  }, 180_000);
});
