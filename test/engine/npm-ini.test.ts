// npm's reading of an .npmrc (src/engine/npm-ini.ts), which every codeward reader of one shares (red team R20-6):
// the rows are the `ini` package's documented behaviour, the one npm parses .npmrc with.
import { describe, expect, it } from 'vitest';
import { iniDecode, npmIni } from '../../src/engine/npm-ini.js';

describe('npm ini', () => {
  it.each<[string, string]>([
    ['scripts/evil ; keep it portable', 'scripts/evil'],
    ['scripts/evil # c', 'scripts/evil'],
    ['a\\;b\\#c', 'a;b#c'],
    ['"scripts/e\\u0076il"', 'scripts/evil'],
    ["'./x ; y'", './x ; y'],
    ['"./x ; y" ; z', '"./x'],
    ['  spaced  ', 'spaced'],
  ])('value %s is %s', (raw, value) => expect(iniDecode(raw)).toBe(value));

  it('comments, sections, lists, quoted keys and keys without a value', () => {
    const text = '; c\n# c\n"script-shell" = ./sh\nnode-options[]=--require x\nflag\n[@s:registry]\nscript-shell=./other\r\n';
    expect(npmIni(text)).toEqual([
      { section: '', key: 'script-shell', value: './sh', list: false },
      { section: '', key: 'node-options', value: '--require x', list: true },
      { section: '', key: 'flag', value: true, list: false },
      { section: '@s:registry', key: 'script-shell', value: './other', list: false },
    ]);
  });
});
