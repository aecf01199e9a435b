// What the worker's walks leave out unless asked, like the engine's tree (CONTRACT "tree"): `.git` always
// (git's own files: objects, hooks, config), `node_modules` and `vendor` unless the payload says
// `include_hidden: true`. Only entries *below* the folder the caller named: a caller that names
// `node_modules/pkg` (or `.git`) as the path has asked for it and gets it.
const ALWAYS = new Set(['.git']);
const UNLESS_ASKED = new Set(['node_modules', 'vendor']);

export function skippedEntry(name: string, isDir: boolean, includeHidden: boolean | null | undefined): boolean {
  if (ALWAYS.has(name)) return true;
  return isDir && includeHidden !== true && UNLESS_ASKED.has(name);
}
