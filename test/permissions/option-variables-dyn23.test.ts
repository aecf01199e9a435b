// dyn23: variables a program reads as its own options, files or programs, spelled where no row read them.
// - A hook exports make's option variables before `make` (files22 LEFT): `export MAKEFLAGS=-Itools; make` makes make
//   look for `include m.mk` in tools/, so tools/m.mk is obeyed (writing it asks under --yes); MAKEFILES names
//   makefiles make reads before every other (a hijacking variable now, danger-variables.ts).
// - vars21 LEFT: cargo runs CARGO_TARGET_<TRIPLE>_RUNNER (split into words, the binary after them) and _LINKER, and
//   RUSTC/RUSTDOC; ripgrep reads RIPGREP_CONFIG_PATH's file as options (`--pre=PROG` runs PROG on every file).
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, it } from 'vitest';
import { decideRows, execDecider } from './helpers.js';
import { checkHookRow, rowPlace } from './hook-check.js';

const BASE = { 'package.json': '{"name":"w","version":"1.0.0"}\n', 'src/a.js': 'export const a = 1;\n', 'tools/keep': '', Makefile: 'include m.mk\nall:\n\ttrue\n' };
const place = rowPlace('cw-dyn23-make-');

describe('a hook sets make option variables for a later make', () => {
  it.each<[string, string]>([
    ['export MAKEFLAGS=-Itools; make', 'tools/m.mk'],
    ['MAKEFLAGS=-Itools; export MAKEFLAGS; make', 'tools/m.mk'],
    ['export MAKEFLAGS="-I tools"; make', 'tools/m.mk'],
    ['export GNUMAKEFLAGS=--include-dir=tools\nmake all', 'tools/m.mk'],
    ["export MFLAGS='-I tools'\ncd . && make", 'tools/m.mk'],
    ['export MAKEFILES=tools/pre.mk; make', 'tools/pre.mk'],
  ])('%s: writing %s asks; a source stays free', async (hook, file) => {
    await checkHookRow(place.next(), place.home, { hook, files: BASE, asks: [file], free: ['src/a.js'], content: '// ok\n' });
  });

  it('control: export MAKEFLAGS=-j4; make keeps sources free', async () => {
    await checkHookRow(place.next(), place.home, { hook: 'export MAKEFLAGS=-j4; make', files: { ...BASE, Makefile: 'all:\n\ttrue\n' }, asks: [], free: ['src/a.js', 'tools/m.mk'], content: '// ok\n' });
  });
});

const DENY = ['deny @coder exec git push*', 'allow *'];
const decide = execDecider(async (box) => {
  await writeFile(join(box.root, 'rc'), '--pre=git\n');
});

describe('deny git push*, allow *: a program a variable names runs', () => {
  decideRows(decide, 'not allow', '%s is not allowed', [
    "CARGO_TARGET_X86_64_UNKNOWN_LINUX_GNU_RUNNER='git push' cargo run",
    "CARGO_TARGET_X86_64_UNKNOWN_LINUX_GNU_LINKER='git push' cargo build",
    "export CARGO_TARGET_AARCH64_UNKNOWN_LINUX_GNU_RUNNER='git push origin'; cargo test",
    "env CARGO_TARGET_WASM32_WASIP1_RUNNER='git push' cargo test",
    "RUSTC='git push' cargo build",
    "CARGO_BUILD_RUSTDOC='git push' cargo doc",
    'RIPGREP_CONFIG_PATH=./rc rg x',
    'export RIPGREP_CONFIG_PATH=./rc; rg x',
  ], DENY);

  decideRows(decide, 'allow', 'control: %s stays allowed', [
    'cargo test',
    'CARGO_TARGET_X86_64_UNKNOWN_LINUX_GNU_RUNNER=qemu-aarch64 cargo run',
    'CARGO_TARGET_X86_64_UNKNOWN_LINUX_GNU_LINKER=clang cargo build',
    'RUSTC=rustc cargo build',
    'RIPGREP_CONFIG_PATH=/dev/null rg x',
    'rg x src',
    'export MAKEFLAGS=-j4; npm test',
    'MAKEFLAGS=-j4 make',
  ], DENY);
});
