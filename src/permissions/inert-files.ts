// THE table of inert files (issue 26, red team round 12's structural proposal): when what runs from the work
// tree cannot be known (an installed hook runs a runner codeward does not model, hook-unmodeled.ts; the home's
// start-up files load the workspace, home-sources.ts), the WHOLE work tree is obeyed by the write gate
// (obeyed.ts `whole`) except the files of this table: tabular data and media by extension, which no runner,
// interpreter or build tool runs. Prose is NOT inert (red team R13-15): doctest runners execute it (cargo test
// runs a README that src/lib.rs includes with `include_str!`, rustdoc --test, python -m doctest, mdbook test,
// sphinx, pytest --doctest-glob), and the runner is by definition one codeward does not model. Narrow on purpose: JSON, YAML,
// TOML, XML, HTML, `*.config.*`, lock files, snapshots (jest runs `.snap` files as JavaScript), `.mdx` (compiled
// to JavaScript) and every extension-less name are NOT inert; nor is `.txt`: build tools and package managers
// read text files of any name (`pip install -r deps/base.txt` installs what it names, from any index;
// CMakeLists.txt, meson_options.txt, a list a hook line runs). Installed packages (node_modules, virtual environments, site-packages, tox/nox
// environments) are not the project's files: a package manager writes them, and the same exclusion holds for
// the hook walk's globs (obeyed-context.ts).

const INERT_EXTENSIONS = new Set([
  // tabular data
  'csv', 'tsv',
  // media and fonts
  'png', 'jpg', 'jpeg', 'gif', 'webp', 'avif', 'bmp', 'ico', 'tif', 'tiff', 'svg', 'pdf',
  'mp3', 'mp4', 'wav', 'ogg', 'oga', 'webm', 'mov', 'flac', 'woff', 'woff2', 'ttf', 'otf', 'eot',
]);

// Folders of installed packages: what is below them is a package manager's, not the project's.
export const INSTALLED_FOLDERS: readonly string[] = ['node_modules', '.venv', 'venv', 'site-packages', '.tox', '.nox'];

// Whether a workspace-relative path (`/`-separated) is an inert file.
export function isInert(path: string): boolean {
  const name = path.slice(path.lastIndexOf('/') + 1).toLowerCase();
  const dot = name.lastIndexOf('.');
  return dot > 0 && INERT_EXTENSIONS.has(name.slice(dot + 1));
}

// Whether a workspace-relative path lies in (or is) a folder of installed packages. By name alone a source
// folder called `venv` or `node_modules` would pass (red team R13-19: `go generate ./...` ran
// pkg/venv/gen.go): with `at` (what stands at a workspace-relative path), `node_modules` counts only beside a
// package.json, and `venv`/`.venv`/`site-packages` only inside a virtual environment (a pyvenv.cfg at its top),
// files no model writes unasked under this rule. `.tox`/`.nox` (the tools' own hidden folders) count by name.
export function isInstalled(path: string, at?: (rel: string) => 'dir' | 'file' | undefined): boolean {
  const names = path.split('/');
  return names.some((raw, index) => {
    const name = raw.toLowerCase();
    if (!INSTALLED_FOLDERS.includes(name)) return false;
    if (at === undefined || name === '.tox' || name === '.nox') return true;
    const above = (rel: string): string => [...names.slice(0, index), rel].join('/');
    if (name === 'node_modules') return at(above('package.json')) === 'file';
    // The virtual environment's top: this folder (venv, .venv) or one above it (site-packages).
    return names.slice(0, index + 1).some((_name, top) => at([...names.slice(0, top + 1), 'pyvenv.cfg'].join('/')) === 'file');
  });
}
