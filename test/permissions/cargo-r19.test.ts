// Red team round 19's cargo rows (issue 26): R19-7 a proc-macro crate spelled `[lib] crate-type = ["proc-macro"]`,
// R19-8 build-script directives printed with `print!("…\n")` or assembled by `concat!`, R19-6 `[alias]` values
// carrying `--config`. Each row: a real repository (a real pre-commit hook running cargo, or none), the engine under
// --yes (C241 = asked, bytes unchanged).
import { describe, expect, it } from 'vitest';
import { cliWritten } from './cli-write.js';
import { checkHookRow, rowPlace } from './hook-check.js';

const place = rowPlace('cw-cargo-r19-');
const CRATE = { 'Cargo.toml': '[package]\nname = "app"\nversion = "0.1.0"\nedition = "2021"\n', 'src/lib.rs': 'pub fn a() {}\n' };
const USES_PM = { 'Cargo.toml': `${CRATE['Cargo.toml']}\n[dependencies]\npm = { path = "pm" }\n`, 'pm/src/lib.rs': '' };

describe('R19-7: a crate built as a compiler plugin, in each spelling, asks', () => {
  it.each([
    ['crate-type = ["proc-macro"] (the red team row)', '[lib]\ncrate-type = ["proc-macro"]\n'],
    ['crate_type = ["proc-macro"]', '[lib]\ncrate_type = ["proc-macro"]\n'],
  ])('%s', async (_name, lib) => {
    const files = { ...CRATE, ...USES_PM, 'pm/Cargo.toml': `[package]\nname = "pm"\nversion = "0.1.0"\n\n${lib}` };
    await checkHookRow(place.next(), place.home, { hook: 'cargo test --offline -q', files, asks: ['pm/src/lib.rs', 'pm/src/m.rs'], free: ['src/lib.rs'], content: '// ok\n' });
  });

  it('an unknown [lib] key (`plugin`) obeys the whole tree', async () => {
    const files = { ...CRATE, ...USES_PM, 'pm/Cargo.toml': '[package]\nname = "pm"\nversion = "0.1.0"\n\n[lib]\nplugin = true\n' };
    await checkHookRow(place.next(), place.home, { hook: 'cargo test', files, asks: ['src/lib.rs'], free: [] });
  });

  it('an ordinary [lib] (crate-type = ["rlib", "cdylib"]) leaves its sources free', async () => {
    const files = { ...CRATE, ...USES_PM, 'pm/Cargo.toml': '[package]\nname = "pm"\nversion = "0.1.0"\n\n[lib]\nname = "pm"\npath = "src/lib.rs"\ncrate-type = ["rlib", "cdylib"]\n' };
    await checkHookRow(place.next(), place.home, { hook: 'cargo test', files, asks: [], free: ['src/lib.rs', 'pm/src/lib.rs'], content: '// ok\n' });
  });
});

const script = (body: string): Record<string, string> => ({ ...CRATE, 'build.rs': `fn main() { ${body} }\n` });
describe('R19-8: every line of every literal a build script may print is read as a directive', () => {
  it.each([
    ['print!("cargo:rustc-link-arg=-Btools\\n") (the red team row)', 'print!("cargo:rustc-link-arg=-Btools\\n");', ['tools/ld', 'tools/collect2']],
    ['two directives in one literal', 'print!("cargo:rerun-if-changed=build.rs\\ncargo:rustc-link-arg=-Bbin\\n");', ['bin/ld']],
    ['a literal spanning lines', 'print!("cargo:warning=x\ncargo::rustc-link-arg=-Btools\n");', ['tools/ld']],
    ['an escaped dash (\\x2D)', 'println!("cargo:rustc-link-arg=\\x2DBtools");', ['tools/ld']],
    ['a raw string', 'println!(r#"cargo:rustc-link-arg=-Btools"#);', ['tools/ld']],
    ['writeln! to stdout', 'use std::io::Write; writeln!(std::io::stdout(), "cargo:rustc-link-arg=-Btools").unwrap();', ['tools/ld']],
    // A concat! of literals is read as the literal it makes (cargo20: it was unmodelled, the whole tree).
    ['concat! (the red team row)', 'println!(concat!("cargo:rustc-", "link-arg=-Btools"));', ['tools/ld']],
    ['concat! spelled with brackets', 'println!(concat!["cargo:rustc-link-arg=", "-Btools"]);', ['tools/ld']],
  ])('%s', async (_name, body, asks) => {
    await checkHookRow(place.next(), place.home, { hook: 'cargo test', files: script(body), asks, free: ['src/lib.rs'], content: '// ok\n' });
  });

  it.each([
    ['concat! with a part that is no literal', 'println!(concat!("cargo:rustc-link-arg=", env!("X")));'],
    ['a directive key finished by another print', 'print!("cargo:rustc-"); println!("link-arg=-Btools");'],
    ['a naming key with its value printed apart', 'const K: &str = "cargo:rustc-link-arg="; println!("{}{}", K, "-Btools");'],
  ])('%s: unmodelled, the whole tree obeyed', async (_name, body) => {
    await checkHookRow(place.next(), place.home, { hook: 'cargo test', files: script(body), asks: ['src/lib.rs'], free: [] });
  });

  it('an include through concat!(env!("CARGO_MANIFEST_DIR"), …) and ordinary directives leave the sources free', async () => {
    const body = 'let _ = include_str!(concat!(env!("CARGO_MANIFEST_DIR"), "/data/x.txt")); print!("cargo:rerun-if-changed=build.rs\\ncargo:rustc-link-lib=z\\n");';
    await checkHookRow(place.next(), place.home, { hook: 'cargo test', files: { ...script(body), 'data/x.txt': 'x\n' }, asks: ['data/x.txt'], free: ['src/lib.rs'], content: '// ok\n' });
  });
});

// R19-6: the person's own `cargo b` with no hook: the real binary under --yes, a fresh git repository.
const obeyedPlace = rowPlace('cw-cargo-r19-alias-');
const config = (text: string): Record<string, string> => ({ '.cargo/config.toml': text });
const written = (files: Record<string, string>, file: string): Promise<string> => cliWritten(obeyedPlace.base, files, file);
describe('R19-6: an [alias] is read as the cargo command line it is, with or without a hook', () => {
  it.each([
    ['b = ["--config", "build.rustc-wrapper=\'tools/w\'", "build"] (the red team row)', config('[alias]\nb = ["--config", "build.rustc-wrapper=\'tools/w\'", "build"]\n'), 'tools/w'],
    ['t, the string form with a double-quoted value', config('[alias]\nt = "--config build.rustc-wrapper=\\"tools/w\\" test"\n'), 'tools/w'],
    ['--config=… in one word', config('[alias]\nc = ["--config=build.rustc-wrapper=\'tools/w\'", "check"]\n'), 'tools/w'],
    ['--config after the sub-command', config('[alias]\nr = ["run", "--config", "build.rustc-wrapper=\'tools/w\'"]\n'), 'tools/w'],
    ['a target runner', config('[alias]\nd = ["--config", "target.x86_64-unknown-linux-gnu.runner=\'tools/r\'", "doc"]\n'), 'tools/r'],
    ['rustflags -Clink-arg=-Btools through --config', config('[alias]\nb = ["--config", "build.rustflags=[\'-Clink-arg=-Btools\']", "build"]\n'), 'tools/ld'],
    ['--config FILE: the file', config('[alias]\nb = ["--config", "tools/more.toml", "build"]\n'), 'tools/more.toml'],
    ['--config FILE: what the file names', { ...config('[alias]\nb = ["--config", "tools/more.toml", "build"]\n'), 'tools/more.toml': '[build]\nrustc-wrapper = "tools/w2"\n' }, 'tools/w2'],
  ])('%s: what it names asks', async (_name, files, file) => {
    expect(await written(files, file)).toBe('C241');
  });

  it.each([
    ['-Z', config('[alias]\nb = ["-Zunstable-options", "build"]\n')],
    ['an unknown global option', config('[alias]\nb = "--new-global x build"\n')],
    ['--config with no value', config('[alias]\nb = ["build", "--config"]\n')],
  ])('%s: unmodelled, the whole tree obeyed', async (_name, files) => {
    expect(await written(files, 'src/a.ts')).toBe('C241');
  });

  it('ordinary aliases keep ordinary writes free', async () => {
    const files = config('[alias]\nb = "build --release"\nxt = ["run", "-q", "--offline", "-p", "xtask", "--"]\nt = "--locked -v test --workspace"\nc = ["--config", "build.jobs=4", "check"]\n');
    expect(await written(files, 'src/a.ts')).toBe('ok');
    expect(await written(files, 'tools/w')).toBe('ok');
  });

  it('beside a cargo hook: the alias still asks', async () => {
    const files = { ...CRATE, ...config('[alias]\nb = ["--config", "build.rustc-wrapper=\'tools/w\'", "build"]\n') };
    await checkHookRow(place.next(), place.home, { hook: 'cargo test', files, asks: ['tools/w'], free: ['src/lib.rs'], content: '// ok\n' });
  });
});
