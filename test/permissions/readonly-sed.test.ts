import { spawnSync } from 'node:child_process';
import { describe, expect, test } from 'vitest';
import { sedScriptVeto } from '../../src/permissions/options/sed.js';
import { awkProgramVeto } from '../../src/permissions/options/awk.js';

// The sed script parser against GNU sed itself: `sed --sandbox` refuses exactly the scripts with e/r/w
// commands (and s///e, s///w). Every script we call read-only must pass the sandbox, and every script the
// sandbox refuses must be refused by us, for hand-written tricky scripts and 400 random ones.

const HAND: readonly string[] = [
  's/a/b/w /tmp/x', '1r /etc/hosts', 'e ls', 's/x/y/e', 'W out', 'p', '1!G;h;$!d', ':a;N;$!ba;s/\\n/ /g', 's|a|b|gI', '/x/{s/a/b/;p}',
  'y/abc/xyz/', '$=', 'a foo; w bar', '0~3d', '/x/I,+3d', 's/a/b/;e', 'R x', 'v', 'F', 'z;q5', 'l 10', 's/a\\/b/c/w x', '/a\\/w/p',
  's,a,b,w x', 'Q', 'T;b end;:end', '1~2{n;d}', 's/x/\\n/2', '1,/re/Ip', '\\,x,p', '\\,x,w out', '/w/w out', 's/w/e/', 's/e/w/g',
  '# w comment\np', '1{\nw out\n}', 'i\\\nw text', 's/a/b/gpw out', 's/a/b/mw x', '$!{N};P;D', 's/\\(a\\)/\\1/e', 'y/w/e/;p',
  '/a/,/b/{/c/!{s/x/y/}}', 's/a/b/ ; w x', 'c\\\nchanged', '1,3!{r x\n}', '/x/ { p }', '2q', 's/[/]/x/', 's/a/[w]/',
];

function sandboxRefuses(script: string): boolean | undefined {
  const run = spawnSync('sed', ['--sandbox', '-n', '-e', script, '/dev/null'], { encoding: 'utf8' });
  if (/disabled in sandbox mode/.test(run.stderr)) return true;
  return run.status === 0 ? false : undefined; // undefined: sed rejects the script for another reason
}

function random(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state * 1664525 + 1013904223) >>> 0;
    return state / 2 ** 32;
  };
}

function randomScripts(count: number): string[] {
  const next = random(7);
  const pick = <T>(items: readonly T[]): T => items[Math.floor(next() * items.length)]!;
  const addresses = ['', '1', '$', '/a/', '/w/I', '\\,e,', '2,5', '1~3', '/x/,+2', '0,/y/'];
  const commands = ['p', 'd', 'n', 'N', 'G', 'h', 'x', '=', 'q', 'l', 'z', 'P', 'D', 's/a/b/', 's/w/e/g', 's|e|w|2', 'y/we/ew/', 'w out', 'W out',
    'r in', 'R in', 'e', 'e ls', 's/a/b/w out', 's/a/b/e', 's/a/b/gw out', 'a text', 'i text', 'c text', ':l', 'b l', 't l', '{p}', '!p', 's/x/[w]/'];
  const out: string[] = [];
  for (let i = 0; i < count; i++) {
    const parts: string[] = [];
    for (let n = 1 + Math.floor(next() * 3); n > 0; n--) parts.push(`${pick(addresses)}${pick(commands)}`);
    out.push(parts.join(pick([';', '\n', ' ; '])));
  }
  return out;
}

const hasSed = spawnSync('sed', ['--version'], { encoding: 'utf8' }).stdout?.includes('GNU') === true;

describe.skipIf(!hasSed)('sed scripts agree with GNU sed --sandbox', () => {
  test.each([...HAND, ...randomScripts(400)].map((script) => [script]))('%j', (script) => {
    const refused = sandboxRefuses(script);
    const veto = sedScriptVeto(script);
    if (refused === true) expect(veto, 'sed --sandbox refuses it').toBeDefined();
    if (veto === undefined) expect(refused, 'we call it read-only, so the sandbox must accept it').not.toBe(true);
  });
});

describe('awk programs', () => {
  test.each([
    ['{print $1}', true], ['$3 > 100 {print $1}', true], ['BEGIN{FS=":"} {print ($1 > 5)}', true], ['/a|b/ {n++} END{print n}', true],
    ['{a[$1]++} END{for (k in a) print k, a[k]}', true], ['{ if (x || y) print }', true], ['{print $1 / 2}', true],
    ['BEGIN{system("rm x")}', false], ['{print > "out"}', false], ['{print $1 >> "out"}', false], ['{printf("%s", $1) > "f"}', false],
    ['{print | "sh"}', false], ['{"date" | getline d}', false], ['{getline line < "/etc/shadow"}', false], ['BEGIN{print ENVIRON["TOKEN"]}', false],
    ['@load "filefuncs"', false], ['BEGIN { f = "system"; @f("ls") }', false], ['{print $1 > $2}', false], ['BEGIN { print "a" |& "cat" }', false],
  ] as const)('%j read-only: %s', (program, readOnly) => {
    expect(awkProgramVeto(program) === undefined).toBe(readOnly);
  });
});
