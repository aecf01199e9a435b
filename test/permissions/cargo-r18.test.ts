// Red team round 18's cargo rows (issue 26): R18-5 cargo's underscore spellings of its table and key names,
// R18-20 a tree listing that hits its bound, R18-4 linker and compiler options in build-script directives and
// rustflags, R18-21 what `.cargo/config*` and rust-toolchain files name, obeyed with or without a hook.
// Each row: a real repository, a real pre-commit hook, the engine under --yes (C241 = asked, bytes unchanged).
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, it } from 'vitest';
import { removeDir, tempDir, writeFiles } from '../helpers/fixture.js';
import { checkHookRow } from './hook-check.js';

let base: string;
let home: string;
beforeAll(async () => {
  base = await tempDir('cw-cargo-r18-');
  home = join(base, 'home');
  await writeFiles(home, { '.keep': '' });
});
afterAll(async () => removeDir(base));

let count = 0;
const next = (): string => join(base, `r${++count}`);
const CRATE = { 'Cargo.toml': '[package]\nname = "app"\nversion = "0.1.0"\nedition = "2021"\n', 'src/lib.rs': 'pub fn a() {}\n', 'tests/it.rs': '#[test]\nfn t() {}\n' };
const HELPER = { 'helper/Cargo.toml': '[package]\nname = "helper"\nversion = "0.1.0"\n', 'helper/src/lib.rs': 'pub fn h() {}\n' };

describe('R18-5: cargo\'s `_` spellings of its own names are read as the `-` ones', () => {
  it.each([
    ['[build_dependencies]', { ...HELPER, 'Cargo.toml': `${CRATE['Cargo.toml']}\n[build_dependencies]\nhelper = { path = "helper" }\n`, 'build.rs': 'fn main() { helper::h(); }\n' }, ['helper/src/lib.rs']],
    ['[target.*.build_dependencies]', { ...HELPER, 'Cargo.toml': `${CRATE['Cargo.toml']}\n[target.'cfg(unix)'.build_dependencies]\nhelper = { path = "helper" }\n`, 'build.rs': 'fn main() { helper::h(); }\n' }, ['helper/src/lib.rs']],
    ['[lib] proc_macro', { 'Cargo.toml': `${CRATE['Cargo.toml']}\n[dependencies]\npm = { path = "pm" }\n`, 'pm/Cargo.toml': '[package]\nname = "pm"\n\n[lib]\nproc_macro = true\n', 'pm/src/lib.rs': '' }, ['pm/src/lib.rs']],
    ['[project] build', { 'Cargo.toml': '[project]\nname = "app"\nversion = "0.1.0"\nbuild = "gen.rs"\n' }, ['gen.rs']],
  ])('%s', async (_name, files, asks) => {
    await checkHookRow(next(), home, { hook: 'cargo test --offline -q', files: { ...CRATE, ...files }, asks, free: ['src/lib.rs', 'tests/it.rs'], content: '// ok\n' });
  });

  it('an unknown manifest key (a nightly `cargo-features`) obeys the whole tree', async () => {
    await checkHookRow(next(), home, { hook: 'cargo test', files: { ...CRATE, 'Cargo.toml': `cargo-features = ["codegen-backend"]\n${CRATE['Cargo.toml']}` }, asks: ['src/lib.rs', 'tests/it.rs'], free: [] });
  });
});

// A folder of more than the listing's 20,000 entries sorting before the crates.
function bigFolder(root: string): void {
  mkdirSync(join(root, 'a_data'), { recursive: true });
  for (let i = 0; i < 21_000; i++) writeFileSync(join(root, 'a_data', `${i}`), '');
}
const SPACE = {
  'crates/z/Cargo.toml': '[package]\nname = "z"\nversion = "0.1.0"\n\n[dependencies]\npm = { path = "../pm" }\n', 'crates/z/src/lib.rs': 'pm::m!();\n',
  'crates/pm/Cargo.toml': '[package]\nname = "pm"\nversion = "0.1.0"\n\n[lib]\nproc-macro = true\n', 'crates/pm/src/lib.rs': '',
};

describe('R18-20: a tree listing cut by its bound never ends the row silently', () => {
  it('members = ["crates/*"] behind a 21,000-entry folder: the proc-macro member asks, the sources stay free', async () => {
    const root = next();
    bigFolder(root);
    await checkHookRow(root, home, { hook: 'cargo test --workspace --offline -q', files: { 'Cargo.toml': '[workspace]\nmembers = ["crates/*"]\nresolver = "2"\n', ...SPACE }, asks: ['crates/pm/src/lib.rs', 'crates/pm/src/new.rs'], free: ['crates/z/src/lib.rs', 'a_data/1'], content: '// ok\n' });
  }, 120_000);

  it('a member glob codeward does not expand (`**`) behind the same folder obeys the whole tree', async () => {
    const root = next();
    bigFolder(root);
    await checkHookRow(root, home, { hook: 'cargo test --workspace', files: { 'Cargo.toml': '[workspace]\nmembers = ["crates/**"]\n', ...SPACE }, asks: ['crates/z/src/lib.rs'], free: [] });
  }, 120_000);
});

const script = (line: string): Record<string, string> => ({ 'build.rs': `fn main() { println!(${JSON.stringify(line)}); }\n` });
describe('R18-4: compiler and linker options in build-script directives and rustflags obey what they name', () => {
  it.each([
    ['cargo:rustc-link-arg=-Btools (a bare folder: gcc runs tools/ld, tools/collect2)', script('cargo:rustc-link-arg=-Btools'), ['tools/ld', 'tools/collect2', 'tools/cc1']],
    ['cargo::rustc-link-arg=-B tools (the new syntax)', script('cargo::rustc-link-arg=-B tools'), ['tools/ld']],
    ['cargo:rustc-link-arg-bins=-Wl,--plugin=tools/p.so', script('cargo:rustc-link-arg-bins=-Wl,--plugin=tools/p.so'), ['tools/p.so']],
    ['cargo:rustc-flags=-l dylib=foo -L tools', script('cargo:rustc-flags=-l dylib=foo -L tools'), ['tools/libfoo.so']],
    ['cargo:rustc-link-search=native=libs', script('cargo:rustc-link-search=native=libs'), ['libs/libx.a']],
    ['cargo:rustc-link-arg=-fuse-ld=gold', script('cargo:rustc-link-arg=-fuse-ld=gold'), ['ld.gold']],
    ['rustflags -C link-arg=-Btools', { '.cargo/config.toml': '[build]\nrustflags = ["-C", "link-arg=-Btools"]\n' }, ['tools/collect2']],
    ['rustflags -Clink-args=… -wrapper', { '.cargo/config.toml': '[target.x86_64-unknown-linux-gnu]\nrustflags = ["-Clink-args=-Wl,-z,relro -wrapper wrap/w,x"]\n' }, ['wrap/w']],
    ['[env] CFLAGS = "-Btools" (the build script\'s C compiler)', { '.cargo/config.toml': '[env]\nCFLAGS = "-O2 -Btools"\n' }, ['tools/cc1']],
    ['a links override\'s rustc-link-arg', { '.cargo/config.toml': '[target.x86_64-unknown-linux-gnu.foo]\nrustc-link-arg = ["-Btools"]\n' }, ['tools/ld']],
  ])('%s', async (_name, files, asks) => {
    await checkHookRow(next(), home, { hook: 'cargo test', files: { ...CRATE, ...files }, asks, free: ['src/lib.rs', 'tests/it.rs'], content: '// ok\n' });
  });

  it.each([
    ['a formatted directive', { 'build.rs': 'fn main() { let d = "tools"; println!("cargo:rustc-link-arg=-B{}", d); }\n' }],
    ['a response file', script('cargo:rustc-link-arg=@args.txt')],
    ['an unknown linker option', script('cargo:rustc-link-arg=-Wl,--something-new=x')],
    ['rustflags -Z', { '.cargo/config.toml': '[build]\nrustflags = ["-Z", "codegen-backend=x.so"]\n' }],
    ['rustflags -C llvm-args', { '.cargo/config.toml': '[build]\nrustflags = ["-Cllvm-args=-load=tools/x.so"]\n' }],
  ])('%s: unmodelled, the whole tree obeyed', async (_name, files) => {
    await checkHookRow(next(), home, { hook: 'cargo test', files: { ...CRATE, ...files }, asks: ['src/lib.rs', 'tests/it.rs'], free: [] });
  });

  it('a nested configuration\'s -Btools: found beside it and from the top (where the linker may run)', async () => {
    await checkHookRow(next(), home, { hook: 'cd sub && cargo test', files: { ...CRATE, 'sub/.cargo/config.toml': '[build]\nrustflags = ["-Clink-arg=-Btools"]\n' }, asks: ['sub/tools/ld', 'tools/ld'], free: ['src/lib.rs'], content: '// ok\n' });
  });

  it('ordinary directives and rustflags leave the sources free', async () => {
    await checkHookRow(next(), home, { hook: 'cargo test', files: { ...CRATE, 'build.rs': 'fn main() { println!("cargo:rustc-link-lib=z"); println!("cargo:rustc-link-search=native=/usr/lib"); println!("cargo:rustc-link-arg=-Wl,--as-needed"); }\n', '.cargo/config.toml': '[build]\nrustflags = ["-C", "target-cpu=native", "-Dwarnings", "--cfg", "x"]\n' }, asks: ['build.rs'], free: ['src/lib.rs', 'tests/it.rs'], content: '// ok\n' });
  });
});
