// What Python runs for a module or a script besides its own file (red team round 12, R12-1, R12-3).

// The files `import a.b.c` (or `python -m a.b.c`, `pytest -p a.b.c`) runs: the module (`a/b/c.py` or the
// package `a/b/c/__init__.py`, `__main__.py` for -m) and every enclosing package's `__init__.py` first
// (`a/__init__.py`, `a/b/__init__.py`: importing `tools.plug2` runs `tools/__init__.py` before `plug2.py`).
export function moduleFiles(module: string, main = false): string[] {
  const parts = module.split('.');
  const path = parts.join('/');
  const parents = parts.slice(0, -1).map((_part, i) => `${parts.slice(0, i + 1).join('/')}/__init__.py`);
  return [`${path}.py`, ...(main ? [`${path}/__main__.py`] : []), `${path}/__init__.py`, ...parents];
}

// The source a compiled file stands for: Python runs `D/__pycache__/N.TAG.pyc` in place of `D/N.py` (an
// unchecked-hash pyc is never compared with the source, PEP 552), and a legacy `D/N.pyc` too. An extension
// module (`N.cpython-311-x86_64-linux-gnu.so`, `N.abi3.so`, `N.so`, `N.pyd`) is found BEFORE `N.py` (the
// importer tries the extension suffixes first) and its constructor runs at load (red team R14-4); `N.pyw`.
export function compiledSource(path: string): string | undefined {
  const cached = /^(?:(.*)\/)?__pycache__\/([^/.]+)\.[^/]+\.pyc$/.exec(path);
  if (cached) return `${cached[1] ? `${cached[1]}/` : ''}${cached[2]}.py`;
  const legacy = /^(.*)\.py[cow]$/.exec(path);
  if (legacy) return `${legacy[1]}.py`;
  const extension = /^((?:.*\/)?[A-Za-z_]\w*)(?:\.(?:cpython|cp|pypy|graalpy)[\w.-]*|\.abi\d+)?\.(?:so|pyd)$/.exec(path);
  return extension ? `${extension[1]}.py` : undefined;
}
