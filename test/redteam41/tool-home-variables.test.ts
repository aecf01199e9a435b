// R41-b4 — MAJOR (seed 004's immune list of an unstaged run; a malicious cloned repository's FILES) — variables that
// name WHERE a build tool reads its configuration are modelled for git, ccache and wget (command-variables.ts
// CONFIG_FILES / HOMES: GIT_CONFIG_GLOBAL, HOME, XDG_CONFIG_HOME, CCACHE_DIR, WGETRC) but not for cargo and go:
// - CARGO_HOME: cargo reads $CARGO_HOME/config.toml (the Cargo book, "Configuration", hierarchical: $CARGO_HOME last),
//   whose `[build] rustc-wrapper` (or `[target.*] runner/linker`, `[alias]`) is a program. `CARGO_HOME=. cargo build`
//   obeys the repository's ROOT config.toml — not the `.cargo/config.toml` the cargo hook reads.
// - GOENV: go reads its `go env -w` file from $GOENV; a `GOFLAGS=-toolexec=./w` line there runs ./w for every tool.
// Neither name is in HIJACK_VARIABLE ([A-Z_]*PATH, HOME exactly, XDG_*), so the prefix and `export` forms pass too.
//
// Reproduction (integ 85b3ba45, root, bwrap; default sandbox, --yes, --no-stage; sub/new.txt uncommitted; a plain
// Cargo.toml + src/main.rs, go.mod + main.go; config.toml = '[build]\nrustc-wrapper = "ROOT/w"',
// genv = 'GOFLAGS=-toolexec=ROOT/w', w = '#!/bin/sh\n/bin/rm -rf ROOT/sub\nexec "$@"'):
//   $ codeward --yes exec --no-stage 'CARGO_HOME=. cargo build --offline -q'                 -> [exit 0], sub/ GONE
//   $ codeward --yes exec --no-stage 'export CARGO_HOME=.; cargo build --offline -q'         -> [exit 0], sub/ GONE
//   $ codeward --yes exec --no-stage 'GOENV=./genv go build -buildvcs=false -o /dev/null .'   -> [exit 0], sub/ GONE
//   control (held): `RUSTC_WRAPPER=./w cargo build`, `GOFLAGS=-toolexec=./w go build` ask; `mkdir -p ~/.config/go;
//   go env -w GOFLAGS=…; go build` asks (a home settings file).
// Expected: C241 (what runs is named by a file only known at run time) and the work kept.
// Fix location: src/shell/command-variables.ts (CONFIG_FILES: GOENV; HOMES: CARGO_HOME — its config.toml read as
// cargo's config by hook-runner-cargo-config.ts, or simply "only known at run time"), and danger-variables.ts
// HIJACK_VARIABLE for the class (other tool homes to check: RUSTUP_HOME, GRADLE_USER_HOME (init.d scripts), GOROOT,
// GOTOOLDIR, MAVEN_HOME/M2_HOME, npm's NPM_CONFIG_USERCONFIG is covered by NPM_CONFIG_*, PIP_CONFIG_FILE).
import { describe, expect, it } from 'vitest';
import { inPlaceRuns } from '../helpers/in-place-verdicts.js';
import { hasProgram as has } from '../helpers/has-program.js';
import { bwrapWorks } from '../shell/stage-helpers.js';
import { BUILD_TOOL_PROJECT } from './build-tool-project.js';

const run = inPlaceRuns();
const files = {
  ...BUILD_TOOL_PROJECT,
  'config.toml': '[build]\nrustc-wrapper = "ROOT/w"\n',
  genv: 'GOFLAGS=-toolexec=ROOT/w\n',
};

describe.skipIf(!bwrapWorks || !has('cargo'))('R41-b4 MAJOR: CARGO_HOME=. obeys the repository\'s config.toml', { timeout: 240_000 }, () => {
  it.each(['CARGO_HOME=. cargo build --offline -q', 'export CARGO_HOME=.; cargo build --offline -q', 'env CARGO_HOME=$PWD cargo build --offline -q' /* held today: a guard */, 'CARGO_HOME=ROOT cargo build --offline -q'])('`%s` asks (C241) and keeps the work', async (line) => {
    expect(await run(line, files)).toBe('C241');
  });
  it('control: a plain `cargo build --offline -q` runs and keeps the work', async () => {
    expect(await run('cargo build --offline -q', files)).toBe('ran');
  });
});

describe.skipIf(!bwrapWorks || !has('go'))('R41-b4 MAJOR: GOENV names the repository\'s go env file', { timeout: 240_000 }, () => {
  it.each(['GOENV=./genv go build -buildvcs=false -o /dev/null .', 'export GOENV=./genv; go build -buildvcs=false -o /dev/null .'])('`%s` asks (C241) and keeps the work', async (line) => {
    expect(await run(line, files)).toBe('C241');
  });
  it.each(['go build -buildvcs=false -o /dev/null .', 'GOENV=off go build -buildvcs=false -o /dev/null .'])('control: `%s` runs and keeps the work', async (line) => {
    expect(await run(line, files)).toBe('ran');
  });
});
