// The manifests cargo itself reads, without listing the tree (red team R18-20: a listing stopped by its bound
// must not end the row silently; a big data folder must not cost the row). The Cargo book, "Workspaces": cargo
// reads the manifest of the working folder (or `--manifest-path`), looks up the parents for the workspace root,
// and the root's `members` / `default-members` are paths or globs (the `glob` crate: `*`, `?`, `[...]`, `**`)
// relative to it; `package.workspace` names the root. Path dependencies are followed by the caller. `exclude`
// is left out (over-approximation: more members are read, none missed). `**` is not expanded: unmodelled.
import { dirname, join, relative, resolve } from 'node:path';
import { listInside } from './hook-listing.js';
import { readManifest, table } from './hook-runner-cargo-manifest.js';
import { upToTop } from './hook-runner-paths.js';
import { inside } from './hook-spelling.js';
import { stats, type Walk } from './hook-walk.js';

const MAX_MEMBERS = 1_024;
const WILD = /[*?[]/;

// A glob segment as a regular expression (`*` and `?` within one name; `[...]`, `[!...]` a class).
function segment(glob: string): RegExp {
  let out = '';
  for (let i = 0; i < glob.length; i++) {
    const c = glob[i]!;
    const close = c === '[' ? glob.indexOf(']', i + 2) : -1;
    if (c === '*') out += '[^/]*';
    else if (c === '?') out += '[^/]';
    else if (close > 0) {
      const body = glob.slice(i + 1, close).replace(/\\/g, '\\\\');
      out += `[${body.startsWith('!') ? `^${body.slice(1)}` : body}]`;
      i = close;
    } else out += c.replace(/[.+^${}()|\\\]]/g, '\\$&');
  }
  return new RegExp(`^${out}$`);
}

// The folders a member glob names below `base`; undefined when it cannot be expanded here.
export function expand(walk: Walk, base: string, glob: string): string[] | undefined {
  let folders = [base];
  for (const part of glob.split('/').filter((one) => one !== '' && one !== '.')) {
    if (part.includes('**')) return undefined;
    if (!WILD.test(part)) {
      folders = folders.map((folder) => resolve(folder, part));
      continue;
    }
    const re = segment(part);
    folders = folders.flatMap((folder) => {
      walk.sources.push(folder);
      return listInside(walk.roots, folder).filter((entry) => entry.isDirectory() && re.test(entry.name)).map((entry) => join(folder, entry.name));
    });
    if (folders.length > MAX_MEMBERS) return undefined;
  }
  return folders;
}

// The Cargo.toml files cargo reads for a line run in `from` (`manifest`: its `--manifest-path`), or undefined
// with the line made unmodelled.
export function cargoManifests(walk: Walk, from: string, manifest: string | undefined): string[] | undefined {
  const start = manifest === undefined ? from : dirname(resolve(from, manifest));
  const found = new Set<string>();
  const queue = upToTop(walk.top, start).map((folder) => join(folder, 'Cargo.toml'));
  for (let at = 0; at < queue.length; at++) {
    const path = queue[at]!;
    walk.sources.push(path);
    if (found.has(path) || !inside(walk.top, path) || stats(path)?.file !== true) continue;
    found.add(path);
    if (found.size > MAX_MEMBERS) {
      walk.unmodeled ??= `cargo: more than ${MAX_MEMBERS} workspace members (not all read)`;
      return undefined;
    }
    const data = readManifest(walk, path);
    if (data === undefined) continue;
    const named = table(data['package'])['workspace'];
    if (typeof named === 'string') queue.push(join(resolve(dirname(path), named), 'Cargo.toml'));
    const space = table(data['workspace']);
    for (const key of ['members', 'default-members']) {
      const globs = space[key];
      if (globs === undefined) continue;
      if (!Array.isArray(globs) || globs.some((one) => typeof one !== 'string')) {
        walk.unmodeled ??= `cargo reads ${relative(walk.top, path)}: \`workspace.${key}\` (not a list of paths)`;
        return undefined;
      }
      for (const glob of globs as string[]) {
        const folders = expand(walk, dirname(path), glob);
        if (folders === undefined) {
          walk.unmodeled ??= `cargo reads ${relative(walk.top, path)}: the member glob \`${glob}\` (not expanded by codeward)`;
          return undefined;
        }
        queue.push(...folders.map((folder) => join(folder, 'Cargo.toml')));
      }
    }
  }
  return [...found];
}
