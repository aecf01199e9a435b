// Red team round 23, R23-17 (class R21-2/R22-4, the hook walk): a hook that runs every file of a folder (`find tools
// -name '*.js' -exec node {} \;`, `ls tools/*.js | xargs -n1 node`) obeys the folder, but what those files load is
// not followed as it is for a named file: tools/x.js = `require("../lib/y")` loads lib/y.js. Checked with dash + node 20 (each line printed what lib/y.js prints).
// Today lib/y.js is written unasked under --yes and run by the next `git commit`.
import { describe, it } from 'vitest';
import { checkHookRow, rowPlace } from './hook-check.js';

const place = rowPlace('cw-r23-hook-folder-');
const FILES = { 'tools/x.js': 'require("../lib/y");\n', 'lib/y.js': 'console.log(1);\n', 'src/a.js': '' };

describe('R23-17: the loads of the files of a folder a hook runs file by file', () => {
  it.each<[string, string]>([
    ['find -exec node {}', "find tools -name '*.js' -exec node {} \\;"],
    ['ls | xargs -n1 node', 'ls tools/*.js | xargs -n1 node'],
  ])('%s: writing lib/y.js asks', async (_name, hook) => {
    await checkHookRow(place.next(), place.home, { hook, files: FILES, asks: ['lib/y.js'], free: [] });
  });

  it.each(['node tools/x.js', 'for f in tools/*.js; do node "$f"; done'])('control (held): `%s` makes lib/y.js ask', async (hook) => {
    await checkHookRow(place.next(), place.home, { hook, files: FILES, asks: ['lib/y.js'], free: [] });
  });
});
