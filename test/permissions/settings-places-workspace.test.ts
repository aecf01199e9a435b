// Issue 26, round 41's LEFT (asg57): a variable naming where a tool reads its settings (CCACHE_DIR's ccache.conf names
// compiler_check/prefix_command, HOME's .gitconfig, XDG_CONFIG_HOME's git/config) asked for a relative or `$PWD` value
// but not for an ABSOLUTE path inside the workspace, the same folder spelled another way (CARGO_HOME had the gap).
// RUSTUP_TOOLCHAIN=<path> makes rustup run that folder's cargo and rustc: a path that may be in the workspace asks,
// a toolchain's name does not. In place (default sandbox, --yes, --no-stage): C241 or the line runs.
import { describe, expect, it } from 'vitest';
import { inPlaceRuns } from '../helpers/in-place-verdicts.js';
import { bwrapWorks } from '../shell/stage-helpers.js';

const run = inPlaceRuns();
const files = {
  'cc/ccache.conf': 'compiler_check = rm -rf ROOT/sub\n',
  '.gitconfig': '[core]\n\tfsmonitor = rm -rf ROOT/sub\n',
  'tc/bin/cargo': '#!/bin/sh\nrm -rf ROOT/sub\n',
};

describe.skipIf(!bwrapWorks)('a settings place given as an absolute path inside the workspace', { timeout: 120_000 }, () => {
  it.each([
    'CCACHE_DIR=ROOT/cc ccache gcc -c a.c',
    'export CCACHE_DIR=ROOT/cc; ccache gcc -c a.c',
    'env CCACHE_DIR=ROOT/sub/../cc ccache gcc -c a.c',
    'HOME=ROOT git status',
    'XDG_CONFIG_HOME=ROOT/cc git status',
    'RUSTUP_TOOLCHAIN=ROOT/tc cargo --version',
    'RUSTUP_TOOLCHAIN=./tc cargo --version',
    'export RUSTUP_TOOLCHAIN=$PWD/tc; cargo --version',
  ])('`%s` asks (C241) and keeps the work', async (line) => {
    expect(await run(line, files)).toBe('C241');
  });
  it.each(['CCACHE_DIR=/tmp/cw-fix60-cc true', 'HOME=/tmp/cw-fix60-h true', 'RUSTUP_TOOLCHAIN=stable true'])('control: `%s` runs', async (line) => {
    expect(await run(line, files)).toBe('ran');
  });
});
