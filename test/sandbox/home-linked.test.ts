// Red team R7-13 and R7-11's LOW note (a dotfiles repository the home links into): the home's secrets kept in
// the workspace (`~/.aws -> dotfiles/aws`, `~/.ssh/id_ed25519 -> dotfiles/ssh/id_ed25519`, ...) were read,
// searched and cat'ed unasked; with `~/.local/bin -> dotfiles/bin` every sandboxed exec failed (bwrap could not
// bind the link's spelling in the hidden home). The sandbox's HOME_SECRETS, resolved into the workspace, are
// non-accessible there (sandbox/home-secrets.ts); linked start-up files are read-only where they really are.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, realpathSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { createEngine } from '../../src/index.js';
import { homeSecretPaths, linkedSecretGlobs } from '../../src/sandbox/home-secrets.js';
import { sandboxPolicy } from '../../src/sandbox/policy.js';
import { seatbeltProfile } from '../../src/sandbox/seatbelt.js';
import { Workspace } from '../../src/workspace/workspace.js';
import { CLI, removeDir, tempDir } from '../helpers/fixture.js';

const bwrapWorks = spawnSync('bwrap', ['--ro-bind', '/', '/', '--unshare-net', 'true']).status === 0;
const SECRET = 'SECRET-MARKER-7713';
// Workspace path -> the home path linked to it (a folder link, a file link in a real folder, relative links).
const SECRETS: readonly (readonly [string, string, string])[] = [
  ['aws/credentials', '.aws', 'aws'],
  ['ssh/id_ed25519', '.ssh/id_ed25519', 'ssh/id_ed25519'],
  ['kube/config', '.kube/config', '../dotfiles/kube/config'],
  ['docker/config.json', '.docker', 'dotfiles/docker'],
  ['npmrc', '.npmrc', 'dotfiles/npmrc'],
  ['netrc', '.netrc', 'dotfiles/netrc'],
  ['config/gh/hosts.yml', '.config/gh', 'config/gh'],
];

let base: string;
let home: string;
let root: string;

beforeAll(async () => {
  base = realpathSync(await tempDir('cw-home-linked-'));
  home = join(base, 'home');
  root = join(home, 'dotfiles');
  const put = (rel: string, content: string): void => {
    mkdirSync(join(root, rel, '..'), { recursive: true });
    writeFileSync(join(root, rel), content);
  };
  for (const [rel] of SECRETS) put(rel, `token=${SECRET}-${rel}\n`);
  put('shell/rc.sh', '# rc\n');
  put('normal.txt', 'ordinary content\n');
  mkdirSync(join(root, 'bin'));
  for (const [, at, target] of SECRETS) {
    mkdirSync(join(home, at, '..'), { recursive: true });
    symlinkSync(target.startsWith('.') || target.startsWith('dotfiles') ? target : join(root, target), join(home, at));
  }
  // Toolchain folders shown read-only with a token inside (red team R8-4: cargo's TOML; R8-9: a cloned manager's git config).
  for (const [rel, content] of [
    ['.cargo/config.toml', `[registries.b]\n"token" = "${SECRET}-cargo"\n`],
    ['.nvm/.git/config', `[remote "origin"]\n\turl = https://u:${SECRET}-nvm@github.com/nvm-sh/nvm.git\n`],
    ['.pyenv/plugins/pyenv-virtualenv/.git/config', `[http]\n\textraheader = AUTHORIZATION: basic ${SECRET}-pyenv\n`],
  ] as const) {
    mkdirSync(join(home, rel, '..'), { recursive: true });
    writeFileSync(join(home, rel), content);
  }
  mkdirSync(join(home, '.pyenv/bin'), { recursive: true });
  symlinkSync(join(root, 'shell/rc.sh'), join(home, '.bashrc'));
  mkdirSync(join(home, '.local'));
  symlinkSync(join(root, 'bin'), join(home, '.local/bin'));
});
afterAll(async () => removeDir(base));
afterEach(() => vi.unstubAllEnvs());

describe('the home\'s secrets that resolve into the workspace are non-accessible there', () => {
  it('one glob per linked secret, none for files no secret path resolves to', () => {
    expect(linkedSecretGlobs(root, [home]).sort()).toEqual(['aws', 'config/gh', 'docker', 'kube/config', 'netrc', 'npmrc', 'ssh/id_ed25519']);
    expect(linkedSecretGlobs(root, [join(base, 'nobody')])).toEqual([]);
    // The workspace inside a linked secret folder: all of it.
    expect(linkedSecretGlobs(join(root, 'aws'), [home])).toEqual(['**']);
  });

  it('read, search and tree in the engine leave them out; ordinary files stay readable', async () => {
    vi.stubEnv('HOME', home);
    const engine = await createEngine({ workspace: root, env: { HOME: home }, permissions: { home, yes: true } });
    for (const [rel] of SECRETS) expect(await engine.run({ cmd: 'read', args: { file: rel } }), rel).toMatchObject({ ok: false, error: { code: 'C211' } });
    expect(await engine.run({ cmd: 'read', args: { file: 'normal.txt' } })).toMatchObject({ ok: true });
    const search = await engine.run({ cmd: 'search', args: { pattern: 'token=' } });
    expect(JSON.stringify(search)).not.toContain(SECRET);
    const tree = JSON.stringify(await engine.run({ cmd: 'tree', args: {} }));
    expect(tree).toContain('normal.txt');
    expect(tree).not.toContain(SECRET);
    await engine.close();
  });
});

// Red team R8-9: with the workspace the home folder (warned, not refused) or a folder holding it, `search` printed
// every home secret; R8-8: a jail rooted at a home folder that is a repository (the agent's context files of the
// enclosing repository) read `Downloads/AGENTS.md -> ../.ssh/id_ed25519` into the system prompt.
describe('the home\'s secrets in every jail: the home as the workspace, a folder holding it, a jail rooted at it', () => {
  let plain: string;
  beforeAll(() => {
    plain = join(base, 'plain/home/me');
    const put = (rel: string, content: string): void => {
      mkdirSync(join(plain, rel, '..'), { recursive: true });
      writeFileSync(join(plain, rel), content);
    };
    put('.ssh/id_ed25519', `${SECRET}-ssh\n`);
    put('.aws/credentials', `${SECRET}-aws\n`);
    put('.config/gh/hosts.yml', `oauth: ${SECRET}-gh\n`);
    put('.netrc', `machine x password ${SECRET}-netrc\n`);
    put('notes.txt', `ordinary ${SECRET.slice(0, 6)}\n`);
    mkdirSync(join(plain, 'Downloads/proj'), { recursive: true });
    symlinkSync('../.ssh/id_ed25519', join(plain, 'Downloads/AGENTS.md'));
  });

  it.each([['the home folder', ''], ['a folder holding it', '../..']])('search and read with the workspace %s', async (_, up) => {
    vi.stubEnv('HOME', plain);
    const engine = await createEngine({ workspace: join(plain, up), env: { HOME: plain }, permissions: { home: plain, yes: true }, onWarning: () => undefined });
    const found = await engine.run({ cmd: 'search', args: { term: SECRET.slice(0, 6), includeHidden: true } });
    const search = JSON.stringify(found);
    expect(search).toContain(up === '' ? 'notes.txt' : 'home/me/notes.txt');
    expect(search).not.toContain(SECRET);
    const prefix = up === '' ? '' : 'home/me/';
    expect(await engine.run({ cmd: 'read', args: { file: `${prefix}.config/gh/hosts.yml` } })).toMatchObject({ ok: false, error: { code: 'C211' } });
    expect(await engine.run({ cmd: 'read', args: { file: `${prefix}notes.txt` } })).toMatchObject({ ok: true });
    await engine.close();
  });

  it('a jail rooted at the home folder (rooted(), as for the enclosing repository\'s context files) hides them too', async () => {
    const workspace = await Workspace.open(join(plain, 'Downloads/proj'), { hiddenPaths: homeSecretPaths([plain]) });
    const around = await workspace.rooted(plain);
    await expect(around.resolve('Downloads/AGENTS.md', 'read')).rejects.toMatchObject({ code: 'C211' });
    await expect(around.resolve('.aws/credentials', 'read')).rejects.toMatchObject({ code: 'C211' });
    expect((await around.resolve('notes.txt', 'read')).kind).toBe('file');
  });
});

describe('the macOS profile (Seatbelt matches resolved paths)', () => {
  it('guards the workspace file a home start-up link resolves to, and hides where a secret link resolves', () => {
    const profile = seatbeltProfile(sandboxPolicy('workspace-write', root, { network: false, home, accountHome: null }), join(base, 'tmp'));
    const denied = profile.split('\n').filter((line) => line.startsWith('(deny'));
    expect(denied.some((line) => line.includes(`(subpath "${join(root, 'shell/rc.sh')}")`))).toBe(true);
    expect(denied.some((line) => line.includes(`(subpath "${join(root, 'bin')}")`))).toBe(true);
    expect(denied.some((line) => line.includes(`(subpath "${join(root, 'aws')}")`))).toBe(true);
  });
});

describe.skipIf(!bwrapWorks)('a sandboxed exec in the dotfiles repository (bwrap)', () => {
  it('runs with ~/.local/bin linked into the workspace, sees no secret (nor the toolchains\' tokens), cannot change the linked start-up files', () => {
    // The script lies outside the workspace (the danger classifier never sees the names), shown by the user's config.
    mkdirSync(join(base, 'scripts'));
    mkdirSync(join(home, '.codeward'));
    writeFileSync(join(home, '.codeward/config.json'), `${JSON.stringify({ sandboxReadable: [join(base, 'scripts')] })}\n`);
    const script = join(base, 'scripts/script.sh');
    writeFileSync(script, ['cat aws/credentials ssh/id_ed25519 kube/config docker/config.json npmrc netrc config/gh/hosts.yml', 'grep -r token= .', 'cat normal.txt', 'cat ~/.cargo/config.toml ~/.nvm/.git/config ~/.pyenv/plugins/pyenv-virtualenv/.git/config', 'echo pwn >> shell/rc.sh', 'echo pwn > bin/git', 'echo ran-to-the-end'].join('\n'));
    const env = { ...process.env, HOME: home, PATH: `${join(home, '.local/bin')}:${process.env['PATH'] ?? ''}`, CODEWARD_STATE_DIR: join(base, 'state') };
    const run = spawnSync(process.execPath, [CLI, '--yes', '--json', '-C', root, '--sandbox', 'workspace-write', 'exec', '--cmd', `bash ${script}`], { cwd: root, env, encoding: 'utf8' });
    expect(run.stdout).toContain('ran-to-the-end');
    expect(run.stdout).toContain('ordinary content');
    expect(run.stdout).not.toContain(SECRET);
    expect(readFileSync(join(root, 'shell/rc.sh'), 'utf8')).toBe('# rc\n');
    expect(existsSync(join(root, 'bin/git'))).toBe(false);
  }, 30_000);
});
