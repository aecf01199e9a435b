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
// CMakeLists.txt, meson_options.txt, a list a hook line runs). Nor are installed packages exempt here (red team
// R13-25): a runner codeward does not model may resolve packages from node_modules or a virtual environment, or
// walk every folder (`bazel //...`, cmake's GLOB_RECURSE, `go generate ./...` ran venv/x/gen.go); only the
// modelled runners that resolve packages from them (npm, pip, pytest) leave them out of their globs
// (obeyed-context.ts INSTALLED).

const INERT_EXTENSIONS = new Set([
  // tabular data
  'csv', 'tsv',
  // media and fonts
  'png', 'jpg', 'jpeg', 'gif', 'webp', 'avif', 'bmp', 'ico', 'tif', 'tiff', 'svg', 'pdf',
  'mp3', 'mp4', 'wav', 'ogg', 'oga', 'webm', 'mov', 'flac', 'woff', 'woff2', 'ttf', 'otf', 'eot',
]);

// Whether a workspace-relative path (`/`-separated) is an inert file.
export function isInert(path: string): boolean {
  const name = path.slice(path.lastIndexOf('/') + 1).toLowerCase();
  const dot = name.lastIndexOf('.');
  return dot > 0 && INERT_EXTENSIONS.has(name.slice(dot + 1));
}
