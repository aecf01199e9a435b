// Issue 26, red team 18 FRICTION F1 and F2: a pre-commit hook on an ordinary Rust or Go project made EVERY source
// write ask under --yes: a build.rs embedding the git hash (`Command::new("git").args(["rev-parse", "HEAD"])`, the
// most common build.rs after cc), `cargo deny check`, and `staticcheck ./...` (programs or spawns with no row: the
// whole tree obeyed). Now: a build script's literal git/rustc query is followed (hook-runner-cargo-queries.ts),
// cargo-deny and staticcheck have rows (hook-runner-rows-more.ts). The sources are written unasked; the build
// script, deny.toml and staticcheck.conf still ask (C241), and a spawn outside the allow-list (a computed argument,
// `sh`, a `Command` kept in a variable, `current_dir`, a git option that writes) still obeys the whole tree.
import { describe, expect, it } from 'vitest';
import { withoutQueries } from '../../src/permissions/hook-runner-cargo-queries.js';
import { runsPrograms } from '../../src/permissions/hook-runner-cargo-build.js';
import { checkHookRow, rowPlace } from './hook-check.js';

const rows = rowPlace('cw-rust-go18-');
const CRATE = { 'Cargo.toml': '[package]\nname = "app"\nversion = "0.1.0"\nedition = "2021"\n', 'src/main.rs': 'fn main() {}\n', 'src/lib.rs': 'pub fn a() {}\n', 'tests/it.rs': '#[test]\nfn t() {}\n' };
const SOURCES = ['src/main.rs', 'src/lib.rs', 'tests/it.rs', 'src/new.rs'];
const GIT_HASH = [
  'use std::process::Command;',
  '',
  'fn main() {',
  '    // Embed the commit: the most common build.rs after cc.',
  '    let output = Command::new("git").args(["rev-parse", "--short", "HEAD"]).output().expect("failed to execute git Command");',
  '    let hash = String::from_utf8(output.stdout).unwrap();',
  '    let rustc = std::process::Command::new("rustc")',
  '        .arg("--version")',
  '        .stdout(std::process::Stdio::piped())',
  '        .output()',
  '        .unwrap();',
  '    let _ = Command::new("git").arg("describe").arg("--tags").arg("--always").status();',
  '    println!("cargo:rustc-env=GIT_HASH={}", hash);',
  '    println!("cargo:rerun-if-changed=.git/HEAD");',
  '    let _ = rustc;',
  '}',
  '',
].join('\n');

describe('F1: a build.rs that queries git and rustc with literal arguments is followed', () => {
  it.each(['cargo test', 'cargo clippy --all-targets -- -D warnings && cargo test'])('%s: the sources are free, build.rs asks', async (hook) => {
    await checkHookRow(rows.next(), rows.home, { hook, files: { ...CRATE, 'build.rs': GIT_HASH }, asks: ['build.rs', 'Cargo.toml', '.cargo/config.toml'], free: SOURCES, content: '// ok\n' });
  });

  // Each of these spawns something the allow-list does not cover: the whole tree stays obeyed.
  it.each([
    ['a computed argument', 'fn main() { let r = "HEAD"; std::process::Command::new("git").args(["rev-parse", r]).output().unwrap(); }\n'],
    ['a program outside the list', 'use std::process::Command;\nfn main() { Command::new("sh").arg("tools/x.sh").output().unwrap(); }\n'],
    ['a Command kept in a variable', 'use std::process::Command;\nfn main() { let mut c = Command::new("git"); c.arg("rev-parse"); c.output().unwrap(); }\n'],
    ['current_dir', 'use std::process::Command;\nfn main() { Command::new("git").arg("status").current_dir("../other").output().unwrap(); }\n'],
    ['an env var set for git', 'use std::process::Command;\nfn main() { Command::new("git").env("GIT_DIR", "x").args(["log", "-1"]).output().unwrap(); }\n'],
    ['git log --output (writes a file)', 'use std::process::Command;\nfn main() { Command::new("git").args(["log", "--output=src/lib.rs"]).status().unwrap(); }\n'],
    ['git log -p (runs the textconv drivers .gitattributes selects)', 'use std::process::Command;\nfn main() { Command::new("git").args(["log", "-p", "-1"]).output().unwrap(); }\n'],
    ['a git sub-command outside the list', 'use std::process::Command;\nfn main() { Command::new("git").args(["submodule", "update"]).status().unwrap(); }\n'],
    ['rustc compiling a file', 'use std::process::Command;\nfn main() { Command::new("rustc").arg("probe.rs").status().unwrap(); }\n'],
    ['a spawn hidden after a string holding //', 'fn main() { let _u = "http://x"; std::process::Command::new("sh").arg("tools/x.sh").status().unwrap(); }\n'],
    ['a spawn inside a raw string trick', 'fn main() { let _r = r#"a"b"#; std::process::Command::new("sh").status().unwrap(); }\n'],
    ['a computed variable read by the loader', 'fn main() { let v = "x"; println!("cargo:rustc-env=LD_PRELOAD_HASH={}", v); }\n'],
    ['a computed variable outside the stamp names', 'fn main() { let v = "x"; println!("cargo:rustc-env=COMPILER_PATH={}", v); }\n'],
    ['an aliased import', 'use std::process::Command as C;\nfn main() { C::new("git").args(["log"]).output().unwrap(); }\n'],
  ])('fail closed: %s', async (_name, script) => {
    await checkHookRow(rows.next(), rows.home, { hook: 'cargo test', files: { ...CRATE, 'build.rs': script }, asks: ['src/main.rs', 'src/lib.rs', 'tests/it.rs'], free: ['data/a.csv'] });
  });

  // Before, `//` inside a string cut the rest of the line from the spawn check (a proc macro's too).
  it('fail closed: a proc macro whose spawn follows a string holding //', async () => {
    const files = {
      ...CRATE, 'Cargo.toml': '[package]\nname = "app"\n\n[dependencies]\nmacros = { path = "macros" }\n',
      'macros/Cargo.toml': '[package]\nname = "macros"\n\n[lib]\nproc-macro = true\n',
      'macros/src/lib.rs': 'pub fn m() { let _u = "https://x"; std::process::Command::new("sh").arg("../tools/x.sh").status().unwrap(); }\n',
    };
    await checkHookRow(rows.next(), rows.home, { hook: 'cargo test', files, asks: ['src/main.rs', 'tools/x.sh'], free: ['data/a.csv'] });
  });

  it('the query reading keeps every other spawn word', () => {
    expect(runsPrograms(withoutQueries(GIT_HASH))).toBeUndefined();
    expect(runsPrograms(withoutQueries('fn main() { Command::new("git").args(["rev-parse"]).spawn(); }'))).toBe('Command');
    expect(runsPrograms(withoutQueries('use std::process::{Command, Stdio};\nfn main() { std::process::exit(1) }'))).toBe('process');
  });
});

describe('F1: cargo deny check', () => {
  it.each(['cargo deny check', 'cargo deny check && cargo test', 'cargo deny --all-features check bans licenses', 'cargo-deny check advisories'])('%s: the sources are free, deny.toml asks', async (hook) => {
    await checkHookRow(rows.next(), rows.home, {
      hook, files: { ...CRATE, 'deny.toml': '[licenses]\nallow = ["MIT"]\n' },
      asks: ['deny.toml', '.deny.toml', '.cargo/deny.toml', 'sub/deny.toml', 'Cargo.toml', 'Cargo.lock', 'rust-toolchain.toml'], free: SOURCES, content: '// ok\n',
    });
  });

  it('a configuration named by --config asks', async () => {
    await checkHookRow(rows.next(), rows.home, { hook: 'cargo deny check --config ci/deny.toml', files: { ...CRATE, 'ci/deny.toml': '' }, asks: ['ci/deny.toml'], free: SOURCES, content: '// ok\n' });
  });

  it.each([['cargo deny init', {}], ['cargo deny check', { '.cargo/config.toml': '[alias]\ndeny = "run -p xtask"\n' }], ['cargo deny check --unknown-option', {}]])('fail closed: %s %j', async (hook, files) => {
    await checkHookRow(rows.next(), rows.home, { hook, files: { ...CRATE, ...files }, asks: ['src/main.rs', 'src/lib.rs'], free: ['data/a.csv'] });
  });
});

const GO = { 'go.mod': 'module example.com/x\n\ngo 1.22\n', 'main.go': 'package main\n\nfunc main() {}\n', 'internal/x/x.go': 'package x\n' };

describe('F2: staticcheck ./...', () => {
  it.each(['staticcheck ./...', 'gofmt -l . && go vet ./... && staticcheck -checks=all,-ST1000 ./...', 'staticcheck -tests=false -f stylish ./...'])('%s: the Go sources are free, staticcheck.conf asks', async (hook) => {
    await checkHookRow(rows.next(), rows.home, { hook, files: { ...GO, 'staticcheck.conf': 'checks = ["all"]\n' }, asks: ['staticcheck.conf', 'internal/staticcheck.conf', 'go.mod', 'go.work'], free: ['main.go', 'internal/x/x.go', 'cmd/new/main.go'], content: '// ok\n' });
  });

  it.each(['go generate ./... && staticcheck ./...', 'staticcheck -debug.cpuprofile x ./...'])('fail closed: %s', async (hook) => {
    await checkHookRow(rows.next(), rows.home, { hook, files: GO, asks: ['main.go', 'internal/x/x.go'], free: ['data/a.csv'] });
  });
});
