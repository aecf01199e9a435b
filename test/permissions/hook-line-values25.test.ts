// left25 (fed24 friction): a variable the hook line itself set before using it (`F=tools/x; node "${F}"`) is that
// value: the file it names asks and the rest of the tree stays free. A value the line does not know (a command
// substitution, a later `F=$G`, `read F`, a glob, the child shell's `'$F'`) still makes the whole tree ask.
import { describe, it } from 'vitest';
import { checkHookRow, rowPlace } from './hook-check.js';

const SOURCES = { 'package.json': '{"name":"w","version":"1.0.0"}\n', 'src/a.js': 'export const a = 1;\n', 'tools/keep': '', 'scripts/keep': '' };
const place = rowPlace('hook-line-values25');

describe('a value the line set is known', () => {
  it.each([
    ['F=tools/x; node "${F}"', 'tools/x.js'],
    ['F=tools/x; node "$F"', 'tools/x.js'],
    ['F=tools/x && node $F', 'tools/x.js'],
    ['F="scripts/ci"; sh "$F"', 'scripts/ci'],
    // The value is set and not empty: `${F:-y}` is it (R24-7 reads defaults and alternatives).
    ['F=tools/x; node ${F:-y}', 'tools/x.js'],
  ])('%j: writing %s asks; a source stays free', async (hook, file) => {
    await checkHookRow(place.next(), place.home, { hook, files: SOURCES, asks: [file], free: ['src/a.js'], content: '// ok\n' });
  });

  it.each(['F=$(cat f); node "$F"', 'F=tools/x; F=$G; node $F', 'F=tools/x; read F; node $F', "F=tools/x; sh -c 'node $F'", 'F=tools/*; node $F'])('%j: the whole tree asks', async (hook) => {
    await checkHookRow(place.next(), place.home, { hook, files: SOURCES, asks: ['src/a.js'], free: [], content: '// ok\n' });
  });
});
