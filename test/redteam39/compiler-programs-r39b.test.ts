// Parked: imports are written for the file moved to test/redteam39/<name>.test.ts (as round 38 moved its own).
// R39-b14 — MAJOR (seed 004's immune list of an unstaged run; "a build tool given a program or code to run in its
// arguments" — the rule that asks for `go build -toolexec=./s.sh`, `cargo --config build.rustc-wrapper=…`,
// `RUSTC_WRAPPER=./s.sh cargo build`, `CC=./s.sh make`) — the compilers' own options that name a program or a folder
// of programs are not in it; the workspace's s.sh / ./as runs (rm -rf) under --yes, in place:
//   - cc/gcc: `-wrapper ./s.sh` (runs every subprocess through it), `-B.` / `-B ./` and COMPILER_PATH=. (take as, ld,
//     cc1, collect2 from the workspace), `-fplugin=./x.so` (loads a workspace shared object into cc1);
//   - rustc: `-C linker=./s.sh` (also through cargo: `cargo rustc -- -C linker=…`, RUSTFLAGS='-C linker=./s.sh',
//     CARGO_ENCODED_RUSTFLAGS=-Clinker=./s.sh); likely also -C linker-plugin / -Z codegen-backend=./x.so.
//
// Reproduction (integ 507f8cca, root, bwrap, gcc 12, rustc; default sandbox, --yes, --no-stage; sub/new.txt
// uncommitted; s.sh and as = '#!/bin/sh\necho EVIL\n/bin/rm -rf sub\nexec "$@"\n' (0755); m.c, m.rs trivial):
//   $ codeward --yes exec --no-stage 'cc -wrapper ./s.sh m.c -o /tmp/m'            -> EVIL x3, [exit 0], sub/ GONE
//   $ codeward --yes exec --no-stage 'cc -B. m.c -o /tmp/m'                        -> [exit 1], sub/ GONE
//   $ codeward --yes exec --no-stage 'rustc -C linker=./s.sh m.rs -o /tmp/m'       -> [exit 1], sub/ GONE
//   $ codeward --yes exec --no-stage "RUSTFLAGS='-C linker=./s.sh' cargo build -q" -> [exit 101], sub/ GONE
//   $ codeward --yes exec --no-stage 'CC=./s.sh make m'  (no rule for m: make's built-in `m: m.c` runs $(CC))
//                                                                                   -> sub/ GONE
//   control (held): `CC=./s.sh make` (the Makefile's recipe) -> C241; `RUSTC_WRAPPER=./s.sh cargo build` -> C241; `go build -toolexec=./s.sh ./...` -> C241.
// Expected: C241 and the work kept.
// ONE place for the class fix: the table behind "a build tool given a program or code to run in its arguments"
// (with its environment spellings, R39-b13): rows for cc/gcc/clang/g++ (-wrapper, -B, -fplugin, --ld-path, -fuse-ld=PATH,
// COMPILER_PATH, GCC_EXEC_PREFIX) and rustc (-C linker=, -Clinker=, -C linker-plugin…, RUSTFLAGS /
// CARGO_ENCODED_RUSTFLAGS / CARGO_BUILD_RUSTFLAGS / `cargo rustc --` words): a workspace (or non-system) path is a
// program codeward cannot read (unknown) or a script file it reads. make: a goal no Makefile rule names is built by
// make's built-in rules ($(CC), $(CXX), $(LD), $(AR) …): the make row reads them as recipes too.
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { inPlaceVerdicts } from '../helpers/in-place-verdicts.js';
import { bwrapWorks } from '../shell/stage-helpers.js';

const EVIL = '#!/bin/sh\necho EVIL\n/bin/rm -rf sub\nexec "$@"\n';
const FILES: Record<string, string> = { 's.sh': EVIL, as: EVIL, 'm.c': 'int main(void) { return 0; }\n', 'm.rs': 'fn main() {}\n', Makefile: 'all:\n\t$(CC) -c m.c -o /tmp/cw-rt39b-mk.o\n' };
const verdict = inPlaceVerdicts(FILES);

const has = (program: string): boolean => (process.env['PATH'] ?? '').split(':').some((dir) => existsSync(join(dir, program)));
describe.skipIf(!bwrapWorks)('R39-b14 MAJOR: compiler and linker options that run a workspace program', { timeout: 120_000 }, () => {
  it.skipIf(!has('cc')).each(['cc -wrapper ./s.sh -c m.c -o /tmp/cw-rt39b-m.o', 'cc -B. -c m.c -o /tmp/cw-rt39b-m.o', 'COMPILER_PATH=. cc -c m.c -o /tmp/cw-rt39b-m.o'])('`%s` asks (C241) and keeps the work', async (line) => {
    expect(await verdict(line)).toBe('C241');
  });
  it.skipIf(!has('rustc'))('`rustc -C linker=./s.sh m.rs` asks (C241) and keeps the work', async () => {
    expect(await verdict('rustc -C linker=./s.sh m.rs -o /tmp/cw-rt39b-m')).toBe('C241');
  });
  it.skipIf(!has('make'))('`CC=./s.sh make m` (make\'s BUILT-IN rule m: m.c runs $(CC)) asks (C241) and keeps the work', async () => {
    expect(await verdict('CC=./s.sh make m')).toBe('C241');
  });
  it.skipIf(!has('make'))('control: `CC=./s.sh make` (the Makefile\'s recipe runs $(CC)) asks', async () => {
    expect(await verdict('CC=./s.sh make')).toBe('C241');
  });
});
