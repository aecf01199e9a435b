import { readdirSync } from 'node:fs';
import { mkdir, readFile, symlink } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { bwrapArgs } from '../../src/sandbox/bwrap.js';
import { SCRATCH_TMP, sandboxPolicy, tmpLayout, within } from '../../src/sandbox/policy.js';
import { ToolchainSecrets } from '../../src/sandbox/view.js';
import { DEFAULT_NON_ACCESSIBLE_GLOBS } from '../../src/workspace/types.js';
import { seatbeltProfile } from '../../src/sandbox/seatbelt.js';
import { tempDir, writeFiles } from '../helpers/fixture.js';

// The sources of every bind mount.
const bound = (args: readonly string[]): string[] => args.flatMap((arg, index) => (arg === '--bind' || arg === '--ro-bind' ? [args[index + 1]!] : []));

// Pairs of a flag and its operands, to check an argument appears with its values in order.
const contains = (args: readonly string[], ...run: string[]): boolean => args.some((_, index) => run.every((part, offset) => args[index + offset] === part));

describe('bwrap arguments', () => {
  it('builds a default-deny view: the system folders read-only, a private /tmp, then the workspace writable, without network', async () => {
    const root = await tempDir();
    const { args } = bwrapArgs(sandboxPolicy('workspace-write', root, { network: false, home: undefined, accountHome: null }), root);
    expect(contains(args, '--ro-bind', '/', '/')).toBe(false);
    expect(contains(args, '--ro-bind', '/usr', '/usr')).toBe(true);
    // /etc by its allow-list (red team R16-1): an empty folder with the entries programs need bound in.
    expect(contains(args, '--ro-bind', '/etc', '/etc')).toBe(false);
    expect(contains(args, '--dir', '/etc')).toBe(true);
    expect(contains(args, '--ro-bind', '/etc/passwd', '/etc/passwd')).toBe(true);
    for (const absent of ['/home', '/root', '/opt', '/srv', '/mnt', '/media']) expect(args).not.toContain(absent);
    expect(contains(args, '--tmpfs', '/var')).toBe(true);
    expect(contains(args, '--bind', root, root)).toBe(true);
    expect(args.indexOf('--tmpfs')).toBeLessThan(args.indexOf('--bind'));
    expect(contains(args, '--remount-ro', '/')).toBe(true);
    expect(args).toContain('--unshare-net');
    expect(args).toContain('--die-with-parent');
    expect(args.at(-1)).toBe('--');
    expect(contains(args, '--chdir', root)).toBe(true);
  });

  it('binds the workspace read-only in read-only mode and keeps the network with network: true', async () => {
    const root = await tempDir();
    const { args } = bwrapArgs(sandboxPolicy('read-only', root, { network: true, home: undefined }), root);
    expect(contains(args, '--ro-bind', root, root)).toBe(true);
    expect(args).not.toContain('--bind');
    expect(args).not.toContain('--unshare-net');
  });

  it('protects existing paths by binding them read-only, missing git folders with an empty read-only folder, missing files and .codeward by watching them', async () => {
    const root = await tempDir();
    await mkdir(join(root, '.git', 'hooks'), { recursive: true });
    await writeFiles(root, { '.git/HEAD': 'ref: refs/heads/main\n', '.git/config': '[core]\n', 'AGENTS.md': 'be nice\n' });
    const { args, created, watched } = bwrapArgs(sandboxPolicy('workspace-write', root, { network: false, home: undefined }), root);
    const git = join(root, '.git');
    // .git over itself first (rename → EBUSY), then its control files.
    expect(contains(args, '--bind', git, git)).toBe(true);
    expect(args.indexOf(git)).toBeLessThan(args.indexOf(join(git, 'hooks')));
    expect(contains(args, '--ro-bind', join(git, 'hooks'), join(git, 'hooks'))).toBe(true);
    expect(contains(args, '--ro-bind', join(git, 'config'), join(git, 'config'))).toBe(true);
    expect(contains(args, '--ro-bind', join(git, 'commondir'), join(git, 'commondir'))).toBe(true);
    expect(await readFile(join(git, 'commondir'), 'utf8')).toBe('.\n');
    expect(contains(args, '--ro-bind', join(root, 'AGENTS.md'), join(root, 'AGENTS.md'))).toBe(true);
    // No mount point in the working tree for a missing .codeward / .chatcli (it would be left behind empty).
    expect(args).not.toContain(join(root, '.codeward'));
    expect(created).toEqual([join(git, 'config.worktree'), join(git, 'info'), join(git, 'modules'), join(git, 'worktrees')]);
    expect(watched).toEqual(expect.arrayContaining([join(root, 'coder_policy.json'), join(root, 'SOUL.md'), join(root, '.codeward'), join(root, '.chatcli')]));
    expect(watched).not.toContain(join(root, 'AGENTS.md'));
  });

  it('protects .git itself when there is no repository yet (no hooks can be planted for a later git init)', async () => {
    const root = await tempDir();
    const { created } = bwrapArgs(sandboxPolicy('workspace-write', root, { network: false, home: undefined }), root);
    expect(created).toEqual([join(root, '.git')]);
  });

  it('an empty .git left by an earlier run (no HEAD: no repository) is mounted over again, never filled with placeholders', async () => {
    const root = await tempDir();
    await mkdir(join(root, '.git'));
    const { args, created } = bwrapArgs(sandboxPolicy('workspace-write', root, { network: false, home: undefined }), root);
    expect(created).toEqual([join(root, '.git')]);
    expect(contains(args, '--tmpfs', join(root, '.git'), '--remount-ro', join(root, '.git'))).toBe(true);
    expect(args.some((arg) => arg.startsWith(join(root, '.git') + '/'))).toBe(false);
    expect(readdirSync(join(root, '.git'))).toEqual([]);
  });

  it('binds a worktree\'s .git file read-only instead of mounting over it (it cannot hold hooks)', async () => {
    const root = await tempDir();
    await writeFiles(root, { '.git': 'gitdir: /elsewhere/.git/worktrees/x\n' });
    const { args, created } = bwrapArgs(sandboxPolicy('workspace-write', root, { network: false, home: undefined }), root);
    expect(contains(args, '--ro-bind', join(root, '.git'), join(root, '.git'))).toBe(true);
    expect(created).toEqual([]);
  });

  it('guards the control files of linked worktrees and submodules inside .git', async () => {
    const root = await tempDir();
    const git = join(root, '.git');
    await writeFiles(root, {
      '.git/HEAD': 'ref: refs/heads/main\n', '.git/config': '',
      '.git/worktrees/w/commondir': '../..\n', '.git/worktrees/w/gitdir': '/x/w/.git\n', '.git/worktrees/w/HEAD': 'x',
      '.git/modules/lib/a/HEAD': 'x', '.git/modules/lib/a/config': '',
    });
    const { args } = bwrapArgs(sandboxPolicy('workspace-write', root, { network: false, home: undefined }), root);
    for (const path of ['worktrees/w/commondir', 'worktrees/w/gitdir', 'modules/lib/a/config', 'modules/lib/a/commondir']) {
      expect(contains(args, '--ro-bind', join(git, path), join(git, path)), path).toBe(true);
    }
    expect(contains(args, '--tmpfs', join(git, 'modules/lib/a/hooks'), '--remount-ro')).toBe(true);
  });

  it('hides the home folder behind a tmpfs with the toolchain paths read-only; a symlinked toolchain shows its target', async () => {
    const home = await tempDir();
    const keys = await tempDir();
    const nvm = await tempDir();
    await writeFiles(home, { '.netrc': 'n', '.gitconfig': '[user]\n', '.cargo/bin/cargo': '' });
    await writeFiles(keys, { id_rsa: 'k' });
    await writeFiles(nvm, { 'nvm.sh': '' });
    await symlink(keys, join(home, '.ssh'));
    await symlink(join(home, '.cargo'), join(home, '.rustup'));
    await symlink(nvm, join(home, '.nvm'));
    const root = await tempDir();
    const { args } = bwrapArgs(sandboxPolicy('workspace-write', root, { network: false, home }), root);
    expect(contains(args, '--tmpfs', home)).toBe(true);
    expect(args.indexOf(home)).toBeLessThan(args.indexOf(root));
    expect(contains(args, '--ro-bind', join(home, '.gitconfig'), join(home, '.gitconfig'))).toBe(true);
    expect(contains(args, '--ro-bind', join(home, '.cargo/bin'), join(home, '.cargo/bin'))).toBe(true);
    expect(contains(args, '--symlink', join(home, '.cargo'), join(home, '.rustup'))).toBe(true);
    expect(contains(args, '--symlink', nvm, join(home, '.nvm'))).toBe(true);
    expect(contains(args, '--ro-bind', nvm, nvm)).toBe(true);
    // The symlinked ~/.ssh: not in view at all (neither the link nor its target is shown).
    expect(args).not.toContain(keys);
    expect(args).not.toContain(join(home, '.ssh'));
    expect(args).not.toContain(join(home, '.netrc'));
  });

  it('shows no other home folder, and no sibling of the workspace', async () => {
    const parent = await tempDir();
    const root = join(parent, 'ws');
    await writeFiles(parent, { 'ws/a.txt': 'a', 'sibling/.env': 'x' });
    const { args } = bwrapArgs(sandboxPolicy('workspace-write', root, { network: false, home: '/home/codeward-test-user', accountHome: null }), root);
    expect(args.filter((arg) => arg === '/home' || arg.startsWith('/home/') || arg.startsWith(join(parent, 'sibling')))).toEqual([]);
    expect(bound(args).filter((source) => within(source, parent) && source !== root)).toEqual([]);
  });

  it('hides a credentials file inside a toolchain folder it shows (~/.gem/credentials)', async () => {
    const home = await tempDir();
    await writeFiles(home, { '.gem/credentials': ':rubygems_api_key: x\n', '.gem/specs/a': '' });
    const root = await tempDir();
    const policy = sandboxPolicy('workspace-write', root, { network: false, home });
    const { args } = bwrapArgs({ ...policy, viewSecrets: new ToolchainSecrets(DEFAULT_NON_ACCESSIBLE_GLOBS).find(policy.shown) }, root);
    expect(contains(args, '--ro-bind', join(home, '.gem'), join(home, '.gem'))).toBe(true);
    expect(contains(args, '--ro-bind', '/dev/null', join(home, '.gem/credentials'))).toBe(true);
    expect(args.indexOf(join(home, '.gem'))).toBeLessThan(args.indexOf(join(home, '.gem/credentials')));
  });

  it('hides the account\'s own home folder too when $HOME names another one', async () => {
    const home = await tempDir();
    const account = await tempDir();
    const root = await tempDir();
    const { args } = bwrapArgs(sandboxPolicy('workspace-write', root, { network: false, home, accountHome: account }), root);
    expect(contains(args, '--tmpfs', home)).toBe(true);
    expect(contains(args, '--tmpfs', account)).toBe(true);
    // Not the one that holds the workspace.
    const inside = bwrapArgs(sandboxPolicy('workspace-write', root, { network: false, home, accountHome: root }), root).args;
    expect(contains(inside, '--tmpfs', root)).toBe(false);
  });

  it('hides only the secrets when the workspace is the home folder, and keeps its start-up files read-only', async () => {
    const home = await tempDir();
    await writeFiles(home, { '.ssh/id_rsa': 'k', '.netrc': 'n', '.bashrc': '' });
    const { args, watched } = bwrapArgs(sandboxPolicy('workspace-write', home, { network: false, home }), home);
    expect(contains(args, '--tmpfs', home)).toBe(false);
    expect(contains(args, '--tmpfs', join(home, '.ssh'), '--remount-ro', join(home, '.ssh'))).toBe(true);
    expect(contains(args, '--ro-bind', '/dev/null', join(home, '.netrc'))).toBe(true);
    expect(contains(args, '--ro-bind', join(home, '.bashrc'), join(home, '.bashrc'))).toBe(true);
    expect(watched).toContain(join(home, '.zshrc'));
  });
});

describe('local sockets', () => {
  it('puts an empty /run in place with or without a network (the Docker, D-Bus and agent sockets do not exist inside); SSH_AUTH_SOCK is hidden where it is in view', async () => {
    const root = await tempDir();
    const offline = bwrapArgs(sandboxPolicy('workspace-write', root, { network: false, home: undefined }), root).args;
    expect(contains(offline, '--tmpfs', '/run')).toBe(true);
    await writeFiles(root, { 'agent.sock': '' });
    const policy = sandboxPolicy('workspace-write', root, { network: true, home: undefined, env: { SSH_AUTH_SOCK: join(root, 'agent.sock') } });
    const online = bwrapArgs(policy, root).args;
    expect(contains(online, '--tmpfs', '/run')).toBe(true);
    expect(bound(online).filter((source) => within(source, '/run') && !source.startsWith('/run/systemd/resolve/'))).toEqual([]);
    expect(contains(online, '--ro-bind', '/dev/null', join(root, 'agent.sock'))).toBe(true);
  });
});

describe('a workspace under /tmp (the private /tmp must not swallow writes beside it)', () => {
  it.each([
    [['/w'], { tmp: '/tmp', readOnly: [] }],
    [['/tmp'], { tmp: '/tmp', readOnly: [] }],
    [['/tmp/a/b/ws'], { tmp: '/tmp', readOnly: ['/tmp/a'] }],
    [['/tmp/a/ws', '/tmp/c/d'], { tmp: '/tmp', readOnly: ['/tmp/a', '/tmp/c'] }],
    [['/tmp/ws'], { tmp: SCRATCH_TMP, readOnly: ['/tmp'] }],
    [['/w', '/tmp/cache'], { tmp: SCRATCH_TMP, readOnly: ['/tmp'] }],
    [['/tmp/.codeward-tmp/ws'], { tmp: '/tmp', readOnly: ['/tmp/.codeward-tmp'] }],
    [['/tmp/.codeward-tmp'], { tmp: `${SCRATCH_TMP}-private`, readOnly: ['/tmp'] }],
    [['/tmpfoo/ws'], { tmp: '/tmp', readOnly: [] }],
  ])('%j → %j', (areas, layout) => {
    expect(tmpLayout(areas)).toEqual(layout);
  });

  it('mounts the top folder as its own tmpfs before the workspace and remounts it read-only after everything', () => {
    const { args } = bwrapArgs(sandboxPolicy('workspace-write', '/tmp/a/b/ws', { network: false, home: undefined }), '/tmp/a/b/ws');
    const at = (...items: string[]): number => args.findIndex((_, i) => items.every((item, j) => args[i + j] === item));
    expect(at('--tmpfs', '/tmp/a')).toBeGreaterThan(at('--tmpfs', '/tmp'));
    expect(at('--bind', '/tmp/a/b/ws', '/tmp/a/b/ws')).toBeGreaterThan(at('--tmpfs', '/tmp/a'));
    expect(at('--remount-ro', '/tmp/a')).toBeGreaterThan(at('--bind', '/tmp/a/b/ws', '/tmp/a/b/ws'));
    expect(at('--remount-ro', '/tmp/a')).toBe(args.lastIndexOf('--remount-ro') - 2);
    expect(contains(args, '--setenv', 'TMPDIR', '/tmp')).toBe(true);
    const top = bwrapArgs(sandboxPolicy('workspace-write', '/tmp/ws', { network: false, home: undefined }), '/tmp/ws').args;
    expect(contains(top, '--tmpfs', SCRATCH_TMP)).toBe(true);
    expect(contains(top, '--remount-ro', '/tmp')).toBe(true);
    expect(contains(top, '--setenv', 'TMPDIR', SCRATCH_TMP)).toBe(true);
    expect(contains(top, '--setenv', 'npm_config_cache', `${SCRATCH_TMP}/.npm`)).toBe(true);
  });
});

describe('extra writable paths and cache variables', () => {
  it('binds existing sandboxWritable paths (~ expanded) writable, skips missing ones, and sets unset cache variables', async () => {
    const home = await tempDir();
    await mkdir(join(home, '.cargo'));
    const root = await tempDir();
    const policy = sandboxPolicy('workspace-write', root, { network: false, home, writable: ['~/.cargo', '~/.missing'], env: { npm_config_cache: '/mine' } });
    const { args } = bwrapArgs(policy, root);
    expect(contains(args, '--bind', join(home, '.cargo'), join(home, '.cargo'))).toBe(true);
    expect(args.join(' ')).not.toContain('.missing');
    expect(contains(args, '--setenv', 'XDG_CACHE_HOME', `${policy.tmp ?? '/tmp'}/.cache`)).toBe(true);
    expect(args).not.toContain('npm_config_cache');
    expect(contains(args, '--setenv', 'npm_config_update_notifier', 'false')).toBe(true);
    const online = bwrapArgs(sandboxPolicy('workspace-write', root, { network: true, home }), root).args;
    expect(online).not.toContain('npm_config_update_notifier');
  });

  // Issue 28: npm_config_cache=/root/.npm from the user's shell with HOME elsewhere: npm wrote (and named its
  // log) in the hidden account home's empty view. A cache variable into a hidden home is replaced unless
  // that folder is writable (sandboxWritable) or in the workspace.
  it('replaces a cache variable that names a hidden home, unless the folder is writable or in the workspace', async () => {
    const home = await tempDir();
    const account = await tempDir();
    await mkdir(join(home, '.npm'));
    const root = join(home, 'ws');
    await mkdir(root);
    const cacheOf = (env: Record<string, string>, writable: string[] = []): string | undefined => {
      const { args } = bwrapArgs(sandboxPolicy('workspace-write', root, { network: false, home, accountHome: account, writable, env }), root);
      const at = args.findIndex((arg, i) => arg === 'npm_config_cache' && args[i - 1] === '--setenv');
      return at < 0 ? undefined : args[at + 1];
    };
    expect(cacheOf({ npm_config_cache: join(account, '.npm') })).toMatch(/\/\.npm$/);
    expect(cacheOf({ npm_config_cache: join(account, '.npm') })).not.toContain(account);
    expect(cacheOf({ npm_config_cache: join(home, '.npm') })).not.toContain(home);
    expect(cacheOf({ npm_config_cache: join(home, '.npm') }, ['~/.npm'])).toBeUndefined();
    expect(cacheOf({ npm_config_cache: join(root, '.cache/npm') })).toBeUndefined();
    expect(cacheOf({ npm_config_cache: '/opt/npm-cache' })).toBeUndefined();
  });

  it('ignores them in read-only mode', async () => {
    const home = await tempDir();
    await mkdir(join(home, '.cargo'));
    const policy = sandboxPolicy('read-only', await tempDir(), { network: false, home, writable: ['~/.cargo'] });
    expect(policy.writable).toEqual([]);
  });
});

describe('the macOS Seatbelt profile', () => {
  it('denies by default, writes only to the workspace and temp, and denies protected and secret paths last', () => {
    const profile = seatbeltProfile(sandboxPolicy('workspace-write', '/Users/me/proj "x"', { network: false, home: '/Users/me' }), '/private/var/folders/t');
    expect(profile.startsWith('(version 1)\n(deny default)')).toBe(true);
    expect(profile).toContain('(subpath "/Users/me/proj \\"x\\"")');
    expect(profile).not.toContain('(allow network*)');
    const lines = profile.trim().split('\n');
    expect(lines.at(-2)).toMatch(/^\(deny file-write\* \(literal "\/Users\/me\/proj \\"x\\"\/\.git"\) \(subpath "\/Users\/me\/proj \\"x\\"\/\.codeward"\)/);
    for (const name of ['coder_policy.json', 'AGENTS.md', '.git/commondir', '.git/info', '.git/config']) expect(lines.at(-2)).toContain(`/Users/me/proj \\"x\\"/${name}"`);
    expect(lines.at(-1)).toMatch(/^\(deny file-read\* file-write\* \(subpath "\/Users\/me\/\.ssh"\)/);
  });

  it('allows the network when asked and leaves the workspace read-only in read-only mode', () => {
    const profile = seatbeltProfile(sandboxPolicy('read-only', '/w', { network: true, home: undefined }), '/tmp');
    expect(profile).toContain('(allow network*)');
    expect(profile).not.toContain('(subpath "/w")');
  });
});
