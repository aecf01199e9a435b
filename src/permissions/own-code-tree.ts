// codeward's dependency tree as node resolves it, and where each lookup WOULD land (red team R43-a6, R44-a1, R44-a2):
// the real folder of every package it loads, each link on the way to one, and, for a name not (yet) found in a
// node_modules folder node tries before the one it is found in, that place too: a package created there (an optional
// peer: ws -> bufferutil, @modelcontextprotocol/sdk -> @cfworker/json-schema) is loaded by the next `codeward`.
import { existsSync } from 'node:fs';
import { homedir } from 'node:os';
import { basename, delimiter, dirname, isAbsolute, join } from 'node:path';
import { resolveBelow, resolveLinks, type LinkCache, type Resolved } from './own-code-links.js';
import { loadedNames, packageJson } from './own-code-package.js';

// How many packages the walk reads at most (codeward's own tree holds about 150).
const MAX_PACKAGES = 600;
// The names `require` also tries for a bare name in a folder (a file module), beside the folder itself.
const FILE_FORMS = ['.js', '.json', '.node'];

// Every path of the tree of `own` (its real package folder), absolute.
export function ownTree(own: string): string[] {
  const out = new Set<string>([own]);
  const walk: Walk = { out, cache: new Map(), globals: globalFolders(), own };
  const queue = [own];
  const seen = new Set<string>(queue);
  while (queue.length > 0 && seen.size < MAX_PACKAGES) {
    const folder = queue.shift()!;
    const json = packageJson(folder);
    // A package.json that cannot be read whole (too large, a FIFO): the node_modules folder holding it is taken whole.
    if (json === 'unread') {
      out.add(dirname(folder));
      continue;
    }
    for (const name of loadedNames(json)) {
      const found = lookup(folder, name, walk);
      if (found === undefined || seen.has(found)) continue;
      seen.add(found);
      out.add(found);
      queue.push(found);
    }
  }
  // Past the bound: the node_modules folders holding the packages not yet read, whole.
  for (const folder of queue) out.add(dirname(folder));
  return [...out];
}

interface Walk {
  readonly out: Set<string>;
  readonly cache: LinkCache;
  readonly globals: readonly string[];
  readonly own: string;
}

// node's lookup of `name` from the package at `from` (a real path): <folder>/node_modules/NAME for each folder up from
// it (a node_modules folder itself skipped), then require's global folders. Every place tried before the hit is kept
// (as it would land, through the links met) and the links to the hit; the hit's real folder is returned.
// `from`'s own node_modules lies in `from`, kept already (but for codeward's package: only its running code when it is
// the workspace).
function lookup(from: string, name: string, walk: Walk): string | undefined {
  for (let at = from; ; at = dirname(at)) {
    if (basename(at) !== 'node_modules') {
      const hit = tried(resolveBelow(at, join('node_modules', name), walk.cache), walk, at !== from || from === walk.own);
      if (hit !== undefined) return hit;
    }
    if (at === dirname(at)) break;
  }
  for (const folder of walk.globals) {
    const hit = tried(resolveLinks(join(folder, name), walk.cache), walk, true);
    if (hit !== undefined) return hit;
  }
  return undefined;
}

function tried(place: Resolved, walk: Walk, keep: boolean): string | undefined {
  if (keep) for (const link of place.links) walk.out.add(link);
  if (place.present && existsSync(`${place.end}/package.json`)) return place.end;
  if (keep) for (const form of ['', ...FILE_FORMS]) walk.out.add(`${place.end}${form}`);
  return undefined;
}

// Where `require` looks last (node's Module._initPaths): NODE_PATH's folders, ~/.node_modules, ~/.node_libraries and
// <prefix>/lib/node; ESM's import does not, but the tree holds CommonJS packages.
function globalFolders(): string[] {
  const home = homedir();
  const fromEnv = (process.env['NODE_PATH'] ?? '').split(delimiter).filter((folder) => isAbsolute(folder));
  return [...fromEnv, ...(isAbsolute(home) ? [join(home, '.node_modules'), join(home, '.node_libraries')] : []), join(dirname(dirname(process.execPath)), 'lib', 'node')];
}
