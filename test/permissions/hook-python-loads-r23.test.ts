// Red team round 23, R23-11 (class R22-13, fed23's python -c imports): python code in a hook line loads a project file
// the walk does not name: `sys.path.insert(0, 'tools'); import x` (and append) load tools/x.py, `site.addsitedir('tools')`
// runs the `import` lines of tools/*.pth, `importlib.import_module('.x', 'tools')` and `__import__('tools',
// fromlist=['x'])` load tools/x.py, and `python3 tools` runs tools/__main__.py (a folder given as the script).
// Each was checked with python3 on this machine (the line prints what the file prints).
// Today the file is written unasked under --yes and run by the next `git commit`.
import { describe, it } from 'vitest';
import { checkHookRow, rowPlace } from './hook-check.js';

const place = rowPlace('cw-rt23-hook-py-');
const FILES = { 'tools/x.py': 'print(1)\n', 'tools/__init__.py': '', 'tools/__main__.py': 'print(1)\n', 'tools/a.pth': 'import sys\n', 'src/a.py': '' };

describe('R23-11: python code in a hook loading a project file the walk does not name', () => {
  it.each<[string, string, string]>([
    ['sys.path.insert then import', "python3 -c \"import sys; sys.path.insert(0, 'tools'); import x\"", 'tools/x.py'],
    ['sys.path.append then import', "python3 -c \"import sys; sys.path.append('tools'); import x\"", 'tools/x.py'],
    ['site.addsitedir runs the folder\'s .pth files', "python3 -c \"import site; site.addsitedir('tools')\"", 'tools/a.pth'],
    ['importlib.import_module of a relative name', "python3 -c \"import importlib; importlib.import_module('.x', 'tools')\"", 'tools/x.py'],
    ['__import__ with a fromlist', "python3 -c \"__import__('tools', fromlist=['x'])\"", 'tools/x.py'],
    ['a folder given as the script (its __main__.py)', 'python3 tools', 'tools/__main__.py'],
  ])('%s: writing the file asks', async (_name, hook, file) => {
    await checkHookRow(place.next(), place.home, { hook, files: FILES, asks: [file], free: [] });
  });

  it.each<[string, string]>([
    ['import tools.x', "python3 -c 'import tools.x'"],
    ['python3 -m tools.x', 'python3 -m tools.x'],
    ['runpy.run_path', "python3 -c 'import runpy; runpy.run_path(\"tools/x.py\")'"],
  ])('control (held): %s asks', async (_name, hook) => {
    await checkHookRow(place.next(), place.home, { hook, files: FILES, asks: ['tools/x.py'], free: [] });
  });
});
