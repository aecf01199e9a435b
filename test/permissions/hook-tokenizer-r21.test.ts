// Red team round 21, R21-2 (class R20-3/R20-22, issue 26): where hook-fed.ts's own tokenizer disagrees with bash.
// A pre-commit hook line that bash runs as `node tools/x.js` (ANSI-C quoting, brace expansion, a glob, a parameter
// default, `cd -P`), a script fed on a duplicated descriptor (`exec 3<f; sh <&3`), perl's -I/-M module, and an
// inline -c that execs a file: the file is written unasked under --yes and run by the person's next `git commit`.
import { describe, it } from 'vitest';
import { checkHookRow, rowPlace } from './hook-check.js';

const SOURCES = { 'package.json': '{"name":"w","version":"1.0.0"}\n', 'src/a.js': 'export const a = 1;\n', 'tools/keep': '', 'sub/keep': '', 'scripts/keep': '' };
const place = rowPlace('cw-rt21-hook-');

describe('R21-2: a hook line bash reads differently', () => {
  it.each([
    ["node $'tools/x'", 'tools/x.js'],
    ['node tools/{x,y}', 'tools/x.js'],
    ['node tools/?.js', 'tools/x.js'],
    ['node tools/*.js', 'tools/x.js'],
    ['node ${F:-tools/x}', 'tools/x.js'],
    ['cd -P tools && node x', 'tools/x.js'],
    ['exec 3<scripts/ci; sh <&3', 'scripts/ci'],
    ['perl -Itools -Mx -e 1', 'tools/x.pm'],
    ["python3 -c \"exec(open('tools/x').read())\"", 'tools/x'],
  ])('%s: writing %s asks; a source stays free', async (hook, file) => {
    await checkHookRow(place.next(), place.home, { hook, files: SOURCES, asks: [file], free: ['src/a.js'], content: '// ok\n' });
  });

  it('control (held): F=tools/x; node $F asks', async () => {
    await checkHookRow(place.next(), place.home, { hook: 'F=tools/x; node $F', files: SOURCES, asks: ['tools/x.js'], free: [] });
  });
});
