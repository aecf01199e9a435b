// Red team round 27, R27-3 (fixed: src/shell/loop-text.ts) on stop 52's hook-fed loops (R25-13: `for f in test/*.test.js; do node "$f"; done` reads
// each file the loop's static words match; `set -- tools/*.js; for f; do node "$f"; done` too). The POSIX form of a
// loop over the positional parameters with no `;` before `do` (`for f do ...`) is not read:
// after `set -- tools/*.js`, writing tools/z.js under --yes is not asked about, and the next `git commit` runs it.
// Checked with dash and bash 5.2: `set -- tools/*.js` NL `for f do node "$f"; done` printed RAN-A and RAN-Z.
// Controls (held): `for f` NL `do` and 17 other loop spellings (nested loops reusing the name, a use after the loop, `for f;`, cd
// before the loop, quoted globs expanded at use, `&`, `exec`, `env`, `--`, a program word `"$f"`).
import { describe, it } from 'vitest';
import { checkHookRow, rowPlace } from './hook-check.js';

const place = rowPlace('r27-loop-');
const FILES = { 'test/t.test.js': '1\n', 'tools/a.js': '1\n', 'tools/z.js': '1\n', 'tools/a.sh': 'true\n', 'tools/z.sh': 'true\n', 'tools/sub/deep/z.js': '1\n' };
const asks = (hook: string, file: string): Promise<void> => checkHookRow(place.next(), place.home, { hook, files: FILES, asks: [file], free: [] });

describe('R27-3: `for NAME do` (no `;`) over positional parameters set from a glob', () => {
  it.each([
    ['set -- tools/*.js\nfor f do node "$f"; done', 'tools/z.js'],
    ['set -- tools/*.js; for f do node "$f"; done', 'tools/z.js'],
  ])('hook `%s`: writing %s asks', async (hook, file) => {
    await asks(hook, file);
  }, 60_000);
});

describe('controls (held)', () => {
  it.each([
    ['set -- tools/*.sh\nfor f\ndo\n  sh "$f"\ndone', 'tools/z.sh'],
    ['for f in test/t.test.js; do for f in tools/*.js; do echo "$f"; done; node "$f"; done', 'tools/z.js'],
    ['for f in tools/*.js; do :; done; node "$f"', 'tools/z.js'],
    ['set -- tools/*.js; for f; do node "$f"; done', 'tools/z.js'],
    ['cd tools; for f in *.js; do node "$f"; done', 'tools/z.js'],
    ['cd tools && for f in *.js; do node "$f"; done', 'tools/z.js'],
    ['(cd tools && for f in *.js; do node "$f"; done)', 'tools/z.js'],
    ['for f in \'tools/z*.sh\'; do sh $f; done', 'tools/z.sh'],
    ['for f in "tools/*.js"; do node $f; done', 'tools/a.js'],
    ['for f in test/t.test.js; do node "$f"; done; node "$f"', 'test/t.test.js'],
    ['for f in tools/*.js; do node "$f" & done; wait', 'tools/z.js'],
    ['for f in tools/*.js\ndo\n  node "$f"\ndone', 'tools/z.js'],
    ['for f in tools/[a-z].js; do node "$f"; done', 'tools/z.js'],
    ['for d in tools; do for f in "$d"/*.js; do node "$f"; done; done', 'tools/z.js'],
    ['for f in tools/*.js; do node -- "$f"; done', 'tools/z.js'],
    ['for f in tools/*.js; do exec node "$f"; done', 'tools/z.js'],
    ['for f in tools/*.js; do "$f"; done', 'tools/z.js'],
    ['for f in tools/*.js; do env node "$f"; done', 'tools/z.js'],
  ])('hook `%s`: writing %s asks', async (hook, file) => {
    await asks(hook, file);
  }, 60_000);
});
