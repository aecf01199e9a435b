// R23-5/R23-10/R23-14/R23-15's class (issue 26, the immune list under `allow *`): command languages and interpreters
// codeward does not parse. Abbreviated shell escapes, SQL functions that start programs, gdb's Python files and any
// option of an unparsed interpreter ask; ordinary command files and script runs stay allowed.
import { describe, expect, test } from 'vitest';
import { explain, policyWith } from './helpers.js';
import { immunityBox } from './immune-cases.js';

const box = immunityBox({
  'build/x': '',
  'plain.sql': '.headers on\n.mode csv\n.schema\nselect 1;\n.show\n',
  'load.sql': '.lo ./tools/x.so\n',
  'plain.gdb': 'break main\nrun\nbt\nshow version\nsharedlibrary\ninfo frame\np x\n',
  'alias.gdb': 'alias x = shell\nx rm -r build\n',
  'py.gdb': 'source g.py\n',
  'g.py': 'import os\n',
  'plain.lldb': 'breakpoint set -n main\nrun\nbt\n',
  'alias.lldb': 'com ali x platform shell\nx rm -r build\n',
});

describe('command languages and interpreters codeward does not parse', () => {
  test.each([
    'sqlite3 -init load.sql db .quit',
    "sqlite3 db \"select load_extension('./tools/x.so')\"",
    'gdb -batch -x alias.gdb',
    'gdb -batch -x py.gdb',
    'lldb -s alias.lldb',
    "guile -c '(system \"rm -r build\")'",
    "tclsh -encoding utf-8 -c x",
    'pwsh -ec cgBtACAALQByACAAYgB1AGkAbABkAA==',
    "xonsh --rc x -c 'rm -r build'",
  ])('asks (immune): %s', async (line) => {
    const policy = await policyWith(box(), ['allow @coder *', 'allow *']);
    const result = await explain(policy, `@coder exec ${line}`);
    expect({ decision: result.decision, source: result.source }).toEqual({ decision: 'ask', source: 'immune' });
  });

  test.each([
    'sqlite3 -init plain.sql db .quit',
    "sqlite3 db 'select 1;' '.schema'",
    'gdb -batch -x plain.gdb ./a.out',
    'lldb -s plain.lldb ./a.out',
    'tclsh x.tcl',
    'pwsh -NoProfile -File x.ps1',
    'xonsh x.xsh',
    'ghci --version',
  ])('friction control: %s is allowed', async (line) => {
    const policy = await policyWith(box(), ['allow @coder *', 'allow *']);
    expect((await explain(policy, `@coder exec ${line}`)).decision).toBe('allow');
  });
});
