// R23-11's class (issue 26): Python code on a hook line that moves sys.path or uses the import machinery codeward
// cannot follow makes the hook's tree ask (default deny); a literal folder put on the path is obeyed whole; ordinary
// one-liners stay free. ruby's -I folders are obeyed like perl's.
import { describe, it } from 'vitest';
import { checkHookRow, rowPlace } from './hook-check.js';

const place = rowPlace('cw-r23-py-machinery-');
const FILES = { 'tools/x.py': 'print(1)\n', 'tools/deep/y.py': '', 'tools/x.rb': 'puts 1\n', 'src/a.py': '', 'src/b.js': '' };

describe('python import machinery in a hook line', () => {
  it.each<[string, string]>([
    ['a computed sys.path folder', `python3 -c "import sys, os; sys.path.insert(0, os.getcwd() + '/tools'); import x"`],
    ['sys.path assigned', `python3 -c "import sys; sys.path[:0] = ['tools']; import x"`],
    ['from sys import path', `python3 -c "from sys import path; path.insert(0, 'tools'); import x"`],
    ['a file loader', `python3 -c "import importlib.util as u; s = u.spec_from_file_location('x', 'tools/x.py'); m = u.module_from_spec(s); s.loader.exec_module(m)"`],
    ['pkgutil', `python3 -c "import pkgutil; pkgutil.get_loader('x')"`],
    ['a module named at run time', `python3 -c "import importlib, os; importlib.import_module(os.environ['M'])"`],
    ['ctypes', `python3 -c "import ctypes; ctypes.CDLL('./tools/x.so')"`],
  ])('%s: the whole tree asks', async (_name, hook) => {
    await checkHookRow(place.next(), place.home, { hook, files: FILES, asks: ['src/a.py', 'tools/x.py'], free: [] });
  });

  it.each<[string, string, string]>([
    ['a literal folder obeys what is below it', `python3 -c "import sys; sys.path.insert(0, './tools'); import x"`, 'tools/deep/y.py'],
    ['ruby -I folder and -r library', 'ruby -I tools -r x -e 1', 'tools/x.rb'],
    ['ruby -Itools glued', 'ruby -Itools -rx -e 1', 'tools/deep/y.py'],
  ])('%s', async (_name, hook, file) => {
    await checkHookRow(place.next(), place.home, { hook, files: FILES, asks: [file], free: ['src/a.py'] });
  });

  it.each<[string, string]>([
    ['printing the version', `python3 -c "import sys; print(sys.version)"`],
    ['reading json from stdin', `echo '{}' | python3 -c "import json, sys; json.load(sys.stdin)"`],
    ['importlib.metadata', `python3 -c "import importlib.metadata as m; print(m.version('pip'))"`],
  ])('friction control: %s leaves source writes free', async (_name, hook) => {
    await checkHookRow(place.next(), place.home, { hook, files: FILES, asks: [], free: ['src/a.py', 'src/b.js', 'tools/x.py'] });
  });
});
