// Tailwind CSS v4's CSS-first configuration (tailwindcss.com/docs, "Functions and directives"): a CSS file the build
// hands to Tailwind (`@import "tailwindcss"`, or v3's `@tailwind`) configures it itself. `@config "./x.js"` loads a
// JavaScript configuration (read like tailwind.config.js: its plugins and presets), `@plugin "./p.js"` / `@plugin
// "pkg"` loads a plug-in module (resolved as node does, followed with what it imports), and `@import "./y.css"` /
// `@reference` pulls in another CSS file whose directives count the same. `@source` names files scanned as text
// (never loaded). Which CSS files: every one of the project (a bounded listing: a cut fails closed) holding a Tailwind
// directive; each such file and every CSS file it imports is obeyed (changing one changes what the build loads),
// with what their `@config`/`@plugin` name. A directive codeward cannot read (unquoted, `url(...)`) fails closed.
// A project that uses Tailwind (a CSS file with a directive, or tailwindcss / @tailwindcss/* in its package.json or
// the top's) hands every stylesheet it imports to Tailwind's PostCSS plug-in, which obeys a directive in any of
// them: a stylesheet written later (or an existing one given `@plugin "../tools/p.js"` after p.js) loads code, so
// every `.css` below the folder is obeyed, present or made later (a glob; the build's output folders and
// node_modules aside). js20 Left 1.
import { dirname, join, relative, resolve } from 'node:path';
import type { JsRunner } from './hook-js-runners.js';
import { cssTokens } from './css-code.js';
import { followJsConfig } from './hook-js-configs.js';
import { findInTree } from './hook-listing.js';
import { inside } from './hook-spelling.js';
import { read, type Walk } from './hook-walk.js';

const LIMITS = { depth: 16, entries: 50_000, files: 2_000 };
const SKIP = new Set(['node_modules', '.git', '.next', 'dist', 'build', 'out', 'coverage']);
const TAILWIND = /@import\s+(?:url\()?["']tailwindcss(?:\/[^"']*)?["']|@tailwind\s|@config(?![\w-])|@plugin(?![\w-])/i;
const DIRECTIVE = /@(config|plugin|import|reference)\s+(["'])([^"'\n]+)\2/gi;
const UNREAD = /@(?:config|plugin)(?![\w-])(?!\s*["'])|@(?:config|plugin)\s+["'][^"'\n]*\$/i;
const MAX_DEPTH = 8;

// The CSS files below `dir` Tailwind may be given, and what their directives load. `row`: tailwind.config's row.
export function tailwindCss(walk: Walk, dir: string, row: JsRunner): void {
  const listing = findInTree(dir, (rel) => rel.endsWith('.css'), (name) => !SKIP.has(name), LIMITS, (why) => {
    walk.unmodeled ??= `Tailwind reads the CSS files of ${relative(walk.top, dir) || '.'} (a CSS-first configuration), and ${why}`;
  });
  walk.sources.push(...listing.looked);
  const seen = new Set<string>();
  // Judged as a CSS tokenizer reads it (comments out, escapes decoded, case folded: css-code.ts).
  const configured = listing.found.filter((css) => TAILWIND.test(cssTokens(read(walk, css) ?? '', false)) || read(walk, css)?.includes('\0') === true);
  for (const css of configured) followCss(walk, css, row, seen, 0);
  if (configured.length === 0 && ![dir, walk.top].some((at) => DEPENDS.test(read(walk, join(at, 'package.json')) ?? ''))) return;
  // Every other stylesheet, present or made later, is obeyed when its new text loads code (`styles`: a file tool's
  // write with plain text is free; a staged run's stylesheet, whose text the scan does not read, asks).
  const glob = join(dir, `{*.css,!(${[...SKIP].join('|')})/**/*.css}`);
  walk.globs.add(glob);
  walk.styles.add(glob);
}
const DEPENDS = /"(?:tailwindcss|@tailwindcss\/[\w.-]+)"\s*:/;

function followCss(walk: Walk, css: string, row: JsRunner, seen: Set<string>, depth: number): void {
  if (seen.has(css) || !inside(walk.top, css)) return;
  seen.add(css);
  walk.files.add(css);
  const raw = read(walk, css);
  if (raw === undefined) return;
  const text = cssTokens(raw, false);
  const where = relative(walk.top, css);
  if (UNREAD.test(text)) walk.unmodeled ??= `${where}: a Tailwind @config or @plugin codeward cannot read`;
  const plugins: string[] = [];
  for (const [, named, , spec] of text.matchAll(DIRECTIVE)) {
    const kind = named!.toLowerCase();
    if (kind === 'plugin') plugins.push(spec!);
    else if (kind === 'config') {
      const path = resolve(dirname(css), spec!);
      if (!inside(walk.top, path)) continue;
      walk.files.add(path);
      const config = read(walk, path);
      if (config !== undefined) followJsConfig(walk, 'next', row, path, config);
    } else if (/^\.{1,2}\//.test(spec!) || spec!.endsWith('.css')) {
      if (depth >= MAX_DEPTH) walk.unmodeled ??= `${where}: CSS imports more than ${MAX_DEPTH} deep`;
      else followCss(walk, resolve(dirname(css), spec!), row, seen, depth + 1);
    }
  }
  // The plug-ins as a module key of this file (resolved from its folder, what they load followed).
  if (plugins.length > 0) followJsConfig(walk, 'next', row, css, JSON.stringify({ plugins }));
}
