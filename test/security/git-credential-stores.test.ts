// Red team round 11, R11-7 (issue 26): a plain-text password store a git config points to
// (`credential.helper 'store --file=.git/credentials'`, the CI pattern; a dotfiles workspace whose home config
// says `helper = store --file ~/dotfiles/git-credentials`), and git's default store names, were printed by read,
// search and a sandboxed `cat`: only the config files were hidden. Now the stores the loaded configs name, and
// the default names, are hidden from every reader and the sandbox. Real git, the in-process engine.
import { spawnSync } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { join } from 'node:path';
import { mkdir } from 'node:fs/promises';
import { createEngine } from '../../src/setup.js';
import type { Engine } from '../../src/engine/engine.js';
import { removeDir, tempDir, writeFiles } from '../helpers/fixture.js';
import { bwrapWorks } from '../shell/stage-helpers.js';

let home: string;
let ws: string;
let engine: Engine;
const git = (...args: string[]): void => {
  spawnSync('git', ['-c', 'user.email=a@b', '-c', 'user.name=a', ...args], { cwd: ws, env: { ...process.env, HOME: home } });
};
const line = (token: string): string => `https://u:ghp_${token}@github.com\n`;
const TOKENS = /ghp_STORE_\w+/;
// The stores: named by the repository config (in .git, in the work tree), by the home config, and by default name.
// Round 12 (R12-7): the helper spelled by its program's path, as shell text (`!`), in a shell function, a
// quoted name with a space, and a submodule's own config.
// Round 12 (R12-7b): the store path spelled through the shell (`sh -c`, `$PWD`, `$(git rev-parse --show-toplevel)`,
// a part only known at run time), a file a shell helper names, a submodule config without core.worktree whose
// store is spelled from the superproject's top.
const STORES = ['.git/credentials', '.git/creds2', 'wt-creds', 'dotfiles/git-credentials', 'sub/.git-credentials', 'abs-creds', 'bang-creds', 'fn-creds', 'my creds', 'sub2/mod-creds',
  'shc-creds', 'pwd-creds', 'rp-creds', 'late-creds', 'sec/helper-db', '.git/modules/sub3/credentials'];

beforeAll(async () => {
  home = await tempDir('cw-credstore-home-');
  ws = join(home, 'ws');
  await mkdir(ws);
  git('init', '-q', '-b', 'main');
  git('config', 'credential.helper', 'store --file=.git/credentials');
  git('config', '--add', 'credential.helper', 'store --file .git/creds2');
  git('config', 'credential.https://example.com.helper', 'store --file=wt-creds');
  git('config', 'credential.https://a.example.helper', '/usr/lib/git-core/git-credential-store --file=abs-creds');
  git('config', 'credential.https://b.example.helper', '!git credential-store --file=bang-creds "$@"');
  git('config', 'credential.https://c.example.helper', '!f() { git credential-store --file fn-creds "$@"; }; f');
  git('config', 'credential.https://d.example.helper', 'store --file "my creds"');
  git('config', 'credential.https://e.example.helper', '!sh -c \'git credential-store --file=shc-creds "$@"\' -');
  git('config', 'credential.https://f.example.helper', '!f() { exec git credential-store --file="$PWD/pwd-creds" "$@"; }; f');
  git('config', 'credential.https://g.example.helper', '!git credential-store --file=$(git rev-parse --show-toplevel)/rp-creds "$@"');
  git('config', 'credential.https://h.example.helper', '!git credential-store --file=$(cat .git/where)/late-creds "$@"');
  git('config', 'credential.https://i.example.helper', '!f() { test "$1" = get && cat sec/helper-db; }; f');
  await writeFiles(ws, {
    '.git/modules/sub2/HEAD': 'ref: refs/heads/main\n',
    '.git/modules/sub2/config': '[core]\n\tworktree = ../../../sub2\n[credential]\n\thelper = store --file=mod-creds\n',
    'abs-creds': line('STORE_ABS'),
    'bang-creds': line('STORE_BANG'),
    'fn-creds': line('STORE_FN'),
    'my creds': line('STORE_SPACE'),
    'sub2/mod-creds': line('STORE_MODULE'),
    '.git/modules/sub3/HEAD': 'ref: refs/heads/main\n',
    '.git/modules/sub3/config': '[credential]\n\thelper = store --file=.git/modules/sub3/credentials\n',
    '.git/modules/sub3/credentials': line('STORE_MODULE3'),
    'shc-creds': line('STORE_SHC'),
    'pwd-creds': line('STORE_PWD'),
    'rp-creds': line('STORE_REVPARSE'),
    'late-creds': line('STORE_LATE'),
    'sec/helper-db': 'password=ghp_STORE_HELPERDB\n',
    'a.txt': 'PLAIN_MARK\n',
    '.git/credentials': line('STORE_DOTGIT'),
    '.git/creds2': line('STORE_DOTGIT2'),
    'wt-creds': line('STORE_WORKTREE'),
    'dotfiles/git-credentials': line('STORE_DOTFILES'),
    'sub/.git-credentials': line('STORE_DEFAULT'),
  });
  await writeFiles(home, { '.gitconfig': '[credential]\n\thelper = store --file ~/ws/dotfiles/git-credentials\n' });
  engine = await createEngine({ workspace: ws, env: { ...process.env, HOME: home }, sandbox: { mode: 'workspace-write' }, permissions: {} });
});
afterAll(async () => {
  await engine.close();
  await removeDir(home);
});

describe('a credential store a git config names, or one by git\'s default name', () => {
  it('read refuses it (C211 where a config names it, C241 by a default name: a person may approve); search, also inside .git with hidden files, prints no token', async () => {
    for (const file of STORES) expect(await engine.run({ cmd: 'read', args: { file } }), file).toMatchObject({ ok: false, error: { code: file.endsWith('.git-credentials') ? 'C241' : 'C211' } });
    expect(await engine.run({ cmd: 'read', args: { file: 'a.txt' } })).toMatchObject({ ok: true });
    for (const dir of ['.', '.git']) {
      const found = await engine.run({ cmd: 'search', args: { term: 'ghp_|PLAIN_MARK', regex: true, includeHidden: true, dir } });
      expect(JSON.stringify(found), dir).not.toMatch(TOKENS);
    }
  });

  it.skipIf(!bwrapWorks)('a sandboxed cat prints no token', async () => {
    const run = await engine.run({ cmd: 'exec', args: { cmd: `cat a.txt ${STORES.join(' ')} 2>&1; echo DONE` } });
    expect(JSON.stringify(run)).not.toMatch(TOKENS);
  });
});
