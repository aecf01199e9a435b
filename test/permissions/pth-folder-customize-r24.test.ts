// Red team round 24, R24-13 (the Python rows: the catalogue's `lib*/python*/*-packages/*.pth` and sitecustomize
// rows; homenames25's mention search, which skips `.local/lib` and every `site-packages` as installed content): an
// editable install of a src-layout project (`pip install -e .`, uv, poetry, hatch) writes a `.pth` whose line is the
// project's src folder, so that folder is on every interpreter's sys.path, and Python imports the first
// `sitecustomize` (and, for the user site, `usercustomize`) found on sys.path at each start. The .pth itself asks,
// but src/sitecustomize.py is written under --yes, unasked, and runs at the next `pytest` / `uv run` / `python`.
// Checked on this machine: a venv of pyenv's python 3.11 with `__editable__.proj-0.1.pth` = WS/src ran
// src/sitecustomize.py on `.venv/bin/python -c 1`; the user site's ~/.local/lib/python3.11/site-packages .pth ran
// src/sitecustomize.py and src/usercustomize.py for `python3 -c 1` (Debian's /usr/bin/python3: usercustomize).
// PYTHONPATH=WS/src makes src/sitecustomize.py ask (control).
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { removeDir, tempDir } from '../helpers/fixture.js';
import { homeWritten } from './home-write.js';

let base: string;
beforeAll(async () => {
  base = await tempDir('r24-pth-');
});
afterAll(async () => {
  await removeDir(base);
});

// The write of `file` under --yes; the workspace at ~/proj holds `workspace`, the home `home` (`@WS@`: the workspace).
const written = (workspace: Record<string, string>, home: Record<string, string>, file: string, env: Record<string, string> = {}): Promise<string> =>
  homeWritten(base, { files: home }, file, 'import os\nos.system("id")\n', { workspace, env, inHome: true });

const VENV = { '.venv/pyvenv.cfg': 'home = /usr/bin\n', '.venv/lib/python3.11/site-packages/__editable__.proj-0.1.pth': '@WS@/src\n' };
const USER = { '.local/lib/python3.11/site-packages/__editable__.proj-0.1.pth': '@WS@/src\n' };

describe('R24-13: a folder an editable install\'s .pth puts on sys.path', () => {
  test('the workspace .venv\'s .pth names WS/src: writing src/sitecustomize.py asks', async () => {
    expect(await written(VENV, {}, 'src/sitecustomize.py')).toBe('C241');
  }, 60_000);

  test('the user site\'s .pth names WS/src: writing src/sitecustomize.py asks', async () => {
    expect(await written({}, USER, 'src/sitecustomize.py')).toBe('C241');
  }, 60_000);

  test('the user site\'s .pth names WS/src: writing src/usercustomize.py asks', async () => {
    expect(await written({}, USER, 'src/usercustomize.py')).toBe('C241');
  }, 60_000);

  test('control (held): writing the .venv\'s .pth itself asks', async () => {
    expect(await written(VENV, {}, '.venv/lib/python3.11/site-packages/__editable__.proj-0.1.pth')).toBe('C241');
  }, 60_000);

  test('control (held): PYTHONPATH=WS/src makes src/sitecustomize.py ask', async () => {
    expect(await written({}, {}, 'src/sitecustomize.py', { PYTHONPATH: '@WS@/src' })).toBe('C241');
  }, 60_000);
});

describe('R24-13 friction control', () => {
  test('an ordinary module beside it stays free', async () => {
    expect(await homeWritten(base, {}, 'src/pkg/custom.py', 'x = 1\n', { workspace: VENV, inHome: true })).toBe('ok');
  }, 60_000);
});
