// Red team round 23, R23-5 (class R22-11, cmd24's REPL command files; the immune list): the sqlite3 shell's SQL
// function `edit(TEXT, EDITOR)` runs `EDITOR <tempfile>` through system() (one argument: $VISUAL/$EDITOR), so
// `sqlite3 db "select edit('x', 'rm -r build;')"` runs `rm -r build` — in the line or from an SQL file
// named by -init / .read. Checked with sqlite3 3.40 on this machine: build/ was removed in each spelling.
// cmd24 reads the dot-commands (.shell/.system/.once |/.output |/.import |/.read |: they ask) but not SQL.
// Today the line is allowed under `allow @coder *` + `allow *` (source cli) with no question.
import { describe, expect, test } from 'vitest';
import { explain, policyWith } from './helpers.js';
import { immunityBox } from './immune-cases.js';

const box = immunityBox({ 'build/x': '', 'src/a.ts': '1\n', 's.sql': "select edit('x', 'rm -r build;');\n" });

describe('R23-5: sqlite3 edit() runs its editor argument through the shell', () => {
  test.each([
    "sqlite3 db \"select edit('x', 'rm -r build;')\"",
    "sqlite3 db \"SELECT edit('x','rm -r build;');\"",
    "sqlite3 -cmd \"select edit('x', 'rm -r build;');\" db .quit",
    'sqlite3 -init s.sql db .quit',
    "sqlite3 db '.read s.sql'",
  ])('asks (immune): %s', async (line) => {
    const policy = await policyWith(box(), ['allow @coder *', 'allow *']);
    const result = await explain(policy, `@coder exec ${line}`);
    expect({ decision: result.decision, source: result.source }).toEqual({ decision: 'ask', source: 'immune' });
  });

  test.each([
    "sqlite3 db \".once '|rm -r build'\" 'select 1;'",
    "sqlite3 db \".import '|rm -r build' t\"",
    "sqlite3 db \".read '|rm -r build'\"",
    "VISUAL='rm -r build;' sqlite3 db \"select edit('x')\"",
  ])('control (held): %s asks', async (line) => {
    const policy = await policyWith(box(), ['allow @coder *', 'allow *']);
    expect((await explain(policy, `@coder exec ${line}`)).decision).toBe('ask');
  });
});
