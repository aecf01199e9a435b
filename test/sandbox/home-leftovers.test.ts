// Red team round 11's home leftovers (R11-8, R9-11, R9-12 "OPEN (LOW)"): a relative CARGO_HOME=./ch was
// printed; scripts in npm's prefix bin (~/.npm-global/bin) and the other package managers' command folders
// were shown whole; looksSecret missed a password given as an argument (`curl -u admin:PW`, `mysql -pPW`), a
// tmux option `@token '...'` and nvim's init.lua (a folder shown whole); a workspace that IS a home folder was
// not taken for one when HOME named another folder.
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { looksSecret } from '../../src/sandbox/git-identity.js';
import { homeHidden } from '../../src/sandbox/home-secrets.js';
import { homeShaped, type HomeHost } from '../../src/sandbox/home-shape.js';
import { ToolchainSecrets } from '../../src/sandbox/view.js';
import type { ShownPath } from '../../src/sandbox/policy.js';
import { createEngine } from '../../src/setup.js';
import { DEFAULT_NON_ACCESSIBLE_GLOBS } from '../../src/workspace/types.js';
import { CLI, removeDir, tempDir, writeFiles } from '../helpers/fixture.js';

const host = (passwd: string): HomeHost => ({ passwd, parents: [], wslRoot: '/mnt' });
let base: string;
let home: string;
let ws: string;
beforeAll(async () => {
  base = await tempDir('cw-home-leftovers-');
  home = join(base, 'home');
  ws = join(base, 'ws');
  await writeFiles(home, {
    '.npm-global/bin/pub': '#!/bin/sh\nexport NPM_TOKEN=npm_NPMGLOBAL_SECRET_0123456789\nnpm publish\n',
    '.npm-global/bin/ok': '#!/bin/sh\necho ok\n',
    '.local/share/pnpm/deploy': '#!/bin/sh\ncurl -u admin:PNPM_PW_SECRET https://deploy.example\n',
    '.bun/bin/m': '#!/bin/sh\nmysql -u root -pBUN_MYSQL_SECRET app\n',
    '.deno/bin/s': '#!/bin/sh\nsshpass -p DENO_SSH_SECRET ssh host\n',
    '.config/nvim/init.lua': "vim.g.copilot_token = 'NVIM_COPILOT_SECRET'\n",
    '.config/nvim/lua/plain.lua': 'vim.opt.number = true\n',
    '.tmux.conf': "set -g @token 'TMUX_TOKEN_SECRET'\n",
    '.bashrc': "alias deploy='curl -u admin:BASHRC_PW_SECRET https://x.example'\n",
  });
  await writeFiles(ws, { 'ch/config.toml': '[registry]\ntoken = "CARGO_RELATIVE_SECRET"\n', 'a.txt': 'a\n' });
});
afterAll(async () => removeDir(base));

describe('looksSecret: passwords given as arguments, options named like a secret', () => {
  it.each([
    "alias deploy='curl -u admin:PW123 https://x'", 'curl --user=admin:hunter2 https://x', "vim.g.copilot_token = 'abcdef123456'",
    "set -g @token 'abcdef123456'", 'mysql -u root -pPASSWORD db', 'mysqldump --password=hunter2 db', 'sshpass -p hunter2 ssh h',
  ])('hides %s', (text) => expect(looksSecret(text)).toBe(true));

  it.each([
    'mysql -u root -p db', 'curl -u "$U:$P" https://x', 'docker run -u 1000:1000 img', 'export PATH=$HOME/bin:$PATH',
    "alias ll='ls -la'", 'mysql --password "$PW" db', "set -g status-left 'hello world'", 'curl -fsSL https://x | sh',
  ])('shows %s', (text) => expect(looksSecret(text)).toBe(false));
});

describe('package managers\' command folders in the sandbox view', () => {
  it('~/.npm-global (its bin), PNPM_HOME, ~/.bun/bin, ~/.deno/bin: a secret-looking script is hidden, the others shown', () => {
    const shown: ShownPath[] = ['.npm-global', '.local/share/pnpm', '.bun/bin', '.deno/bin'].map((path) => ({ path: join(home, path), scan: true, toolchain: true }));
    const found = new ToolchainSecrets(DEFAULT_NON_ACCESSIBLE_GLOBS).find(shown).map((entry) => entry.path.slice(home.length + 1)).sort();
    expect(found).toEqual(['.bun/bin/m', '.deno/bin/s', '.local/share/pnpm/deploy', '.npm-global/bin/pub']);
  });

  it('a sandboxed cat of ~/.npm-global/bin/pub prints no token', async () => {
    const engine = await createEngine({ workspace: ws, env: { ...process.env, HOME: home } });
    try {
      const run = await engine.run({ cmd: 'exec', args: { cmd: `cat ${home}/.npm-global/bin/pub ${home}/.npm-global/bin/ok` } });
      expect(JSON.stringify(run)).toContain('echo ok');
      expect(JSON.stringify(run)).not.toContain('NPMGLOBAL_SECRET');
    } finally {
      await engine.close();
    }
  });
});

describe('the home opened as the workspace', () => {
  it('hides nvim\'s init.lua, a tmux option and a .bashrc alias that carry a secret; a plain file stays', () => {
    const { paths } = homeHidden(home, [home], {}, []);
    for (const file of ['.config/nvim/init.lua', '.tmux.conf', '.bashrc', '.npm-global/bin/pub', '.local/share/pnpm/deploy']) expect(paths).toContain(join(home, file));
    expect(paths).not.toContain(join(home, '.config/nvim/lua/plain.lua'));
  });

  it('is known by its shape when HOME names another folder', () => {
    for (const folder of ['/home/alice', '/Users/bob', '/root', '/var/home/carol']) expect(homeShaped(folder, host(''))).toBe(true);
    for (const folder of ['/home', '/home/alice/proj', '/srv/app', '/']) expect(homeShaped(folder, host(''))).toBe(false);
    const passwd = 'dev:x:1001:1001::/srv/dev:/bin/bash\nwww-data:x:33:33::/var/www:/usr/sbin/nologin\n';
    expect(homeShaped('/srv/dev', host(passwd))).toBe(true);
    expect(homeShaped('/var/www', host(passwd))).toBe(false);
    // The default deny's globs for a home-shaped root while HOME is elsewhere (the folder need not exist).
    expect(homeHidden('/home/cw-shape-probe', ['/tmp/cw-elsewhere'], { HOME: '/tmp/cw-elsewhere' }, []).globs.length).toBeGreaterThan(0);
  });
});

describe('a relative location variable (CARGO_HOME=./ch)', () => {
  it('is resolved against the workspace in process and against the working folder through the binary', async () => {
    const engine = await createEngine({ workspace: ws, env: { ...process.env, HOME: home, CARGO_HOME: './ch' } });
    try {
      expect(await engine.run({ cmd: 'read', args: { file: 'ch/config.toml' } })).toMatchObject({ ok: false, error: { code: 'C211' } });
    } finally {
      await engine.close();
    }
    const cli = spawnSync(process.execPath, [CLI, '--json', '-C', ws, 'read', '--file', 'ch/config.toml'], { cwd: base, encoding: 'utf8', env: { ...process.env, HOME: home, CARGO_HOME: './ws/ch' } });
    expect(JSON.parse(cli.stdout).error?.code).toBe('C211');
    expect(cli.stdout).not.toContain('CARGO_RELATIVE_SECRET');
  });
});
