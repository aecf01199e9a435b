// Red team round 23, R23-3 (class R22-4/R22-12, fed23/fed24's hook tokenizer, issue 26): a pre-commit hook (#!/bin/sh)
// line that runs a project file the hook walk does not name: a heredoc fed to node (`node <<'E'` with a require of
// ./tools/x: the walk names `tools/x` but not the file node resolves, tools/x.js), and `runpy.run_module('tools.x')`
// in python -c (a dotted module name; run_path and imports are read).
// Each was checked with dash (the line prints what the file prints).
// Today the file is written unasked under --yes and run by the next `git commit`.
import { describe, it } from 'vitest';
import { checkHookRow, rowPlace } from './hook-check.js';

const place = rowPlace('cw-rt23-hook-tok-');
const FILES = { 'tools/x.js': 'console.log(1);\n', 'tools/x.py': 'print(1)\n', 'sub/a.txt': '' };

describe('R23-3: a hook line running a project file the walk does not name', () => {
  it.each<[string, string, string]>([
    ['a heredoc fed to node requiring ./tools/x', "node <<'E'\nrequire('./tools/x')\nE", 'tools/x.js'],
    ['a tab-stripped heredoc fed to node', "node <<-E\n\trequire('./tools/x')\n\tE", 'tools/x.js'],
    ['python -c runpy.run_module of a dotted name', "python3 -c \"import runpy; runpy.run_module('tools.x')\"", 'tools/x.py'],
  ])('%s: writing the file asks', async (_name, hook, file) => {
    await checkHookRow(place.next(), place.home, { hook, files: FILES, asks: [file], free: [] });
  });

  it.each<[string, string]>([
    ['`node tools/x`', 'node tools/x'],
    ['find -exec node {}', 'find tools -name x.js -exec node {} \\;'],
    ['a bracket glob in the path', 'node tools/[x].js'],
    ['a ? glob in the path', 'node tools/x?js'],
    ['cd - back to the folder left', 'cd tools; cd ..; cd -; node x'],
    ['node reading the file on stdin', 'node < tools/x.js'],
  ])('control (held): %s asks', async (_name, hook) => {
    await checkHookRow(place.next(), place.home, { hook, files: FILES, asks: ['tools/x.js'], free: [] });
  });
});
