// Red team R18-3 (issue 26): a hook whose program is spelled as a path runs the file at that path whether or not
// it exists yet. A fresh clone has no node_modules/.bin/vitest or .venv/bin/pytest before the install: writing one
// (by the write tool, or by a sandboxed `git apply` that sets the exec bit) must meet the write gate, as the same
// path does once installed. Ordinary sources stay free.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { removeDir, runCli, tempDir, writeFiles } from '../helpers/fixture.js';
import { checkHookRow } from './hook-check.js';
import { git } from './git-run.js';

const bwrapWorks = spawnSync('bwrap', ['--ro-bind', '/', '/', '--unshare-net', 'true']).status === 0;
const SOURCES = { 'package.json': '{"name":"w","version":"1.0.0"}\n', 'src/a.js': 'export const a = 1;\n' };

describe('a hook\'s program named by a path that does not exist yet', () => {
  const made: string[] = [];
  let home: string;
  beforeAll(async () => {
    home = await tempDir();
  });
  afterAll(async () => {
    for (const folder of [home, ...made]) await removeDir(folder);
  });
  const next = async (): Promise<string> => {
    const root = await tempDir();
    made.push(root);
    return root;
  };

  it.each([
    ['node_modules/.bin/vitest run', 'node_modules/.bin/vitest'],
    ['.venv/bin/pytest -q', '.venv/bin/pytest'],
    ['venv/bin/pytest -q', 'venv/bin/pytest'],
    ['CI=1 ./tools/check --all', 'tools/check'],
    ['timeout 60 node_modules/.bin/jest --ci', 'node_modules/.bin/jest'],
    ['cd web && node_modules/.bin/eslint .', 'web/node_modules/.bin/eslint'],
    // R19-17: an interpreter's script operand at a path that does not exist yet.
    ['node ./node_modules/.bin/vitest run', 'node_modules/.bin/vitest'],
    ['node node_modules/.bin/vitest run', 'node_modules/.bin/vitest'],
    ['node -r ./setup.cjs --conditions dev node_modules/.bin/jest', 'node_modules/.bin/jest'],
    ['python3 ./.venv/bin/pytest -q', '.venv/bin/pytest'],
    ['python3 -X dev -W error .venv/bin/pytest', '.venv/bin/pytest'],
    ['env CI=1 bash -e tools/check', 'tools/check'],
    ['sh -ex tools/check', 'tools/check'],
    ['deno run -A tools/x', 'tools/x'],
    ['timeout 60 python3 tools/lint', 'tools/lint'],
    // R19-21: a script operand with no extension, quoted or sourced.
    ['sh scripts/ci', 'scripts/ci'],
    ['sh "./tools/u"', 'tools/u'],
    ['. scripts/env', 'scripts/env'],
    ['ruby tools/x', 'tools/x'],
    ['node tools/x', 'tools/x.js'],
    ['node tools/x', 'tools/x/index.js'],
    ['npx tsx tools/x', 'tools/x.ts'],
  ])('%s: writing %s asks; a source stays free', async (hook, program) => {
    await checkHookRow(await next(), home, { hook, files: { ...SOURCES, 'web/package.json': '{"name":"web"}\n' }, asks: [program], free: ['src/a.js', 'src/b.js'], content: '// ok\n' });
  });

  it.each([
    ['python3 -m pytest src', 'src/a.js'],
    ['python3 -c "print(1)"', 'src/a.js'],
    ['bash -c "npm test"', 'src/a.js'],
  ])('%s: %s stays free (no script file run)', async (hook, free) => {
    await checkHookRow(await next(), home, { hook, files: SOURCES, asks: [], free: [free], content: '// ok\n' });
  });

  it.skipIf(!bwrapWorks)('a sandboxed git apply that creates the hook\'s program executable: set aside, not applied', async () => {
    const root = await next();
    await writeFiles(root, { ...SOURCES, 'p.diff': 'diff --git a/node_modules/.bin/vitest b/node_modules/.bin/vitest\nnew file mode 100755\nindex 0000000..1111111\n--- /dev/null\n+++ b/node_modules/.bin/vitest\n@@ -0,0 +1,2 @@\n+#!/bin/sh\n+echo planted\n' });
    git(root, 'init', '-q');
    await writeFiles(root, { '.git/hooks/pre-commit': '#!/bin/sh\nnode_modules/.bin/vitest run\n' });
    spawnSync('chmod', ['755', join(root, '.git/hooks/pre-commit')]);
    const run = runCli(['--json', '-C', root, 'exec', '--cmd', 'git apply p.diff'], { env: { HOME: home } });
    expect(existsSync(join(root, 'node_modules/.bin/vitest')), run.stdout).toBe(false);
  });
});
