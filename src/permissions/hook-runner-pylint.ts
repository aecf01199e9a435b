// What `pylint` runs (issue 26, red team 18 F3). pylint's docs ("Configuration": the first of pylintrc, .pylintrc,
// pylintrc.toml, .pylintrc.toml, pyproject.toml [tool.pylint.*], setup.cfg / tox.ini [pylint.*] in the working
// folder, then its parents; or `--rcfile`): `load-plugins` are modules it imports (resolved like mypy's plugins),
// `init-hook` is Python it runs before anything else, `evaluation` a Python expression it evaluates,
// `output-format` may name a reporter class it imports, `extension-pkg-allow-list` C extensions it loads (every
// .so/.pyd is obeyed by the row). astroid parses the sources, it runs none: they stay free.
// init-hook is CODE: only its usual form is modelled (`import sys, os`, `sys.path.append/insert("literal")`: the
// folders added are where plugins are imported from too); any other statement makes the line unmodelled.
import { basename, dirname, join, resolve } from 'node:path';
import { parseToml } from '../engine/toml.js';
import type { ToolchainArgs } from './hook-toolchains.js';
import { iniSection } from './hook-runner-mypy.js';
import { obeyModule, upToTop } from './hook-runner-paths.js';
import { pythonPathFolders } from './hook-scripts.js';
import { read, type Walk } from './hook-walk.js';

const NAMES = ['pylintrc', '.pylintrc', 'pylintrc.toml', '.pylintrc.toml', 'pyproject.toml', 'setup.cfg', 'tox.ini'];
const REPORTERS = new Set(['text', 'parseable', 'colorized', 'json', 'json2', 'msvs', 'github']);
// The usual init-hook statements: imports of sys/os and literal import folders.
const HOOK_STATEMENT = /^(?:import\s+(?:sys|os|os\.path)(?:\s*,\s*(?:sys|os|os\.path))*|sys\.path\.(?:append|insert)\(\s*(?:-?\d+\s*,\s*)?(["'])[^"'\\]*\1\s*\))$/;
// pylint's default evaluation and the names it may use.
const EVALUATION = /^[\s\d.+\-*/(),<>=]*(?:(?:max|min|float|int|fatal|error|warning|refactor|convention|info|statement|if|else)[\s\d.+\-*/(),<>=]*)*$/;

// The pylint settings of one configuration file (keys lowercased, `_` as `-`), or why it cannot be read.
function settings(path: string, text: string): { keys: Map<string, string>; why?: string } {
  const name = basename(path);
  if (name.endsWith('.toml')) {
    let data: unknown;
    try {
      data = parseToml(text);
    } catch {
      return { keys: new Map(), why: `${name} does not parse` };
    }
    const keys = new Map<string, string>();
    const walk = (table: unknown): void => {
      if (typeof table !== 'object' || table === null) return;
      for (const [key, value] of Object.entries(table)) {
        if (typeof value === 'object' && value !== null && !Array.isArray(value)) walk(value);
        else keys.set(key.toLowerCase().replace(/_/g, '-'), [value].flat().map(String).join(','));
      }
    };
    walk((data as { tool?: { pylint?: unknown } }).tool?.pylint);
    return { keys };
  }
  const ini = iniSection(text, (section) => (['setup.cfg', 'tox.ini'].includes(name) ? /^pylint(?:\.|$)/i.test(section) : true));
  return { keys: new Map([...ini].map(([key, value]) => [key.replace(/_/g, '-'), value])) };
}

// Why an init-hook's Python is not modelled, or undefined; the folders it adds to the import path.
function initHook(code: string, from: string): { folders: string[]; why?: string } {
  const statements = code.replace(/^(["'])([\s\S]*)\1$/, '$2').split(/[;\n]/).map((one) => one.trim()).filter(Boolean);
  const odd = statements.find((one) => !HOOK_STATEMENT.test(one));
  if (odd !== undefined) return { folders: [], why: `\`${odd.slice(0, 80)}\` (init-hook code codeward does not model)` };
  return { folders: pythonPathFolders(statements.join('\n'), from).folders };
}

// The reporters `--output-format`/`-f` and `output-format` name: only the built-in ones (another is a class it imports).
const reporterUnknown = (value: string): string | undefined => value.split(',').map((one) => one.split(':')[0]!.trim()).find((one) => one !== '' && !REPORTERS.has(one));

export function pylintParts(walk: Walk, from: string, args: ToolchainArgs, rest: readonly string[]): void {
  const given = args.places[0];
  const candidates = given !== undefined ? [resolve(from, given)] : upToTop(walk.top, from).flatMap((folder) => NAMES.map((name) => join(folder, name)));
  rest.forEach((word, i) => {
    const value = /^--output-format=/.test(word) ? word.slice(16) : /^-f./.test(word) ? word.slice(2) : ['--output-format', '-f'].includes(word) ? rest[i + 1] ?? '' : undefined;
    const odd = value === undefined ? undefined : reporterUnknown(value);
    if (odd !== undefined) walk.unmodeled ??= `pylint's reporter \`${odd}\` (a module it imports)`;
  });
  // `--load-plugins` / `--init-hook` on the line: read like the configuration's (relative to the working folder).
  const line = new Map<string, string>();
  rest.forEach((word, i) => {
    const key = /^--(load-plugins|init-hook)(?:=|$)/.exec(word)?.[1];
    if (key !== undefined) line.set(key, word.includes('=') ? word.slice(word.indexOf('=') + 1) : rest[i + 1] ?? '');
  });
  const sets = [{ path: join(from, '.'), keys: line as ReadonlyMap<string, string>, where: 'pylint' }];
  for (const path of candidates) {
    walk.files.add(path);
    const text = read(walk, path);
    if (text === undefined) continue;
    const { keys, why } = settings(path, text);
    const where = `pylint reads ${basename(path)}`;
    if (why !== undefined) walk.unmodeled ??= `${where}: ${why}`;
    sets.push({ path, keys, where });
  }
  // Every init-hook runs before any plug-in is imported: its folders hold plug-ins named anywhere.
  const folders = sets.flatMap(({ keys, where }) => {
    const hook = keys.get('init-hook') === undefined ? { folders: [] } : initHook(keys.get('init-hook')!, from);
    if (hook.why !== undefined) walk.unmodeled ??= `${where}: ${hook.why}`;
    return hook.folders;
  });
  for (const { path, keys, where } of sets) {
    const evaluation = keys.get('evaluation');
    if (evaluation !== undefined && !EVALUATION.test(evaluation.replace(/^(["'])([\s\S]*)\1$/, '$2'))) walk.unmodeled ??= `${where}: \`evaluation\` (a Python expression codeward does not model)`;
    const reporter = reporterUnknown(keys.get('output-format') ?? '');
    if (reporter !== undefined) walk.unmodeled ??= `${where}: the reporter \`${reporter}\` (a module it imports)`;
    for (const plugin of (keys.get('load-plugins') ?? '').split(/[,\n]/).map((one) => one.trim().replace(/^["']|["']$/g, '')).filter(Boolean)) {
      if (!/^[A-Za-z_][\w.]*$/.test(plugin)) walk.unmodeled ??= `${where}: the plug-in \`${plugin}\` (a name codeward cannot resolve)`;
      else obeyModule(walk, plugin, [from, dirname(path), walk.top, ...folders]);
    }
  }
}
