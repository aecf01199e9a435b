// Issue 26, red team 20 R20-18 (build-script directives printed from a file), F2 (protoc's include folders) and F3
// (the common build-dependency crates). Each row: a real repository with a real pre-commit hook running cargo, the
// engine under --yes (C241 = asked, bytes unchanged).
import { describe, it } from 'vitest';
import { checkHookRow, rowPlace } from './hook-check.js';

const place = rowPlace('cw-cargo-r21-');
const CRATE = { 'Cargo.toml': '[package]\nname = "app"\nversion = "0.1.0"\nedition = "2021"\n', 'src/lib.rs': 'pub fn a() {}\n' };
const script = (body: string, deps = '', extra: Record<string, string> = {}): Record<string, string> => ({
  ...CRATE,
  'Cargo.toml': `${CRATE['Cargo.toml']}${deps === '' ? '' : `\n[build-dependencies]\n${deps}\n`}`,
  'build.rs': `${body}\n`,
  ...extra,
});
const LINK = 'cargo:rustc-link-arg=-Btools\n';
const row = (files: Record<string, string>, asks: string[], free: string[]): Promise<void> => checkHookRow(place.next(), place.home, { hook: 'cargo test', files, asks, free, content: '// ok\n' });

describe('R20-18: directives a build script prints from a file', () => {
  it.each([
    ['print!(include_str!("d.txt"))', script('fn main() { print!(include_str!("d.txt")); }', '', { 'd.txt': LINK })],
    ['println!(include_str!(concat!(env!("CARGO_MANIFEST_DIR"), "/d.txt")))', script('fn main() { print!(include_str!(concat!(env!("CARGO_MANIFEST_DIR"), "/d.txt"))); }', '', { 'd.txt': LINK })],
    ['include!("d.rs") holding the println!', script('fn main() { include!("d.rs"); }', '', { 'd.rs': 'println!("cargo:rustc-link-arg=-Btools");\n' })],
    ['include! of include!', script('fn main() { include!("gen/d.rs"); }', '', { 'gen/d.rs': 'include!("e.rs");\n', 'gen/e.rs': 'println!("cargo:rustc-link-arg=-Btools");\n' })],
  ])('%s: the file\'s lines are read as directives (tools/ asks, src free)', async (_name, files) => {
    await row(files, ['tools/collect2'], ['src/lib.rs']);
  });

  it.each([
    ['include!("d.rs") that runs a program', script('fn main() { include!("d.rs"); }', '', { 'd.rs': 'let _ = std::process::Command::new("tools/x").status();\n' })],
    ['write_all(include_bytes!(..))', script('use std::io::Write;\nfn main() { std::io::stdout().write_all(include_bytes!("d.txt")).unwrap(); }', '', { 'd.txt': LINK })],
    ['read_to_string + print!("{s}")', script('fn main() { let s = std::fs::read_to_string("d.txt").unwrap(); print!("{s}"); }', '', { 'd.txt': LINK })],
    ['println!("{}", include_str!(..))', script('fn main() { println!("{}", include_str!("d.txt")); }', '', { 'd.txt': LINK })],
    ['include! outside the work tree', script('fn main() { include!("../../d.rs"); }')],
    ['include_str! of a file not shipped', script('fn main() { print!(include_str!("missing.txt")); }')],
  ])('%s: unmodelled, the whole tree obeyed', async (_name, files) => {
    await row(files, ['src/lib.rs'], []);
  });

  it('an included data file that prints no directive: the sources stay free', async () => {
    await row(script('const SQL: &str = include_str!("schema.sql");\nfn main() { let _ = SQL.len(); println!("cargo:rerun-if-changed=schema.sql"); }', '', { 'schema.sql': 'create table t (a int);\n' }), ['schema.sql'], ['src/lib.rs']);
  });
});

const PROST = 'prost-build = "0.13"';
describe('F2: protoc\'s include folders are read for .proto files', () => {
  it.each([
    ['prost-build\'s documented example', script('fn main() -> std::io::Result<()> {\n    prost_build::compile_protos(&["src/items.proto"], &["src/"])?;\n    Ok(())\n}', PROST, { 'src/items.proto': 'syntax = "proto3";\n' })],
    ['tonic-build\'s configure()', script('fn main() { tonic_build::configure().build_server(true).compile_protos(&["src/a/hello.proto"], &["src"]).unwrap(); }', 'tonic-build = "0.12"', { 'src/a/hello.proto': 'syntax = "proto3";\n' })],
  ])('%s: src/*.rs stays free, the .proto files ask', async (_name, files) => {
    await row(files, [Object.keys(files).find((one) => one.endsWith('.proto'))!, 'src/other/b.proto'], ['src/lib.rs', 'src/main.rs']);
  });

  it.each([
    ['a computed proto list', script('fn main() { let protos = vec!["src/a.proto"]; prost_build::compile_protos(&protos, &["src/"]).unwrap(); }', PROST)],
    ['a computed include folder', script('fn main() { let inc = std::env::var("INC").unwrap(); prost_build::compile_protos(&["a.proto"], &[inc]).unwrap(); }', PROST)],
    ['a protoc plug-in option', script('fn main() { prost_build::Config::new().protoc_arg("--plugin=protoc-gen-x=tools/x").compile_protos(&["a.proto"], &["."]).unwrap(); }', PROST)],
  ])('%s: unmodelled, the whole tree obeyed', async (_name, files) => {
    await row(files, ['src/lib.rs'], []);
  });
});

describe('F3: the common build-dependency crates', () => {
  it.each([
    ['tauri_build::build()', script('fn main() { tauri_build::build() }', 'tauri-build = "2"'), ['tauri.conf.json', 'capabilities/default.json', 'icons/icon.png', 'tauri.linux.conf.json']],
    ['tauri_build::try_build(Attributes…)', script('use tauri_build::{try_build, Attributes, WindowsAttributes};\nfn main() { try_build(Attributes::new().windows_attributes(WindowsAttributes::new().window_icon_path("icons/app.ico"))).expect("x"); }', 'tauri-build = "2"'), ['tauri.conf.json', 'icons/app.ico']],
    ['napi_build::setup()', script('extern crate napi_build;\nfn main() { napi_build::setup(); }', 'napi-build = "2"'), ['build.rs']],
    ['pyo3_build_config', script('fn main() { pyo3_build_config::add_extension_module_link_args(); pyo3_build_config::use_pyo3_cfgs(); }', 'pyo3-build-config = "0.22"', { '.venv/pyvenv.cfg': 'home = /usr/bin\n' }), ['.venv/pyvenv.cfg', '.venv/bin/python3', '.venv/lib/python3.12/site-packages/x.pth']],
    ['cxx_build::bridge', script('fn main() {\n    cxx_build::bridge("src/main.rs")\n        .file("src/blobstore.cc")\n        .include("include")\n        .std("c++14")\n        .flag_if_supported("-Wall")\n        .compile("cxxbridge-demo");\n    println!("cargo:rerun-if-changed=src/blobstore.cc");\n}', 'cxx-build = "1"', { 'src/main.rs': 'fn main() {}\n', 'src/blobstore.cc': '\n', 'include/blobstore.h': '\n' }), ['src/blobstore.cc', 'include/blobstore.h', 'include/deep/x.hpp']],
    ['slint_build::compile', script('fn main() { slint_build::compile("ui/app.slint").expect("Slint build failed"); }', 'slint-build = "1"', { 'ui/app.slint': 'export component App {}\n' }), ['ui/app.slint', 'ui/other/b.slint']],
    ['uniffi::generate_scaffolding', script('fn main() { uniffi::generate_scaffolding("src/math.udl").unwrap(); }', 'uniffi = { version = "0.28", features = ["build"] }'), ['src/math.udl', 'uniffi.toml']],
    ['capnpc::CompilerCommand', script('fn main() { capnpc::CompilerCommand::new().src_prefix("schema").file("schema/foo.capnp").run().expect("schema compiler command"); }', 'capnpc = "0.19"'), ['schema/foo.capnp', 'schema/bar.capnp']],
    ['lalrpop::process_root()', script('fn main() { lalrpop::process_root().unwrap(); }', 'lalrpop = "0.22"'), ['src/grammar.lalrpop']],
    ['glib_build_tools::compile_resources', script('fn main() { glib_build_tools::compile_resources(&["resources"], "resources/resources.gresource.xml", "app.gresource"); }', 'glib-build-tools = "0.20"'), ['resources/resources.gresource.xml', 'resources/window.ui']],
  ])('%s: what it reads asks, src/lib.rs stays free', async (_name, files, asks) => {
    await row(files, asks, ['src/lib.rs']);
  });

  it('cxx_build::bridge: the bridge module (a crate source) stays free', async () => {
    const files = script('fn main() { cxx_build::bridge("src/main.rs").file("src/blobstore.cc").include("include").compile("demo"); }', 'cxx-build = "1"', { 'src/main.rs': 'fn main() {}\n' });
    await row(files, ['src/blobstore.cc', 'include/x.h'], ['src/main.rs', 'src/lib.rs', 'include/notes.md']);
  });

  it.each([
    ['tauri_build::try_build(attrs)', script('fn main() { let attrs = tauri_build::Attributes::new(); tauri_build::try_build(attrs).unwrap(); }', 'tauri-build = "2"')],
    ['cxx_build::bridge(path)', script('fn main() { let p = std::env::var("P").unwrap(); cxx_build::bridge(p).compile("x"); }', 'cxx-build = "1"')],
    ['slint_build::compile(format!(..))', script('fn main() { slint_build::compile(format!("ui/{}.slint", "a")).unwrap(); }', 'slint-build = "1"')],
    ['capnpc\'s own capnp program', script('fn main() { capnpc::CompilerCommand::new().capnp_executable("tools/capnp").file("a.capnp").run().unwrap(); }', 'capnpc = "0.19"')],
    ['lalrpop\'s folder from a helper', script('fn main() { lalrpop::Configuration::new().process_dir(dir()).unwrap(); }\nfn dir() -> String { "g".into() }', 'lalrpop = "0.22"')],
    ['lalrpop\'s folder from a path of its own', script('mod paths { pub fn dir() -> String { "g".into() } }\nfn main() { lalrpop::Configuration::new().process_dir(crate::paths::dir()).unwrap(); }', 'lalrpop = "0.22"')],
    ['slint\'s path from a type of its own', script('struct P;\nimpl P { fn ui() -> String { std::env::var("UI").unwrap() } }\nfn main() { slint_build::compile(P::ui()).unwrap(); }', 'slint-build = "1"')],
    ['cmake', script('fn main() { let _ = cmake::build("libfoo"); }', 'cmake = "0.1"')],
  ])('%s: unmodelled, the whole tree obeyed', async (_name, files) => {
    await row(files, ['src/lib.rs'], []);
  });
});
