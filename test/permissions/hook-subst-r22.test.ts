// Red team round 22, R22-4 (class R21-2/R21-12, the hook walk's own tokenizer vs sh): a pre-commit hook line that
// sh (dash, the hook's #!/bin/sh) runs as `node tools/x` or `sh scripts/ci`: inside a command substitution
// (`x=$(node tools/x)`, `echo \`node tools/x\``), after `env -i NAME=..`, fed on a duplicated stdin
// (`exec 3<&0 < scripts/ci; sh`), through /dev/fd/N (`sh /dev/fd/3 3<scripts/ci`), bash's `~+` (= $PWD). Each was
// checked with dash/bash: they print what the file prints. Today the file is written unasked under --yes and run by
// the next `git commit`.
import { describe, it } from 'vitest';
import { checkHookRow, rowPlace } from './hook-check.js';

const SOURCES = { 'package.json': '{"name":"w","version":"1.0.0"}\n', 'src/a.js': 'export const a = 1;\n', 'tools/keep': '', 'scripts/keep': '' };
const place = rowPlace('cw-rt22-hook-');

describe('R22-4: a hook line sh reads differently', () => {
  it.each([
    ['x=$(node tools/x)', 'tools/x.js'],
    ['echo `node tools/x`', 'tools/x.js'],
    ['env -i PATH=$PATH node tools/x', 'tools/x.js'],
    ['exec 3<&0 < scripts/ci; sh', 'scripts/ci'],
    ['sh /dev/fd/3 3<scripts/ci', 'scripts/ci'],
    ['bash -c "node ~+/tools/x"', 'tools/x.js'],
  ])('%s: writing %s asks; a source stays free', async (hook, file) => {
    await checkHookRow(place.next(), place.home, { hook, files: SOURCES, asks: [file], free: ['src/a.js'], content: '// ok\n' });
  });

  it('control (held): if node tools/x; then :; fi asks', async () => {
    await checkHookRow(place.next(), place.home, { hook: 'if node tools/x; then :; fi', files: SOURCES, asks: ['tools/x.js'], free: [] });
  });
});
