// Red team round 21, R21-12 (class R20-22, hook-fed.ts's own reader): the program or its script reached through a
// word bash computes (`$(which node)`, `${NODE:-node}`, xargs fed by echo/printf or a
// here-string; an alias, `$(command -v node)`, `$N`, `exec -a` and `env` hold). Each is written under --yes and run by the next `git commit`.
import { describe, it } from 'vitest';
import { checkHookRow, rowPlace } from './hook-check.js';

const SOURCES = { 'package.json': '{"name":"w","version":"1.0.0"}\n', 'src/a.js': 'export const a = 1;\n', 'tools/keep': '' };
const place = rowPlace('cw-rt21-words-');

describe('R21-12: a hook\'s script reached through a computed program word', () => {
  it.each([
    '$(which node) tools/x',
    '${NODE:-node} tools/x',
    'echo tools/x | xargs node',
    "printf '%s' tools/x | xargs -I{} node {}",
    'xargs node <<< tools/x',
  ])('%s: writing tools/x.js asks', async (hook) => {
    await checkHookRow(place.next(), place.home, { hook, files: SOURCES, asks: ['tools/x.js'], free: [], content: '// ok\n' });
  });

  it.each([
    'shopt -s expand_aliases; alias n=node; n tools/x',
    'exec -a name node tools/x',
    '"$(command -v node)" tools/x',
    'N=node; $N tools/x',
    '/usr/bin/env node tools/x',
  ])('control (held): %s', async (hook) => {
    await checkHookRow(place.next(), place.home, { hook, files: SOURCES, asks: ['tools/x.js'], free: [], content: '// ok\n' });
  });
});
