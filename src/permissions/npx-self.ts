import { realpathSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { metadataText } from '../git/config-read.js';

// npx's entry for the workspace ITSELF (docs29's newcomer finding: `npx codeward ...` run in codeward's own checkout
// was refused every write). npx, asked for a package the folder it runs in is, installs `file:<that folder>` into
// `<npm cache>/_npx/<hash>/` and links `node_modules/<name>` to the folder; the hash is of that spec, so npx runs the
// entry only when asked for that folder again, which runs the workspace's own code as `npm test` does. Such a link is
// no program of a tool home that the workspace plants; any other link from the cache's _npx into the workspace (a
// registry package's entry, a link to a file or a subfolder, an entry naming another spec) stays obeyed.
const ENTRY = /^(?:[^=/]*=)?(.*\/_npx\/[^/]+)\/node_modules\/(?:\.bin\/[^/]+|(?:@[^/]+\/)?[^/]+)$/;

const real = (path: string): string | undefined => {
  try {
    return realpathSync(path);
  } catch {
    return undefined;
  }
};

// Whether `link` (a path in npm's cache, as the scan names it: `npm_config_cache=PATH` too) is npx's entry for exactly
// the workspace root `root` (real path): the package's link, or its bin's (`node_modules/.bin/codeward` ->
// dist/bin/codeward.js), leading into that root.
export function isNpxSelf(link: string, root: string): boolean {
  const entry = ENTRY.exec(link)?.[1];
  if (entry === undefined) return false;
  const target = real(link.slice(link.indexOf(entry)));
  const bin = link.slice(link.indexOf(entry) + entry.length).startsWith('/node_modules/.bin/');
  if (target === undefined || (target !== root && !(bin && target.startsWith(`${root}/`)))) return false;
  let manifest: unknown;
  try {
    // Unread (past the bound, not a regular file): not known to be the workspace's entry, so the link stays obeyed.
    manifest = JSON.parse(metadataText(join(entry, 'package.json'), 64 * 1024).text ?? 'null');
  } catch {
    return false;
  }
  if (typeof manifest !== 'object' || manifest === null) return false;
  const { dependencies, _npx: npx } = manifest as { dependencies?: unknown; _npx?: { packages?: unknown } };
  const specs = typeof dependencies === 'object' && dependencies !== null ? Object.values(dependencies) : [];
  const packages = Array.isArray(npx?.packages) ? npx.packages : [];
  const isRoot = (path: unknown): boolean => typeof path === 'string' && real(path) === root;
  const spec = specs.length === 1 && typeof specs[0] === 'string' && specs[0].startsWith('file:') ? specs[0].slice(5) : undefined;
  return spec !== undefined && packages.length === 1 && isRoot(resolve(entry, spec)) && isRoot(packages[0]);
}
