// Red team R18-15: a build script's compiler options given through cc's builder (`.flag()`, `.flags()`,
// `.flag_if_supported()`, `.define()`, `.include()`, cmake's `.cflag()` ...). gcc's `-wrapper`, `-B`, `-fplugin=` run
// programs: a literal option is read as the C driver's words (what it names asks), a computed one (read from a
// file, a variable) makes the line unmodelled (the whole tree asks), as `.compiler()` does. Each row: a real
// repository, a real pre-commit hook `cargo test`, the engine under --yes (C241 = asked, bytes unchanged).
import { describe, it } from 'vitest';
import { checkHookRow, rowPlace } from './hook-check.js';

const place = rowPlace('cw-cargo-builder-');
const CRATE = {
  'Cargo.toml': '[package]\nname = "app"\nversion = "0.1.0"\nedition = "2021"\n\n[build-dependencies]\ncc = "1"\n',
  'src/lib.rs': 'pub fn a() {}\n',
  'native/a.c': 'int a(void) { return 1; }\n',
};
const build = (body: string): Record<string, string> => ({ ...CRATE, 'build.rs': `fn main() {\n${body}\n}\n` });

describe('R18-15: computed builder arguments are unmodelled', () => {
  it.each([
    ['the red team\'s flag read from a file', 'let d = std::env::var("CARGO_MANIFEST_DIR").unwrap();\nlet f = std::fs::read_to_string(format!("{}/{}", d, ["fl", "ags"].concat())).unwrap();\ncc::Build::new().file("native/a.c").flag(f.trim()).compile("a");'],
    ['.flags(&list)', 'let list = vec!["-O2"];\ncc::Build::new().file("native/a.c").flags(&list).compile("a");'],
    ['.flag_if_supported(format!)', 'let t = "tools";\ncc::Build::new().file("native/a.c").flag_if_supported(&format!("-B{}", t)).compile("a");'],
    ['.define with a computed value', 'let v = std::env::var("V").unwrap();\ncc::Build::new().file("native/a.c").define("X", v.as_str()).compile("a");'],
    ['.include(&dir)', 'let dir = std::env::var("DEP_Z_INCLUDE").unwrap();\ncc::Build::new().file("native/a.c").include(&dir).compile("a");'],
    ['a builder kept in a variable', 'let mut b = cc::Build::new();\nfor f in std::env::args() { b.flag(&f); }\nb.file("native/a.c").compile("a");'],
    ['try_flags_from_environment', 'cc::Build::new().file("native/a.c").try_flags_from_environment("X_FLAGS").unwrap().compile("a");'],
  ])('%s: the whole tree asks', async (_name, body) => {
    await checkHookRow(place.next(), place.home, { hook: 'cargo test', files: { ...build(body), flags: '-O2\n' }, asks: ['src/lib.rs', 'flags'], free: [] });
  });
});

describe('R18-15: literal builder options are read as the C driver\'s', () => {
  it.each([
    ['.flag("-Btools")', '.flag("-Btools")', ['tools/cc1', 'tools/ld']],
    ['.flag("-wrapper").flag("tools/w")', '.flag("-wrapper").flag("tools/w")', ['tools/w']],
    ['.flag("-wrapper tools/w") (one literal)', '.flag("-wrapper tools/w")', ['tools/w']],
    ['.flags(&["-O2", "-fplugin=tools/p.so"])', '.flags(&["-O2", "-fplugin=tools/p.so"])', ['tools/p.so']],
  ])('%s: what it names asks, the sources stay free', async (_name, call, asks) => {
    await checkHookRow(place.next(), place.home, { hook: 'cargo test', files: build(`cc::Build::new().file("native/a.c")${call}.compile("a");`), asks, free: ['src/lib.rs'], content: '// ok\n' });
  });
  it('an option the C driver\'s reading does not know: unmodelled', async () => {
    await checkHookRow(place.next(), place.home, { hook: 'cargo test', files: build('cc::Build::new().file("native/a.c").flag("-Xclang").flag("-load").compile("a");'), asks: ['src/lib.rs'], free: [] });
  });
  it('an ordinary cc build script leaves the sources free (friction held)', async () => {
    const body = 'cc::Build::new()\n  .file("native/a.c")\n  .include("native")\n  .define("NDEBUG", None)\n  .define("LEVEL", Some("2"))\n  .flag_if_supported("-Wno-unused-parameter")\n  .flag("-std=c99")\n  .flags(["-O2", "-fPIC"])\n  .compile("a");\nprintln!("cargo:rerun-if-changed=native/a.c");';
    await checkHookRow(place.next(), place.home, { hook: 'cargo test', files: build(body), asks: ['build.rs', 'native/a.c'], free: ['src/lib.rs'], content: '// ok\n' });
  });
});
