// What `flake8` runs (issue 26, red team 18 F3). flake8's docs ("Configuring Flake8": [flake8] of setup.cfg, tox.ini
// or .flake8 in the working folder, then its parents, or the file `--config` names, plus `--append-config`;
// "Using Local Plugins": [flake8:local-plugins] `extension =` / `report =` lines `CODE = module:attr`, imported with
// the `paths` folders, relative to the configuration, first on the import path). Installed plug-ins are the
// person's environment. The sources are read, not run: they stay free. A `paths` folder is obeyed whole (the
// plug-in's own imports live there); a value spelled with a variable makes the line unmodelled.
import { basename, dirname, join, resolve } from 'node:path';
import type { ToolchainArgs } from './hook-toolchains.js';
import { iniSection } from './hook-runner-mypy.js';
import { obeyModule, obeyNamed, upToTop } from './hook-runner-paths.js';
import { read, type Walk } from './hook-walk.js';

const NAMES = ['setup.cfg', 'tox.ini', '.flake8'];

export function flake8Parts(walk: Walk, from: string, args: ToolchainArgs, rest: readonly string[]): void {
  const named = args.places.map((one) => resolve(from, one));
  const config = rest.some((word) => word === '--config' || word.startsWith('--config='));
  const candidates = [...(config ? [] : upToTop(walk.top, from).flatMap((folder) => NAMES.map((name) => join(folder, name)))), ...named];
  for (const path of candidates) {
    walk.files.add(path);
    const text = read(walk, path);
    if (text === undefined) continue;
    const where = `flake8 reads ${basename(path)}`;
    const local = iniSection(text, 'flake8:local-plugins');
    const paths = (local.get('paths') ?? '').split(/[,\n]/).map((one) => one.trim()).filter(Boolean);
    const modules = [...(local.get('extension') ?? '').split('\n'), ...(local.get('report') ?? '').split('\n')]
      .map((line) => line.replace(/^[^=]*=/, '').trim().replace(/:[\w.]+$/, ''))
      .filter(Boolean);
    for (const spelled of [...paths, ...modules]) if (/[$%`~]/.test(spelled)) walk.unmodeled ??= `${where}: \`${spelled}\` (a local plug-in only known at run time)`;
    for (const folder of paths) obeyNamed(walk, folder, [dirname(path)]);
    const bases = [...paths.map((folder) => resolve(dirname(path), folder)), from, dirname(path), walk.top];
    for (const module of modules) {
      if (/^[A-Za-z_][\w.]*$/.test(module)) obeyModule(walk, module, bases);
      else walk.unmodeled ??= `${where}: the local plug-in \`${module}\` (a name codeward cannot resolve)`;
    }
  }
}
