// Issue 26, the Rust leftovers of stop 45 (cargo20): red team 19 F6's `[env]` values read by what reads each name,
// a computed `cargo:rustc-env` judged by a deny-list of names (friction 19 Left 4), cargo's rustc probed through
// `env::var("RUSTC")` (friction 19 Left 5), `concat!` of literals read as the literal it makes, a `cargo:` line with
// no `=`, and an alias's `--config FILE` as a source of the hook walk (cargo19 Left). Each row: a real repository
// (a real pre-commit hook running cargo, or none), the engine under --yes (C241 = asked, bytes unchanged).
import { chmod, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { hookReached } from '../../src/permissions/obeyed-hooks.js';
import { createEngine } from '../../src/setup.js';
import { writeFiles } from '../helpers/fixture.js';
import { cliWritten } from './cli-write.js';
import { git } from './git-run.js';
import { checkHookRow, rowPlace } from './hook-check.js';

const place = rowPlace('cw-cargo-r20-');
const CRATE = { 'Cargo.toml': '[package]\nname = "app"\nversion = "0.1.0"\nedition = "2021"\n', 'src/lib.rs': 'pub fn a() {}\n' };
const config = (text: string): Record<string, string> => ({ '.cargo/config.toml': text });
const written = (files: Record<string, string>, file: string): Promise<string> => cliWritten(place.base, files, file);

describe('F6: [env] values are read by what reads each name (no hook: the person\'s own cargo)', () => {
  it.each([
    ['X = "--cfg tokio_unstable" (the red team row)', '[env]\nX = "--cfg tokio_unstable"\n'],
    ['RUSTFLAGS = "--cfg tokio_unstable" (rustc\'s words)', '[env]\nRUSTFLAGS = "--cfg tokio_unstable"\n'],
    ['sqlx', '[env]\nSQLX_OFFLINE = "true"\nDATABASE_URL = "sqlite://data/app.db"\n'],
    ['common set-ups', '[env]\nRUST_LOG = "debug"\nRUST_BACKTRACE = "1"\nCC = "clang"\nCFLAGS = "-O2 -Wall -fPIC"\nMACOSX_DEPLOYMENT_TARGET = "10.12"\nTMPDIR = { value = "/tmp", force = true }\n'],
    ['the workspace folder itself, relative (CARGO_WORKSPACE_DIR)', '[env]\nCARGO_WORKSPACE_DIR = { value = "", relative = true }\nINSTA_WORKSPACE_ROOT = { value = ".", relative = true }\n'],
    ['tokio\'s rustflags and Bevy\'s fast-compile configuration', '[build]\nrustflags = ["--cfg", "tokio_unstable"]\n\n[target.x86_64-unknown-linux-gnu]\nlinker = "clang"\nrustflags = ["-C", "link-arg=-fuse-ld=/usr/bin/mold", "-Zshare-generics=y", "-Zthreads=0"]\n'],
  ])('%s: an ordinary write stays free', async (_name, text) => {
    expect(await written(config(text), 'src/a.ts')).toBe('ok');
  });

  it.each([
    ['a program by path', '[env]\nCC = "tools/cc"\n', 'tools/cc'],
    ['a program\'s own words', '[env]\nCC = "cc -B tools"\n', 'tools/ld'],
    ['C flags', '[env]\nCFLAGS = "-O2 -Btools"\n', 'tools/collect2'],
    ['a target\'s C flags', '[env]\nCFLAGS_x86_64_unknown_linux_gnu = "-fplugin=plug/x.so"\n', 'plug/x.so'],
    ['rustc\'s words', '[env]\nRUSTFLAGS = "-C link-arg=-Bbin"\n', 'bin/ld'],
    ['a wrapper cc and proc-macro2\'s probe run', '[env]\nRUSTC_WRAPPER = "tools/w"\n', 'tools/w'],
    ['PATH\'s folder without a slash', '[env]\nPATH = "tools:/usr/bin:/bin"\n', 'tools/cc'],
    ['PKG_CONFIG_PATH\'s folder', '[env]\nPKG_CONFIG_PATH = "pc"\n', 'pc/ssl.pc'],
    ['LD_PRELOAD', '[env]\nLD_PRELOAD = "lib/x.so"\n', 'lib/x.so'],
    ['a library folder by name', '[env]\nOPENSSL_DIR = "vendor"\n', 'vendor/lib/libssl.a'],
    ['a relative value', '[env]\nOPENSSL_DIR = { value = "vendor/openssl", relative = true }\n', 'vendor/openssl/lib/libssl.a'],
    ['any name spelled like a path', '[env]\nMY_TOOL = "./scripts/gen.sh"\n', 'scripts/gen.sh'],
    ['a links override\'s rustc-env', '[target.x86_64-unknown-linux-gnu.z]\nrustc-env = { PATH = "tools" }\n', 'tools/cc'],
  ])('%s: what it names asks', async (_name, text, file) => {
    expect(await written(config(text), file)).toBe('C241');
  });

  it.each([
    ['PATH = "." (every program of the tree)', '[env]\nPATH = ".:/usr/bin"\n'],
    ['an option the C driver\'s reader does not know', '[env]\nCFLAGS = "--weird-option"\n'],
    ['an unknown key of an entry', '[env]\nX = { value = "a", shell = true }\n'],
    ['a value that is no string', '[env]\nX = 1\n'],
  ])('%s: unmodelled, the whole tree obeyed', async (_name, text) => {
    expect(await written(config(text), 'src/a.ts')).toBe('C241');
  });

  it('beside a cargo hook: the tokio row stays free, a flag program asks', async () => {
    const files = { ...CRATE, ...config('[env]\nX = "--cfg tokio_unstable"\nCC = "tools/cc"\n') };
    await checkHookRow(place.next(), place.home, { hook: 'cargo test', files, asks: ['tools/cc'], free: ['src/lib.rs'], content: '// ok\n' });
  });
});

const script = (body: string, extra = ''): Record<string, string> => ({ ...CRATE, 'Cargo.toml': `${CRATE['Cargo.toml']}${extra}`, 'build.rs': `${body}\n` });
const main = (body: string): Record<string, string> => script(`fn main() { ${body} }`);
describe('a build script\'s rustc-env: a deny-list of the names read as code', () => {
  it.each([
    ['a computed data name (BUILD_PROFILE={})', 'let p = std::env::var("PROFILE").unwrap(); println!("cargo:rustc-env=BUILD_PROFILE={}", p);'],
    ['a computed stamp under rustc\'s prefix (RUSTC_VERSION={})', 'let v = std::env::var("CARGO_PKG_VERSION").unwrap(); println!("cargo:rustc-env=RUSTC_VERSION={v}");'],
    ['git\'s name (GIT_HASH={})', 'let h = "abc"; println!("cargo:rustc-env=GIT_HASH={}", h);'],
    ['a flag-like value of a data name', 'println!("cargo:rustc-env=X=--cfg foo");'],
  ])('%s: the sources stay free', async (_name, body) => {
    await checkHookRow(place.next(), place.home, { hook: 'cargo test', files: main(body), asks: [], free: ['src/lib.rs'], content: '// ok\n' });
  });

  it.each(['CC', 'RUSTC_WRAPPER', 'CFLAGS', 'LD_PRELOAD', 'PATH', 'CARGO_TARGET_DIR', 'COMPILER_PATH', 'GIT_EXEC_PATH', 'OPENSSL_DIR', 'X_LINKER'])('a computed %s: unmodelled, the whole tree obeyed', async (name) => {
    await checkHookRow(place.next(), place.home, { hook: 'cargo test', files: main(`let v = std::env::var("OUT_DIR").unwrap(); println!("cargo:rustc-env=${name}={}", v);`), asks: ['src/lib.rs'], free: [] });
  });

  it('a literal PATH entry without a slash asks', async () => {
    await checkHookRow(place.next(), place.home, { hook: 'cargo test', files: main('println!("cargo:rustc-env=PATH=tools:/usr/bin");'), asks: ['tools/cc'], free: ['src/lib.rs'], content: '// ok\n' });
  });
});

const SERDE = `use std::env;
use std::process::Command;
use std::str;

fn main() {
    let minor = match rustc_minor_version() { Some(minor) => minor, None => return };
    if minor < 60 { println!("cargo:rustc-cfg=no_new"); }
}

fn rustc_minor_version() -> Option<u32> {
    let rustc = env::var_os("RUSTC")?;
    let output = Command::new(rustc).arg("--version").output().ok()?;
    let version = str::from_utf8(&output.stdout).ok()?;
    let mut pieces = version.split('.');
    if pieces.next() != Some("rustc 1") { return None; }
    pieces.next()?.parse().ok()
}`;
describe('cargo\'s rustc probed through env::var("RUSTC") (friction 19 Left 5)', () => {
  it.each([
    ['serde\'s and anyhow\'s rustc_minor_version', script(SERDE)],
    ['inline, unwrap()', main('let out = std::process::Command::new(std::env::var("RUSTC").unwrap()).arg("-vV").output().unwrap(); let _ = out;')],
    ['a fallback to "rustc"', script('use std::process::Command;\nfn main() {\n    let rustc = std::env::var_os("RUSTC").unwrap_or_else(|| "rustc".into());\n    let _ = Command::new(&rustc).args(["--version"]).output();\n}')],
    ['autocfg', script('fn main() { let ac = autocfg::new(); ac.emit_has_type("i128"); autocfg::rerun_path("build.rs"); }', '\n[build-dependencies]\nautocfg = "1"\n')],
    ['version_check', script('fn main() { if version_check::is_min_version("1.70.0").unwrap_or(false) { println!("cargo:rustc-cfg=new"); } }', '\n[build-dependencies]\nversion_check = "0.9"\n')],
    ['a -sys crate\'s cc build', script('fn main() { cc::Build::new().file("native/x.c").include("native").compile("x"); println!("cargo:rerun-if-changed=native/x.c"); }', '\n[build-dependencies]\ncc = "1"\n')],
  ])('%s: the sources stay free', async (_name, files) => {
    await checkHookRow(place.next(), place.home, { hook: 'cargo test', files, asks: ['build.rs'], free: ['src/lib.rs'], content: '// ok\n' });
  });

  it.each([
    ['the name bound again', main('let rustc = std::env::var_os("RUSTC").unwrap(); let rustc = "tools/x"; let _ = std::process::Command::new(rustc).arg("--version").output();')],
    ['the name passed on', main('let rustc = std::env::var_os("RUSTC").unwrap(); run(&rustc); let _ = std::process::Command::new(rustc).arg("--version").output();')],
    ['another argument', main('let rustc = std::env::var_os("RUSTC").unwrap(); let _ = std::process::Command::new(rustc).arg("build.rs").output();')],
    ['another variable', main('let _ = std::process::Command::new(std::env::var("CC").unwrap()).arg("--version").output();')],
    ['an env module of its own', script('mod env { pub fn var(_: &str) -> Result<&\'static str, ()> { Ok("tools/x") } }\nfn main() { let _ = std::process::Command::new(env::var("RUSTC").unwrap()).arg("--version").output(); }')],
    ['an env imported from elsewhere', script('use helper::env;\nfn main() { let _ = std::process::Command::new(env::var("RUSTC").unwrap()).arg("--version").output(); }')],
  ])('%s: unmodelled, the whole tree obeyed', async (_name, files) => {
    await checkHookRow(place.next(), place.home, { hook: 'cargo test', files, asks: ['src/lib.rs'], free: [] });
  });
});

describe('concat! of literals and cargo: lines with no `=` (cargo19 Left)', () => {
  it.each([
    ['concat! (red team R19-8)', 'println!(concat!("cargo:rustc-", "link-arg=-Btools"));', 'tools/ld'],
    ['concat! with brackets and a number', 'println!(concat!["cargo:rustc-link-arg=-B", "bin", 2]);', 'bin2/ld'],
    ['nested concat!', 'println!(concat!(concat!("cargo:rustc-link-", "arg="), "-Bbin"));', 'bin/ld'],
  ])('%s: read as the literal it makes, what it names asks', async (_name, body, file) => {
    await checkHookRow(place.next(), place.home, { hook: 'cargo test', files: main(body), asks: [file], free: ['src/lib.rs'], content: '// ok\n' });
  });

  it.each([
    ['concat! of literals naming nothing', 'println!(concat!("cargo:rustc-env=X=", 1, "-", true)); const _N: &str = concat!("a", \'b\');'],
    ['cargo::warning finished by another print', 'print!("cargo::warning"); println!("=building");'],
    ['cargo:warning with no `=`', 'print!("cargo:warning"); println!("s=x");'],
  ])('%s: the sources stay free', async (_name, body) => {
    await checkHookRow(place.next(), place.home, { hook: 'cargo test', files: main(body), asks: [], free: ['src/lib.rs'], content: '// ok\n' });
  });

  it.each([
    ['a non-literal part', 'println!(concat!("cargo:rustc-link-arg=", env!("X")));'],
    ['a const part', 'const K: &str = "-Btools"; println!("{}", concat!("cargo:rustc-link-arg=", K));'],
    ['a naming key finished elsewhere', 'print!("cargo:rustc-link"); println!("-arg=-Btools");'],
    ['an empty key', 'print!("cargo:"); println!("rustc-link-arg=-Btools");'],
  ])('%s: unmodelled, the whole tree obeyed', async (_name, body) => {
    await checkHookRow(place.next(), place.home, { hook: 'cargo test', files: main(body), asks: ['src/lib.rs'], free: [] });
  });
});

describe('an alias\'s --config FILE is a source of the hook walk (cargo19 Left)', () => {
  const files = { ...CRATE, ...config('[alias]\nb = ["--config", "tools/more.toml", "build"]\n'), 'tools/more.toml': '[build]\njobs = 2\n' };

  const repository = async (): Promise<string> => {
    const root = place.next();
    await writeFiles(root, files);
    git(root, 'init', '-q');
    await writeFiles(root, { '.git/hooks/pre-commit': '#!/bin/sh\ncargo test\n' });
    await chmod(join(root, '.git/hooks/pre-commit'), 0o755);
    return root;
  };

  it('the file is among the walk\'s sources', async () => {
    const root = await repository();
    expect(hookReached([join(root, '.git/hooks')], root, ['pre-commit'], join(root, '.git')).sources).toContain(join(root, 'tools/more.toml'));
  });

  it('a change to the file between two checks is seen', async () => {
    const root = await repository();
    const engine = await createEngine({ workspace: root, env: { HOME: place.home }, permissions: { home: place.home, yes: true } });
    try {
      expect(await engine.run({ cmd: 'write', args: { file: 'src/lib.rs', content: '// ok\n' } })).toMatchObject({ ok: true });
      await writeFile(join(root, 'tools/more.toml'), '[build]\nrustc-wrapper = "tools/w3"\n');
      expect(await engine.run({ cmd: 'write', args: { file: 'tools/w3', content: '#!/bin/sh\n' } })).toMatchObject({ ok: false, error: { code: 'C241' } });
    } finally {
      await engine.close();
    }
  });
});

describe('a printed line whose start is computed (no literal shows the directive it may be)', () => {
  const REVERSED = 'let s: String = "sloot-B=gra-knil-cstur:ograc".chars().rev().collect();';
  it.each([
    ['println!("{s}") of a reversed string', `${REVERSED} println!("{s}");`],
    ['println!("{}", s)', `${REVERSED} println!("{}", s);`],
    ['a second line computed', `${REVERSED} print!("cargo:warning=x\\n{}\\n", s);`],
    ['writeln! to stdout', `${REVERSED} use std::io::Write; writeln!(std::io::stdout(), "{}", s).unwrap();`],
    ['a stdout handle in a variable', `${REVERSED} use std::io::Write; let mut out = std::io::stdout().lock(); writeln!(out, "{}", s).unwrap();`],
    ['write_all of bytes', 'use std::io::Write; std::io::stdout().write_all(&[99, 97, 114, 103, 111, 58]).unwrap();'],
  ])('%s: unmodelled, the whole tree obeyed', async (_name, body) => {
    await checkHookRow(place.next(), place.home, { hook: 'cargo test', files: main(body), asks: ['src/lib.rs'], free: [] });
  });

  it('an empty println!, a computed value after a key, and generated code written to a file stay free', async () => {
    const body = 'use std::io::Write; println!(); let m = "x"; println!("cargo:warning={}", m); let mut f = std::fs::File::create(std::path::Path::new(&std::env::var("OUT_DIR").unwrap()).join("g.rs")).unwrap(); writeln!(f, "{}", "pub const A: u8 = 1;").unwrap();';
    await checkHookRow(place.next(), place.home, { hook: 'cargo test', files: main(body), asks: [], free: ['src/lib.rs'], content: '// ok\n' });
  });
});
