// Red team round 24, R24-7 (the lead's walk of a line's leading values, hook-line-values.ts lineValues in
// obeyed-hooks.ts follow(), and left25's `F=tools/x; node "${F}"`): a hook line whose value is built from another
// value (`P=pkgs; D=$P/b`), taken from a default (`${D:-pkgs/b}`, `: ${D:=pkgs/b}`) or set by `set --` is walked as
// if the place were a folder literally so named, so what the line runs there is read nowhere and stays writable
// under --yes. Checked with dash: each line below ran pkgs/b/l.sh (the Makefile's recipe), resp. node ran
// tools/x.js, which requires tools/y.js. The plain `D=pkgs/b; cd $D && make` asks (control; so do D reassigned,
// export, readonly, ${D%/*}, $(echo ..), read, loops, case, functions: "What held").
import { describe, it } from 'vitest';
import { checkHookRow, rowPlace } from './hook-check.js';

const place = rowPlace('r24-line-values-');
const FILES = { 'pkgs/b/Makefile': 'all:\n\tsh l.sh\n', 'pkgs/b/l.sh': 'echo hi\n', 'pkgs/b/other.sh': '', 'tools/x.js': 'require("./y");\n', 'tools/y.js': 'module.exports = 1;\n', 'src/a.js': '' };

describe('R24-7: values a hook line computes from other values', () => {
  it.each<[string, string]>([
    ['a value built from another', 'P=pkgs; D=$P/b; cd $D && make'],
    ['a default value', 'cd ${D:-pkgs/b} && make'],
    ['a default assigned by :', ': ${D:=pkgs/b}; cd $D && make'],
    ['set -- positional', 'set -- pkgs/b; cd $1 && make'],
  ])('%s: pkgs/b/l.sh asks', async (_name, hook) => {
    await checkHookRow(place.next(), place.home, { hook, files: FILES, asks: ['pkgs/b/l.sh'], free: [] });
  });

  it.each<[string, string]>([
    ['node with a default value', 'node ${F:-tools/x.js}'],
    ['node with a default assigned by :', ': ${F:=tools/x.js}; node $F'],
  ])('%s: tools/y.js (what tools/x.js requires) asks', async (_name, hook) => {
    await checkHookRow(place.next(), place.home, { hook, files: FILES, asks: ['tools/y.js'], free: [] });
  });

  it.each<[string, string, string]>([
    ['D=pkgs/b; cd $D && make', 'pkgs/b/l.sh', 'pkgs/b/other.sh'],
    ['P=tools; F=$P/x.js; node $F', 'tools/y.js', 'src/a.js'],
    // Followed, not the whole tree: the value built from a value is known (pkgs/b/other.sh is not run).
    ['P=pkgs; D=$P/b; cd $D && make', 'pkgs/b/l.sh', 'pkgs/b/other.sh'],
  ])('control (held): %s', async (hook, file, free) => {
    await checkHookRow(place.next(), place.home, { hook, files: FILES, asks: [file], free: [free] });
  });
});
