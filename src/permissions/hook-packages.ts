// The packages an installed package loads by name (red team R15-7, issue 26): a hook's runner (node_modules/
// vitest, obeyed whole by hook-bins.ts) or a package its configuration imports (`@vitejs/plugin-react`) runs
// its dependencies' code too (node_modules/vite for vitest), which a sandboxed `npm install` or a file tool could
// rewrite. So every package its package.json lists (dependencies, optional and peer ones) is obeyed whole,
// where node finds it (the nearest node_modules from the package's real folder up to the top), transitively.
// Past MAX_PACKAGES the closure is not known: every node_modules folder the walk met is obeyed whole (fail
// closed; a real runner's closure is far below: vitest ~50 packages, eslint ~80).
import { realpathSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { inside } from './hook-spelling.js';
import { read, stats, type Walk } from './hook-walk.js';

const MAX_PACKAGES = 256;
const FIELDS = ['dependencies', 'optionalDependencies', 'peerDependencies'];

// The real folder node loads the package `name` from when required in `from`, inside the top.
function installedAt(top: string, name: string, from: string): string | undefined {
  for (let folder = from; inside(top, folder); folder = dirname(folder)) {
    const candidate = join(folder, 'node_modules', name);
    if (stats(join(candidate, 'package.json'))?.file === true) {
      try {
        const real = realpathSync(candidate);
        return inside(top, real) ? real : undefined;
      } catch {
        return undefined;
      }
    }
    if (folder === top) break;
  }
  return undefined;
}

// Obeys the package folders `folders` (absolute) whole, and what they load by name, transitively.
export function obeyPackages(walk: Walk, folders: readonly string[]): void {
  const seen = new Set<string>();
  const queue = [...folders];
  for (let at = 0; at < queue.length; at++) {
    const folder = queue[at]!;
    if (seen.has(folder)) continue;
    if (seen.size >= MAX_PACKAGES) {
      for (const met of seen) {
        const outer = met.slice(0, met.indexOf('/node_modules/') + '/node_modules'.length);
        if (met.includes('/node_modules/')) walk.files.add(outer);
      }
      return;
    }
    seen.add(folder);
    walk.files.add(folder);
    let manifest: Record<string, unknown> | null;
    try {
      manifest = JSON.parse(read(walk, join(folder, 'package.json')) ?? 'null') as Record<string, unknown> | null;
    } catch {
      continue;
    }
    for (const field of FIELDS) {
      const deps = manifest?.[field];
      if (typeof deps !== 'object' || deps === null) continue;
      for (const name of Object.keys(deps)) queue.push(installedAt(walk.top, name, folder) ?? join(walk.top, 'node_modules', name));
    }
  }
}
