// Issue 26, red team H3 and H4, from the attacker's side: the git configuration names a workspace file
// (the hooks folder, an fsmonitor script, an alias's script, a merge driver, a filter) in a spelling the
// write gate did not resolve as git does (a symlinked alias of the workspace, `..` after a symlink,
// `~user/`, a case variant), or as a word after the program (`sh fsm.sh`, `node tool.js`, `%O %A`); the
// file tools then wrote the script under --yes and the user's next plain `git status`/`git commit` ran it.
import { spawnSync } from 'node:child_process';
import { existsSync, symlinkSync } from 'node:fs';
import { mkdir } from 'node:fs/promises';
import { userInfo } from 'node:os';
import { basename, dirname, join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { isObeyedLater } from '../../src/permissions/obeyed.js';
import { obeyedContext } from '../../src/permissions/obeyed-context.js';
import { CLI, removeDir, runCli, tempDir, writeFiles } from '../helpers/fixture.js';

let repo: string;
let state: string;
const env = (): Record<string, string> => ({ HOME: state, CODEWARD_STATE_DIR: state, GIT_CONFIG_NOSYSTEM: '1' });
const git = (...args: string[]): void => {
  expect(spawnSync('git', args, { cwd: repo, env: { ...process.env, ...env() } }).status).toBe(0);
};
const cli = (...args: string[]) => runCli(['-C', repo, '--json', '--sandbox', 'off', ...args], { env: env() });
const protectedHere = (rel: string): boolean => isObeyedLater(rel, obeyedContext(repo, state)) !== undefined;

beforeEach(async () => {
  repo = await tempDir('codeward-git-resolve-');
  state = await tempDir('codeward-git-resolve-state-');
  git('init', '-q');
  await writeFiles(repo, { 'src/a.ts': 'export {};\n', 'other/deep/keep.txt': 'x\n' });
});
afterEach(async () => {
  await removeDir(repo);
  await removeDir(state);
});

describe('H3: core.hooksPath is resolved as git and the kernel resolve it', () => {
  it('through a symlinked alias of the workspace, the hooks folder not existing yet', () => {
    const alias = join(state, 'alias');
    symlinkSync(repo, alias);
    git('config', 'core.hooksPath', `${alias}/hooks`);
    expect(protectedHere('hooks/pre-commit')).toBe(true);
  });

  it('`..` after a symlink is taken from where the symlink points, not as text', async () => {
    symlinkSync(join(repo, 'other/deep'), join(repo, 'src/link'));
    // The kernel opens other/hooks; the text reads src/hooks.
    git('config', 'core.hooksPath', 'src/link/../hooks');
    expect(protectedHere('other/hooks/pre-commit')).toBe(true);
  });

  it('`~/`, `~user/` and a trailing slash', async () => {
    const home = dirname(repo);
    const ws = basename(repo);
    for (const [value, hooks] of [[`~/${ws}/h1/`, 'h1'], [`~${userInfo().username}/${ws}/h2`, 'h2'], ['h3//', 'h3']] as const) {
      git('config', 'core.hooksPath', value);
      expect(isObeyedLater(`${hooks}/pre-commit`, obeyedContext(repo, home)), value).toBeDefined();
    }
  });

  it('a case variant of the configured folder (one file on a case-insensitive file system)', () => {
    git('config', 'core.hooksPath', 'Hooks');
    expect(protectedHere('hooks/pre-commit')).toBe(true);
    expect(protectedHere('HOOKS/post-checkout')).toBe(true);
  });

  it('core.worktree moves where a relative hooks folder is', async () => {
    await mkdir(join(repo, 'tree'));
    git('config', 'core.worktree', '../tree');
    git('config', 'core.hooksPath', 'githooks');
    expect(protectedHere('tree/githooks/pre-commit')).toBe(true);
  });

  it.skipIf(!existsSync(CLI))('the real binary: --yes cannot plant a hook through the aliased hooks folder', () => {
    const alias = join(state, 'alias');
    symlinkSync(repo, alias);
    git('config', 'core.hooksPath', `${alias}/./hooks/`);
    const planted = cli('write', '--file', 'hooks/pre-commit', '--content', '#!/bin/sh\ntouch /tmp/pwned\n');
    expect(planted.json).toMatchObject({ ok: false, error: { code: 'C241' } });
    expect(existsSync(join(repo, 'hooks/pre-commit'))).toBe(false);
  }, 180_000);
});

describe('H4: every word of a command git runs that names a workspace file', () => {
  const cases: readonly (readonly [key: string, value: string, file: string])[] = [
    ['core.fsmonitor', 'sh fsm.sh', 'fsm.sh'],
    ['core.fsmonitor', 'bash tools/fsm.sh', 'tools/fsm.sh'],
    ['alias.st', '!./al.sh', 'al.sh'],
    ['alias.lg', '!sh -c "node scripts/lg.js --fast"', 'scripts/lg.js'],
    ['alias.up', '!cd other && sh up.sh', 'other/up.sh'],
    ['core.pager', 'node --require=./hook.cjs less', 'hook.cjs'],
    ['pager.log', 'perl pager.pl', 'pager.pl'],
    ['core.editor', 'python3 -m tools.edit', 'tools/edit.py'],
    ['merge.ours.driver', './merge.sh %O %A %B', 'merge.sh'],
    ['merge.x.driver', 'sh tools/m.sh %O %A %B %L %P', 'tools/m.sh'],
    ['diff.x.textconv', 'python3 conv.py', 'conv.py'],
    ['filter.lfs.clean', 'sh clean.sh %f', 'clean.sh'],
    ['filter.lfs.smudge', 'FOO=1 ruby smudge.rb', 'smudge.rb'],
    ['filter.x.process', 'node proc.js', 'proc.js'],
    ['credential.helper', '!sh cred.sh', 'cred.sh'],
    ['core.sshCommand', 'sh ssh.sh -v', 'ssh.sh'],
    ['difftool.x.cmd', 'sh dt.sh "$LOCAL" "$REMOTE"', 'dt.sh'],
    ['mergetool.x.path', 'tools/mt', 'tools/mt'],
    ['sendemail.sendmailCmd', 'sh send.sh', 'send.sh'],
    ['submodule.lib.update', '!sh upd.sh', 'upd.sh'],
    ['core.attributesFile', 'attrs', 'attrs'],
    ['core.excludesFile', 'excl', 'excl'],
    ['gpg.ssh.allowedSignersFile', 'signers', 'signers'],
  ];
  it.each(cases)('%s = %s protects %s', (key, value, file) => {
    git('config', key, value);
    expect(protectedHere(file)).toBe(true);
  });

  it('a folder a command names is not protected whole (`!prettier --write src`)', () => {
    git('config', 'alias.fmt', '!prettier --write src');
    expect(protectedHere('src/a.ts')).toBe(false);
  });

  it.skipIf(!existsSync(CLI))('the real binary: --yes cannot write the fsmonitor script run through an interpreter, nor a merge driver', () => {
    git('config', 'core.fsmonitor', 'bash tools/fsm.sh');
    git('config', 'merge.x.driver', 'node drv.js %O %A %B');
    for (const file of ['tools/fsm.sh', 'drv.js']) {
      const result = cli('write', '--file', file, '--content', 'require("child_process").execSync("touch /tmp/pwned")\n');
      expect(result.json, file).toMatchObject({ ok: false, error: { code: 'C241' } });
      expect(existsSync(join(repo, file))).toBe(false);
    }
    // The shell door too.
    expect(cli('exec', '--cmd', 'cp src/a.ts drv.js').json).toMatchObject({ ok: false, error: { code: 'C241' } });
    expect(existsSync(join(repo, 'drv.js'))).toBe(false);
  }, 180_000);
});
