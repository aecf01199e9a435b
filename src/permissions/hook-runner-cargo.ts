// What `cargo test|build|check|clippy|run|bench|doc|nextest|fmt` runs beyond the project's sources (issue 26, red
// team F1). The Cargo book: a package's build script runs before it is compiled ("Build Scripts"); a proc-macro
// crate (`[lib] proc-macro = true`) runs inside the compiler, and so does every crate it depends on; a
// build-dependency runs inside the build script ("Specifying Dependencies": `path`, `workspace = true` takes the
// root's `[workspace.dependencies]`; `[patch]`/`[replace]` swap a dependency for a path crate); `cargo test` runs
// the test binaries under target/ as they stand when cargo judges them fresh. So:
// - every Cargo.toml of the work tree is read (members, path dependencies and patches are among them), a file that
//   does not parse is unmodelled; proc-macro crates, path build-dependencies and the path crates they depend on are
//   obeyed whole; each package's build script is followed (hook-runner-cargo-build.ts); target/ beside each manifest
//   is obeyed whole; files a crate root includes (`#![doc = include_str!("../README.md")]`: a doctest) are obeyed;
// - the configuration and toolchain files (hook-runner-cargo-config.ts).
// `cargo fmt` runs rustfmt only: no build script, no proc-macro, so only the configuration is read for it.
// The sources and tests the build compiles and `cargo test` runs (src/**, tests/**, benches/**, examples/**) are the
// README's documented limit, like pytest's test files: the code the person asks the agent to write.
import { basename, dirname, join, relative, resolve } from 'node:path';
import { findInTree } from './hook-listing.js';
import type { ToolchainArgs } from './hook-toolchains.js';
import { inside } from './hook-spelling.js';
import { read, stats, type Walk } from './hook-walk.js';
import { cargoConfigs } from './hook-runner-cargo-config.js';
import { cargoManifests } from './hook-runner-cargo-members.js';
import { isProcMacro, readManifest, table, type Table } from './hook-runner-cargo-manifest.js';
import { BUILD_CRATES, buildScript, includes, runsPrograms } from './hook-runner-cargo-build.js';
import { PYO3_CRATES, pythonProbe } from './hook-runner-cargo-crates.js';
import { obeyEnvironment } from './hook-python-sites.js';

const WALK = { depth: 8, entries: 20_000, files: 256 };
const SKIP = new Set(['target', '.git', 'node_modules', '.venv', 'venv', 'dist']);

interface Package {
  readonly dir: string;
  readonly data: Table;
}

// The dependency tables of a manifest (`[dependencies]`, `[build-dependencies]`, and their `[target.*.…]` forms).
const depTables = (data: Table, kind: string): Table[] => [table(data[kind]), ...Object.values(table(data['target'])).map((one) => table(table(one)[kind]))];

// The value of `--name X` / `--name=X` among the words.
function option(rest: readonly string[], name: string): string | undefined {
  const at = rest.findIndex((word) => word === name || word.startsWith(`${name}=`));
  return at < 0 ? undefined : rest[at]!.includes('=') ? rest[at]!.slice(name.length + 1) : rest[at + 1];
}

export function cargoParts(walk: Walk, from: string, args: ToolchainArgs, rest: readonly string[]): void {
  cargoConfigs(walk, from, args.subcommand);
  const targetDir = option(rest, '--target-dir');
  if (targetDir !== undefined && inside(walk.top, resolve(from, targetDir))) walk.files.add(resolve(from, targetDir));
  if (args.subcommand === 'fmt') return;
  // nextest's setup scripts and wrapper scripts run commands (nexte.st, "Setup scripts", "Wrapper scripts").
  for (const folder of [from, walk.top]) {
    const text = args.subcommand === 'nextest' ? read(walk, join(folder, '.config/nextest.toml')) : undefined;
    if (text !== undefined && /\bscripts?\b|wrapper/.test(text)) walk.unmodeled ??= `cargo nextest reads .config/nextest.toml, whose scripts run commands`;
  }
  // Every manifest of the tree (members, path dependencies and patches are among them); when the listing is cut
  // by its bound (a big data folder), the manifests cargo itself reads (R18-20).
  const listing = findInTree(walk.top, (rel) => basename(rel) === 'Cargo.toml', (name) => !SKIP.has(name), WALK, () => undefined /* listing.cut: cargo's own member list below */);
  walk.sources.push(...listing.looked);
  const found = listing.cut ? (cargoManifests(walk, from, option(rest, '--manifest-path')) ?? []) : listing.found;
  const packages = new Map<string, Package>();
  for (const path of found) {
    const data = readManifest(walk, path);
    if (data !== undefined) packages.set(dirname(path), { dir: dirname(path), data });
  }
  // A path dependency whose manifest the listing did not reach (a skipped folder: `dist/m`, deeper than the bound)
  // is read all the same: it may be a proc-macro crate or have a build script.
  // (A Map visits the entries added while it is walked: path dependencies of those are read too.)
  for (const { dir } of packages.values()) {
    for (const kind of ['dependencies', 'dev-dependencies', 'build-dependencies']) {
      for (const dep of pathDeps(packages, dir, kind)) {
        if (packages.has(dep) || !inside(walk.top, dep)) continue;
        const data = readManifest(walk, join(dep, 'Cargo.toml'));
        if (data !== undefined) packages.set(dep, { dir: dep, data });
      }
    }
  }
  const whole = new Set<string>();
  const runsAtBuild = (dir: string): void => {
    if (!inside(walk.top, dir) || whole.has(dir)) return;
    whole.add(dir);
    walk.files.add(dir);
    // Its code runs in the compiler or the build script: what it spawns (`../tools/x.sh`) is outside its folder.
    const why = buildTimeCode(walk, dir, packages.get(dir)?.data ?? {});
    if (why !== undefined) walk.unmodeled ??= `cargo runs ${why}`;
    // What it depends on by path is compiled into it.
    for (const dep of pathDeps(packages, dir, 'dependencies')) runsAtBuild(dep);
  };
  for (const { dir, data } of packages.values()) {
    walk.files.add(join(dir, 'target'));
    if (isProcMacro(table(data['lib']))) runsAtBuild(dir);
    for (const dep of pathDeps(packages, dir, 'build-dependencies')) runsAtBuild(dep);
    // A patched or replaced dependency's path crate is built (its build script too: it is a package if it is in the tree).
    for (const patch of [...Object.values(table(data['patch'])).flatMap((one) => Object.values(table(one))), ...Object.values(table(data['replace']))]) {
      const path = table(patch)['path'];
      if (typeof path === 'string' && !packages.has(resolve(dir, path))) runsAtBuild(resolve(dir, path));
    }
    // A registry pyo3's build script probes the Python interpreter (cargo22 row 4): the environments it may run.
    if (dependsOn(data, PYO3_CRATES)) obeyProbe(walk, pythonProbe(dir, walk.top));
    const why = packageBuild(walk, dir, data);
    if (why !== undefined) walk.unmodeled ??= `cargo runs ${why}`;
    crateRootIncludes(walk, dir, data);
  }
}

// Whether the manifest depends (any kind, any target; the workspace's shared table too) on one of `crates`.
function dependsOn(data: Table, crates: ReadonlySet<string>): boolean {
  const tables = [...['dependencies', 'dev-dependencies', 'build-dependencies'].flatMap((kind) => depTables(data, kind)), table(table(data['workspace'])['dependencies'])];
  return tables.some((deps) => Object.entries(deps).some(([name, spec]) => crates.has(typeof table(spec)['package'] === 'string' ? (table(spec)['package'] as string) : name)));
}

const obeyProbe = (walk: Walk, probe: { globs: readonly string[]; envs: readonly string[] }): void => {
  for (const glob of probe.globs) if (inside(walk.top, glob)) walk.globs.add(glob);
  for (const env of probe.envs) obeyEnvironment(walk, env);
};

// The folders of the path dependencies of kind `kind` of the package in `dir` (`workspace = true`: the root's).
function pathDeps(packages: ReadonlyMap<string, Package>, dir: string, kind: string): string[] {
  const data = packages.get(dir)?.data ?? {};
  const root = [...packages.values()].filter((one) => one.data['workspace'] !== undefined && (dir === one.dir || dir.startsWith(`${one.dir}/`))).sort((a, b) => b.dir.length - a.dir.length)[0];
  const shared = table(table(root?.data['workspace'])['dependencies']);
  const folders: string[] = [];
  for (const deps of depTables(data, kind)) {
    for (const [name, spec] of Object.entries(deps)) {
      const own = table(spec);
      const path = own['workspace'] === true ? table(shared[name])['path'] : own['path'];
      if (typeof path === 'string') folders.push(resolve(own['workspace'] === true ? root!.dir : dir, path));
    }
  }
  return folders;
}

const CRATE_WALK = { depth: 6, entries: 5_000, files: 128 };

// Why the code of a crate that runs at build time (a proc-macro crate, a build-dependency) is not followed: its
// .rs files spawn programs, or it depends on a registry crate outside the allow-list; undefined when followed.
function buildTimeCode(walk: Walk, dir: string, data: Table): string | undefined {
  const { found, looked, cut } = findInTree(dir, (rel) => rel.endsWith('.rs'), (name) => !SKIP.has(name), CRATE_WALK, () => undefined /* cut: the crate is unmodelled below */);
  walk.sources.push(...looked);
  const where = relative(walk.top, dir) || '.';
  if (cut) return `${where} (a crate run at build time larger than codeward reads: ${CRATE_WALK.files} files, ${CRATE_WALK.entries} entries, depth ${CRATE_WALK.depth})`;
  for (const file of found) {
    const runs = runsPrograms(read(walk, file) ?? '');
    if (runs !== undefined) return `${relative(walk.top, file)} (code run at build time that runs programs: \`${runs}\`)`;
  }
  for (const deps of depTables(data, 'dependencies')) {
    for (const [name, spec] of Object.entries(deps)) {
      const crate = typeof table(spec)['package'] === 'string' ? (table(spec)['package'] as string) : name;
      if (table(spec)['path'] === undefined && table(spec)['workspace'] !== true && !BUILD_CRATES.has(crate)) return `${where} with the dependency \`${crate}\` (a crate run at build time codeward does not model)`;
    }
  }
  return undefined;
}

// The package's build script followed; why it cannot be, or undefined.
function packageBuild(walk: Walk, dir: string, data: Table): string | undefined {
  const build = table(data['package'])['build'];
  if (build === false) return undefined;
  const script = typeof build === 'string' ? resolve(dir, build) : join(dir, 'build.rs');
  walk.files.add(script);
  if (stats(script)?.file !== true) return undefined;
  for (const deps of depTables(data, 'build-dependencies')) {
    for (const [name, spec] of Object.entries(deps)) {
      const crate = typeof table(spec)['package'] === 'string' ? (table(spec)['package'] as string) : name;
      if (table(spec)['path'] === undefined && table(spec)['workspace'] !== true && !BUILD_CRATES.has(crate)) return `${relative(walk.top, script)} with the build-dependency \`${crate}\` (a crate codeward does not model: it may run programs)`;
    }
  }
  return buildScript(walk, dir, script);
}

// What a crate root includes (a README made a doctest); crate roots only (src/lib.rs, src/main.rs, `[lib] path`).
function crateRootIncludes(walk: Walk, dir: string, data: Table): void {
  const lib = table(data['lib'])['path'];
  for (const root of ['src/lib.rs', 'src/main.rs', ...(typeof lib === 'string' ? [lib] : [])].map((one) => resolve(dir, one))) {
    const found = includes(read(walk, root) ?? '', dirname(root), dir);
    for (const path of found.paths) if (inside(walk.top, path)) walk.files.add(path);
    if (found.unknown !== undefined) walk.unmodeled ??= `cargo compiles ${relative(walk.top, root)} (\`${found.unknown}\`: an include codeward cannot resolve)`;
  }
}
