// Red team round 28, R28-11 (CRITICAL: a program later obeyed, planted without approval), on R27-3's class (loops over
// the positional parameters set from a glob): `set -- tools/*.js` then the parameters used OUTSIDE a `for` are not
// read: `node "$1"`, `node "$2"`, `shift; node "$1"`, `node "$@"` (the first file runs), and the while-shift loop
// `while [ -n "$1" ]; do node "$1"; shift; done`. The next `git commit` runs the file written under --yes.
// Held: `for f do`, `for f<TAB>do`, `for f   do`, `for f do {..} done`, `set tools/*.js` (no --), `for f in "$@"`,
// `while [ $# -gt 0 ]; do node "$1"; shift; done`, `eval "node \"\$$#\""`, `select`, bash arrays / mapfile /
// readarray / `${!i}` / brace bodies / globstar, zsh `for f (..)`, `for ..; cmd`, `foreach`, `repeat`, glob
// qualifiers, fish `for .. end`.
import { describe, it } from 'vitest';
import { checkHookRow, rowPlace } from '../permissions/hook-check.js';

const place = rowPlace('rt28-positional-');
const FILES = { 'tools/a.js': '1\n', 'tools/z.js': '1\n' };

describe('R28-11 CRITICAL: positional parameters from `set -- GLOB` used outside a for loop', () => {
  it.each([
    ['set -- tools/*.js; node "$1"', 'tools/a.js'],
    ['set -- tools/*.js; node "$2"', 'tools/z.js'],
    ['set -- tools/*.js; shift; node "$1"', 'tools/z.js'],
    ['set -- tools/*.js; node "$@"', 'tools/a.js'],
    ['set -- tools/*.js; while [ -n "$1" ]; do node "$1"; shift; done', 'tools/z.js'],
  ])('hook %j: writing %s asks under --yes', async (hook, file) => {
    await checkHookRow(place.next(), place.home, { hook, files: FILES, asks: [file], free: [] });
  }, 60_000);
});
