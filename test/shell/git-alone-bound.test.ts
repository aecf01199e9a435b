// bounds23: git reads its config files whole, codeward's reader stops at 4 MiB. A `.git/config` padded past that
// bound was read as EMPTY by the git-alone judgement (`parseGitConfig(readGitMetadata(file) ?? '')`), so a filter
// after the padding ran from a line of git alone with the git folder writable. Now a config file git loads that
// codeward cannot read keeps the git folder read-only, naming the file and the bound.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { gitAloneRepository } from '../../src/shell/git-alone-repo.js';
import { removeDir, tempDir } from '../helpers/fixture.js';

let box: string;
let root: string;
let home: string;
beforeEach(async () => {
  box = await tempDir('codeward-git-alone-bound-');
  root = join(box, 'w');
  home = join(box, 'home');
  mkdirSync(root);
  mkdirSync(home);
  spawnSync('git', ['init', '-q', root]);
});
afterEach(async () => removeDir(box));

const PAD = `${'# padding\n'.repeat(5 * 1024 * 1024 / 10)}`;
const padded = (tail: string): void => writeFileSync(join(root, '.git/config'), `[core]\n\trepositoryformatversion = 0\n${PAD}${tail}`);

describe('git alone: a config file past the reader bound', () => {
  it('a filter after 5 MiB of comments: git runs it, so the git folder stays read-only', () => {
    padded(`[filter "x"]\n\tclean = sh -c 'touch "${join(box, 'ran')}" && cat'\n`);
    writeFileSync(join(root, '.gitattributes'), '*.txt filter=x\n');
    writeFileSync(join(root, 'a.txt'), 'a\n');
    // What git does with that config: it reads the whole file and runs the filter.
    spawnSync('git', ['-C', root, 'add', 'a.txt'], { env: { ...process.env, HOME: home } });
    expect(existsSync(join(box, 'ran'))).toBe(true);
    const refusal = gitAloneRepository(root, home).refusal;
    expect(refusal).toContain(join(root, '.git/config'));
    expect(refusal).toContain('4096 KiB');
  });

  it('an [include] after the padding (the included file is not even found): read-only', () => {
    writeFileSync(join(root, 'git.cfg'), '[filter "x"]\n\tclean = sh tools/f.sh\n');
    padded('[include]\n\tpath = ../git.cfg\n');
    expect(gitAloneRepository(root, home).refusal).toContain('4096 KiB');
  });

  it('a user config padded past the bound: read-only too', () => {
    writeFileSync(join(home, '.gitconfig'), `${PAD}[filter "x"]\n\tclean = ./f.sh\n`);
    expect(gitAloneRepository(root, home).refusal).toContain(join(home, '.gitconfig'));
  });

  it('a FIFO where git reads a config: read-only, named', () => {
    spawnSync('mkfifo', [join(home, '.gitconfig')]);
    expect(gitAloneRepository(root, home).refusal).toContain('not a regular file');
  });

  it('a link loop at an included path: read-only, named', () => {
    symlinkSync('loop', join(root, 'loop'));
    writeFileSync(join(root, '.git/config'), '[include]\n\tpath = ../loop\n');
    expect(gitAloneRepository(root, home).refusal).toContain('not readable');
  });

  it('control: an ordinary repository lets a line of git alone write history', () => {
    expect(gitAloneRepository(root, home).refusal).toBeUndefined();
  });
});
