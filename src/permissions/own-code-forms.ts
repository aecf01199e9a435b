// How node's require names the places it tries (red team R45-a1, R45-a4), for own-code-tree.ts: the file forms it tries
// for a path before the folder (Module._findPath's tryExtensions), and the global folders it looks in last
// (Module._initPaths), a relative NODE_PATH entry as node resolves it: against the cwd of the codeward that requires.
import { createRequire } from 'node:module';
import { homedir } from 'node:os';
import { delimiter, dirname, isAbsolute, join, resolve } from 'node:path';

// '' (the path itself), then .js, .json, .node and every extension registered in this process (a loader's .ts).
export function fileForms(): string[] {
  return [...new Set(['', '.js', '.json', '.node', ...Object.keys(createRequire(import.meta.url).extensions)])];
}

// NODE_PATH's folders, ~/.node_modules, ~/.node_libraries and <prefix>/lib/node; ESM's import does not look there, but
// the tree holds CommonJS packages. A relative NODE_PATH entry lands wherever the next codeward is started: it is
// taken against this process's cwd and against each area (the workspace, a sandboxWritable folder).
export function globalFolders(areas: readonly string[]): string[] {
  const home = homedir();
  const bases = [...cwdOf(), ...areas];
  const fromEnv = (process.env['NODE_PATH'] ?? '').split(delimiter).filter((entry) => entry !== '').flatMap((entry) => (isAbsolute(entry) ? [resolve(entry)] : bases.map((at) => resolve(at, entry))));
  return [...new Set([...fromEnv, ...(isAbsolute(home) ? [join(home, '.node_modules'), join(home, '.node_libraries')] : []), join(dirname(dirname(process.execPath)), 'lib', 'node')])];
}

function cwdOf(): string[] {
  try {
    return [process.cwd()];
  } catch {
    return [];
  }
}
