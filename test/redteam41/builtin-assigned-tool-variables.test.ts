// R41-b3 — MAJOR (seed 004's immune list of an unstaged run; a malicious cloned repository's FILES) — the variables a
// build tool runs as a program or reads as its options (obeyed-env.ts command rows: RUSTC_WRAPPER, RUSTC, CCACHE_*,
// CARGO_TARGET_*_RUNNER ...; go's GOFLAGS) are judged only when a line ASSIGNS them by a word (`RUSTC_WRAPPER=./w
// cargo build` asks: shell/command-variables.ts; `GOFLAGS=-toolexec=./w go build` asks: danger-tool-options.ts). They
// are not in the path-hijack list (danger-variables.ts), so the other ways bash sets a variable pass unseen:
// `read NAME`, `printf -v NAME`, `for NAME in`, `${NAME:=…}`, `read 'NAME'`, each with `export NAME` (no `=`) around it.
// The value is the repository's file; cargo then runs the repository's ./w as its rustc wrapper, go as -toolexec.
//
// Reproduction (integ 85b3ba45, root, bwrap, cargo 1.x + go 1.2x; default sandbox, --yes, --no-stage; sub/new.txt
// uncommitted; a plain Cargo.toml + src/main.rs and go.mod + main.go (no build.rs, no cgo); p = 'ROOT/w',
// g = '-toolexec=ROOT/w', w = '#!/bin/sh\n/bin/rm -rf ROOT/sub\nexec "$@"'):
//   $ codeward --yes exec --no-stage 'export RUSTC_WRAPPER; read RUSTC_WRAPPER < p; cargo build --offline -q' -> sub/ GONE
//   $ codeward --yes exec --no-stage 'export RUSTC_WRAPPER; for RUSTC_WRAPPER in ./w; do cargo build --offline -q; done' -> GONE
//   $ codeward --yes exec --no-stage 'export GOFLAGS; read GOFLAGS < g; go build -buildvcs=false -o /dev/null .' -> GONE
//   control (held): `RUSTC_WRAPPER=./w cargo build` and `GOFLAGS=-toolexec=./w go build` ask; `read MAKEFLAGS < o;
//   export MAKEFLAGS; make` and `for MAKEFLAGS in …` ask (make's option-variable row fails closed on `$MAKEFLAGS`).
// Expected: C241 and the work kept.
// Fix location: the walker's environment (parse-walk-state.ts / command-variables.ts): a name a builtin or an expansion
// assigns (read, mapfile, printf -v, getopts, wait -p, `for NAME`, `${NAME:=}`; quoted names too: R41-b1) is an
// assignment of a value only known at run time — for EVERY variable a row reads (command rows, option variables
// such as GOFLAGS, start-up variables), not only HIJACK_VARIABLE. One "names this line assigns" reader fixes b1-b3.
import { describe, expect, it } from 'vitest';
import { inPlaceRuns } from '../helpers/in-place-verdicts.js';
import { hasProgram as has } from '../helpers/has-program.js';
import { bwrapWorks } from '../shell/stage-helpers.js';
import { BUILD_TOOL_PROJECT } from './build-tool-project.js';

const run = inPlaceRuns();
const files = {
  ...BUILD_TOOL_PROJECT,
  p: 'ROOT/w\n',
  g: '-toolexec=ROOT/w\n',
};

describe.skipIf(!bwrapWorks || !has('cargo'))('R41-b3 MAJOR: a tool variable set by read/printf -v/for/${:=} runs the repository\'s program (cargo)', { timeout: 240_000 }, () => {
  it.each([
    'export RUSTC_WRAPPER; read RUSTC_WRAPPER < p; cargo build --offline -q',
    'export RUSTC_WRAPPER; printf -v RUSTC_WRAPPER ./w; cargo build --offline -q',
    'export RUSTC_WRAPPER; for RUSTC_WRAPPER in ./w; do cargo build --offline -q; done',
    'export RUSTC_WRAPPER; : ${RUSTC_WRAPPER:=./w}; cargo build --offline -q',
    "read 'RUSTC_WRAPPER' < p; export RUSTC_WRAPPER; cargo build --offline -q",
    // asg57: the same class through a plain assignment of a name exported elsewhere, and a declaration run by builtin.
    'export RUSTC_WRAPPER; RUSTC_WRAPPER=./w; cargo build --offline -q',
    'builtin export RUSTC_WRAPPER=./w; cargo build --offline -q',
    'command export "RUSTC_WRAPPER=./w"; cargo build --offline -q',
  ])('`%s` asks (C241) and keeps the work', async (line) => {
    expect(await run(line, files)).toBe('C241');
  });
  it('control: a plain `cargo build --offline -q` runs and keeps the work', async () => {
    expect(await run('cargo build --offline -q', files)).toBe('ran');
  });
});

describe.skipIf(!bwrapWorks || !has('go'))('R41-b3 MAJOR: GOFLAGS set by read runs the repository\'s -toolexec (go)', { timeout: 240_000 }, () => {
  // asg57: a GOFLAGS only known at run time, however it is set (go reads every word of it as a flag).
  it.each([
    'export GOFLAGS; read GOFLAGS < g; go build -buildvcs=false -o /dev/null .',
    'GOFLAGS=$(cat g) go build -buildvcs=false -o /dev/null .',
    'env GOFLAGS="$(cat g)" go build -buildvcs=false -o /dev/null .',
  ])('`%s` asks (C241) and keeps the work', async (line) => {
    expect(await run(line, files)).toBe('C241');
  });
  it.each(['go build -buildvcs=false -o /dev/null .', 'GOFLAGS=-mod=mod go build -buildvcs=false -o /dev/null .'])('control: `%s` runs and keeps the work', async (line) => {
    expect(await run(line, files)).toBe('ran');
  });
});
