// left25 (cmd24 LEFT 2 and 4): gdb starts the debugged program through $SHELL or /bin/sh, so a command file's
// `run ; rm -r build` (or `start`, `set args` with shell syntax) runs rm; mysql/mariadb option files
// (`--defaults-file`, `--defaults-extra-file`, `~/.my.cnf` when the home is in the workspace) set `pager` (a program
// it starts), `plugin-dir`/`default-auth` (a library it loads) or `!include` another file. Each asks; ordinary
// files (`run`, `run < in.txt`, `set args -v x`, a [client] user/host) stay free.
import { afterEach, describe, expect, test, vi } from 'vitest';
import { explain, policyWith } from './helpers.js';
import { immunityBox } from './immune-cases.js';

const box = immunityBox({
  'build/x': '', 'src/a.ts': '1\n',
  'r.gdb': 'break main\nrun ; rm -r build\n', 'r2.gdb': 'r $(rm -r build)\n', 's.gdb': 'set args `rm -r build`\nrun\n', 'st.gdb': 'start && rm -r build\n',
  'ok.gdb': 'break main\nrun\nbt\n', 'okin.gdb': 'run < in.txt\nbt\n', 'okargs.gdb': 'set args -v x.txt\nrun\n',
  'p.cnf': '[mysql]\npager=rm -r build\n', 'c.cnf': '[client]\npager = sh -c "rm -r build"\n', 'pl.cnf': '[client]\nplugin-dir=./plug\ndefault-auth=evil\n',
  'i.cnf': '[client]\nuser=app\n!include p.cnf\n', 'ok.cnf': '[client]\nuser=app\nhost=127.0.0.1\n\n[mysql]\ndatabase=app\n',
});

const ASKS = [
  'gdb -batch -x r.gdb ./prog',
  'gdb -batch -x r2.gdb ./prog',
  'gdb -batch -x s.gdb ./prog',
  'gdb -batch -x st.gdb ./prog',
  "mysql --defaults-extra-file=p.cnf -e 'select 1'",
  "mysql --defaults-file=c.cnf -e 'select 1'",
  "mariadb --defaults-extra-file=pl.cnf -e 'select 1'",
  "mysql --defaults-file=i.cnf -e 'select 1'",
  "mysql --defaults-file=missing.cnf -e 'select 1'",
  "mysql --pager='rm -r build' -e 'select 1'",
  "mysql --plugin-dir=./plug --default-auth=evil -e 'select 1'",
];
const FREE = ['gdb -batch -x ok.gdb ./prog', 'gdb -batch -x okin.gdb ./prog', 'gdb -batch -x okargs.gdb ./prog', "mysql --defaults-file=ok.cnf -e 'select 1'", "mysql --defaults-extra-file=ok.cnf -e 'select 1'"];

describe('gdb run through the shell, mysql option files', () => {
  afterEach(() => {
    vi.unstubAllEnvs();
  });

  test.each(ASKS)('asks: %s', async (line) => {
    const result = await explain(await policyWith(box(), ['allow *']), `@coder exec ${line}`);
    expect({ decision: result.decision, source: result.source }).toEqual({ decision: 'ask', source: 'immune' });
  });

  test.each(FREE)('free: %s', async (line) => {
    expect((await explain(await policyWith(box(), ['allow *']), `@coder exec ${line}`)).decision).toBe('allow');
  });

  test('~/.my.cnf in a home inside the workspace: its pager asks; --no-defaults skips it', async () => {
    vi.stubEnv('HOME', box().root);
    const { writeFile, rm } = await import('node:fs/promises');
    const { join } = await import('node:path');
    await writeFile(join(box().root, '.my.cnf'), '[mysql]\npager=rm -r build\n');
    try {
      const policy = await policyWith(box(), ['allow *']);
      expect((await explain(policy, "@coder exec mysql -e 'select 1'")).decision).toBe('ask');
      expect((await explain(policy, "@coder exec mysql --no-defaults -e 'select 1'")).decision).toBe('allow');
    } finally {
      await rm(join(box().root, '.my.cnf'));
    }
  });
});
