// shell/loop-text.ts: the POSIX `for NAME do` (no separator before `do`, red team R27-3) spelled `for NAME; do` before
// the hook walk's readers see a line; every other shape left as written.
import { describe, expect, it } from 'vitest';
import { loopText } from '../../src/shell/loop-text.js';

describe('loopText', () => {
  it.each([
    ['for f do node "$f"; done', 'for f; do node "$f"; done'],
    ['set -- a b; for f do x; done', 'set -- a b; for f; do x; done'],
    ['select opt do echo $opt; done', 'select opt; do echo $opt; done'],
    ['if true; then for f\tdo x; done; fi', 'if true; then for f;\tdo x; done; fi'],
  ])('`%s` -> `%s`', (line, spelled) => {
    expect(loopText(line)).toBe(spelled);
  });

  it.each([
    'for f in a b; do x; done',
    'for f; do x; done',
    'for f in a b do', // `do` a word of the list: no shell reads it as the loop's body
    'echo information do', // no `for`
    'perform f do', // `for` inside a word
    'for 1x do y; done', // not a name
  ])('leaves `%s` as written', (line) => {
    expect(loopText(line)).toBe(line);
  });
});
