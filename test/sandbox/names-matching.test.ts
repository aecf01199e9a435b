// namesMatching (view-allow.ts) answers plain names by a set and compiles only the real globs (issue 31): for
// /etc's allow-list and every name here it answers what one picomatch matcher over the whole list answers.
import { readdirSync } from 'node:fs';
import picomatch from 'picomatch';
import { describe, expect, it } from 'vitest';
import { ETC_SHOWN, etcShown, namesMatching } from '../../src/sandbox/view-allow.js';

const NAMES = [
  ...ETC_SHOWN, ...readdirSync('/etc'), 'LD.SO.CACHE', '.passwd', 'passwd.', 'passwd ', 'ld_so_cache', 'ldXsoXcache', 'os-release', 'x-release', '-release',
  'release', 'python3', 'python3.', 'python3.12', 'python', 'java-', 'java-21-openjdk', 'jvm', 'shadow', 'sudoers', 'npmrc', '.', '..', '', './passwd',
];

describe('namesMatching', () => {
  it("answers what picomatch answers over /etc's allow-list, for every name", () => {
    const whole = picomatch([...ETC_SHOWN], { dot: true });
    const split = namesMatching(ETC_SHOWN);
    expect(NAMES.filter((name) => split(name) !== whole(name))).toEqual([]);
    expect(NAMES.filter((name) => etcShown(name) !== whole(name))).toEqual([]);
  });

  it('answers what picomatch answers for lists mixing plain names and globs', () => {
    const lists = [
      ['a.b', 'a*', '.', '..', 'x-y_z'], ['[ab]', 'a', '@(c|d)', '!(e)', 'f+g', 'h?'], ['a\\*b', 'a*b'], [],
      // Star globs, answered without picomatch: alone, mixed with plain names and with globs it answers.
      ['*'], ['*.*'], ['.*'], ['*.'], ['*-release', 'python3.*', 'java-*'], ['a*b*c', '*a', 'b*', 'x**y'], ['*', 'h?'], ['-*', '_*_'],
    ];
    const names = [
      'a.b', 'aXb', 'a', 'b', 'c', 'd', 'e', 'f', 'fg', 'f+g', 'h', 'hi', '.', '..', '...', 'x-y_z', 'a*b', 'a\\*b', 'azb', '',
      '.a', 'a.', '-release', 'x-release', '.-release', 'release', 'python3', 'python3.', 'python3.12', 'java-', 'java-21', 'java',
      'abc', 'a.b.c', 'aXbYc', 'ac', 'ba', 'b', 'xy', 'x/y', 'a/b', 'xay', '-', '-x', '__', '_a_', 'a b', 'a\nb',
    ];
    for (const list of lists) {
      const whole = list.length > 0 ? picomatch(list, { dot: true }) : () => false;
      const split = namesMatching(list);
      expect({ list, differ: names.filter((name) => split(name) !== whole(name)) }).toEqual({ list, differ: [] });
    }
  });

  it('answers what picomatch answers for every one-star glob and name over a small alphabet (the shapes it answers itself)', () => {
    const letters = ['a', '.', '-', 'x', '_'];
    const words = (length: number): string[] => {
      let all = [''];
      for (let index = 0; index < length; index += 1) all = [...new Set(all.flatMap((word) => [word, ...letters.map((letter) => word + letter)]))];
      return all;
    };
    const names = words(4);
    const parts = words(2);
    const globs = parts.flatMap((before) => parts.map((after) => `${before}*${after}`));
    const differ = globs.flatMap((glob) => {
      const whole = picomatch(glob, { dot: true });
      const split = namesMatching([glob]);
      return names.filter((name) => split(name) !== whole(name)).map((name) => `${glob} ${JSON.stringify(name)}`);
    });
    expect(differ).toEqual([]);
  });
});
