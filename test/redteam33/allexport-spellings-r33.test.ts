// Red team round 33, R33-9 (CRITICAL by R32-2's measure: a file outside the workspace written, unasked, with
// `--sandbox off --yes`): R32-2's prescan (shell/parse-walk-state.ts) puts every assignment into the environment of
// the programs the line starts when allexport may be on, but two spellings of allexport are not seen:
// - a `set` option word only known at run time: `o=a; set -$o; SSLKEYLOGFILE=~/x; curl …` (R32-2 counts a NAME
//   only known at run time as "all", not an OPTION only known at run time; `set -o $o` is caught);
// - a shell's `-a` after a long option or an option with a value: `bash --norc -a -c '…'`, `bash -O extglob -a -c
//   '…'` (`bash -a --norc` and `bash -e -a` are caught: the reading of bash's own options stops early).
// Checked: each created ~/x (curl appends TLS secrets to SSLKEYLOGFILE).
// Held-back variants a fix must also cover: `bash --noprofile -a`, `bash --rcfile f -a` (valued long option),
// `bash -O globstar -o allexport`, `set -$(echo a)`, `set -"$o"`,
// `set $o` (a word that may be an option), `eval set -a` through a variable.
// Expected: asks (C241), as `set -a; SSLKEYLOGFILE=~/x; curl …` does.
// Fix: ONE place, the prescan (parse-walk-state.ts / parse-walk-simple.ts): a `set` word only known at run time that
// may start with `-` (or `+`) counts as allexport on; a shell's options read with the shell's own option table
// (the one parse-launchers.ts uses for `-c`), not stopping at the first long or valued option.
// Live since fix33a (issue 26): `--sandbox off` runs in the write jail (sandbox/write-jail.ts) wherever bubblewrap runs, so
// the expectation is the OUTCOME: every file outside the workspace untouched (asking is also fine). The parse's rule
// named under "Fix" below still matters where no jail runs (no bubblewrap): fix36 made it, rows with NO_JAIL below.
import { describe, expect, it } from 'vitest';
import { NO_JAIL } from '../helpers/unconfined-runs.js';
import { outsideWrites } from '../helpers/yes-runs.js';

const { verdict } = outsideWrites('cw-rt33-allexp-');

const CURL = 'curl -s https://127.0.0.1:1/ || true';
describe('R33-9 CRITICAL: allexport spelled so the prescan misses it', () => {
  it.each([
    `o=a; set -$o; SSLKEYLOGFILE=OUT; ${CURL}`,
    `bash --norc -a -c 'SSLKEYLOGFILE=OUT; ${CURL}'`,
    `bash --noprofile -a -c 'SSLKEYLOGFILE=OUT; ${CURL}'`,
    `bash -O extglob -a -c 'SSLKEYLOGFILE=OUT; ${CURL}'`,
  ])('`%s` leaves every file outside the workspace untouched (runs in the write jail, or asks)', async (line) => {
    expect(await verdict(line)).not.toBe('wrote OUT');
  }, 60_000);
});

describe('control', () => {
  it.each([
    `set -a; SSLKEYLOGFILE=OUT; ${CURL}`,
    `o=allexport; set -o $o; SSLKEYLOGFILE=OUT; ${CURL}`,
    `bash -a --norc -c 'SSLKEYLOGFILE=OUT; ${CURL}'`,
    `bash -e -a -c 'SSLKEYLOGFILE=OUT; ${CURL}'`,
  ])('`%s` leaves every file outside the workspace untouched (runs in the write jail, or asks)', async (line) => {
    expect(await verdict(line)).not.toBe('wrote OUT');
  }, 60_000);
});

// Where no write jail runs the parse is the only guard: every spelling asks (C241), as `set -a; X=~/x; curl` does.
const SPELLINGS = [
  `o=a; set -$o; SSLKEYLOGFILE=OUT; ${CURL}`,
  `o=a; set -"$o"; SSLKEYLOGFILE=OUT; ${CURL}`,
  `set -$(echo a); SSLKEYLOGFILE=OUT; ${CURL}`,
  `set -\`echo a\`; SSLKEYLOGFILE=OUT; ${CURL}`,
  `o=-a; set $o; SSLKEYLOGFILE=OUT; ${CURL}`,
  `o=-a; set -- x; set "$o"; SSLKEYLOGFILE=OUT; ${CURL}`,
  `bash --norc -a -c 'SSLKEYLOGFILE=OUT; ${CURL}'`,
  `bash --noprofile -a -c 'SSLKEYLOGFILE=OUT; ${CURL}'`,
  `bash -O extglob -a -c 'SSLKEYLOGFILE=OUT; ${CURL}'`,
  `bash --rcfile /dev/null -a -c 'SSLKEYLOGFILE=OUT; ${CURL}'`,
  `bash -O globstar -o allexport -c 'SSLKEYLOGFILE=OUT; ${CURL}'`,
  `bash -O globstar -ea -c 'SSLKEYLOGFILE=OUT; ${CURL}'`,
  `/bin/bash --norc -x -a -c 'SSLKEYLOGFILE=OUT; ${CURL}'`,
  `o=a; eval set -$o; SSLKEYLOGFILE=OUT; ${CURL}`,
  `c='set -a'; eval "$c"; SSLKEYLOGFILE=OUT; ${CURL}`,
  `s=set; eval "$s" -a; SSLKEYLOGFILE=OUT; ${CURL}`,
  `s=se; eval "\${s}t -a"; SSLKEYLOGFILE=OUT; ${CURL}`,
  `o=a; bash -$o -c 'SSLKEYLOGFILE=OUT; ${CURL}'`,
];
describe('R33-9 where no write jail runs (NO_JAIL): the parse asks for every spelling', () => {
  it.each(SPELLINGS)('`%s` asks (C241)', async (line) => {
    expect(await verdict(line, NO_JAIL)).toBe('C241');
  }, 60_000);
});

describe('control where no write jail runs: set and bash without allexport run', () => {
  it.each([
    'set -e; X=sub; echo "$X"',
    'set -- "$@"; X=sub; echo "$X"',
    'set -euo pipefail; X=sub; echo "$X"',
    `bash --norc -e -c 'X=sub; echo "$X"'`,
  ])('`%s` runs', async (line) => {
    expect(await verdict(line, NO_JAIL)).toBe('ran');
  }, 60_000);
});

// fix39 (issue 26 LEFT, friction): a `set` word that is another program's argument (`kubectl set env -a`, `echo set
// -a`, `grep -e set -a`) sets no shell's allexport: only `set` where a shell runs it as a command (line start, after
// `;` `&&` `|` `(` `{` a keyword, `eval`, a shell's `-c`, or in a variable's value that may be eval'ed).
describe('friction where no write jail runs: `set` as another program\'s argument is not allexport', () => {
  it.each([
    'SSLKEYLOGFILE=OUT; echo set -a',
    "SSLKEYLOGFILE=OUT; git log -1 --grep 'set -a' || true",
    'SSLKEYLOGFILE=OUT; grep -e set -a x.txt || true',
    'SSLKEYLOGFILE=OUT; kubectl set env -a || true',
    'SSLKEYLOGFILE=OUT; kubectl set env d $v || true',
  ])('`%s` runs', async (line) => {
    expect(await verdict(line, NO_JAIL)).toBe('ran');
  }, 60_000);
  it.each([
    'SSLKEYLOGFILE=OUT; true && set -a; curl -s https://127.0.0.1:1/ || true',
    'if true; then set -a; fi; SSLKEYLOGFILE=OUT; curl -s https://127.0.0.1:1/ || true',
    "SSLKEYLOGFILE=OUT; (set -a; curl -s https://127.0.0.1:1/ || true)",
    "SSLKEYLOGFILE=OUT; builtin set -a; curl -s https://127.0.0.1:1/ || true",
  ])('control: `%s` asks (C241)', async (line) => {
    expect(await verdict(line, NO_JAIL)).toBe('C241');
  }, 60_000);
});
