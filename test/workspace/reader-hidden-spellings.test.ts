// ReaderHidden tests a walk's every entry against the credential configs by its path under the root; a
// plain relative path skips path.join's normalising (issue 30: most of that check's cost on 20 k files).
// The verdict is the same for every spelling of the root and of the path: a plain one, and ones join
// normalises (`./`, `//`, `..`, a trailing slash), which keep the join.
import { spawnSync } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ReaderHidden } from '../../src/workspace/reader-hidden.js';
import { removeDir, tempDir, writeFiles } from '../helpers/fixture.js';

let root: string;
let home: string;
beforeAll(async () => {
  root = await tempDir('cw-hidden-spellings-');
  home = await tempDir('cw-hidden-spellings-home-');
  spawnSync('git', ['init', '-q'], { cwd: root });
  await writeFiles(root, { 'cfgs/extra.gitconfig': '[remote "o"]\n\turl = https://u:ghp_SPELLING_TOKEN@github.com/a/b\n', 'cfgs/plain.txt': 'x\n', 'src/config': '[core]\n' });
  spawnSync('git', ['config', 'include.path', '../cfgs/extra.gitconfig'], { cwd: root });
});
afterAll(async () => {
  await removeDir(root);
  await removeDir(home);
});

describe('reader-hidden paths', () => {
  it('hides a credential config by every spelling of the root and of the path, and nothing beside it', () => {
    const env = { HOME: home };
    for (const spelling of [root, `${root}/`, `${root}//`, `${root}/cfgs/..`, `${root}/./`]) {
      const hidden = new ReaderHidden(spelling, home, env);
      for (const rel of ['cfgs/extra.gitconfig', './cfgs/extra.gitconfig', 'cfgs//extra.gitconfig', 'src/../cfgs/extra.gitconfig', 'cfgs/./extra.gitconfig']) {
        expect(hidden.entry(rel, true), `${spelling} ${rel}`).toBe(true);
        expect(hidden.has(rel), `${spelling} ${rel}`).toBe(true);
      }
      for (const rel of ['cfgs/plain.txt', 'cfgs/extra.gitconfig.bak', 'cfgs', 'src/config', 'extra.gitconfig']) expect(hidden.entry(rel, true), `${spelling} ${rel}`).toBe(false);
      // The repository's own config holds no credential here; a loose object is hidden by its path alone.
      expect(hidden.entry('.git/config', true)).toBe(false);
      expect(hidden.entry(`.git/objects/ab/${'c'.repeat(38)}`, true)).toBe(true);
    }
  });

  // The cheap tests in front of the object store's expression and the repository config's name (a listing tests
  // every entry with them) keep every verdict: any case, at any depth, beside names that only look alike.
  it('hides git objects and lost-found in any case and depth, and not what only looks alike', () => {
    const hidden = new ReaderHidden(root, home, { HOME: home });
    for (const rel of [`.git/objects/ab/${'c'.repeat(38)}`, `.GIT/OBJECTS/AB/${'C'.repeat(40)}`, 'sub/.git/objects/pack/p.pack', 'a/Objects/Info/packs', 'x/lost-found/other/y', 'x/Lost-Found/Commit/z']) {
      expect(hidden.entry(rel, true), rel).toBe(true);
    }
    for (const rel of ['objects', `objects/ab/${'c'.repeat(37)}`, 'objects/pack', 'my-objects/x', 'lost-found/x', 'src/configs.ts', 'configure.py']) {
      expect(hidden.entry(rel, true), rel).toBe(false);
    }
  });
});
