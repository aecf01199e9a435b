import { compiledSource } from './python-files.js';

// Compiled caches a runtime runs IN PLACE of the source they were compiled from (red team R17-15): Python runs
// `D/__pycache__/N.TAG.pyc` instead of `D/N.py` when the header's recorded mtime and size match the source (an
// unchecked-hash pyc is never compared), and a legacy `D/N.pyc` or `N.pyo` is imported as module N when no
// N.py stands beside it; pytest runs its own `N.cpython-312-pytest-8.pyc` the same way. Ruby's bootsnap
// (Rails' default `tmp/cache/bootsnap`) runs cached instruction sequences checked only against mtime and size,
// and its load-path cache decides which file a `require` loads. What a person reviews (the source, `git
// diff`, where these are ignored) is then not what runs: a writer never writes them; Python and Ruby make
// their own. Not in the class: caches of data (`.mypy_cache`, `.pytest_cache` results, `.ruff_cache`), which
// decide no code that runs; node's compile cache (NODE_COMPILE_CACHE, under the temporary folder by default,
// and checked against a hash of the source); `.pth` files, which run only in site-packages (obeyed.ts).

export interface CompiledCache {
  // The source it stands for (Python), for the message and the sandbox's header check (sandbox/pyc-leftovers.ts).
  readonly source?: string;
  // The kind, as the catalogue's pattern for messages.
  readonly pattern: string;
  readonly by: string;
  readonly why: string;
}

const PYTHON_BYTECODE = /\.py[co]$/i;
// bootsnap's folders below a `cache` folder: `bootsnap/compile-cache-iseq`, `bootsnap/load-path-cache`, and
// the older `bootsnap-compile-cache`, `bootsnap-load-path-cache`.
const BOOTSNAP = /(?:^|\/)cache\/bootsnap(?:-compile-cache|-load-path-cache)?(?:\/|$)/i;

// Whether a file of this name may be a compiled cache: a walk asks isObeyedLater only for these (and for the
// names a catalogue pattern ends at).
export const mayBeCompiledCache = (name: string): boolean => PYTHON_BYTECODE.test(name);

// What `path` (workspace-relative, `/`-separated) caches, when it is a compiled cache.
export function compiledCache(path: string): CompiledCache | undefined {
  if (PYTHON_BYTECODE.test(path)) {
    const source = compiledSource(path) ?? path.replace(/\.py[co]$/i, '.py');
    return {
      source,
      pattern: '*.pyc',
      by: 'Python (a compiled cache it runs in place of the source)',
      why: `${path} is Python bytecode: Python runs it instead of ${source} when its header matches that file (and a legacy .pyc without the .py beside it as the module itself), so what runs is not what a review of ${source} or the diff shows; write ${source} instead (Python compiles its own cache)`,
    };
  }
  if (BOOTSNAP.test(path)) {
    return {
      pattern: 'tmp/cache/bootsnap',
      by: 'Ruby\'s bootsnap (compiled code and require paths cached for every Rails command)',
      why: `${path} is in bootsnap's cache: Rails loads the compiled Ruby and require paths cached there instead of reading the sources, so what runs is not what a review of the sources shows; write the Ruby source instead (bootsnap rebuilds its cache)`,
    };
  }
  return undefined;
}
