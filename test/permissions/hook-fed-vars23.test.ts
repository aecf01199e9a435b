// fed23: a parameter expansion in a hook line. `${F:-x}` is F's value when the line set it, its default when the
// script never sets F (the environment's), and only known at run time when the script sets F where the line does
// not see it; `${V+x}` is x; `${V#p}` / `${V%s}` are not computed. perl's `-I DIR` adds a folder whose modules the
// script may load; tox.toml's command lists are words, not shell text.
import { describe, it } from 'vitest';
import { checkHookRow, rowPlace } from './hook-check.js';

const SOURCES = { 'package.json': '{"name":"w","version":"1.0.0"}\n', 'src/a.js': 'export const a = 1;\n', 'tools/keep': '', 't.pl': 'use Helper;\n1;\n' };
const place = rowPlace('hook-fed-vars23');

describe('a parameter expansion (hole)', () => {
  it.each([
    [': ${F:=tools/y}; node ${F:-tools/x}', 'tools/y.js', ['src/a.js']],
    ['node ${HOME+tools/x}', 'tools/x.js', ['src/a.js']],
    ['F=tools/y; node ${F:-tools/x}', 'tools/y.js', []],
    // Not known: the whole tree asks.
    [': ${F:=tools/y}\nnode ${F:-tools/x}', 'src/a.js', []],
    ['printf -v F %s tools/y; node ${F:-tools/x}', 'src/a.js', []],
    ['node ${T%.ts}.js', 'src/a.js', []],
    ['sh ${S#./}', 'src/a.js', []],
  ] as const)('%j: writing %s asks', async (hook, file, free) => {
    await checkHookRow(place.next(), place.home, { hook, files: SOURCES, asks: [file], free, content: '// ok\n' });
  });

  it.each(['node ${NODE_SCRIPT:-tools/x} --check', '. "${0%/*}/../../tools/env.sh"'])('control: %j reads its default', async (hook) => {
    await checkHookRow(place.next(), place.home, { hook, files: SOURCES, asks: [], free: ['src/a.js'], content: '// ok\n' });
  });
});

describe("perl's -I folder (friction: the line was unknown)", () => {
  it.each([
    ['perl -Itools t.pl', 'tools/Helper.pm'],
    ['perl -I tools t.pl', 'tools/Deep/Mod.pm'],
    ['perl -Itools t.pl', 't.pl'],
  ])('%j: writing %s asks; a source stays free', async (hook, file) => {
    await checkHookRow(place.next(), place.home, { hook, files: SOURCES, asks: [file], free: ['src/a.js'], content: '1;\n' });
  });
});

describe("tox.toml's command lists are words (friction)", () => {
  it('`python -c "print(1)"` runs no file: sources stay free; a script it runs asks', async () => {
    const files = { ...SOURCES, 'tox.toml': '[env_run_base]\ncommands = [["python", "-c", "print(1)"], ["python", "tools/lint.py"]]\n' };
    await checkHookRow(place.next(), place.home, { hook: 'tox', files, asks: ['tools/lint.py'], free: ['src/a.js'], content: '// ok\n' });
  });
});
