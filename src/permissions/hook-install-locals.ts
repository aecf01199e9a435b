// The local packages an install builds (red team R18-18): `npm install` / `npm ci` / `pnpm install` / `yarn` link
// each dependency given by a path (`file:tools/x`, `link:`, `portal:`, a bare `./x` or `tools/x`, in dependencies,
// devDependencies, optionalDependencies, peerDependencies, overrides, resolutions, pnpm.overrides) and each
// workspace package, and run their lifecycle scripts (preinstall, install, postinstall, prepare). Those folders,
// and the ones their own package.json files name, are returned so their package.json and lifecycle lines are
// obeyed like the root's; a package.json that cannot be read as JSON is a spec the walk does not model.
import { join, relative, resolve } from 'node:path';
import { inside } from './hook-spelling.js';
import { scriptLines, type Read } from './hook-tasks.js';
import { read, stats, type Walk } from './hook-walk.js';
import { declared, reachedPackages } from './hook-workspaces.js';

const DEPENDENCY_KEYS = ['dependencies', 'devDependencies', 'optionalDependencies', 'peerDependencies', 'overrides', 'resolutions'];
const MAX_PACKAGES = 64;
// A spec naming a path: a protocol that links or copies a folder (or tarball), else a relative or absolute path.
const PATH_SPEC = /^(?:file:|link:|portal:|git\+file:(?:\/\/)?)(.*)$/s;
const BARE_PATH = /^(?:\.{1,2}\/|\/|~\/|[\w.-]+\/[^\s:@#]+$)/;

// Every string value below a dependency table (overrides nest objects: `{"a": {"b": "file:x"}}`).
function specs(value: unknown): string[] {
  if (typeof value === 'string') return [value];
  if (typeof value !== 'object' || value === null) return [];
  return Object.values(value as Record<string, unknown>).flatMap(specs);
}

// The path a spec names (relative to its package), or undefined for a registry, git or URL spec.
function specPath(spec: string): string | undefined {
  const linked = PATH_SPEC.exec(spec.trim());
  if (linked) return linked[1]!.replace(/#.*$/s, '') || '.';
  return BARE_PATH.test(spec.trim()) ? spec.trim() : undefined;
}

export interface InstallLocals {
  // Folders (absolute) of local packages whose package.json and lifecycle scripts the install runs.
  readonly folders: string[];
  // Tarballs and other path targets that are not folders with a package.json: obeyed as files.
  readonly files: string[];
  readonly unknown?: string;
}

// The local packages an install in `root` (absolute, holding package.json) reaches, beyond the root itself; `workspaces`:
// the workspace package folders the caller found (hook-workspaces.ts), followed the same way.
export function installLocals(root: string, workspaces: readonly string[], read: Read, isFolder: (path: string) => boolean): InstallLocals {
  const folders: string[] = [];
  const files: string[] = [];
  let unknown: string | undefined;
  const seen = new Set([root]);
  const queue = [root, ...workspaces];
  for (let at = 0; at < queue.length && folders.length < MAX_PACKAGES; at++) {
    const folder = queue[at]!;
    if (at > 0) {
      if (seen.has(folder)) continue;
      seen.add(folder);
      folders.push(folder);
    }
    const text = read(join(folder, 'package.json'));
    if (text === undefined) continue;
    let manifest: Record<string, unknown>;
    try {
      manifest = JSON.parse(text) as Record<string, unknown>;
    } catch {
      unknown ??= `${join(folder, 'package.json')} (not JSON: the packages an install links from it are not known)`;
      continue;
    }
    const pnpm = (manifest['pnpm'] as { overrides?: unknown } | undefined)?.overrides;
    for (const spec of [...DEPENDENCY_KEYS.flatMap((key) => specs(manifest[key])), ...specs(pnpm)]) {
      const path = specPath(spec);
      if (path === undefined) continue;
      // A home path is the person's folder: outside the work tree, not read (installRun fails closed).
      const target = path.startsWith('~') ? resolve('/', '~', path) : resolve(folder, path);
      if (isFolder(target)) queue.push(target);
      else files.push(target, join(target, 'package.json'));
    }
  }
  if (queue.length > MAX_PACKAGES + 1 && folders.length >= MAX_PACKAGES) unknown ??= `more than ${MAX_PACKAGES} local packages`;
  return { folders, files, ...(unknown === undefined ? {} : { unknown }) };
}

// The install in `pkg` (absolute): workspace packages (and the globs a package made later matches) and path
// dependencies; each package.json is obeyed and its lifecycle lines followed from its folder.
// `named`: local packages named by their path on the install's line (`npm install ./tools/x`), absolute.
export function installRun(walk: Walk, pkg: string, names: readonly string[], script: string, follow: (lines: string[], folder: string) => void, named: readonly string[] = []): void {
  const read1 = (path: string): string | undefined => read(walk, path);
  const spaces = declared(pkg, read1) === undefined ? undefined : reachedPackages(pkg, { tool: 'npm', names: [...names] }, read1);
  walk.sources.push(...(spaces?.looked ?? []));
  for (const glob of spaces?.globs ?? []) if (inside(walk.top, glob)) walk.globs.add(glob);
  const locals = installLocals(pkg, [...(spaces?.folders ?? []), ...named], read1, (path) => stats(path)?.file === false);
  // A local package outside the work tree (`file:../sibling`, a workspace glob `../*`, `~/x`): its lifecycle
  // scripts run and may name files here, but the walk does not read outside the tree (runners18 Left).
  const outside = [...(spaces?.globs ?? []), ...locals.files, ...locals.folders].find((path) => !inside(walk.top, path));
  if (outside !== undefined) walk.unmodeled ??= `${relative(walk.top, script)} installs the local package ${relative(walk.top, outside).replace(/\/package\.json$/, '')} (outside the work tree: its scripts are not read)`;
  for (const file of locals.files) if (inside(walk.top, file)) walk.files.add(file);
  for (const folder of locals.folders.filter((each) => inside(walk.top, each))) {
    walk.files.add(join(folder, 'package.json'));
    follow(scriptLines(folder, names, read1), folder);
  }
  if (locals.unknown !== undefined) walk.unmodeled ??= `${relative(walk.top, script)} installs ${locals.unknown}`;
}
