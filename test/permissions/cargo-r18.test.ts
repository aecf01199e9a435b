// Red team round 18's cargo rows (issue 26): R18-5 cargo's underscore spellings of its table and key names,
// R18-20 a tree listing that hits its bound, R18-4 linker and compiler options in build-script directives and
// rustflags, R18-21 what `.cargo/config*` and rust-toolchain files name, obeyed with or without a hook.
// Each row: a real repository, a real pre-commit hook, the engine under --yes (C241 = asked, bytes unchanged).
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
