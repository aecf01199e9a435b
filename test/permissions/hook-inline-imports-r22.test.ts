// Red team round 22, R22-13 (class R21-2, an inline -c/-e program's files): `python3 -c` puts the working folder
// first on sys.path, so an inline `import tools.x` / `from tools import x` / `__import__('tools.x')` /
// `importlib.import_module('tools.x')` runs tools/x.py, and `subprocess.run(['sh', 'tools/x.sh'])` runs tools/x.sh.
// Checked with python3 under sh: each prints what the file prints. In a pre-commit hook the file is written unasked
// under --yes. (`runpy.run_path('tools/x.py')`, `os.system('sh tools/x.sh')`, node -e require/import/execSync,
// ruby -e load, perl -e do/system, php -r include, awk system hold: the controls.)
import { describe, it } from 'vitest';
import { checkHookRow, rowPlace } from './hook-check.js';

const SOURCES = { 'package.json': '{"name":"w","version":"1.0.0"}\n', 'src/a.js': 'export const a = 1;\n', 'tools/keep': '', 'tools/__init__.py': '' };
const place = rowPlace('cw-rt22-inline-');

describe('R22-13: a python -c program importing a project module', () => {
  it.each([
    ['python3 -c "import tools.x"', 'tools/x.py'],
    ['python3 -c "from tools import x"', 'tools/x.py'],
    ["python3 -c \"__import__('tools.x')\"", 'tools/x.py'],
    ["python3 -c \"import importlib; importlib.import_module('tools.x')\"", 'tools/x.py'],
    ["python3 -c \"import subprocess; subprocess.run(['sh', 'tools/x.sh'])\"", 'tools/x.sh'],
  ])('%s: writing %s asks; a source stays free', async (hook, file) => {
    await checkHookRow(place.next(), place.home, { hook, files: SOURCES, asks: [file], free: ['src/a.js'], content: '// ok\n' });
  });

  it.each([
    ["python3 -c \"import runpy; runpy.run_path('tools/x.py')\"", 'tools/x.py'],
    ["python3 -c \"import os; os.system('sh tools/x.sh')\"", 'tools/x.sh'],
  ])('control (held): %s asks', async (hook, file) => {
    await checkHookRow(place.next(), place.home, { hook, files: SOURCES, asks: [file], free: [] });
  });
});
