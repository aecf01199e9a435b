// py19 Left (issue 26), the sandbox trade-off of R18-3's class: under a `uv run pytest` hook (or a bare `pytest`
// that an activated shell finds in .venv, before pytest is installed there), a sandboxed in-place or
// staged install into the workspace's .venv (what `uv sync` / `pip install` do) that makes `.venv/bin/pytest` or a
// site-packages plug-in is not left for the next commit to run: moved aside (in place) or set aside (staged), as
// R18-3 decided for node_modules/.bin/vitest. The run's other files (a source it writes) are kept.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { removeDir, runCli, tempDir, writeFiles } from '../helpers/fixture.js';
import { git } from '../permissions/git-run.js';

const bwrapWorks = spawnSync('bwrap', ['--ro-bind', '/', '/', '--unshare-net', 'true']).status === 0;
const SITE = '.venv/lib/python3.12/site-packages';
const INSTALL = `mkdir -p .venv/bin ${SITE}/x-1.dist-info\nprintf '#!/bin/sh\\n' > .venv/bin/pytest\nchmod +x .venv/bin/pytest\necho 'import os' > ${SITE}/x.py\nprintf '[pytest11]\\nx = x\\n' > ${SITE}/x-1.dist-info/entry_points.txt\necho 'X = 2' > src/w/new.py\n`;

describe('a sandboxed install into the hook\'s environment', () => {
  const made: string[] = [];
  let home: string;
  beforeAll(async () => {
    home = await tempDir();
  });
  afterAll(async () => {
    for (const folder of [home, ...made]) await removeDir(folder);
  });
  it.skipIf(!bwrapWorks).each([['uv run pytest', ['--no-stage']], ['uv run pytest', []], ['pytest -q', ['--no-stage']], ['pytest -q', []]])('hook %s, exec %j: .venv/bin/pytest and the plug-in are not left in place; the source is', async (hook, flags) => {
    const root = await tempDir();
    made.push(root);
    await writeFiles(root, { 'pyproject.toml': '[project]\nname = "w"\nversion = "0"\n', 'src/w/__init__.py': '', '.venv/pyvenv.cfg': 'home = /usr/bin\n', [`${SITE}/ok.py`]: '', 'install.sh': INSTALL });
    git(root, 'init', '-q');
    await writeFiles(root, { '.git/hooks/pre-commit': `#!/bin/sh\n${hook}\n` });
    spawnSync('chmod', ['755', join(root, '.git/hooks/pre-commit')]);
    const run = runCli(['--json', '--yes', '-C', root, 'exec', ...flags, '--cmd', 'sh install.sh'], { env: { HOME: home } });
    // In place, the script's text is judged before it runs (red team R34-6): writing what the hook runs asks.
    if (flags.includes('--no-stage')) {
      expect(run.json.error?.code, run.stdout).toBe('C241');
      expect(existsSync(join(root, '.venv/bin/pytest'))).toBe(false);
      return;
    }
    expect(existsSync(join(root, 'src/w/new.py')), run.stdout).toBe(true);
    for (const planted of ['.venv/bin/pytest', `${SITE}/x.py`, `${SITE}/x-1.dist-info/entry_points.txt`]) expect(existsSync(join(root, planted)), `${planted}: ${run.stdout}`).toBe(false);
    expect(readdirSync(join(root, SITE))).toContain('ok.py');
  });
});
