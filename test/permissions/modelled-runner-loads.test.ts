// Red team round 12 (issue 26), for the runners codeward models (the unmodelled case is whole-tree.test.ts):
// R12-1: a hook runs `python3 tools/check.py` (obeyed) and the script does `import json`: python puts the script's
// folder first on sys.path, so tools/json.py shadowed the standard library and ran at the next commit (written
// unasked). R12-5b: jest's configuration in package.json's `jest` field was not read; a vitest/jest config that
// computes its setup file's name (`${root}/setup`, `'./cfg/' + 'setup.ts'`, an alias import) left it writable.
// Real repositories with an executable pre-commit hook, the in-process engine under --yes; each row fails on
// the old code but the controls.
import { join } from 'node:path';
import { afterAll, beforeAll, describe, it } from 'vitest';
import { removeDir, tempDir, writeFiles } from '../helpers/fixture.js';
import { checkHookRow, type Row } from './hook-check.js';

let base: string;
let home: string;
beforeAll(async () => {
  base = await tempDir('cw-modelled-');
  home = join(base, 'home');
  await writeFiles(home, { '.keep': '' });
});
afterAll(async () => removeDir(base));

let count = 0;
const check = async (row: Row): Promise<void> => checkHookRow(join(base, `r${++count}`), home, row);

describe('python: the folder it imports from first (R12-1)', () => {
  it('python3 tools/check.py: a module beside the script (a standard-library name or any other) and a package there', async () => {
    await check({ hook: 'python3 tools/check.py', files: { 'tools/check.py': 'import json\n', 'src/app.py': '' }, asks: ['tools/check.py', 'tools/json.py', 'tools/json/__init__.py', 'tools/helper.py'], free: ['src/app.py', 'src/json.py', 'tools/README.md'] });
  });

  it('python3 -m tools.check and python3 -u -c: the working folder', async () => {
    await check({ hook: 'python3 -m tools.check', files: { 'tools/__init__.py': '', 'tools/check.py': 'import json\n' }, asks: ['json.py', 'json/__init__.py'], free: ['src/json.py'] });
    // The module's own package: `from . import util` in tools/lint/check.py (red team R13-16), and the one above.
    await check({ hook: 'python3 -m tools.lint.check', files: { 'tools/__init__.py': '', 'tools/lint/__init__.py': '', 'tools/lint/check.py': 'from . import util\n' }, asks: ['tools/lint/util.py', 'tools/common.py', 'tools/lint/sub/__init__.py'], free: ['src/util.py'] });
    // The whole top-level package: `from ..lib import u`, `from tools.sub import x`, a package's __main__ (R13-22).
    await check({ hook: 'python3 -m tools.sub.check', files: { 'tools/__init__.py': '', 'tools/sub/__init__.py': '', 'tools/sub/check.py': 'from ..lib import u\n' }, asks: ['tools/lib/u.py', 'tools/sub/x.py', 'tools/a/b/c.py'], free: ['src/u.py'] });
    await check({ hook: 'python3 -m tools', files: { 'tools/__init__.py': '', 'tools/__main__.py': 'from . import util\n' }, asks: ['tools/util.py', 'tools/deep/x.py'], free: ['src/util.py'] });
    await check({ hook: 'cd pkg && python3 -u -c "import lint"', files: { 'pkg/a.txt': '' }, asks: ['pkg/lint.py'], free: ['lint2/x.py'] });
  });
});

describe('a JS test runner\'s configuration (R12-5b)', () => {
  const pkg = (jest: unknown): string => JSON.stringify({ scripts: { test: 'jest' }, jest });

  it('package.json\'s jest field: the setup files it names (present or missing), package.json itself', async () => {
    await check({ hook: 'npx jest', files: { 'package.json': pkg({ setupFiles: ['<rootDir>/cfg/s.js'], globalSetup: './cfg/g' }), 'src/a.js': '' }, asks: ['cfg/s.js', 'cfg/g.ts', 'package.json'], free: ['src/a.js'] });
    // A key jest's row does not list naming a path (red team R15-6): jest may load it, so every file is obeyed.
    await check({ hook: 'npm test', files: { 'package.json': pkg({ setupFilesAfterEach: ['./cfg/after.js'] }), 'cfg/after.js': '', 'src/a.js': '' }, asks: ['cfg/after.js', 'src/a.js'], free: [] });
    await check({ hook: 'npm test', files: { 'package.json': pkg({ setupFilesAfterEnv: ['./cfg/after.js'], testMatch: ['<rootDir>/src/**/*.test.js'] }), 'cfg/after.js': '', 'src/a.js': '' }, asks: ['cfg/after.js'], free: ['src/a.js'] });
  });

  it.each([
    ['a template', "const root = './cfg';\nexport default { test: { setupFiles: [`${root}/setup`] } };\n"],
    ['a concatenation', "export default { test: { setupFiles: ['./cfg/' + 'setup.ts'] } };\n"],
    ['path.join', "import { join } from 'node:path';\nexport default { test: { setupFiles: [join(__dirname, 'cfg', 'setup.ts')] } };\n"],
    ['an alias import', "import setup from '@/cfg/setup';\nexport default { test: { setupFiles: [] } };\n"],
  ])('a name computed in the config (%s): every file below its folder', async (_kind, config) => {
    await check({ hook: 'npm test', files: { 'package.json': JSON.stringify({ scripts: { test: 'vitest run' } }), 'vitest.config.ts': config, 'cfg/setup.ts': '' }, asks: ['cfg/setup.ts', 'cfg/other.ts', 'src/a.ts'], free: ['node_modules/x/index.js'] });
  });

  it('a config a flag names, and the package.json fields of mocha, ava and nyc (red team R13-7)', async () => {
    const scripts = (test: string, extra: Record<string, unknown> = {}): string => JSON.stringify({ scripts: { test }, ...extra });
    await check({ hook: 'npm test', files: { 'package.json': scripts('vitest run --config tools/vt.config.ts'), 'tools/vt.config.ts': "export default { test: { setupFiles: ['./tools/setup.ts'] } };\n" }, asks: ['tools/vt.config.ts', 'tools/setup.ts'], free: ['src/a.ts'] });
    // Its folder chosen by flag (R13-24): the config there is the runner's, and what it names.
    await check({ hook: 'npx vitest run --root tools', files: { 'tools/vitest.config.ts': "export default { test: { setupFiles: ['./s.ts'] } };\n" }, asks: ['tools/vitest.config.ts', 'tools/vite.config.mjs'], free: ['src/a.ts'] });
    await check({ hook: 'npx jest --projects tools web', files: { 'web/jest.config.js': 'module.exports = {};\n' }, asks: ['tools/jest.config.js', 'web/jest.config.js', 'web/jest.config.json'], free: ['src/a.js'] });
    await check({ hook: 'npx vitest --workspace tools/ws.ts', files: { 'tools/ws.ts': 'export default [];\n' }, asks: ['tools/ws.ts'], free: ['src/a.ts'] });
    await check({ hook: 'npx jest -c jest.ci.js', files: { 'jest.ci.js': "module.exports = { setupFiles: ['<rootDir>/cfg/s.js'] };\n" }, asks: ['jest.ci.js', 'cfg/s.js'], free: ['src/a.js'] });
    await check({ hook: 'npx jest --config=jest.ci.js', files: { 'jest.ci.js': "module.exports = { setupFiles: ['<rootDir>/cfg/s.js'] };\n" }, asks: ['cfg/s.js'], free: ['src/a.js'] });
    await check({ hook: 'npx mocha', files: { 'package.json': scripts('mocha', { mocha: { require: 'cfg/r.js' } }) }, asks: ['cfg/r.js'], free: ['src/a.js'] });
    await check({ hook: 'npx ava', files: { 'package.json': scripts('ava', { ava: { require: ['./cfg/a.js'] } }) }, asks: ['cfg/a.js'], free: ['src/a.js'] });
    await check({ hook: 'npx nyc mocha', files: { 'package.json': scripts('nyc mocha', { nyc: { require: ['./cfg/n.js'] } }) }, asks: ['cfg/n.js'], free: ['data/a.csv'] });
  });

  it('control: literal names keep the rest of the work tree free', async () => {
    await check({ hook: 'npm test', files: { 'package.json': JSON.stringify({ scripts: { test: 'vitest run' } }), 'vitest.config.ts': "export default { test: { setupFiles: ['./cfg/setup.ts'] } };\n", 'cfg/setup.ts': '' }, asks: ['cfg/setup.ts'], free: ['src/a.ts', 'cfg/other.ts'] });
  });
});
