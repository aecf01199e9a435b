// Inside node_modules a walk for repositories enters only package folders (`node_modules/x`, `node_modules/@s/x`)
// and nested node_modules: a clone sits at a package's top (obeyed-repos.ts; git-nested-repos.ts walks every folder).
export const MODULES = /(?:^|\/)node_modules(?:\/|$)/;

// Where `rel` lies in a node_modules tree: -1 outside one, else how many names below the last node_modules.
function belowModules(names: readonly string[]): number {
  const at = names.lastIndexOf('node_modules');
  return at === -1 ? -1 : names.length - 1 - at;
}

// Whether the folder `rel` (its last name `name`) is left out as a file of a package rather than a package.
export function insidePackage(rel: string, name: string): boolean {
  if (!MODULES.test(rel)) return false;
  const names = rel.split('/');
  const below = belowModules(names);
  if (below <= 1) return false;
  if (below === 2 && names[names.length - 2]!.startsWith('@')) return false;
  return name !== 'node_modules';
}
