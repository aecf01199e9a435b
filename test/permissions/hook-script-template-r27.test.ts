// rows28's LEFT (left29): the hook walk's own reader of work-tree scripts (hook-scripts.ts nodeReach) took a load
// named by a template literal (``require(`./tools/y`)``) for a name only known at run time, so a hook `node t.js`
// made the WHOLE work tree obeyed (friction: src/a.js asked). It now reads the names the one reader of literal load
// names gives (node-load-names.ts, shared with node-package-reach.ts): tools/y.js is obeyed, src/a.js free.
// A template holding `${` stays unknown (the whole tree): control.
import { describe, it } from 'vitest';
import { writeFiles } from '../helpers/fixture.js';
import { checkHookRow, rowPlace } from './hook-check.js';

const place = rowPlace('left29-tpl-');
async function row(t: string, asks: string[], free: string[]): Promise<void> {
  const root = place.next();
  await writeFiles(root, { 'tools/.keep': '', 'src/.keep': '' });
  await checkHookRow(root, place.home, { hook: 'node t.js', files: { 't.js': t }, asks, free });
}

describe('a hook script loading by a template literal (red on old: src/a.js asked)', () => {
  it.each<[string, string]>([
    ['require(`./tools/y`)', 'require(`./tools/y`);\n'],
    ['import(`./tools/y.js`)', 'import(`./tools/y.js`);\n'],
    ['require(`\\u002e/tools/y`)', 'require(`\\u002e/tools/y`);\n'],
  ])('%s: tools/y.js asks, src/a.js free', async (_name, t) => {
    await row(t, ['tools/y.js'], ['src/a.js']);
  }, 60_000);
});

describe('controls (held)', () => {
  it('require(`./tools/${n}`): the whole tree', async () => {
    await row('const n = "y";\nrequire(`./tools/${n}`);\n', ['tools/y.js', 'src/a.js'], []);
  }, 60_000);
  it('require("./tools/y"): tools/y.js asks, src/a.js free', async () => {
    await row('require("./tools/y");\n', ['tools/y.js'], ['src/a.js']);
  }, 60_000);
});
