import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { gitAloneRepository } from '../../src/shell/git-alone-repo.js';
import { removeDir, tempDir } from '../helpers/fixture.js';

// A line of git alone writes history only when git's configuration runs no program that may read the work
// tree. Read with the one config parser from every file git loads: red team R14-6 fooled a regex reader with
// other spellings, and R14-5 ran the Makefile through `clean = make -s filt`.
let box: string;
let root: string;
let home: string;
beforeEach(async () => {
  box = await tempDir('codeward-git-alone-config-');
  root = join(box, 'w');
  home = join(box, 'home');
  mkdirSync(root);
  mkdirSync(home);
  spawnSync('git', ['init', '-q', root]);
});
afterEach(async () => removeDir(box));

const repoConfig = (text: string): void => writeFileSync(join(root, '.git/config'), `[core]\n\trepositoryformatversion = 0\n${text}`);
const refusal = (): string | undefined => gitAloneRepository(root, home).refusal;

describe("the repository's config", () => {
  it.each([
    ['[filter "x"]\n\tclean = sh tools/f.sh\n', 'filter.x.clean'],
    ['[filter.x]\n\tclean = sh tools/f.sh\n', 'filter.x.clean'],
    ['[filter "x"] clean = sh tools/f.sh\n', 'filter.x.clean'],
    ['[filter "x"]\n\tclean = sh \\\n tools/f.sh\n', 'filter.x.clean'],
    ['[filter "x"]\n\tclean = "sh" "tools"/f.sh\n', 'filter.x.clean'],
    ['[filter "x"]\n\tclean = make -s filt\n', 'make -s filt'],
    ['[filter "x"]\n\tclean = python3 -m tools.clean\n', 'python3'],
    ['[core]\n\tsshCommand = sh tools/f.sh\n', 'core.sshcommand'],
    ['[diff "x"]\n\ttextconv = node conv.js\n', 'diff.x.textconv'],
    ['[merge "x"]\n\tdriver = ./merge.sh %O %A %B\n', 'merge.x.driver'],
  ])('%j keeps .git read-only', (text, named) => {
    repoConfig(text);
    expect(refusal()).toContain(named);
  });

  it('an included file counts as the repository\'s', () => {
    writeFileSync(join(root, 'git.cfg'), '[filter "x"]\n\tclean = sh tools/f.sh\n');
    repoConfig('[include]\n\tpath = ../git.cfg\n');
    expect(refusal()).toContain('filter.x.clean');
  });

  it.each([
    '[filter "lfs"]\n\tclean = git-lfs clean -- %f\n\tsmudge = git-lfs smudge -- %f\n\tprocess = git-lfs filter-process\n',
    '[filter "lfs"]\n\tclean = git lfs clean -- %f\n',
    '[core]\n\tsshCommand = ssh -i /etc/deploy_key\n\teditor = vim\n[alias]\n\tx = !sh tools/x.sh\n',
    '[gpg]\n\tprogram = gpg2\n',
  ])('%j lets a line of git alone write history', (text) => {
    repoConfig(text);
    expect(refusal()).toBeUndefined();
  });
});

describe("the person's own config", () => {
  it('names their own programs: an editor, gh as a credential helper, a textconv tool are fine; a work-tree path is not', () => {
    writeFileSync(join(home, '.gitconfig'), '[core]\n\teditor = code --wait\n[credential "https://github.com"]\n\thelper = !/usr/bin/gh auth git-credential\n[diff "pdf"]\n\ttextconv = pdftotext\n');
    expect(refusal()).toBeUndefined();
    writeFileSync(join(home, '.gitconfig'), `[diff "pdf"]\n\ttextconv = ${join(root, 'tools/conv.sh')}\n`);
    expect(refusal()).toContain('diff.pdf.textconv');
  });
});

// bounds23: git reads its config files whole, codeward's reader stops at 4 MiB. A `.git/config` padded past that
// bound was read as EMPTY by the git-alone judgement (`parseGitConfig(readGitMetadata(file) ?? '')`), so a filter
// after the padding ran from a line of git alone with the git folder writable. Now a config file git loads that
// codeward cannot read keeps the git folder read-only, naming the file and the bound.
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
