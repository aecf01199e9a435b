// Two more things a hook's runner loads that the walk follows (red team round 12, issue 26), apart from
// obeyed-hooks.ts so that it stays one walk:
// - R12-5b: jest reads package.json's `jest` field like a jest.config.* (only that field: the rest of package.json
//   names the person's files); a configuration that COMPUTES a name in a loading position (`${root}/setup`,
//   `'./cfg/' + 'setup'`, `path.join(…)`, an alias import `@/cfg/setup`) may load any file below its folder: the
//   folder is obeyed (installed packages excepted, as for every hook glob).
// - R12-1: python puts the folder of the script it runs (the working folder for `-m` and `-c`) first on sys.path,
//   so every module there shadows the standard library and is what the script imports: its `*.py` files and
//   packages' `__init__.py` are obeyed.
import { basename, dirname, join, resolve } from 'node:path';
import { runnerConfigs } from './hook-configs.js';
import { moduleFiles } from './python-files.js';

// The package.json field a runner reads as its configuration.
const PACKAGE_FIELDS: Readonly<Record<string, string>> = { jest: 'jest', mocha: 'mocha', ava: 'ava', nyc: 'nyc', c8: 'c8' };

// The configuration texts the runners of `words` read from the folder `at`: each config file (those a flag
// names too: `--config tools/vt.config.ts`), and package.json's field of a runner that reads one.
export function configTexts(words: readonly string[], at: string, read: (path: string) => string | undefined): { path: string; text: string | undefined }[] {
  const found: { path: string; text: string | undefined }[] = runnerConfigs(words).map((name) => ({ path: resolve(at, name), text: read(resolve(at, name)) }));
  // package.json's field of each runner that reads one (jest, mocha, ava, nyc, c8; red team R13-7).
  const fields = words.map((word) => PACKAGE_FIELDS[basename(word)]).filter((field): field is string => field !== undefined);
  if (fields.length > 0) {
    const path = resolve(at, 'package.json');
    try {
      const json = JSON.parse(read(path) ?? 'null') as Record<string, unknown> | null;
      for (const name of fields) if (json?.[name] !== undefined) found.push({ path, text: JSON.stringify(json[name]) });
    } catch {
      // not JSON: npm itself fails on it
    }
  }
  return found;
}

// A name computed in a loading position of a JS configuration (or an alias import): which file it loads cannot be
// read from the text.
const COMPUTED_KEY = /\b(?:setupFiles\w*|globalSetup|globalTeardown|preset|testEnvironment|require|snapshotSerializers|reporters|plugins|transform|resolver|testSequencer|watchPlugins|setup|loader)["']?\s*[:=]\s*(?:\[[^\]]*(?:`[^`]*\$\{|["']\s*\+|\+\s*["']|\b(?:join|resolve|fileURLToPath|require\.resolve)\s*\()|`[^`]*\$\{|[A-Za-z_$][\w$.]*\s*[,}\n])/;
const ALIAS_IMPORT = /(?:\bfrom\s+|\bimport\s*\(?\s*|\brequire\s*\(\s*)["'](?:@\/|~\/|#)[^"'\n]*["']/;
export function computedLoads(text: string): boolean {
  return COMPUTED_KEY.test(text) || ALIAS_IMPORT.test(text);
}

// The folders python puts first on sys.path for the python commands of `words`, run from `from`: the script's
// folder, or `from` for `-c` and for `-m` of a module of the work tree (`isFile`: relative to `from`). `-m` of an
// installed tool (`python -m pytest`) is left out: the folder's modules are the person's tests (a documented limit:
// one there named like a standard-library module the tool imports).
export function pythonFirstFolders(words: readonly string[], from: string, isFile: (path: string) => boolean): string[] {
  const folders: string[] = [];
  words.forEach((word, at) => {
    if (!/^python(?:\d+(?:\.\d+)?)?$/.test(basename(word))) return;
    for (let i = at + 1; i < words.length; i++) {
      const arg = words[i]!;
      const module = arg === '-m' ? words[i + 1] : /^-m\w/.test(arg) ? arg.slice(2) : undefined;
      // -m a.b.c of a work-tree module: the working folder, and each package on the way (a relative import,
      // `from . import util`, reads the module's own package folder: red team R13-16).
      if (module !== undefined) return void (moduleFiles(module, true).some((file) => isFile(resolve(from, file))) && folders.push(from, ...packageFolders(module, from).map((folder) => `${folder}${TREE}`)));
      if (arg === '-c' || /^-[a-zA-Z]*c/.test(arg)) return void folders.push(from);
      if (['-W', '-X', '-Q'].includes(arg)) i++;
      else if (!arg.startsWith('-')) return void folders.push(dirname(resolve(from, arg)));
    }
  });
  return folders;
}

// The top-level package a dotted module name lies in (`a.b.c` -> FROM/a), whole: a relative import reaches
// any module of it (`from ..lib import u`, `from tools.sub import x`; red team R13-16, R13-22).
function packageFolders(module: string, from: string): string[] {
  const parts = module.split('.').filter((part) => part !== '');
  return parts.length > 1 || isPackageMain(parts) ? [resolve(from, parts[0]!)] : [];
}
// `python -m tools` runs tools/__main__.py: the package itself.
const isPackageMain = (parts: readonly string[]): boolean => parts.length === 1;

// A folder marked as a package tree (every module below it), not only its first level.
const TREE = '\0tree';

// What python may import from such a folder (as globs under it).
export const pythonShadowGlobs = (folder: string): string[] =>
  folder.endsWith(TREE) ? [join(folder.slice(0, -TREE.length), '**', '*.py')] : [join(folder, '*.py'), join(folder, '*', '__init__.py')];
