// Red team round 20, FRICTION F4 (issue 26): the two canonical ways to run a virtual environment's tools from a hook
// made every write ask. `. .venv/bin/activate && pytest` read activate's own save-and-restore of PATH
// (`_OLD_VIRTUAL_PATH="$PATH"`, `PATH="${_OLD_VIRTUAL_PATH:-}"`) as a value only known at run time, and
// `.venv/bin/python -m pytest` followed the interpreter link and read the ELF bytes as a shell line. Now a variable a
// script only sets to a copy of another one is read back as that one, and a compiled program is obeyed where it
// stands, never read as text. The activate script is still followed line by line: what it runs is still obeyed.
// CPython's own activate template (test/fixtures/venv-activate.sh, from `python3 -m venv`); the interpreter a link
// to a real ELF (this node binary). The in-process engine under --yes (hook-check.ts).
import { mkdirSync, readFileSync, symlinkSync } from 'node:fs';
import { join } from 'node:path';
import { describe, it } from 'vitest';
import { checkHookRow, rowPlace, type Row } from './hook-check.js';

const place = rowPlace('cw-venv-activate-');
const TEMPLATE = readFileSync(new URL('../fixtures/venv-activate.sh', import.meta.url), 'utf8');

// A repository with a venv (activate made for its real path, python a link to an ELF) and a row checked in it.
async function inVenv(row: Omit<Row, 'files'> & { files?: Record<string, string>; activate?: (text: string) => string }): Promise<void> {
  const root = place.next();
  mkdirSync(join(root, '.venv/bin'), { recursive: true });
  symlinkSync(process.execPath, join(root, '.venv/bin/python'));
  const activate = TEMPLATE.replaceAll('@VENV@', join(root, '.venv'));
  await checkHookRow(root, place.home, {
    ...row,
    files: { '.venv/pyvenv.cfg': 'home = /usr/bin\n', '.venv/bin/activate': (row.activate ?? ((text) => text))(activate), 'src/w/a.py': 'x = 1\n', ...row.files },
    content: '# ok\n',
  });
}

const SITE = '.venv/lib/python3.11/site-packages';

describe('F4: a venv activated or run by its interpreter', () => {
  it.each([
    ['. .venv/bin/activate && pytest -q'],
    ['source .venv/bin/activate; ruff check . && mypy src'],
    ['.venv/bin/python -m pytest'],
  ])('%s: sources stay free, the environment asks', async (hook) => {
    await inVenv({ hook, asks: ['.venv/bin/activate', `${SITE}/x.pth`], free: ['src/w/a.py', 'tests/test_a.py'] });
  });

  it('what a changed activate runs is still obeyed (its lines are followed)', async () => {
    await inVenv({ hook: '. .venv/bin/activate && pytest -q', activate: (text) => `${text}\nsh tools/x.sh\n`, files: { 'tools/x.sh': 'true\n' }, asks: ['tools/x.sh'], free: ['src/w/a.py'] });
  });

  it('a copy set from more than one value is not a copy: PATH restored from it is only known at run time', async () => {
    const twice = (text: string): string => `${text}\n_OLD_VIRTUAL_PATH="$(cat tools/p)"\nPATH="$_OLD_VIRTUAL_PATH"\n`;
    await inVenv({ hook: '. .venv/bin/activate && pytest -q', activate: twice, asks: ['src/w/a.py'], free: [] });
  });
});
