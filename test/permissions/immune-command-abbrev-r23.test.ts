// Red team round 23, R23-10 (class R22-11, cmd24's command-file readers; the immune list): the REPLs accept a command
// by a unique PREFIX and gdb runs a command built by `eval`: sqlite3 runs `.she rm -r build` as `.shell`, gdb runs
// `she rm -r build` as `shell` and `eval "shell rm -r build"` as the command it formats. cmd24 reads the full names
// (`.shell`, `.system`, `shell`, `!`, `pipe`, `python`...). Checked with sqlite3 3.40 and gdb 13.1 on this machine:
// each spelling below removed build/ from a command file (-init / -x); the same words inline ask (controls).
// Today each line is allowed under `allow @coder *` + `allow *` (source cli) with no question.
import { describe, expect, test } from 'vitest';
import { explain, policyWith } from './helpers.js';
import { immunityBox } from './immune-cases.js';

const box = immunityBox({
  'build/x': '', 'src/a.ts': '1\n',
  'she.sql': '.she rm -r build\n', 'she.gdb': 'she rm -r build\n', 'eval.gdb': 'eval "shell rm -r build"\n', 'shell.sql': '.shell rm -r build\n',
});

describe('R23-10: a REPL command spelled by a prefix, or built by gdb eval', () => {
  test.each([
    'sqlite3 -init she.sql db .quit',
    'gdb -batch -x she.gdb',
    'gdb -batch -x eval.gdb',
  ])('asks (immune): %s', async (line) => {
    const policy = await policyWith(box(), ['allow @coder *', 'allow *']);
    const result = await explain(policy, `@coder exec ${line}`);
    expect({ decision: result.decision, source: result.source }).toEqual({ decision: 'ask', source: 'immune' });
  });

  test.each([
    'sqlite3 -init shell.sql db .quit',
    "sqlite3 db '.she rm -r build'",
    "gdb -batch -ex 'she rm -r build'",
    "gdb -batch -ex 'eval \"shell rm -r build\"'",
  ])('control (held): %s asks', async (line) => {
    const policy = await policyWith(box(), ['allow @coder *', 'allow *']);
    expect((await explain(policy, `@coder exec ${line}`)).decision).toBe('ask');
  });
});
