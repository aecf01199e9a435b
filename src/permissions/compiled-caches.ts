import { compiledSource } from './python-files.js';

// Compiled caches a runtime runs IN PLACE of the source they were compiled from (red team R17-15): Python runs
// `D/__pycache__/N.TAG.pyc` instead of `D/N.py` when the header's recorded mtime and size match the source (an
// unchecked-hash pyc is never compared), and a legacy `D/N.pyc` or `N.pyo` is imported as module N when no
// N.py stands beside it; pytest runs its own `N.cpython-312-pytest-8.pyc` the same way. Ruby's bootsnap
// (Rails' default `tmp/cache/bootsnap`) runs cached instruction sequences checked only against mtime and size,
// and its load-path cache decides which file a `require` loads. What a person reviews (the source, `git
// diff`, where these are ignored) is then not what runs: a writer never writes them; Python and Ruby make
// their own. JVM class files (red team R18-17): Maven's and Gradle's incremental compile keeps a `.class` newer
// than its source, and the next `mvn test`, `gradle test` or `java -cp target/classes` runs it; Erlang and
// Elixir's Mix load `_build/**/*.beam` the same way. Their folders are ignored by git, so the diff shows the
// source only. Not in the class: caches of data (`.mypy_cache`, `.pytest_cache` results, `.ruff_cache`), which
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
// A build tool's class output: Maven's target/classes and target/test-classes, sbt's target/scala-*/classes,
// Gradle's build/classes/<language>/<source set>.
const JVM_CLASSES = /(?:^|\/)(?:target\/(?:scala-[^/]+\/)?(?:test-)?classes|build\/classes)\/(?:[^/]+\/)*[^/]+\.class$/i;
// Mix's and rebar3's output: `_build/<env>/lib/<app>/ebin/*.beam` (consolidated protocols too).
const BEAM = /(?:^|\/)_build\/(?:[^/]+\/)*[^/]+\.beam$/i;
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
  // No source recorded in the file to check a leftover against (a pyc records its source's mtime and size):
  // the build tools rewrite these in every ordinary build, so a sandboxed run's are kept like bootsnap's.
  if (JVM_CLASSES.test(path)) {
    return {
      pattern: 'target/classes/**/*.class',
      by: 'Maven, Gradle and the JVM (compiled classes a build keeps while they are newer than the source)',
      why: `${path} is a compiled Java class: Maven and Gradle run it instead of recompiling its source while it is newer, so what runs is not what a review of the sources or the diff shows; write the .java (or .kt, .scala) source instead (the build compiles its own classes)`,
    };
  }
  if (BEAM.test(path)) {
    return {
      pattern: '_build/**/*.beam',
      by: 'Mix, rebar3 and the Erlang VM (compiled modules loaded from _build)',
      why: `${path} is a compiled Erlang/Elixir module: Mix loads it instead of recompiling its source while its manifest says it is current, so what runs is not what a review of the sources or the diff shows; write the .ex or .erl source instead (Mix compiles its own)`,
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
