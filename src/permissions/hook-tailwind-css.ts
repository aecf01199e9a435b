// Tailwind CSS v4's CSS-first configuration (tailwindcss.com/docs, "Functions and directives"): a CSS file the build
// hands to Tailwind (`@import "tailwindcss"`, or v3's `@tailwind`) configures it itself. `@config "./x.js"` loads a
// JavaScript configuration (read like tailwind.config.js: its plugins and presets), `@plugin "./p.js"` / `@plugin
// "pkg"` loads a plug-in module (resolved as node does, followed with what it imports), and `@import "./y.css"` /
// `@reference` pulls in another CSS file whose directives count the same. `@source` names files scanned as text
// (never loaded). Which CSS files: every one of the project (a bounded listing: a cut fails closed) holding a Tailwind
// directive; each such file and every CSS file it imports is obeyed (changing one changes what the build loads),
// with what their `@config`/`@plugin` name. A directive codeward cannot read (unquoted, `url(...)`) fails closed.
// Obeyed by path: a stylesheet whose text loads code (a directive, or an import of such a sheet, however deep);
// a plain one an entry imports is obeyed by its new text like any other (css24).
// A project that uses Tailwind (a CSS file with a directive, or tailwindcss / @tailwindcss/* in its package.json or
// the top's) hands every stylesheet it imports to Tailwind's PostCSS plug-in, which obeys a directive in any of
// them: a stylesheet written later (or an existing one given `@plugin "../tools/p.js"` after p.js) loads code, so
// every stylesheet below the folder (stylesheet-kinds.ts: .css, Sass, Less, Stylus, PostCSS, a component's
// `<style>`) is obeyed, present or made later (a glob; the build's output folders and
// node_modules aside). js20 Left 1.
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { JsRunner } from './hook-js-runners.js';
import { cssTokens } from './css-code.js';
import { followJsConfig } from './hook-js-configs.js';
import { findInTree } from './hook-listing.js';
import { inside } from './hook-spelling.js';
import { read, type Walk } from './hook-walk.js';
import { exactGlob, importCandidates } from './css-import-candidates.js';
import { isStylesheet, sheetText, STYLESHEET_NAMES, stemReaches } from './stylesheet-kinds.js';

const LIMITS = { depth: 16, entries: 50_000, files: 2_000 };
const SKIP = new Set(['node_modules', '.git', '.next', 'dist', 'build', 'out', 'coverage']);
// CSS needs no space between an at-rule's name and its string (`@import"tailwindcss"`, `@plugin"./p.js"`: R25-4).
const TAILWIND = /@import\s*(?:url\(\s*)?["']?tailwindcss(?:\/[^"')\s]*)?["')\s;]|@tailwind\s|@config(?![\w-])|@plugin(?![\w-])/i;
// A directive and what it names: a string, or a url() with or without quotes.
const DIRECTIVE = /@(config|plugin|import|reference|use|forward)(?:\s*url\(\s*(?:(["'])([^"'\n]+)\2|([^"'()\s]+))\s*\)|\s*(["'])([^"'\n]+)\5)/gi;
const CONFIG_TRIES = ['.js', '.cjs', '.mjs', '.ts', '.cts', '.mts', '/index.js', '/index.cjs', '/index.mjs', '/index.ts'];
const UNREAD = /@(?:config|plugin)(?![\w-])(?!\s*["'])|@(?:config|plugin)\s+["'][^"'\n]*\$/i;
const MAX_DEPTH = 8;

// A stylesheet's text as a CSS tokenizer reads it (comments out, escapes decoded, case kept: css-code.ts).
const sheet = (walk: Walk, path: string): string | undefined => {
  const raw = read(walk, path);
  return raw === undefined ? undefined : cssTokens(sheetText(path, raw), false);
};

// The stylesheets below `dir` Tailwind may be given, and what their directives load. `row`: tailwind.config's row.
export function tailwindCss(walk: Walk, dir: string, row: JsRunner): void {
  const listing = findInTree(dir, (rel) => isStylesheet(rel), (name) => !SKIP.has(name), LIMITS, (why) => {
    walk.unmodeled ??= `Tailwind reads the stylesheets of ${relative(walk.top, dir) || '.'} (a CSS-first configuration), and ${why}`;
  });
  walk.sources.push(...listing.looked);
  const configured = listing.found.filter((css) => TAILWIND.test(sheet(walk, css) ?? '') || read(walk, css)?.includes('\0') === true);
  if (configured.length === 0 && ![dir, walk.top].some((at) => DEPENDS.test(read(walk, join(at, 'package.json')) ?? ''))) return;
  // Which sheets load code: followed from every one (what each imports), then carried up the imports to a fixpoint.
  const graph: Graph = new Map();
  for (const css of listing.found) followCss(walk, css, row, graph, 0);
  for (let changed = true; changed; ) {
    changed = false;
    const code = [...graph].filter(([, node]) => node.code).map(([path]) => path);
    for (const node of graph.values()) {
      if (!node.code && node.imports.some((stem) => code.some((path) => stemReaches(stem, path)))) changed = node.code = true;
    }
  }
  // A file an import reaches is a sheet whatever its extension (R23-7): one of another kind is judged by its new
  // text on its own path (exact: escaped), as the glob below judges the stylesheet kinds.
  const covered = (css: string, node: Node): boolean => (isStylesheet(css) || node.reached === true) && inside(dir, css) && !relative(dir, css).split(/[\\/]/).some((part) => SKIP.has(part));
  for (const [css, node] of graph) {
    if (node.code || !covered(css, node)) walk.files.add(css);
    else if (!isStylesheet(css)) {
      const exact = exactGlob(walk, css);
      walk.globs.add(exact);
      walk.styles.add(exact);
    }
  }
  // Every other stylesheet, present or made later, is obeyed when its new text loads code (`styles`: a write whose
  // text is known, a file tool's or a staged run's, is free when plain).
  const glob = join(dir, `{${STYLESHEET_NAMES},!(${[...SKIP].join('|')})/**/${STYLESHEET_NAMES}}`);
  walk.globs.add(glob);
  walk.styles.add(glob);
}
const DEPENDS = /"(?:tailwindcss|@tailwindcss\/[\w.-]+)"\s*:/;
// A spec naming no file of the workspace next to the sheet: a scheme, an absolute, home or alias-root path.
const ELSEWHERE = /^(?:[a-z][\w+.-]*:|[/~#\\])/i;
// A spec naming a file of the workspace by its absolute path or a file: URL (both load it: R25-4) as that path;
// anything else as written.
function local(walk: Walk, spec: string): string {
  let path = spec;
  if (/^file:/i.test(spec)) {
    try {
      path = fileURLToPath(spec);
    } catch {
      return spec;
    }
  }
  return path.startsWith('/') && inside(walk.top, path) ? path : spec;
}

// `reached`: a file of another kind an import reaches (judged as a sheet).
type Node = { code: boolean; imports: string[]; reached?: true };
type Graph = Map<string, Node>;

// One sheet into `graph`: whether its own text loads code (a directive, a NUL, one codeward cannot read) and the
// sheets it imports (followed). What its @config / @plugin name is followed as the row's code.
function followCss(walk: Walk, css: string, row: JsRunner, graph: Graph, depth: number): void {
  if (graph.has(css) || !inside(walk.top, css)) return;
  const node: Node = { code: false, imports: [] };
  graph.set(css, node);
  const text = sheet(walk, css);
  if (text === undefined) return;
  const where = relative(walk.top, css);
  node.code = text.includes('\0');
  if (UNREAD.test(text)) {
    walk.unmodeled ??= `${where}: a Tailwind @config or @plugin codeward cannot read`;
    node.code = true;
  }
  const plugins: string[] = [];
  for (const [, named, , quoted, bare, , string] of text.matchAll(DIRECTIVE)) {
    const kind = named!.toLowerCase();
    const spec = local(walk, quoted ?? bare ?? string!);
    if (kind === 'plugin') plugins.push(spec);
    else if (kind === 'config') {
      node.code = true;
      const path = resolve(dirname(css), spec);
      // Resolved as a module (R26-13: `@config "../tools/c"` loads tools/c.js): the name, each extension, a folder's index.
      for (const candidate of [path, ...CONFIG_TRIES.map((tail) => path + tail)]) {
        if (!inside(walk.top, candidate)) continue;
        walk.files.add(candidate);
        const config = read(walk, candidate);
        if (config !== undefined) followJsConfig(walk, 'next', row, candidate, config);
      }
    } else if (isStylesheet(spec) || !ELSEWHERE.test(spec) || (spec.startsWith('/') && inside(walk.top, spec))) {
      // A preprocessor completes a stem (`@use "vars"`: `_vars.scss` next to it): the stem is kept as the import,
      // its files are sheets of the listing (followed from there). A name of another kind (or none) is a sheet
      // too, with each file the resolvers complete it to (`./theme`: theme, theme.css, theme/index.css...).
      const path = resolve(dirname(css), spec);
      node.imports.push(path);
      const sheets = isStylesheet(path) ? [path] : importCandidates(walk, path);
      node.imports.push(...sheets.filter((one) => one !== path));
      if (depth >= MAX_DEPTH) walk.unmodeled ??= `${where}: CSS imports more than ${MAX_DEPTH} deep`;
      else for (const one of sheets) followReached(walk, one, row, graph, depth + 1);
    }
  }
  // The plug-ins as a module key of this file (resolved from its folder, what they load followed).
  if (plugins.length > 0) {
    node.code = true;
    followJsConfig(walk, 'next', row, css, JSON.stringify({ plugins }));
  }
}

// A sheet an import reaches, followed; one of another kind is marked so (its new text is judged as a sheet's).
function followReached(walk: Walk, path: string, row: JsRunner, graph: Graph, depth: number): void {
  followCss(walk, path, row, graph, depth);
  const node = graph.get(path);
  if (node !== undefined && !isStylesheet(path)) node.reached = true;
}
