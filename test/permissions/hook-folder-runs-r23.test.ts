// R23-16/R23-17's class (the hook walk, issue 26): a hook line that runs the files of a folder one by one obeys the
// folder, and now reads what each present file it RUNS loads, as for a file the line names: find's -exec/-execdir
// with an interpreter or the file itself, `+` or `;`, an xargs fed by ls, an interpreter given a glob, a script's
// `#!` line. A file only handed to another program, a file the -name test leaves out, and the usual cleaning and
// counting lines stay as they were (friction); more files than codeward reads fails closed, naming the folder.
import { describe, expect, it } from 'vitest';
import { checkHookRow, hookVerdict, rowPlace } from './hook-check.js';

const place = rowPlace('cw-r23-folder-runs-');
const FILES = { 'tools/x.js': 'require("../lib/y");\n', 'lib/y.js': 'console.log(1);\n', 'src/a.ts': '', 'package.json': '{"name":"w"}' };

describe('a hook running the files of a folder: what each loads', () => {
  it.each<[string, string]>([
    ['find -exec node {} +', "find tools -name '*.js' -exec node {} +"],
    ['find -execdir node {}', 'find tools -name x.js -execdir node {} \\;'],
    ['find -type f -exec sh -c with the file', "find tools -type f -exec sh -c 'node \"$1\"' _ {} \\;"],
    ['find with -maxdepth and -iname', "find tools -maxdepth 1 -iname '*.JS' -exec node {} \\;"],
    ['ls | xargs -I{} node {}', 'ls tools/*.js | xargs -I{} node {}'],
    ['node given a glob', 'node tools/*.js'],
    ['env node in -exec', 'find tools -exec env node {} \\;'],
  ])('%s: writing lib/y.js asks', async (_name, hook) => {
    await checkHookRow(place.next(), place.home, { hook, files: FILES, asks: ['lib/y.js'], free: [] });
  });

  it.each<[string, string]>([
    ['find -exec {} on a script whose #! names a file of the tree', 'find scripts -name ci -exec {} \\;'],
    ['run-parts', 'run-parts scripts'],
    ['a glob as the program', './scripts/*'],
  ])('%s: writing the interpreter the #! line names asks', async (_name, hook) => {
    await checkHookRow(place.next(), place.home, { hook, files: { ...FILES, 'scripts/ci': '#!tools/interp\necho ok\n' }, asks: ['tools/interp'], free: [] });
  });

  it.each<[string, string]>([
    ['a file -exec only hands to rm', "find tools -name '*.js' -exec rm {} +"],
    ['a file the -name test leaves out', "find tools -name '*.py' -exec node {} \\;"],
    ['python -m given the file', "find tools -name '*.js' -exec python3 -m py_compile {} +"],
    ['find -delete', "find . -name '*.pyc' -delete"],
    ['find | xargs eslint', "find src -name '*.ts' | xargs eslint"],
    ['ls | wc', 'ls dist | wc -l'],
  ])('control (friction): %s: lib/y.js and src/a.ts stay free', async (_name, hook) => {
    await checkHookRow(place.next(), place.home, { hook, files: FILES, asks: [], free: hook.includes('src') ? ['lib/y.js'] : ['lib/y.js', 'src/a.ts'] });
  });

  it('more files than codeward reads one by one fails closed, naming the folder', async () => {
    // The bound is 256 files (R25-13: a test suite of 40 files run one by one is read, not failed closed).
    const many = Object.fromEntries(Array.from({ length: 260 }, (_, i) => [`tools/t${i}.js`, '']));
    const verdict = await hookVerdict(place.next(), "find tools -name '*.js' -exec node {} \\;", { ...FILES, ...many });
    expect(verdict.unmodeled).toMatch(/runs the files of a folder one by one: more than 256 files/);
  });
});
