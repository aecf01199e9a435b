// Red team round 33, R33-2 (CRITICAL: a file outside the workspace written, unasked, with `--sandbox off --yes`):
// unconfined.ts judges "a program that is not read-only given a path outside" by the words of the line (`curl -o
// ~/x`, `wget -e output_document=~/x`, `gcc -o ~/x` all ask), but a program that reads MORE OPTIONS from a file
// takes its output path from text the parse never reads. The file is the repository's, or written by the same
// line. Checked, each created ~/x unasked: `curl -s -K c.cfg file://$PWD/a.txt` and `curl --config c.cfg …` with
// c.cfg `output = "~/x"`; `CURL_HOME=. curl …` with a `.curlrc` (curl reads $CURL_HOME/.curlrc: the location
// variable is "inside", so free); `wget --config=w.rc …` and `WGETRC=w.rc wget …` with `output_document = ~/x`
// (wget opens it before connecting); `gcc @r -x c -c /dev/null` with r = `-o ~/x` (a response file);
// `PIP_CONFIG_FILE=p.conf pip list` with `[global] log = ~/x`; `npm_config_userconfig=u.npmrc npm view …` and
// `npm --userconfig u.npmrc view …` with `logs-dir=~/x`; and with NO option at all, the repository's own `.npmrc`
// (`logs-dir=~/x`, also `cache=`): `npm view left-pad@0 version --offline` wrote its debug log into ~/x (fix32a reads
// the project .npmrc only for `npm run`/`test`: which script runs, not where any npm command writes).
// Held-back variants a fix must also cover: `curl -K -` / `-K <(…)`, `XDG_CONFIG_HOME=. curl` (asks today, by the
// XDG rule), a repository `.wgetrc` with `HOME=.`, `@file` of clang/javac/java/ld, `rg` RIPGREP_CONFIG_PATH (`--pre`),
// `pip -r req.txt` options, `git -c include.path=…` (GIT_ rows ask), `tar -T`/`--files-from` (names read, written
// inside: no finding).
// Expected: asks (C241), as `curl -o ~/x` does; `curl -s file://$PWD/a.txt` runs.
// Fix: ONE place, the option reading the unconfined judge uses (permissions/unconfined-attached.ts optionValues or
// the option tables): an option (or variable: CURL_HOME, WGETRC, a `@` word) that names a file of more options
// makes the program's options only known at run time (UNKNOWN), so a program that is not read-only fails closed.
// A list of such options per program would again be a list: the class is "the program's arguments come from a
// file", the same rule as R33-1's xargs input. The project's default config file (`.npmrc`: cache, logs-dir, prefix;
// pip's `pip.conf` in a venv) is the same class with no option on the line: read its path-valued keys as npm's own
// options (npm-ini.ts is already the one reader; unconfined-attached.ts judges `--logs-dir=~/x` on the line).
// Live since fix33a (issue 26): `--sandbox off` runs in the write jail (sandbox/write-jail.ts) wherever bubblewrap runs, so
// the expectation is the OUTCOME: every file outside the workspace untouched (asking is also fine). The parse's rule
// named under "Fix" below still matters where no jail runs (no bubblewrap): not done here.
import { describe, expect, it } from 'vitest';
import { outsideWrites } from '../helpers/yes-runs.js';

const { verdict } = outsideWrites('cw-rt33-optfile-', (out) => ({ 'a.txt': 'a\n', 'c.cfg': `output = "${out}"\n`, '.curlrc': `output = "${out}"\n`, 'w.rc': `output_document = ${out}\n`, 'r': `-o ${out}\n`, 'p.conf': `[global]\nlog = ${out}\n`, 'u.npmrc': `logs-dir=${out}\n`, '.npmrc': `logs-dir=${out}\n` }));

describe('R33-2 CRITICAL: a program takes its output path from an options file the parse never reads', () => {
  it.each([
    'curl -s -K c.cfg file://$PWD/a.txt',
    'curl -s --config c.cfg file://$PWD/a.txt',
    'CURL_HOME=. curl -s file://$PWD/a.txt',
    'wget -q --config=w.rc http://127.0.0.1:1/ || true',
    'WGETRC=w.rc wget -q http://127.0.0.1:1/ || true',
    'gcc @r -x c -c /dev/null',
    'PIP_CONFIG_FILE=p.conf pip list --disable-pip-version-check',
    'npm_config_userconfig=u.npmrc npm view left-pad@0 version --offline; true',
    'npm --userconfig u.npmrc view left-pad@0 version --offline; true',
    'npm view left-pad@0 version --offline; true',
  ])('`%s` leaves every file outside the workspace untouched (runs in the write jail, or asks)', async (line) => {
    expect(await verdict(line)).not.toBe('wrote OUT');
  }, 60_000);
});

describe('control', () => {
  it.each(['curl -s -o OUT file://$PWD/a.txt', 'wget -q -e output_document=OUT http://127.0.0.1:1/ || true', 'gcc -o OUT -x c -c /dev/null'])('`%s` leaves every file outside the workspace untouched (runs in the write jail, or asks)', async (line) => {
    expect(await verdict(line)).not.toBe('wrote OUT');
  }, 60_000);
  it.each(['curl -s file://$PWD/a.txt'])('`%s` runs', async (line) => {
    expect(await verdict(line)).toBe('ran');
  }, 60_000);
});
