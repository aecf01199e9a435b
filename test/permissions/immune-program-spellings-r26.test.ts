// rows28 (from red team round 26's test/redteam26/immune-program-spellings.test.ts; red on integ 45e7d8c5).
// Red team round 26 on R25-6 (awk/sed/vim program files and inline programs read for the immune list under allow
// rules). Under `allow @coder *` + `allow *`, with s.sed = `1e rm -r build`, a.awk = `BEGIN { system("rm -r build") }`
// and Session.vim = `:!rm -r build`:
// - R26-7: GNU getopt_long takes any unambiguous prefix of a long option: `sed --e='1e rm -r build' f`,
//   `sed --exp=..`, `sed --fi s.sed f`, `sed --fil=s.sed f`, `gawk --so='BEGIN{system("rm -r build")}'`,
//   `gawk --fi=a.awk`, `gawk --inc=a.awk` are allowed (`sed --ex '..'` with a space and `gawk --sour '..'` are held:
//   controls); `sed --expression="$(cat s.sed)" f` is allowed (`sed --expression "$(cat s.sed)"` and
//   `sed -e "$(cat s.sed)"` ask: controls); `vim -S` / `nvim -S` with no file source Session.vim (vim's `:help -S`:
//   "-S ... when {file} is omitted Session.vim is used").
// Checked here: GNU sed 4.9 `sed --e='1e echo SED-RAN' f` and `sed --fi s.sed f` ran the command; vim 9 `vim -E -s -S`
// ran Session.vim's `:!`. gawk is not installed here (gawk manual: long options may be abbreviated while unique).
import { mkdir, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { describe } from 'vitest';
import { decideRows, execDecider } from './helpers.js';

const ALLOW = ['allow @coder *', 'allow *'];
const FILES: Record<string, string> = {
  's.sed': '1e rm -r build\n',
  'a.awk': 'BEGIN { system("rm -r build") }\n',
  'Session.vim': ':!rm -r build\n',
  'build/x': '1\n',
  f: 'x\n',
};
const decide = execDecider(async (box) => {
  for (const [file, text] of Object.entries(FILES)) {
    await mkdir(dirname(join(box.root, file)), { recursive: true });
    await writeFile(join(box.root, file), text);
  }
});

describe('R26-7: the immune list through abbreviated long options, a computed --expression=, vim -S alone', () => {
  decideRows(decide, 'not allow', 'allow *: `%s` (runs rm -r build) is not allowed', [
    "sed --e='1e rm -r build' f",
    "sed --exp='1e rm -r build' f",
    'sed --fi s.sed f',
    'sed --fil=s.sed f',
    'sed --expression="$(cat s.sed)" f',
    "gawk --so='BEGIN { system(\"rm -r build\") }'",
    'gawk --fi=a.awk',
    'gawk --inc=a.awk',
    'vim -S',
    'nvim -S',
  ], ALLOW, 60_000);
});

// More of the class: another prefix of --expression with a computed value, an option after `-S`, gawk's --include
// leaving the program operand in place (read), an ambiguous prefix taken as the riskiest option it may be.
describe('R26-7 more: the same class, other spellings', () => {
  decideRows(decide, 'not allow', 'allow *: `%s` is not allowed', [
    'sed --expr="$(cat s.sed)" f',
    'sed --f s.sed f',
    'vim -S -n',
    "gawk --include a.awk 'BEGIN { system(\"rm -r build\") }'",
    "gawk --ex a.awk",
  ], ALLOW, 60_000);
});

// Friction: an ordinary sed/awk line with abbreviated options stays allowed.
describe('controls (free)', () => {
  decideRows(decide, 'allow', 'allow *: `%s` is allowed', ["sed --quiet --e='s/x/y/p' f", "sed --expr 's/x/y/' f", "gawk --so='{ print $1 }' f", "awk --field-separator=, '{ print $1 }' f"], ALLOW, 60_000);
});

describe('controls (held)', () => {
  decideRows(decide, 'not allow', 'allow *: `%s` is not allowed', [
    "sed --ex '1e rm -r build' f",
    "gawk --sour 'BEGIN { system(\"rm -r build\") }'",
    'sed --expression "$(cat s.sed)" f',
    'sed -e "$(cat s.sed)" f',
    'sed --file=s.sed f',
    'vim -S Session.vim',
  ], ALLOW, 60_000);
});
