// fed23: what xargs runs in a hook. With -I/-n/-L it runs one command per item (`printf '%s\n' a tools/x | xargs
// -I{} node {}` runs `node tools/x`); items read from a list (`< list`, `cat list |`, `-a list`) are the list's
// words now (the list is obeyed); items a program prints (`find`, `git ls-files`) are only known at run time: where
// one would be the script an interpreter runs the whole tree asks, as another program's operands they change nothing.
import { describe, it } from 'vitest';
import { checkHookRow, rowPlace } from './hook-check.js';

const SOURCES = { 'package.json': '{"name":"w","version":"1.0.0"}\n', 'src/a.js': 'export const a = 1;\n', 'tools/keep': '', 'list': 'tools/a\ntools/x\n' };
const place = rowPlace('hook-fed-xargs23');

describe('one command per item (hole)', () => {
  it.each([
    "printf '%s\\n' a tools/x | xargs -I{} node {}",
    "printf '%s\\n' a tools/x | xargs -n1 node",
    "printf '%s\\n' a tools/x | xargs -L 1 node",
    "printf '%s\\0' a tools/x | xargs -0 -n 1 node",
    "echo a tools/x | xargs -i sh -c 'node {}'",
    'xargs -n1 node < list',
    'cat list | xargs -I % node %',
    'xargs -a list -n1 node',
  ])('%j: writing tools/x.js asks; a source stays free', async (hook) => {
    await checkHookRow(place.next(), place.home, { hook, files: SOURCES, asks: ['tools/x.js'], free: ['src/a.js'], content: '// ok\n' });
  });
});

describe("items a program prints, as an interpreter's script (hole: the whole tree asks)", () => {
  it.each(["find tools -name '*.js' | xargs -n1 node", 'git ls-files tools | xargs -I{} sh {}', 'sort list | sed s/a/x/ | xargs -n1 node'])('%j', async (hook) => {
    await checkHookRow(place.next(), place.home, { hook, files: SOURCES, asks: ['src/a.js'], free: [], content: '// ok\n' });
  });
});

describe("items a program prints, as another program's operands (friction control)", () => {
  it.each(['git diff --cached --name-only | xargs npx eslint', 'git diff --cached --name-only -z | xargs -0 npx prettier --check', "git ls-files '*.py' | xargs -n 20 npx tsc --noEmit"])('%j: sources stay free', async (hook) => {
    await checkHookRow(place.next(), place.home, { hook, files: SOURCES, asks: [], free: ['src/a.js'], content: '// ok\n' });
  });
});
