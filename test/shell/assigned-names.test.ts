// The one reading of the names a line assigns (assigned-names.ts, parse-walk-builtin-assigns.ts; red team R41-b1..b3):
// every way bash sets a variable lands in ShellParse.assignments by the name's unquoted value (a run-time name as
// U+0000), so the path-hijack rule (danger-risky.ts) and every other reader of assignments sees it.
import { describe, expect, it } from 'vitest';
import { assignedNames } from '../../src/shell/assigned-names.js';
import { riskyShell } from '../../src/shell/danger-risky.js';
import { ShellParser } from '../../src/shell/parse.js';

const parser = new ShellParser();
const names = async (line: string): Promise<string[]> => ((await parser.parse(line)).assignments ?? []).map((each) => each.name.replace('\u0000', '?'));
const risky = async (line: string): Promise<string | undefined> => riskyShell(await parser.parse(line))?.name;

describe('the names a builtin assigns (assigned-names.ts)', () => {
  const read = (builtin: string, words: string): (string | undefined)[] => assignedNames(builtin, words.split(' '), (word) => word).map((found) => found.name);
  it.each([
    ['read', '-r -p prompt -a arr x y', ['arr', 'x', 'y']],
    ['read', '-aPATH', ['PATH']],
    ['read', '-d , -t 5 line', ['line']],
    ['mapfile', '-t -d , lines', ['lines']],
    ['printf', '-v out %s x', ['out']],
    ['printf', '-vout %s', ['out']],
    ['printf', '%s -v x', []],
    ['wait', '-n -p pid %1', ['pid']],
    ['getopts', 'ab: opt "$@"', ['opt']],
    ['unset', '-v a b', ['a', 'b']],
    ['unset', '-f fn', []],
    ['declare', '-p PATH', []],
    ['export', 'PATH A=1', ['A']],
    ['local', 'x y=2', ['x', 'y']],
    // fix60: a coprocess's name before a compound command, COPROC otherwise (`coproc NAME cat` runs NAME).
    ['coproc', 'PATH { cat; }', ['PATH', 'PATH_PID']],
    ['coproc', 'W while true', ['W', 'W_PID']],
    ['coproc', 'PATH cat', ['COPROC', 'COPROC_PID']],
    ['coproc', '{ cat; }', ['COPROC', 'COPROC_PID']],
  ] as const)('%s %s', (builtin, words, expected) => {
    expect(read(builtin, words)).toEqual(expected);
  });
  it('a run-time name word is a name only known at run time', () => {
    expect(assignedNames('read', ['-r', '\u0000'], (word) => word)).toEqual([{ word: '\u0000', name: undefined }]);
  });
});

describe('ShellParse.assignments holds every way a line sets a variable', () => {
  it.each([
    ["read 'PATH' < p", ['PATH']],
    ['read P\\ATH < p', ['PATH']],
    ['printf -v"PATH" .', ['PATH']],
    ["command -- mapfile -t 'PATH' < p", ['PATH']],
    ['wait -n -p PATH', ['PATH']],
    [': ${BASH_ENV:=./x}', ['BASH_ENV']],
    ['echo "${BASH_ENV=./x}"', ['BASH_ENV']],
    ['for PATH in .; do ls; done', ['PATH']],
    ['f(){ local PATH; ls; }', ['PATH']],
    ['read "$n" < p', ['?']],
    // fix60: `select NAME in` (a for_statement) and `coproc NAME { …; }` (before only the stdin rule asked those).
    ['select PATH in .; do ls; done', ['PATH']],
    ['coproc PATH { cat; }; ls', ['PATH', 'PATH_PID']],
    ['coproc "P"ATH { cat; }; ls', ['PATH', 'PATH_PID']],
    ['coproc "$n" { cat; }; ls', ['?', '?']],
  ] as const)('`%s`', async (line, expected) => {
    expect(await names(line)).toEqual(expected);
    expect(await risky(line)).toBe('path-hijack');
  });
  it.each(['read -r line < f; echo "$line"', 'for f in *.c; do cc -c "$f"; done', ': ${CC:=gcc}', 'export PATH', 'declare -p PATH', 'coproc cat; ls', 'coproc PATH_TOOL { cat; }; ls', "printf '%s\\n' x", 'unset -f PATH'])('`%s` is free of the path-hijack rule', async (line) => {
    expect(await risky(line)).toBeUndefined();
  });
});
