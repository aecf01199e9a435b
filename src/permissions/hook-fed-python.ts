// What Python code given as text (`python3 -c`, a here-document fed to python) loads besides its `import` statements
// (red team R23-3, R23-11). Python finds a module on sys.path, so code that moves sys.path moves every later import:
// `sys.path.insert(0, 'tools'); import x` runs tools/x.py, `site.addsitedir('tools')` runs the `import` lines of
// tools/*.pth. A folder put on the path with a literal is obeyed whole (as perl's `-Itools`); any other use of the
// import machinery (a computed folder, sys.path assigned, importlib's loaders, pkgutil, zipimport, ctypes) cannot be
// followed and makes the line `unknown` (the caller fails closed): default deny, not a list of spellings.
import { callSites, splitArgs, type CallSite, type Token } from '../shell/parse-inline.js';
import { moduleFiles } from './python-files.js';
import type { Fed } from './hook-fed-words.js';

// `sys.path.insert(i, DIR)`, `sys.path.append(DIR)`, `site.addsitedir(DIR)`: the argument that names the folder.
const PATH_EDITS = /\b(?:sys\s*\.\s*path\s*\.\s*(?:insert|append)|site\s*\.\s*addsitedir)\s*(?=\()/;
// sys.path reached any other way (assigned, extended, sliced, `from sys import path`), and loaders that take a file
// or build a module from text.
const UNFOLLOWED = [
  /\bsys\s*\.\s*path\b(?!\s*\.\s*(?:insert|append)\s*\()/,
  /\bfrom\s+sys\s+import\b[^\n;]*\bpath\b/,
  /\bfrom\s+site\s+import\b/,
  /\bimportlib\s*\.\s*(?:util|machinery|abc|reload)\b|\bfrom\s+importlib\s*\.\s*(?:util|machinery|abc)\b/,
  /\b(?:spec_from_file_location|spec_from_loader|module_from_spec|SourceFileLoader|SourcelessFileLoader|ExtensionFileLoader|FileFinder|exec_module|load_module)\b/,
  /\b(?:pkgutil|zipimport|imp|ctypes|cffi|meta_path|path_hooks|path_importer_cache|PYTHONPATH)\b/,
];

// The names of the import machinery a line's Python code uses that codeward cannot follow, or undefined.
export function pythonUnfollowed(code: string): string | undefined {
  for (const pattern of UNFOLLOWED) {
    const found = pattern.exec(code);
    if (found) return found[0].trim();
  }
  return undefined;
}

// Folders the code puts on sys.path with a literal: every file below each is obeyed; a computed one is unknown.
export function pythonPathFolders(fed: Fed, name: string, tokens: readonly Token[]): void {
  for (const site of callSites(tokens, PATH_EDITS)) {
    const args = splitArgs(site.args);
    const arg = /insert/.test(site.api) ? args[1] : args[0];
    const folder = literalOf(arg);
    if (folder === undefined) {
      fed.unknown ??= `\`${name}\` puts a folder on Python's path that is only known at run time (${site.api.replace(/\s+/g, '')})`;
      continue;
    }
    const clean = folder.replace(/^\.\/?/, '').replace(/\/+$/, '');
    if (clean.startsWith('/')) continue;
    (fed.globs ??= []).push(clean === '' ? '**' : `${clean}/**`);
  }
}

// A module named by a loading call (`__import__`, `importlib.import_module`, `runpy.run_module`): the files it runs,
// or a reason it is unknown. `false`: not such a call.
export function pythonModuleCall(site: CallSite, literal: string | undefined): string[] | string | false {
  if (!/__import__|import_module|run_module/.test(site.api)) return false;
  if (literal === undefined || !/^\.*[\w.]*$/.test(literal)) return `${site.api} of a module named at run time`;
  const args = splitArgs(site.args).slice(1);
  let module = literal;
  if (literal.startsWith('.')) {
    // `import_module('.x', 'tools')`: relative to the package given second.
    const base = literalOf(args[0]);
    if (base === undefined || /^\.\./.test(literal) || !/import_module/.test(site.api)) return `${site.api} of a relative module`;
    module = `${base}${literal}`;
  }
  const files = moduleFiles(module, /run_module/.test(site.api));
  if (!/__import__/.test(site.api)) return files;
  // `__import__('tools', fromlist=['x'])` imports tools.x too; a level above 0 is relative to a caller's package.
  for (const arg of args) {
    for (const token of arg) {
      if (token.kind === 'string') files.push(...moduleFiles(`${module}.${token.value}`));
      else if (/\blevel\s*=\s*[1-9]/.test(token.text) || /[A-Za-z_]/.test(token.text.replace(/\b(?:fromlist|globals|locals|level|None|True|False)\b|\bglobals\(\)|\blocals\(\)/g, ''))) {
        return `${site.api} with arguments only known at run time`;
      }
    }
  }
  return files;
}

function literalOf(arg: readonly Token[] | undefined): string | undefined {
  const parts = (arg ?? []).filter((token) => token.kind === 'string' || token.text.trim() !== '');
  return parts.length === 1 && parts[0]!.kind === 'string' ? parts[0]!.value : undefined;
}
