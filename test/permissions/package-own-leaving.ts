// The scanner of the package-own tests (R23-12): whether a package file's code, in `from` of the package
// /w/node_modules/x, loads a computed name leaving its package (computedLeaving's reason, or undefined).
import { blocksOf } from '../../src/permissions/node-package-blocks.js';
import { computedLeaving } from '../../src/permissions/node-package-computed.js';

export const FOLDER = '/w/node_modules/x';
export const leaving = (code: string, from = `${FOLDER}/lib`): string | undefined => {
  const blocks = blocksOf(code);
  return computedLeaving(blocks.stripped, from, FOLDER, blocks);
};
// The own folder cut at node_modules: the project's top.
export const CUT = '__dirname.split("node_modules")[0]';
