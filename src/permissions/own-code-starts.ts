// The spellings codeward is started by (red team R44-a2, R44-a5): the path this process was started as
// (process.argv[1]: node_modules/.bin/codeward, a global <prefix>/bin/codeward), each PATH folder's program of one of
// its bin names, and an area's node_modules/<name> and node_modules/.bin/<bin> (`npx codeward`). Each link on the way
// from one that leads into codeward's package is kept, wherever the real package is: a run that retargets
// <prefix>/lib/node_modules/codeward (a link into a checkout, `npm install -g .`) chooses what the next `codeward` runs.
import { delimiter, isAbsolute, join } from 'node:path';
import { inside, resolveLinks, type LinkCache } from './own-code-links.js';
import { binNames, packageJson } from './own-code-package.js';

export function startLinks(own: string, areas: readonly string[]): string[] {
  const json = packageJson(own);
  const known = typeof json === 'object' ? json : undefined;
  const bins = binNames(known);
  const name = typeof known?.name === 'string' ? [known.name] : [];
  const onPath = (process.env['PATH'] ?? '').split(delimiter).filter((folder) => isAbsolute(folder));
  const spellings = [
    ...(process.argv[1] !== undefined && isAbsolute(process.argv[1]) ? [process.argv[1]] : []),
    ...onPath.flatMap((folder) => bins.map((bin) => join(folder, bin))),
    ...areas.flatMap((area) => [...name.map((n) => join(area, 'node_modules', n)), ...bins.map((bin) => join(area, 'node_modules', '.bin', bin))]),
  ];
  const cache: LinkCache = new Map();
  return spellings.flatMap((spelling) => {
    const { links, end } = resolveLinks(spelling, cache);
    return links.length > 0 && inside(end, own) ? links : [];
  });
}
