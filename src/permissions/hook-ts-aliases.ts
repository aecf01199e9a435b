// Which configurations a loader reads through tsconfig path aliases (red team R18-8; ts-paths.ts reads them):
// Next.js's next.config.ts / next.config.mts (it transpiles them and resolves `paths`/`baseUrl` in them and in what
// they import), and a vitest/vite configuration when the project depends on vite-tsconfig-paths (the modules vitest
// loads: setup files, reporters, what they import). The tsconfig next to the configuration, and the files it
// extends, are obeyed: changing one changes what the loader loads.
import { basename, dirname, join } from 'node:path';
import { inside } from './hook-spelling.js';
import { tsconfigAliases, type Aliases } from './ts-paths.js';
import { read, type Walk } from './hook-walk.js';

const DEPENDENCY_KEYS = ['dependencies', 'devDependencies', 'optionalDependencies', 'peerDependencies'];

// Whether a package.json at `folder` (or at the top) lists `name` in a dependency table.
function depends(walk: Walk, folders: readonly string[], name: string): boolean {
  return folders.some((folder) => {
    try {
      const manifest = (JSON.parse(read(walk, join(folder, 'package.json')) ?? 'null') as Record<string, unknown> | null) ?? {};
      return DEPENDENCY_KEYS.some((key) => typeof manifest[key] === 'object' && manifest[key] !== null && Object.hasOwn(manifest[key] as object, name));
    } catch {
      return false;
    }
  });
}

// The aliases the runner `name` applies to the configuration at `path` (absolute), or undefined.
export function configAliases(walk: Walk, name: string, path: string): Aliases | undefined {
  const file = basename(path);
  const next = name === 'next' && /^next\.config\.m?ts$/.test(file);
  const vite = name === 'vitest' && /^vite(?:st)?\.config\./.test(file) && depends(walk, [dirname(path), walk.top], 'vite-tsconfig-paths');
  if (!next && !vite) return undefined;
  const aliases = tsconfigAliases(join(dirname(path), 'tsconfig.json'), walk.top, (one) => read(walk, one));
  for (const one of aliases.files) if (inside(walk.top, one)) walk.files.add(one);
  return aliases;
}
