// Red team round 27, R27-5 (stop 52's gnu-long.ts reads GNU long-option prefixes for the sed/awk/vim rows only;
// rows28's LEFT "options/parse.ts resolveLong and parse-launch-runtime.ts not folded onto gnu-long.ts", proven
// here as a live hole): GNU env and util-linux script take any unambiguous prefix of `--split-string` / `--command`
// (getopt_long). `env --s 'rm -r build'`, `env --sp='..'`, `script -q --comm '..' /dev/null` run the string as a
// command line, but the launcher reader matches the full names only: the immune list and deny rules are passed.
// Checked here (coreutils 9, util-linux 2.38): `env --sp='echo ENV-SP-RAN'`, `env --s 'echo ENV-S-RAN'`,
// `script -q --comm 'echo SCRIPT-RAN' /dev/null` each ran; `codeward --yes exec --cmd "env --s 'rm -r build'"`
// (no rule at all) deleted build/. Controls: the full names ask/deny.
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe } from 'vitest';
import { decideRows, DENY_PUSH, execDecider } from '../permissions/helpers.js';

const ALLOW = ['allow @coder *', 'allow *'];
const decide = execDecider(async (box) => {
  await mkdir(join(box.root, 'build'), { recursive: true });
  await writeFile(join(box.root, 'build/x'), '1\n');
});

describe('R27-5: env --split-string / script --command by an abbreviation pass the immune list and deny rules', () => {
  decideRows(decide, 'not allow', 'allow *: `%s` is not allowed', [
    "env --s 'rm -r build'",
    "env --sp='rm -r build'",
    "env --spli='git reset --hard'",
    "script -q --comm 'rm -r build' /dev/null",
    "script -q --com='git reset --hard' /dev/null",
  ], ALLOW, 60_000);
  decideRows(decide, 'not allow', 'deny push: `%s` is not allowed', [
    "env --s 'git push origin main'",
    "env --sp='git push origin main'",
    "script -q --comm 'git push origin main' /dev/null",
  ], DENY_PUSH, 60_000);
});

describe('controls (held)', () => {
  decideRows(decide, 'not allow', 'allow *: `%s` is not allowed', [
    "env --split-string='rm -r build'",
    "env -S 'rm -r build'",
    "script -q --command 'rm -r build' /dev/null",
  ], ALLOW, 60_000);
  decideRows(decide, 'not allow', 'deny push: `%s` is not allowed', ["env --split-string='git push origin main'", "script -qc 'git push origin main' /dev/null"], DENY_PUSH, 60_000);
});
