// What `next build` runs beyond the app's code (issue 26, red team F3). Next.js's docs: "next.config.js" (a module
// the build runs: next.config.js/.mjs/.cjs/.ts/.mts, and what it imports; webpack loaders, `cacheHandler`, SWC
// plug-ins it names), "PostCSS" (postcss.config.* / .postcssrc* / package.json `postcss`: its plug-ins by name),
// "Tailwind CSS" (tailwind.config.*: `plugins`, `presets`), "Babel" (a .babelrc / babel.config.* replaces SWC), and
// "ESLint" (the build lints, unless `--no-lint`). Each is followed like a JS runner's configuration
// (hook-js-configs.ts: imports and module keys resolved as node does, installed packages with what they load, a
// value it cannot read makes the line unmodelled).
// The build compiles and RUNS the app's code (server components, generateStaticParams and getStaticProps render at
// build time; middleware and instrumentation are compiled): that is the project's source, the README's documented
// limit, like a test runner's test files. It stays free; what a source file imports is source too.
import { join, resolve } from 'node:path';
import { BABEL, type JsRunner } from './hook-js-runners.js';
import { followJsConfig, jsConfigs } from './hook-js-configs.js';
import type { ToolchainArgs } from './hook-toolchains.js';
import { inside } from './hook-spelling.js';
import { tailwindCss } from './hook-tailwind-css.js';
import { read, type Walk } from './hook-walk.js';

const js = (stem: string): string[] => ['js', 'mjs', 'cjs', 'ts', 'mts', 'cts'].map((ext) => `${stem}.${ext}`);
const row = (modules: string[]): JsRunner => ({ flags: [], valued: [], configs: [], places: [], modules });

// Each configuration the build loads, the keys of it that name modules, and package.json's field of it.
// tailwind's `content` globs are the files it scans for class names as text (Tailwind CSS docs, "Content
// configuration"), never loaded: left out of the key judgment (the file's imports are still followed).
const unscanned = (text: string): string => text.replace(/(\bcontent\s*:\s*)(?:\[[^\]]*\]|\{[^{}]*\})/, '$1[]');

// `computed`: its module keys must hold literal text (next.config's loaders and handlers are loaded by name).
const CONFIGS: readonly { names: readonly string[]; row: JsRunner; field?: string; text?: (text: string) => string; computed?: boolean }[] = [
  { names: js('next.config'), row: row(['loader', 'loaders', 'use', 'cacheHandler', 'swcPlugins']), computed: true },
  { names: [...js('postcss.config'), 'postcss.config.json', '.postcssrc', '.postcssrc.json', '.postcssrc.yml', '.postcssrc.yaml', ...js('.postcssrc')], row: row(['plugins', 'parser', 'syntax', 'stringifier']), field: 'postcss' },
  { names: js('tailwind.config'), row: row(['plugins', 'presets']), text: unscanned },
  { names: ['.babelrc', '.babelrc.json', ...js('.babelrc'), ...js('babel.config'), 'babel.config.json'], row: BABEL, field: 'babel' },
];

// A module key whose value is not literal text (`cacheHandler: dir + "/cache.js"`, a variable, a call other than
// `require.resolve("…")`): what it loads is only known when the configuration runs. The literal forms: a quoted
// string, a list of them (SWC's `[["./p.wasm", {…}]]` too), `require.resolve("…")`.
const LITERAL = '(?:"[^"\\n$]*"|\'[^\'\\n$]*\'|`[^`\\n$]*`|require(?:\\.resolve)?\\(\\s*(?:"[^"\\n]*"|\'[^\'\\n]*\')\\s*\\))';
export function computedModuleKey(text: string, keys: readonly string[]): string | undefined {
  for (const key of keys) {
    for (const found of text.matchAll(new RegExp(String.raw`(?:^|[\s{,])['"]?${key}['"]?\s*:\s*`, 'gm'))) {
      const rest = text.slice(found.index + found[0].length, found.index + found[0].length + 400);
      if (new RegExp(String.raw`^${LITERAL}\s*(?:[,}\n]|$)`).test(rest)) continue;
      if (rest.startsWith('[') && new RegExp(String.raw`^\[(?:\s*(?:${LITERAL}|\[\s*${LITERAL}\s*,\s*\{[^{}]*\}\s*\]|\{[^{}]*\})\s*,?)*\s*\]`).test(rest)) continue;
      if (rest.startsWith('{')) continue;
      return `\`${key}: ${rest.split('\n')[0]!.slice(0, 60)}\``;
    }
  }
  return undefined;
}

export function nextParts(walk: Walk, from: string, args: ToolchainArgs, rest: readonly string[]): void {
  if (args.subcommand !== 'build') return;
  // `next build [directory]`: the project's folder.
  const operand = args.operands.find((one) => !one.startsWith('-'));
  const dir = operand === undefined ? from : resolve(from, operand);
  if (!inside(walk.top, dir)) return;
  walk.files.add(join(dir, 'package.json'));
  let manifest: Record<string, unknown> = {};
  try {
    manifest = (JSON.parse(read(walk, join(dir, 'package.json')) ?? '{}') as Record<string, unknown> | null) ?? {};
  } catch {
    // Not JSON: npm and next fail on it.
  }
  for (const config of CONFIGS) followConfig(walk, config, dir, manifest);
  tailwindCss(walk, dir, TAILWIND.row);
  if (!rest.includes('--no-lint')) jsConfigs(walk, ['eslint'], [dir]);
}

// One configuration of CONFIGS in `dir`: each of its names (obeyed present or not: made later, it is loaded) and
// package.json's field of it.
function followConfig(walk: Walk, config: (typeof CONFIGS)[number], dir: string, manifest: Record<string, unknown>): void {
  for (const name of config.names) {
    const path = join(dir, name);
    walk.files.add(path);
    const text = read(walk, path);
    if (text === undefined) continue;
    followJsConfig(walk, 'next', config.row, path, config.text?.(text) ?? text);
    const computed = config.computed === true ? computedModuleKey(text, config.row.modules) : undefined;
    if (computed !== undefined) walk.unmodeled ??= `next build loads ${name}: ${computed} (a value only known when it runs)`;
  }
  const field = config.field === undefined ? undefined : manifest[config.field];
  if (field !== undefined) followJsConfig(walk, 'next', config.row, join(dir, 'package.json'), JSON.stringify(field, null, 1));
}

const TAILWIND = CONFIGS.find((config) => config.names.includes('tailwind.config.js'))!;

// Tailwind's configuration in `dir` and what it loads (red team R18-19: the editor's Tailwind extension loads it),
// the CSS-first one of v4 too (hook-tailwind-css.ts).
export function tailwindParts(walk: Walk, dir: string): void {
  followConfig(walk, TAILWIND, dir, {});
  tailwindCss(walk, dir, TAILWIND.row);
}
