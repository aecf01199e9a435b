// Red team round 24, R24-4 (lead's fix of R23-10, abbreviated() in src/shell/parse-launch-command-files.ts; the
// immune list): sqlite3 (and duckdb, the same shell) take any unique prefix of a dot-command of 3+ letters, and the
// prefix of `.read` runs a command file: `sqlite3 db '.rea s.sql'` with s.sql = `.shell rm -r build` removed build/
// (checked with sqlite3 3.40 on this machine). The full `.read`, `-init` and `< s.sql` ask (controls); the
// abbreviation is allowed under `allow @coder *` + `allow *` (source cli), with no question.
import { describe, expect, test } from 'vitest';
import { explain, policyWith } from './helpers.js';
import { immunityBox } from './immune-cases.js';

const box = immunityBox({ 'build/x': '', 'src/a.ts': '1\n', 's.sql': '.shell rm -r build\n' });

describe('R24-4: a REPL\'s file-reading command spelled by a prefix', () => {
  test.each([
    "sqlite3 db '.rea s.sql'",
    "sqlite3 -cmd '.rea s.sql' db .quit",
    "duckdb db '.rea s.sql'",
    "duckdb -c '.rea s.sql'",
  ])('asks (immune): %s', async (line) => {
    const policy = await policyWith(box(), ['allow @coder *', 'allow *']);
    const result = await explain(policy, `@coder exec ${line}`);
    expect({ decision: result.decision, source: result.source }).toEqual({ decision: 'ask', source: 'immune' });
  });

  test.each([
    "sqlite3 db '.read s.sql'",
    'sqlite3 -init s.sql db .quit',
    "duckdb -c '.read s.sql'",
  ])('control (held): %s asks', async (line) => {
    const policy = await policyWith(box(), ['allow @coder *', 'allow *']);
    expect((await explain(policy, `@coder exec ${line}`)).decision).toBe('ask');
  });
});
