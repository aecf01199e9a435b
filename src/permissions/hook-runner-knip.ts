// What `knip` runs (issue 26, red team 18 F4). knip's docs ("Configuration": knip.json, knip.jsonc, .knip.json,
// .knip.jsonc, knip.ts, knip.js, knip.config.ts, knip.config.js, package.json `knip`, or `--config`; "Plugins":
// for each tool it finds it LOADS that tool's configuration files, JS/TS run through jiti: vite.config.ts,
// vitest.config.ts, eslint.config.js, .storybook/main.ts, jest.config.js, next.config.js ..., and a plug-in's
// `config` entry in knip's configuration names more). The sources are parsed, never run: they stay free. So:
// - knip's JS/TS configuration is code: obeyed with what it imports (hook-packages.ts obeyNodeScript);
// - which tools' files it loads is a long, growing list (`vitest.workspace.ts`, `codegen.ts`, `gatsby-node.js`,
//   `.dependency-cruiser.js`, `.vitepress/config.ts` ...), so the rule is by PLACE, not by name: every JS/TS file
//   directly in a workspace's folder (one holding a package.json, the top too), every one inside a dot-folder
//   (`.storybook/`), and every `*.config.*` / `.*rc.*` one at any depth is obeyed, and each found now is followed
//   like a script (a computed import makes the line unmodelled). Sources live below src/, lib/, app/ ...: free;
// - a JSON configuration's plug-in entries (every text value outside knip's own data keys: entry, project,
//   ignore ...) are obeyed as files or globs, and followed when they are JS/TS.
import { basename, dirname, join, resolve } from 'node:path';
import type { ToolchainArgs } from './hook-toolchains.js';
import { parseJsonc } from './hook-runner-config.js';
import { findInTree } from './hook-listing.js';
import { obeyNodeScript } from './hook-packages.js';
import { NODE_SCRIPT } from './hook-scripts.js';
import { inside } from './hook-spelling.js';
import { read, stats, type Walk } from './hook-walk.js';

const JS = '{js,cjs,mjs,ts,cts,mts,jsx,tsx}';
const CODE_NAMES = ['knip.ts', 'knip.js', 'knip.config.ts', 'knip.config.js', 'knip.mts', 'knip.mjs', 'knip.cts', 'knip.cjs'];
const DATA_NAMES = ['knip.json', 'knip.jsonc', '.knip.json', '.knip.jsonc'];
// The tools' configuration files knip loads, as globs at any depth and as tests of a relative path.
const LOADED_GLOBS = [`*.config.${JS}`, `*.config.*.${JS}`, `.*rc.${JS}`, `.*/**/*.${JS}`];
const SCRIPT = /\.(?:[cm]?[jt]s|[jt]sx)$/;
const LOADED = /(?:^|\/)(?:[^/]+\.config(?:\.[^/]+)?|\.[^/]*rc)\.(?:[cm]?[jt]s|[jt]sx)$|(?:^|\/)\.[^/.][^/]*\//;
const WALK = { depth: 8, entries: 20_000, files: 256 };
// Not entered: installed packages, build output and caches (dot-folders of generated JS among them).
const SKIP = new Set(['node_modules', '.git', 'dist', '.venv', 'venv', 'target', 'build', 'coverage', 'out', '.next', '.nuxt', '.output', '.svelte-kit', '.turbo', '.cache', '.vercel', '.yarn', '.pnpm-store', '.parcel-cache', '.angular', '.docusaurus', '.expo']);
// knip's own keys whose values are the project's files (read, not run) or names.
const DATA_KEYS = new Set(['$schema', 'entry', 'project', 'ignore', 'ignoreFiles', 'ignoreDependencies', 'ignoreBinaries', 'ignoreMembers', 'ignoreUnresolved', 'ignoreWorkspaces', 'ignoreIssues', 'paths', 'tags', 'include', 'exclude', 'rules', 'workspaces']);

function obeyScript(walk: Walk, path: string): void {
  walk.files.add(path);
  if (stats(path)?.file !== true) return;
  const unknown = obeyNodeScript(walk, path);
  if (unknown !== undefined) walk.unmodeled ??= `knip loads ${path.slice(walk.top.length + 1)}, which ${unknown}`;
}

// The text values of a JSON configuration outside the data keys, each with the folder it is relative to
// (`workspaces: { "packages/a": { vitest: { config: [...] } } }` is relative to packages/a).
function pluginValues(data: unknown, folder: string, out: { value: string; folder: string }[] = [], key = ''): { value: string; folder: string }[] {
  if (typeof data === 'string') out.push({ value: data, folder });
  else if (Array.isArray(data)) for (const item of data) pluginValues(item, folder, out, key);
  else if (typeof data === 'object' && data !== null) {
    for (const [name, item] of Object.entries(data)) {
      if (name === 'workspaces' && key === '' && typeof item === 'object' && item !== null) for (const [at, one] of Object.entries(item)) pluginValues(one, join(folder, at), out, 'workspace');
      else if (!DATA_KEYS.has(name)) pluginValues(item, folder, out, name);
    }
  }
  return out;
}

function dataConfig(walk: Walk, path: string, text: string, field?: string): void {
  let data: unknown;
  try {
    data = parseJsonc(text);
  } catch {
    walk.unmodeled ??= `knip reads ${basename(path)}: a configuration codeward cannot parse`;
    return;
  }
  if (field !== undefined) data = (data as Record<string, unknown> | null)?.[field];
  for (const { value, folder } of pluginValues(data, dirname(path))) {
    if (/[$`]/.test(value)) walk.unmodeled ??= `knip reads ${basename(path)}: \`${value}\` (a path only known at run time)`;
    else if (/[*?{[]/.test(value) || /[*?{[]/.test(folder)) walk.globs.add(resolve(folder, value));
    else if (/\.[\w]{1,6}$/.test(value) || value.includes('/')) {
      const named = resolve(folder, value);
      if (!inside(walk.top, named)) continue;
      if (NODE_SCRIPT.test(named)) obeyScript(walk, named);
      else walk.files.add(named);
    }
  }
}

export function knipParts(walk: Walk, from: string, args: ToolchainArgs): void {
  for (const name of CODE_NAMES) obeyScript(walk, join(from, name));
  for (const path of [...DATA_NAMES.map((name) => join(from, name)), ...args.places.map((one) => resolve(from, one))]) {
    if (!inside(walk.top, path)) continue;
    walk.files.add(path);
    const text = read(walk, path);
    // `--tsConfig`: TypeScript's settings, data.
    if (text !== undefined && NODE_SCRIPT.test(path)) obeyScript(walk, path);
    else if (text !== undefined && !/^tsconfig/i.test(basename(path))) dataConfig(walk, path, text);
  }
  const manifest = read(walk, join(from, 'package.json'));
  if (manifest !== undefined && /"knip"\s*:/.test(manifest)) dataConfig(walk, join(from, 'package.json'), manifest, 'knip');
  for (const glob of LOADED_GLOBS) walk.globs.add(join(walk.top, '**', glob));
  // A workspace's folder: its JS/TS files directly there (a package.json made later asks: the row obeys it).
  const atRoot = (rel: string): boolean => stats(join(walk.top, dirname(rel), 'package.json'))?.file === true;
  const listing = findInTree(walk.top, (rel) => SCRIPT.test(rel) && (LOADED.test(rel) || atRoot(rel)) || basename(rel) === 'package.json', (name) => !SKIP.has(name), WALK, (why) => {
    walk.unmodeled ??= `knip loads configurations from every workspace folder, and ${why}`;
  });
  walk.sources.push(...listing.looked);
  for (const path of listing.found) {
    if (basename(path) === 'package.json') walk.globs.add(join(dirname(path), `*.${JS}`));
    else obeyScript(walk, path);
  }
  walk.globs.add(join(walk.top, `*.${JS}`));
}
