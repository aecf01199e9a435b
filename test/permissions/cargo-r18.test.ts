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
