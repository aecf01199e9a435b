import { mkdirSync, mkdtempSync, realpathSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { Workspace } from '../../src/workspace/workspace.js';
import { DEFAULT_NON_ACCESSIBLE_GLOBS } from '../../src/workspace/types.js';

// tree's walk asks once per folder (nonAccessibleIn) and then by name: the same answer as the per-path test,
// for the globs' every form, codeward's own state inside the root and the home's hidden paths.
describe('Workspace.nonAccessibleIn', () => {
  const root = realpathSync(mkdtempSync(join(tmpdir(), 'cw-na-in-')));
  afterAll(() => rmSync(root, { recursive: true, force: true }));

  it('answers as isNonAccessibleEntry for each entry of each folder', async () => {
    const globs = [...DEFAULT_NON_ACCESSIBLE_GLOBS, '**/.aws/credentials', 'cfg/private/**', 'top.txt', '**/x*y'];
    const workspace = await Workspace.open(root, { nonAccessibleGlobs: globs, ownState: [join(root, 'state', 'cw')], hiddenPaths: [join(root, 'home', 'id_rsa')] });
    const paths = ['.env', 'a/.env.local', 'a/.env.example', 'k.pem', 'secrets', 'secrets/a', 'a/secrets/b', '.aws/credentials', 'h/.aws/credentials', 'h/aws/credentials',
      'cfg/private', 'cfg/private/k', 'cfg/public', 'top.txt', 'a/top.txt', 'xay', 'a/xzy', 'state', 'state/cw', 'state/cw/j', 'state/other', 'home/id_rsa', 'home/id', 'plain.txt'];
    for (const path of paths) {
      const cut = path.lastIndexOf('/');
      const folder = cut < 0 ? '' : path.slice(0, cut);
      for (const blocked of [false, true]) {
        const parentBlocked = blocked || (folder !== '' && workspace.isNonAccessible(folder));
        expect(workspace.nonAccessibleIn(folder, parentBlocked)(path.slice(cut + 1)), `${path} ${blocked}`).toBe(workspace.isNonAccessibleEntry(path, parentBlocked));
      }
    }
  });
});

// A listing (search's path filter, the code index's) asks once per folder (hiddenFromReadersIn) and then by
// name: the same answer as the per-path reader check, by name and with the credential store content check,
// for the non-accessible globs, the credential globs, git's object store, a repository config holding a
// credential, a config file git loads (an include) holding one, and the password stores the configs name.
describe('Workspace.hiddenFromReadersIn', () => {
  const root = realpathSync(mkdtempSync(join(tmpdir(), 'cw-hidden-in-')));
  afterAll(() => rmSync(root, { recursive: true, force: true }));

  it('answers as isHiddenFromReadersByName and isHiddenFromReadersEntry for each entry of each folder', async () => {
    const credential = 'https://u:ghp_TOKEN123456@github.com\n';
    const files: Record<string, string> = {
      '.git/HEAD': 'ref: refs/heads/main\n',
      '.git/config': `[remote "o"]\n\turl = ${credential}[include]\n\tpath = ../inc/extra.cfg\n[credential]\n\thelper = store --file=sec/named-store\n`,
      'inc/extra.cfg': `[remote "p"]\n\turl = ${credential}`,
      'inc/other.cfg': '[core]\n\tbare = false\n',
      'sec/named-store': credential,
      'sec/unnamed-store': credential,
      'sec/plain.txt': 'hello\n',
      'sub/config': '[core]\n\tbare = false\n',
      'sub/.env': 'A=1\n',
      '.git/objects/ab/cdef0123456789abcdef0123456789abcdef01': 'x',
      '.git/objects/pack/pack-1.pack': 'x',
      'x/objects/ab/short': 'x',
      'h/.aws/credentials': 'x',
      'h/.ssh/id_rsa': 'x',
      'a/b/c.ts': 'export const c = 1;\n',
      'k.pem': 'x',
      'cfg/private/k': 'x',
    };
    for (const [path, text] of Object.entries(files)) {
      mkdirSync(join(root, path, '..'), { recursive: true });
      writeFileSync(join(root, path), text);
    }
    const workspace = await Workspace.open(root, { nonAccessibleGlobs: [...DEFAULT_NON_ACCESSIBLE_GLOBS, 'cfg/private/**'], home: join(root, 'no-home'), env: { HOME: join(root, 'no-home') } });
    const paths = [...Object.keys(files), '.git', '.git/objects', 'lost-found/other/x', 'inc/missing.cfg', 'sub/config.worktree', 'cfg/private', 'cfg/public'];
    let hidden = 0;
    for (const path of paths) {
      const cut = path.lastIndexOf('/');
      const folder = cut < 0 ? '' : path.slice(0, cut);
      for (const byName of [true, false]) {
        for (const blocked of [false, true]) {
          const parentHidden = blocked || (folder !== '' && workspace.isHiddenFromReadersByName(folder, false));
          const expected = byName ? workspace.isHiddenFromReadersByName(path, parentHidden) : workspace.isHiddenFromReadersEntry(path, parentHidden);
          if (expected && !blocked) hidden++;
          expect(workspace.hiddenFromReadersIn(folder, parentHidden, byName)(path.slice(cut + 1)), `${path} byName=${byName} blocked=${blocked}`).toBe(expected);
        }
      }
    }
    // The rows are not all trivial: the credential config, the include, the named store, the object store, the globs.
    for (const path of ['.git/config', 'inc/extra.cfg', 'sec/named-store', '.git/objects/pack/pack-1.pack', 'h/.ssh/id_rsa', 'k.pem', 'cfg/private/k']) {
      expect(workspace.hiddenFromReadersIn(path.slice(0, path.lastIndexOf('/') < 0 ? 0 : path.lastIndexOf('/')), false, true)(path.slice(path.lastIndexOf('/') + 1)), path).toBe(true);
    }
    expect(workspace.hiddenFromReadersIn('sec', false, false)('unnamed-store')).toBe(true);
    expect(workspace.hiddenFromReadersIn('sec', false, true)('unnamed-store')).toBe(false);
    expect(workspace.hiddenFromReadersIn('inc', false, false)('other.cfg')).toBe(false);
    expect(hidden).toBeGreaterThan(10);
  });
});

// The folder tests a workspace keeps between listings are its own: a workspace made with other globs (a changed
// non-accessible setting: the engine's setup makes a new one, withOptions) answers by its globs, not by the
// tests the first one kept.
describe('Workspace.hiddenFromReadersIn kept tests', () => {
  const root = realpathSync(mkdtempSync(join(tmpdir(), 'cw-hidden-kept-')));
  afterAll(() => rmSync(root, { recursive: true, force: true }));

  it('a workspace with another non-accessible glob hides what the first one showed, and the first still shows it', async () => {
    mkdirSync(join(root, 'a', 'b'), { recursive: true });
    writeFileSync(join(root, 'a', 'b', 'c.ts'), 'export const c = 1;\n');
    const first = await Workspace.open(root, { nonAccessibleGlobs: [...DEFAULT_NON_ACCESSIBLE_GLOBS] });
    for (const byName of [true, false]) expect(first.hiddenFromReadersIn('a/b', false, byName)('c.ts')).toBe(false);
    const tighter = first.withOptions({ nonAccessibleGlobs: [...DEFAULT_NON_ACCESSIBLE_GLOBS, '**/c.ts'] });
    for (const byName of [true, false]) expect(tighter.hiddenFromReadersIn('a/b', false, byName)('c.ts')).toBe(true);
    expect(first.hiddenFromReadersIn('a/b', false, true)('c.ts')).toBe(false);
    // A kept folder test still reads the content that decides: a file turning into a credential store is hidden.
    writeFileSync(join(root, 'a', 'b', 'c.ts'), 'https://u:ghp_TOKEN123456@github.com\n');
    expect(first.hiddenFromReadersIn('a/b', false, false)('c.ts')).toBe(true);
    expect(first.hiddenFromReadersIn('a/b', false, true)('c.ts')).toBe(false);
  });
});
