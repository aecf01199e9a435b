// Red team round 22, R22-11 (class vars21 immune-psql: "psql runs the meta-commands of the files it reads"): the other
// programs with a command language read command files whose shell escapes run too: sqlite3 `-init FILE` / `.read FILE`
// (`.shell`/`.system`), gdb `-x`/`--command`/`-ix`/`source` (`shell`, `python`), mysql `source FILE` / `\. FILE`
// (`system`), duckdb `-init`/`-f`, lldb `-s`/`--source`/`command source` (`platform shell`). Checked for real by the
// red team: `sqlite3 -init s.sql db .quit`, `sqlite3 db '.read s.sql'` and `gdb -batch -x g.gdb` each removed build/.
// One reader keyed per program (permissions/immune-command-files.ts, rows in shell/parse-launch-command-files.ts).
import { describe, expect, test } from 'vitest';
import { explain, policyWith } from './helpers.js';
import { immunityBox } from './immune-cases.js';

const box = immunityBox({
  'build/x': '', 'src/a.ts': '1\n', 's.sql': '.shell rm -r build\n', 'm.sql': 'system rm -r build\n', 'g.gdb': 'shell rm -r build\n',
  'l.txt': 'platform shell rm -r build\n', 'q.sql': '\\! rm -r build\n',
  'inc.sql': 'select 1;\n.read s.sql\n', 'sys.sql': '.system rm -r build\n', 'mi.sql': 'select 1;\nsource m.sql\n',
  'so.gdb': 'break main\nsource g.gdb\n', 'py.gdb': 'python import os; os.system("rm -r build")\n', 'bang.gdb': '!rm -r build\n',
  'c.lldb': 'command source l.txt\n', 'sh.lldb': 'shell rm -r build\n', 'push.gdb': 'shell git push origin\n',
  'ok.sql': '.mode csv\ncreate table t (a int);\nselect 1;\n', 'ok.gdb': 'break main\nrun\nbt\n', 'ok.lldb': 'breakpoint set -n main\nrun\n',
  'okm.sql': 'select 1;\n',
});

const LINES = [
  'sqlite3 -init s.sql db .quit',
  "sqlite3 db '.read s.sql'",
  'duckdb -init s.sql',
  'duckdb -f s.sql',
  'gdb -batch -x g.gdb',
  'gdb --command=g.gdb',
  'gdb -ix g.gdb',
  'mysql -e "source m.sql"',
  'lldb -s l.txt',
  'lldb --source l.txt',
];

// The same class by other spellings, nested files, and files codeward cannot read.
const MORE = [
  'sqlite3 --init s.sql db .quit',
  'sqlite3 -init sys.sql db .quit',
  "sqlite3 -cmd '.read s.sql' db .quit",
  "sqlite3 db '.read inc.sql'",
  "sqlite3 db '.read |rm -r build'",
  "sqlite3 db '.once |rm -r build'",
  'sqlite3 -init missing.sql db .quit',
  'sqlite3 -init "$F" db .quit',
  "duckdb db -c '.read s.sql'",
  'gdb -batch -xg.gdb',
  'gdb -batch -command g.gdb',
  'gdb -batch --init-command=g.gdb',
  'gdb -batch -x so.gdb',
  'gdb -batch -x py.gdb',
  'gdb -batch -x bang.gdb',
  'gdb -batch -x missing.gdb',
  "mysql -e '\\. m.sql'",
  'mariadb -e "source m.sql"',
  'mysql -e "source mi.sql"',
  'mysql -e "pager rm -r build"',
  'lldb -S l.txt',
  'lldb --source=l.txt',
  'lldb -s c.lldb',
  'lldb -s sh.lldb',
];

// Ordinary command files and lines stay free.
const FREE = [
  'sqlite3 -init ok.sql db .quit',
  "sqlite3 db '.read ok.sql'",
  "sqlite3 db 'select 1'",
  'duckdb -f ok.sql',
  'gdb -batch -x ok.gdb ./prog',
  'gdb -batch ./prog',
  'mysql -e "source okm.sql"',
  'mysql -e "select 1" db',
  'lldb -s ok.lldb ./prog',
  'psql -f ok.sql',
];

describe('R22-11: a command file whose shell escape removes build/', () => {
  test.each([...LINES, ...MORE])('asks: %s', async (line) => {
    const policy = await policyWith(box(), ['allow @coder *', 'allow *']);
    const result = await explain(policy, `@coder exec ${line}`);
    expect({ decision: result.decision, source: result.source }).toEqual({ decision: 'ask', source: 'immune' });
  });

  test('control (held): psql -f q.sql asks', async () => {
    const policy = await policyWith(box(), ['allow @coder *', 'allow *']);
    expect((await explain(policy, '@coder exec psql -f q.sql')).decision).toBe('ask');
  });

  test('the question names the file', async () => {
    const policy = await policyWith(box(), ['allow @coder *', 'allow *']);
    expect((await explain(policy, '@coder exec gdb -batch -x so.gdb')).reason).toContain('g.gdb');
  });

  test('under a deny rule, a denied line in the file is not allowed', async () => {
    const policy = await policyWith(box(), ['deny @coder exec git push*', 'allow *']);
    expect((await explain(policy, '@coder exec gdb -batch -x push.gdb')).decision).not.toBe('allow');
  });

  test.each(FREE)('free: %s', async (line) => {
    const policy = await policyWith(box(), ['allow @coder *', 'allow *']);
    expect((await explain(policy, `@coder exec ${line}`)).decision).toBe('allow');
  });
});
