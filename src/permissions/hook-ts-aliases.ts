// Which configurations a loader reads through tsconfig path aliases (red team R18-8; ts-paths.ts reads them):
// Next.js's next.config.ts / next.config.mts (it transpiles them and resolves `paths`/`baseUrl` in them and in what
// they import), and a vitest/vite configuration when the project depends on vite-tsconfig-paths (the modules vitest
// loads: setup files, reporters, what they import). The tsconfig next to the configuration, and the files it
// extends, are obeyed: changing one changes what the loader loads. jsconfig.json is read the same way (Next.js reads
// it when there is no tsconfig.json; vite-tsconfig-paths' default names hold both), and so is the file next.config's
// `typescript.tsconfigPath` names: the aliases of all of them apply (fail closed: whichever the loader picks).
import { basename, dirname, join, resolve } from 'node:path';
import { inside } from './hook-spelling.js';
import { tsconfigAliases, unionAliases, type Aliases } from './ts-paths.js';
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
  const named = next ? tsconfigPath(walk, path) : [];
  const configs = [...new Set([...named, 'tsconfig.json', 'jsconfig.json'].map((one) => resolve(dirname(path), one)))];
  const aliases = unionAliases(configs.map((one) => tsconfigAliases(one, walk.top, (file) => read(walk, file))));
  for (const one of aliases.files) if (inside(walk.top, one)) walk.files.add(one);
  return aliases;
}

// The tsconfig next.config's `typescript.tsconfigPath` names (relative to the project), or why it cannot be read.
function tsconfigPath(walk: Walk, path: string): string[] {
  const text = read(walk, path) ?? '';
  const found = [...text.matchAll(/\btsconfigPath['"]?\s*:\s*(?:(["'`])([^"'`$\n]*)\1)?/g)];
  const computed = found.find((one) => one[2] === undefined);
  if (computed !== undefined) walk.unmodeled ??= `${basename(path)}: \`tsconfigPath\` is not literal text (which tsconfig's aliases apply is only known when it runs)`;
  return found.flatMap((one) => (one[2] === undefined ? [] : [one[2]]));
}
