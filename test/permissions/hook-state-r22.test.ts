// Red team round 22, R22-12 (class R21-2/R21-12, the hook walk's own tokenizer vs sh): shell STATE a hook line sets
// and a later command uses: positional parameters (`set -- tools/x; node "$1"`, `set -- node tools/x; "$@"`), a trap
// run at exit (`trap 'node tools/x' EXIT`), CDPATH for `cd`, `exec < f` moving the hook's stdin for the rest,
// `: ${F:=tools/x}` assigning F. Each checked with dash (the hook's /bin/sh): each runs the file. Today the file is
// written unasked under --yes and run by the next `git commit`.
import { describe, it } from 'vitest';
import { checkHookRow, rowPlace } from './hook-check.js';

const SOURCES = { 'package.json': '{"name":"w","version":"1.0.0"}\n', 'src/a.js': 'export const a = 1;\n', 'tools/keep': '', 'tools/sub2/keep': '', 'scripts/keep': '' };
const place = rowPlace('cw-rt22-hookstate-');

describe('R22-12: shell state a hook line sets', () => {
  it.each([
    ['set -- tools/x; node "$1"', 'tools/x.js'],
    ['set -- node tools/x; "$@"', 'tools/x.js'],
    ["trap 'node tools/x' EXIT", 'tools/x.js'],
    ['trap "node tools/x" 0', 'tools/x.js'],
    ['CDPATH=tools cd sub2 && node x', 'tools/sub2/x.js'],
    ['exec < scripts/ci; sh', 'scripts/ci'],
    [': ${F:=tools/x}; node $F', 'tools/x.js'],
  ])('%s: writing %s asks; a source stays free', async (hook, file) => {
    await checkHookRow(place.next(), place.home, { hook, files: SOURCES, asks: [file], free: ['src/a.js'], content: '// ok\n' });
  });

  it('control (held): unset F; node ${F:-tools/x} asks', async () => {
    await checkHookRow(place.next(), place.home, { hook: 'unset F; node ${F:-tools/x}', files: SOURCES, asks: ['tools/x.js'], free: [] });
  });
});
