// Issue 28: a staged `npm install` printed one "protected ... not applied" line per CI workflow file inside
// node_modules. The text folds the paths of one package folder set aside for one reason into one line with
// their count, and what lies below a folder set aside into that folder's line; groups that share a reason are
// listed under it, the reason said once; every path stays in the data (setAside).
import { describe, expect, it } from 'vitest';
import { formatChanges } from '../../src/shell/stage/report.js';

const WORKFLOW = 'protected: a CI workflow (.github/workflows): it runs on the next push; not applied';

function workflows(pkg: string, count: number): { path: string; reason: string }[] {
  return Array.from({ length: count }, (_, i) => ({ path: `${pkg}/.github/workflows/w${i}.yml`, reason: WORKFLOW }));
}

describe('staged changes in text', () => {
  it('folds set-aside paths by package folder, one line each with a count', () => {
    const setAside = [...workflows('node_modules/a', 3), ...workflows('node_modules/@s/b', 2), ...workflows('node_modules/a/node_modules/c', 1), { path: 'prod.conf', reason: 'denied by rule "@coder * prod.conf" (deny) from --deny; not applied' }, { path: 'node_modules/a/x.sh', reason: 'setuid; not applied' }];
    const lines = formatChanges({ created: 1, changed: 0, deleted: 0, files: [{ path: 'out.txt', change: 'created' }], setAside, keptIn: '/state/kept-x' });
    const aside = lines.slice(lines.findIndex((line) => line.startsWith('[not applied')));
    expect(aside[0]).toBe("[not applied: 8 paths; the command's versions are in /state/kept-x]");
    expect(aside.slice(1, -1)).toEqual([
      `  6 paths: ${WORKFLOW}`,
      '    node_modules/a/ (3 paths, e.g. .github/workflows/w0.yml)',
      '    node_modules/@s/b/ (2 paths, e.g. .github/workflows/w0.yml)',
      '    node_modules/a/node_modules/c/.github/workflows/w0.yml',
      '  prod.conf: denied by rule "@coder * prod.conf" (deny) from --deny; not applied',
      '  node_modules/a/x.sh: setuid; not applied',
    ]);
  });

  it('folds what lies below a folder set aside (a .git the command made) into that folder\'s line', () => {
    const made = 'protected: git metadata (.git/); not applied';
    const setAside = ['sub/.git', 'sub/.git/HEAD', 'sub/.git/objects', 'sub/.git/objects/ab'].map((path) => ({ path, reason: made }));
    const lines = formatChanges({ created: 0, changed: 0, deleted: 0, files: [], setAside: [...setAside, { path: 'sub/.git2', reason: made }] });
    expect(lines).toEqual(['[not applied: 5 paths]', `  5 paths: ${made}`, '    sub/.git/ (4 paths)', '    sub/.git2']);
  });

  it('counts the paths beyond the data\'s cap, and says where the rest of the lines are', () => {
    const setAside = Array.from({ length: 30 }, (_, i) => workflows(`node_modules/p${i}`, 2)).flat();
    const lines = formatChanges({ created: 0, changed: 0, deleted: 0, files: [], setAside, asideMore: 7 });
    expect(lines[0]).toBe('[not applied: 67 paths]');
    // One reason: said once, 20 package folders listed, the rest counted.
    expect(lines[1]).toBe(`  60 paths: ${WORKFLOW}`);
    expect(lines).toHaveLength(23);
    expect(lines[22]).toBe('  … 20 more paths');
  });
});
