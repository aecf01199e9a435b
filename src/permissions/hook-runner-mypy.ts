// What `mypy` runs (issue 26, red team F4). mypy's docs ("The mypy configuration file"): it reads the first of
// mypy.ini, .mypy.ini, pyproject.toml ([tool.mypy]) and setup.cfg ([mypy]) in the working folder, then in each
// parent up to the repository's root (or the file `--config-file` names); its `plugins` are imported and run
// (a `.py` path is relative to the configuration file, `module:function` names the entry point), and
// `python_executable` is run to find the packages. mypy does not run the code it checks: the sources and stubs
// stay free. Every candidate file is obeyed (made later, it is read), the plugins' files too; a file that does not
// parse or a plugin named through a variable makes the line unmodelled.
import { basename, dirname, join, resolve } from 'node:path';
import { parseToml } from '../engine/toml.js';
import type { ToolchainArgs } from './hook-toolchains.js';
import { obeyModule, obeyNamed, upToTop } from './hook-runner-paths.js';
import { read, type Walk } from './hook-walk.js';

const NAMES = ['mypy.ini', '.mypy.ini', 'pyproject.toml', 'setup.cfg'];

// The `[section]` keys of an INI text (configparser: `key = value` or `key: value`, indented continuation lines);
// `section` a test: the keys of every section it accepts (pylint's `[MAIN]`, `[pylint.typecheck]` ...).
export function iniSection(text: string, section: string | ((name: string) => boolean)): Map<string, string> {
  const values = new Map<string, string>();
  let within = false, key: string | undefined;
  for (const line of text.split(/\r?\n/)) {
    if (/^\s*[#;]/.test(line) || line.trim() === '') continue;
    const header = /^\[([^\]]+)\]/.exec(line);
    if (header) {
      within = typeof section === 'string' ? header[1]!.trim() === section : section(header[1]!.trim());
      key = undefined;
    } else if (within && /^\s/.test(line) && key !== undefined) values.set(key, `${values.get(key)!}\n${line.trim()}`);
    else if (within) {
      const pair = /^([^=:\s][^=:]*?)\s*[=:]\s*(.*)$/.exec(line);
      key = pair?.[1]!.toLowerCase().replace(/-/g, '_');
      if (pair && key !== undefined) values.set(key, pair[2]!.trim());
    }
  }
  return values;
}

// mypy's `plugins` and `python_executable` of one configuration file, or why it cannot be read.
function settings(path: string, text: string): { plugins: string[]; python?: string; why?: string } {
  if (basename(path) === 'pyproject.toml') {
    let data: unknown;
    try {
      data = parseToml(text);
    } catch {
      return { plugins: [], why: `${basename(path)} does not parse` };
    }
    const mypy = (data as { tool?: { mypy?: Record<string, unknown> } }).tool?.mypy ?? {};
    const plugins = [mypy['plugins']].flat().filter((one) => one !== undefined);
    if (plugins.some((one) => typeof one !== 'string') || (mypy['python_executable'] !== undefined && typeof mypy['python_executable'] !== 'string')) return { plugins: [], why: `${basename(path)}: a [tool.mypy] plugin that is not text` };
    return { plugins: (plugins as string[]).flatMap((one) => one.split(',')), ...(typeof mypy['python_executable'] === 'string' ? { python: mypy['python_executable'] } : {}) };
  }
  const section = iniSection(text, 'mypy');
  const python = section.get('python_executable');
  return { plugins: (section.get('plugins') ?? '').split(/[,\n]/), ...(python === undefined ? {} : { python }) };
}

export function mypyParts(walk: Walk, from: string, args: ToolchainArgs): void {
  const named = args.places.length > 0 && args.places[0] !== undefined ? [resolve(from, args.places[0])] : [];
  const candidates = named.length > 0 ? named : upToTop(walk.top, from).flatMap((folder) => NAMES.map((name) => join(folder, name)));
  for (const path of candidates) {
    walk.files.add(path);
    const text = read(walk, path);
    if (text === undefined) continue;
    const found = settings(path, text);
    if (found.why !== undefined) walk.unmodeled ??= `mypy reads ${found.why}`;
    if (found.python !== undefined) obeyNamed(walk, found.python, [from]);
    for (const spelled of found.plugins.map((one) => one.trim()).filter(Boolean)) {
      if (/[$%`~]/.test(spelled)) {
        walk.unmodeled ??= `mypy's plugin \`${spelled}\` (a name only known at run time)`;
        continue;
      }
      const plugin = spelled.replace(/:[\w.]+$/, '');
      if (plugin.endsWith('.py') || plugin.includes('/')) obeyNamed(walk, plugin, [dirname(path)]);
      // A module: imported from the working folder (`python -m mypy`), the configuration's folder, the top, or
      // an installed package in a workspace virtual environment (friction's leftover 3).
      else obeyModule(walk, plugin, [from, dirname(path), walk.top]);
    }
  }
}
