// What installing a Python project runs (red team R18-6): `uv run`, `hatch run`, `pdm run`, tox and nox build and
// install the project (and its local path dependencies) before running anything (hook-python-front-ends.ts).
// A build runs the project's build files: setup.py (setuptools), hatch_build.py and any `path` a hatch hook,
// builder or environment names, pdm_build.py or `[tool.pdm.build] custom-hook`, poetry's `build` script,
// setuptools' `cmdclass` modules, and the in-tree build backend (`[build-system] backend-path`). The same holds
// for every local package it installs: `[tool.uv.sources]` path sources, `[tool.uv.workspace] members`, poetry's
// `{ path = … }` dependencies and PEP 508 `name @ file:…` references, read the same way (closure, bounded).
// What cannot be read (a pyproject.toml that does not parse, a member glob not expanded here) is unmodelled.
import { dirname, join, relative, resolve } from 'node:path';
import { expand } from './hook-runner-cargo-members.js';
import { isTable, loadConfig, strings, type Table } from './hook-runner-config.js';
import { inside } from './hook-spelling.js';
import { moduleFiles } from './python-files.js';
import { read, stats, type Walk } from './hook-walk.js';

const MAX_PROJECTS = 32;
const MAX_REQUIREMENTS_DEPTH = 4;
// A requirements or constraints file a requirement entry includes (`-r requirements.txt`).
const INCLUDE = /^-[rc]\s*(\S+)|^--(?:requirement|constraint)[=\s]\s*(\S+)/;
// What a build of the project in a folder runs whatever its configuration says (the backends' defaults).
const BUILD_FILES = ['pyproject.toml', 'setup.py', 'setup.cfg', 'hatch_build.py', 'hatch.toml', 'pdm_build.py'];

const at = (table: unknown, ...keys: string[]): unknown => keys.reduce<unknown>((value, key) => (isTable(value) ? value[key] : undefined), table);

// The `path` values of hatch's hooks, builders and environments (`[tool.hatch.build.hooks.custom] path`,
// `[tool.hatch.build.targets.custom] path`, `[tool.hatch.envs.x] path`, `[tool.hatch.metadata.hooks.custom]`).
function hatchPaths(table: unknown, keys: readonly string[] = []): string[] {
  if (!isTable(table)) return [];
  const here = keys.some((key) => key === 'hooks' || key === 'envs') || keys.at(-1) === 'custom' ? strings(table.path) : [];
  return [...here, ...Object.entries(table).flatMap(([key, value]) => hatchPaths(value, [...keys, key]))];
}

// A dependency string's local path (`x @ file:///${PROJECT_ROOT}/tools/x`, pdm's `-e file:///…`, `-e ./x`).
function referencePath(spec: string): string | undefined {
  const found = /@\s*file:(\S+)|^-e\s+(?:file:)?(\S+)/.exec(spec.trim());
  const path = found?.[1] ?? found?.[2];
  if (path === undefined) return undefined;
  return path.replace(/^\/\/(?=\/)/, '').replace(/^\/?\$\{PROJECT_ROOT\}\/?/, '').replace(/#.*$/, '') || '.';
}

// The dependency strings of a pyproject (PEP 621, dependency groups, pdm's dev groups, the build requirements).
function requirementStrings(data: Table): string[] {
  const groups = (value: unknown): string[] => (isTable(value) ? Object.values(value).flatMap((each) => strings(each)) : []);
  return [...strings(at(data, 'project', 'dependencies')), ...groups(at(data, 'project', 'optional-dependencies')), ...groups(data['dependency-groups']), ...groups(at(data, 'tool', 'pdm', 'dev-dependencies')), ...strings(at(data, 'build-system', 'requires'))];
}

// The local packages a pyproject installs with the project: path sources and references, workspace members.
function localPackages(walk: Walk, folder: string, data: Table): { folders: string[]; unknown?: string } {
  const folders: string[] = [];
  const sources = at(data, 'tool', 'uv', 'sources');
  for (const source of isTable(sources) ? Object.values(sources).flat() : []) for (const path of strings(at(source, 'path'))) folders.push(resolve(folder, path));
  // poetry's `x = { path = "../x" }` in its dependency tables.
  const poetry = at(data, 'tool', 'poetry');
  const tables = [at(poetry, 'dependencies'), at(poetry, 'dev-dependencies'), ...(isTable(at(poetry, 'group')) ? Object.values(at(poetry, 'group') as Table).map((group) => at(group, 'dependencies')) : [])];
  for (const table of tables) for (const spec of isTable(table) ? Object.values(table).flat() : []) for (const path of strings(at(spec, 'path'))) folders.push(resolve(folder, path));
  for (const spec of requirementStrings(data)) {
    const path = referencePath(spec);
    if (path !== undefined) folders.push(resolve(folder, path));
  }
  for (const glob of strings(at(data, 'tool', 'uv', 'workspace', 'members'))) {
    const members = expand(walk, folder, glob);
    if (members === undefined) return { folders, unknown: `[tool.uv.workspace] members = "${glob}" (a glob codeward does not expand)` };
    folders.push(...members);
  }
  return { folders };
}

// The in-tree build backend: its module in each `backend-path` folder (a folder other than the project's own is
// obeyed whole: the backend may import anything there).
function backend(walk: Walk, folder: string, data: Table): void {
  const module = at(data, 'build-system', 'build-backend');
  for (const path of strings(at(data, 'build-system', 'backend-path'))) {
    const base = resolve(folder, path);
    if (!inside(walk.top, base)) continue;
    if (base !== folder) walk.files.add(base);
    else if (typeof module === 'string') for (const file of moduleFiles(module.replace(/:.*$/, ''), true)) walk.files.add(join(base, file));
  }
}

// Obeys what installing the project in `folder` runs (and the local packages it installs); `seen`: projects read.
export function pythonInstall(walk: Walk, folder: string, seen = new Set<string>()): void {
  if (seen.has(folder) || !inside(walk.top, folder)) return;
  if (seen.size >= MAX_PROJECTS) {
    walk.unmodeled ??= `installing the Python project installs more than ${MAX_PROJECTS} local packages`;
    return;
  }
  seen.add(folder);
  // A path that is a file (a wheel, an sdist) is obeyed itself: an sdist's setup.py runs when it is built.
  if (stats(folder)?.file === true) {
    walk.files.add(folder);
    return;
  }
  for (const name of BUILD_FILES) walk.files.add(join(folder, name));
  const where = relative(walk.top, join(folder, 'pyproject.toml')) || 'pyproject.toml';
  const loaded = loadConfig(join(folder, 'pyproject.toml'), (path) => read(walk, path));
  if (loaded.why !== undefined) walk.unmodeled ??= `${where} (${loaded.why})`;
  const hatch = loadConfig(join(folder, 'hatch.toml'), (path) => read(walk, path));
  if (hatch.why !== undefined) walk.unmodeled ??= `${relative(walk.top, join(folder, 'hatch.toml'))} (${hatch.why})`;
  const data = isTable(loaded.data) ? loaded.data : {};
  backend(walk, folder, data);
  const named = [
    ...hatchPaths(at(data, 'tool', 'hatch')), ...hatchPaths(hatch.data),
    ...strings(at(data, 'tool', 'pdm', 'build', 'custom-hook')),
    ...strings(at(data, 'tool', 'poetry', 'build')), ...strings(at(data, 'tool', 'poetry', 'build', 'script')),
  ];
  for (const path of named) if (inside(walk.top, resolve(folder, path))) walk.files.add(resolve(folder, path));
  // setuptools' cmdclass = { build_py = "tools.build.BuildPy" }: the module of each class.
  // setup.cfg's `cmdclass =` block (`build_py = tools.build:BuildPy`), too.
  const cmdclass = at(data, 'tool', 'setuptools', 'cmdclass');
  const block = /^[ \t]*cmdclass[ \t]*=(.*(?:\n[ \t]+\S.*)*)/m.exec(read(walk, join(folder, 'setup.cfg')) ?? '')?.[1] ?? '';
  const classes = [...(isTable(cmdclass) ? Object.values(cmdclass).flatMap((value) => strings(value)) : []), ...[...block.matchAll(/=\s*([\w.:]+)/g)].map((found) => found[1]!)];
  for (const name of classes) for (const file of moduleFiles(name.replace(/[.:][^.:]*$/, ''))) walk.files.add(join(folder, file));
  const locals = localPackages(walk, folder, data);
  if (locals.unknown !== undefined) walk.unmodeled ??= `${where}: ${locals.unknown}`;
  for (const local of locals.folders) pythonInstall(walk, local, seen);
  walk.sources.push(dirname(join(folder, 'pyproject.toml')));
}

// A requirement entry's local path: `-e tools/x`, `./tools/x`, `tools/x.whl`, `x @ file:…` (tox's `{toxinidir}`
// and `{tox_root}` are the project folder); an index name, a URL or a version range names none.
function entryPath(entry: string): string | undefined {
  const spec = entry.replace(/\{(?:toxinidir|tox_root)\}\/?/g, './').replace(/^-e\s*|^--editable[=\s]\s*/, '').trim();
  if (/^-|^[\w.+-]+\s*@/.test(spec)) return referencePath(entry);
  return /:\/\//.test(spec) || !/^\.|\//.test(spec) ? undefined : spec.replace(/\[.*$|#.*$/, '');
}

// What tox installs into its environments besides the project (`deps =`: `-e tools/x`, `-r requirements.txt` and
// the local paths that file lists): each local package is read as the project is; a requirements file is obeyed.
export function toxDeps(walk: Walk, top: string, texts: readonly string[], seen: Set<string>): void {
  const entries = texts.flatMap((text) => [...text.matchAll(/^\s*deps\s*=(.*(?:\n[ \t]+\S.*)*)/gm)].flatMap((found) => found[1]!.split('\n')));
  // tox.toml: `deps = ["-e tools/x", …]`.
  for (const text of texts) for (const found of text.matchAll(/^\s*deps\s*=\s*\[([\s\S]*?)\]/gm)) entries.push(...[...found[1]!.matchAll(/"((?:\\.|[^"\\])*)"|'([^']*)'/g)].map((part) => part[1] ?? part[2]!));
  installEntries(walk, top, entries.map((each) => each.trim().replace(/^["']|["'],?$/g, '')).filter(Boolean), seen);
}

// What installing requirement entries (`-e tools/x`, `./x`, `-r requirements.txt`, `pytest`) from `top` runs: each
// local package read as the project is, each requirements file obeyed and read (tox's `deps`, nox's `session.install`).
export function installEntries(walk: Walk, top: string, entries: readonly string[], seen: Set<string>): void {
  const files: string[] = [];
  for (const entry of entries) {
    const file = INCLUDE.exec(entry);
    if (file) files.push(resolve(top, (file[1] ?? file[2]!).replace(/\{(?:toxinidir|tox_root)\}\/?/g, './')));
    const path = file ? undefined : entryPath(entry);
    if (path !== undefined) pythonInstall(walk, resolve(top, path), seen);
  }
  for (const file of files) requirements(walk, file, seen, 0);
}

// A requirements file (obeyed): the local packages it lists are read as the project is, the files it includes too.
function requirements(walk: Walk, file: string, seen: Set<string>, depth: number): void {
  if (!inside(walk.top, file)) return;
  walk.files.add(file);
  for (const line of (read(walk, file) ?? '').split('\n').map((each) => each.replace(/(?:^|\s+)#.*$/, '').trim())) {
    const included = INCLUDE.exec(line);
    if (included && depth >= MAX_REQUIREMENTS_DEPTH) walk.unmodeled ??= `${relative(walk.top, file)} includes requirements files more than ${MAX_REQUIREMENTS_DEPTH} deep`;
    else if (included) requirements(walk, resolve(dirname(file), included[1] ?? included[2]!), seen, depth + 1);
    const path = included ? undefined : entryPath(line);
    if (path !== undefined) pythonInstall(walk, resolve(dirname(file), path), seen);
  }
}
