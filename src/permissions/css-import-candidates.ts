// The files an `@import` (or `@reference`, Sass's `@use`/`@forward`) of a stylesheet may hand the CSS pipeline, whatever
// their extension (red team R23-7): Tailwind v4 inlines an import itself with enhanced-resolve (extensions ['.css'],
// mainFields ['style']), postcss-import with `resolve` (a bare name tried as `./name` first; a folder's package.json
// `style`, else its `main` when it is CSS, else index.css). Either reads the file as CSS, so `@import "./x.txt"`,
// `@import "./theme"` or `@import "./x.inc"` makes that file a stylesheet whose `@plugin`/`@config` run code. Every
// candidate is judged as a sheet: the exact name, `name.css`, and the folder's `index`, `index.css` and the target
// its package.json names (completed the same way); that package.json itself says which file it is: obeyed, present
// or made later (an exact glob: a path of the repository's files would make every sheet quoting the name ask).
import { join, relative, resolve } from 'node:path';
import { escapeGlob } from '../workspace/hidden-paths.js';
import { inside } from './hook-spelling.js';
import { read, stats, type Walk } from './hook-walk.js';

// How many package.json hops (a folder's manifest naming another folder) are followed; past it, fail closed.
const MAX_HOPS = 4;

// The candidate files an import of `path` (resolved from the importing sheet's folder) may load, inside the walk's
// top; the manifests met are obeyed (`walk.globs`). An existing folder is no file candidate itself.
export function importCandidates(walk: Walk, path: string): string[] {
  const found = new Set<string>();
  add(walk, path, found, 0);
  return [...found].filter((one) => inside(walk.top, one));
}

function add(walk: Walk, path: string, found: Set<string>, hops: number): void {
  if (found.has(path) || !inside(walk.top, path)) return;
  if (stats(path)?.file !== false) found.add(path);
  found.add(`${path}.css`);
  const manifest = join(path, 'package.json');
  walk.globs.add(exactGlob(walk, manifest));
  found.add(join(path, 'index'));
  found.add(join(path, 'index.css'));
  const text = read(walk, manifest);
  if (text === undefined) return;
  const fields = parsed(text);
  if (fields === undefined) return;
  const targets = [fields.style, /\.css$/i.test(fields.main ?? '') ? fields.main : undefined].filter((one): one is string => one !== undefined);
  for (const target of targets) {
    if (hops >= MAX_HOPS) walk.unmodeled ??= `${manifest}: a stylesheet folder whose package.json names another more than ${MAX_HOPS} deep`;
    else add(walk, resolve(path, target), found, hops + 1);
  }
}

// A manifest's `style` and `main` strings (a manifest that is not a JSON object names none: the resolvers fail on it).
function parsed(text: string): { style?: string; main?: string } | undefined {
  try {
    const value = JSON.parse(text) as unknown;
    if (typeof value !== 'object' || value === null) return undefined;
    const { style, main } = value as Record<string, unknown>;
    return { ...(typeof style === 'string' ? { style } : {}), ...(typeof main === 'string' ? { main } : {}) };
  } catch {
    return undefined;
  }
}

// The glob matching exactly `path` (inside the walk's top: the top itself is not escaped, as the walk's globs are read).
export const exactGlob = (walk: Walk, path: string): string => join(walk.top, escapeGlob(relative(walk.top, path)));
