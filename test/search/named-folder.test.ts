import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { removeDir, runCli, tempDir, writeFiles } from '../helpers/fixture.js';

// Issue 28 item 3, through the real binary: a folder the caller names is searched even when a
// .gitignore ignores it (as rg does for an explicit path; the rules still apply below it), and a search
// that finds nothing names what it did not look at.
let root: string;
let home: string;
beforeEach(async () => {
  root = await tempDir();
  home = await tempDir('codeward-home-');
  await writeFiles(root, {
    '.gitignore': 'node_modules/\n*.log\nbuild\n',
    'node_modules/pkg/index.js': 'export function findMe() {}\n',
    'node_modules/pkg/debug.log': 'findMe\n',
    'node_modules/pkg/node_modules/dep/index.js': 'findMe\n',
    'build/out.js': 'findMe\n',
    '.env': 'findMe=1\n',
    'src/a.ts': 'export {};\n',
  });
});
afterEach(async () => {
  await removeDir(root);
  await removeDir(home);
});

const cli = (args: string[]) => runCli(['--json', ...args], { cwd: root, env: { CODEWARD_STATE_DIR: home, HOME: home } });

describe('search in a folder the caller names', () => {
  it('a gitignored folder named with --dir is searched; what is ignored below it stays skipped', () => {
    const result = cli(['search', '--term', 'findMe', '--dir', 'node_modules/pkg']);
    expect(result.json.ok).toBe(true);
    expect(result.json.data.matches.map((match: { path: string }) => match.path)).toEqual(['node_modules/pkg/index.js']);
    expect(result.json.data.complete).toBe(true);
    const globbed = cli(['search', '--term', 'findMe', '--dir', 'node_modules/pkg', '--glob', '*.js']);
    expect(globbed.json.data.matches.map((match: { path: string }) => match.path)).toEqual(['node_modules/pkg/index.js']);
  });

  it('a search that finds nothing names the skipped entries at its top, and the non-accessible ones', () => {
    const result = cli(['search', '--term', 'findMe']);
    expect(result.json.ok).toBe(true);
    expect(result.json.data.matches).toEqual([]);
    expect(result.json.warnings).toEqual([
      'no match in the files searched; not searched by the default rules (dot-files, node_modules, vendor, gitignored): .gitignore, build/, node_modules/ at the top of the workspace; --include-hidden searches them, or name one with --dir; 1 non-accessible entry (the hidden-files globs) never searched',
    ]);
    const all = cli(['search', '--term', 'findMe', '--include-hidden']);
    expect(all.json.data.matches.map((match: { path: string }) => match.path)).toContain('build/out.js');
    expect(all.json.data.matches.map((match: { path: string }) => match.path)).not.toContain('.env');
  });

  it('tree and list of the named ignored folder show its entries', () => {
    expect(cli(['tree', '--dir', 'node_modules/pkg']).json.data.entries).toContainEqual({ path: 'node_modules/pkg/index.js', type: 'file' });
    expect(cli(['list', '--path', 'node_modules/pkg']).json.data.entries.map((entry: { name: string }) => entry.name)).toContain('index.js');
  });
});
