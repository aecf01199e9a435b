import { basename, dirname } from 'node:path';
import { binsUp } from './node-resolve.js';
import { wholeTree } from './obeyed-env-runtime.js';
import { variableLoads } from './home-sources-assign.js';
import type { Loaded } from './home-sources-expand.js';
import { keyRole, pathLike } from './pkg-config-keys.js';
import { pkgEntries } from './pkg-config-read.js';

// What the person's own npm, pnpm, yarn and bun obey with no hook running them (red team R19-16, R19-12, CRITICAL):
// the next plain `npm test` runs its scripts through `.npmrc`'s `script-shell` with its `node-options`, yarn hands
// every command to `yarnPath` and loads `plugins`, pnpm runs the `pnpmfile`, bun loads `preload`. The files
// (pkg-config-files.ts) count at every depth of the workspace and above it (home-sources.ts projectItems, like
// cargo's); what each key names: the one table, pkg-config-keys.ts. A key not in it whose value is spelled like a
// path, a path only known at run time (`${VAR}`), or a file that does not parse: the whole work tree, named.

const URL_OR_NAME = /^(?:[a-z][\w+.-]*:\/\/|@|npm:|github:|git\+)/i;

// What the file `file` (absolute) names: paths relative to its folder or absolute; the whole tree when not understood.
export function pkgConfigLoads(text: string, vars: Map<string, string>, file: string): Loaded[] {
  const name = basename(file);
  const dir = dirname(file);
  const home = vars.get('HOME');
  const fail = (why: string): Loaded => wholeTree(`the package manager reads ${name}: ${why}`);
  let entries;
  try {
    entries = pkgEntries(name, text);
  } catch {
    return [fail('it does not parse')];
  }
  const out: Loaded[] = [];
  for (const { key, values } of entries) {
    const role = keyRole(key);
    if (role === 'data') continue;
    for (const raw of values) {
      const value = raw.trim();
      if (value === '') continue;
      if (role === undefined) {
        if (pathLike(value)) out.push(fail(`\`${key}\` = \`${value}\` (a key codeward does not model, naming a path)`));
        continue;
      }
      if (role === 'module' && normalKey(key) === 'nodeoptions') {
        out.push(...variableLoads('NODE_OPTIONS', [{ text: value, single: true }], vars, dir));
        continue;
      }
      if (URL_OR_NAME.test(value) && role !== 'module') continue;
      // npm expands `${HOME}` (a person's `prefix=${HOME}/.npm-global`); any other variable is only known at run time.
      const expanded = home === undefined ? value : value.replace(/\$\{HOME\}|\$HOME\b/g, home);
      if (expanded.includes('$')) {
        out.push(fail(`\`${key}\` = \`${value}\` (a path only known at run time)`));
        continue;
      }
      const path = expanded.replace(/^(?:file|link|portal):/, '').replace(/^~(?=\/|$)/, home ?? '~');
      // A module by bare name: node or bun resolves it from the folder it runs in (home-sources-modules.ts).
      if (role === 'module' && !pathLike(path) && !/\.[cm]?[jt]sx?$/.test(path)) out.push({ path, module: { spec: path, from: dir } });
      else if (role === 'folder') out.push({ path, folder: true });
      else if (role === 'config') out.push({ path, kind: 'pkgconf' });
      else if (role === 'dotenv') out.push({ path, kind: 'dotenv' });
      else out.push({ path });
      // A program by bare name (`script-shell=evil`, `git=g`): npm spawns it with its scripts' PATH, where every
      // node_modules/.bin from the project's folder up comes first (@npmcli/run-script), so what an install or a
      // write puts there is what runs.
      if (role === 'program' && !path.includes('/')) out.push(...binsUp(dir, path).map((bin) => ({ path: bin })));
    }
  }
  return out;
}

const normalKey = (key: string): string => key.toLowerCase().replace(/[-_]/g, '');
