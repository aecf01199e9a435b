// Red team R9-13 (CRITICAL class, round 10: 34 of 90 planted stores still printed): with the workspace the home
// folder or holding it, the hidden list was a hand list of credential stores. Default deny now
// (sandbox/home-shown.ts): every dot-entry of the home not on the short shown list is hidden from read, search
// and the sandbox; a shown start-up file is hidden whole when something in it looks secret; the user widens the
// list in their own ~/.codeward/config.json (sandboxReadable).
import { spawnSync } from 'node:child_process';
import { mkdirSync, realpathSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { createEngine } from '../../src/index.js';
import { homeDenied } from '../../src/sandbox/home-shown.js';
import { removeDir, tempDir } from '../helpers/fixture.js';

const bwrapWorks = spawnSync('bwrap', ['--ro-bind', '/', '/', '--unshare-net', 'true']).status === 0;
const SECRET = 'STORE_SECRET_913';
// Real credential stores no hand list held (round 10's 34 and more); none is on HOME_SECRETS.
const STORES: readonly string[] = [
  '.pulumi/credentials.json', '.sentryclirc', '.snowflake/connections.toml', '.dbt/profiles.yml', '.jfrog/jfrog-cli.conf.v6',
  '.tsh/keys/host/user', '.ollama/id_ed25519', '.config/helm/registry/config.json', '.circleci/cli.yml', '.config/scw/config.yaml',
  '.config/linode-cli', '.railway/config.json', '.continue/config.json', '.aider.conf.yml', '.local/share/atuin/key',
  '.config/fish/fish_variables', '.expo/state.json', '.rediscli_history', '.config/doppler/.doppler.yaml', '.config/vercel/auth.json',
  '.ibmcloud/config.json', '.aliyun/config.json', '.tccli/default.credential', '.bluemix/config.json', '.okta/okta.yaml',
  '.cloudflared/cert.pem', '.config/openai/auth.json', '.cursor/mcp.json', '.mc/config.json', '.wakatime.cfg', '.lesshst',
  '.sqlite_history', '.irb_history', '.config/spotify-tui/client.yml', '.local/share/keyrings2/login', '.local/state/app/token',
  '.cache/app/session', '.config/Code/User/globalStorage/state.vscdb', '.vault/keys', '.octaverc_secret', '.authinfo',
  '.config/gitlab/token', '.config/nix/nix.conf', '.cargo/env.secret', '.kaggle/kaggle.json', '.streamlit/credentials.toml',
  '.vim/pack/p/start/x/.netrc', '.config/nvim/lua/secrets/auth.json', '.pyenv/versions/3.12.0/pip.conf',
  // Tool state that is not a dot-entry (R11-8): an Ubuntu snap's home, macOS app state and keychains.
  'snap/gh/current/.config/gh/hosts.yml', 'snap/doctl/current/.config/doctl/config.yaml', 'Library/Keychains/login.keychain-db',
  'Library/Application Support/Code/User/globalStorage/state.vscdb',
];
// Shown: what a person edits in their dotfiles, and a toolchain (its credential catalogue still hidden).
const SHOWN: readonly string[] = ['.bashrc', '.vimrc', '.config/nvim/init.lua', '.gitconfig', '.nvm/nvm.sh', '.cargo/config.toml'];

let base: string;
let home: string;

beforeAll(async () => {
  base = realpathSync(await tempDir('cw-home-deny-'));
  home = join(base, 'home/me');
  const put = (rel: string, content: string): void => {
    mkdirSync(join(home, rel, '..'), { recursive: true });
    writeFileSync(join(home, rel), content);
  };
  for (const rel of STORES) put(rel, `${SECRET}-${rel}\n`);
  for (const rel of SHOWN) put(rel, `# ordinary ${SECRET.slice(0, 12)}shown ${rel}\n`);
  put('.zshrc', `export GITHUB_TOKEN=ghp_${SECRET}-zshrc\n`);
  put('.nvm/versions/node/v20.0.0/etc/npmrc', `//registry.npmjs.org/:_authToken=${SECRET}-nvmrc\n`);
  put('.local/bin/deploy', `#!/bin/sh\nexport GITHUB_TOKEN=ghp_${SECRET}-localbin\n`);
  put('.local/bin/tool', `#!/bin/sh\necho ${SECRET.slice(0, 12)}shown tool\n`);
  put('notes.txt', `ordinary ${SECRET.slice(0, 12)}shown notes.txt\n`);
  put('show.sh', `for f in ${[...STORES, '.zshrc', '.nvm/versions/node/v20.0.0/etc/npmrc', '.local/bin/deploy'].map((rel) => `'${rel}'`).join(' ')}; do cat "$f"; done 2>/dev/null; cat .bashrc .local/bin/tool\n`);
});
afterAll(async () => removeDir(base));
afterEach(() => vi.unstubAllEnvs());

async function engineAt(workspace: string, env: Record<string, string> = {}) {
  vi.stubEnv('HOME', home);
  return createEngine({ workspace, env: { HOME: home, PATH: process.env['PATH'] ?? '/usr/bin:/bin', ...env }, permissions: { home, yes: true }, onWarning: () => undefined });
}

describe('the home as the workspace: every dot-entry not shown is hidden (default deny)', () => {
  it.each([['the home folder', ''], ['a folder holding it', 'home/me/']])('read and search --include-hidden print no store with the workspace %s', async (_, prefix) => {
    const engine = await engineAt(prefix === '' ? home : base);
    for (const rel of [...STORES, '.zshrc', '.nvm/versions/node/v20.0.0/etc/npmrc', '.local/bin/deploy']) {
      expect(await engine.run({ cmd: 'read', args: { file: `${prefix}${rel}` } }), rel).toMatchObject({ ok: false, error: { code: 'C211' } });
    }
    for (const rel of [...SHOWN, 'notes.txt', '.local/bin/tool']) expect(await engine.run({ cmd: 'read', args: { file: `${prefix}${rel}` } }), rel).toMatchObject({ ok: true });
    const search = JSON.stringify(await engine.run({ cmd: 'search', args: { term: SECRET.slice(0, 12), includeHidden: true } }));
    expect(search).not.toContain(`${SECRET}-`);
    for (const rel of [...SHOWN, 'notes.txt']) expect(search, rel).toContain(`shown ${rel}`);
    await engine.close();
  });

  it.skipIf(!bwrapWorks)('a sandboxed cat of every store prints none; the shown files are there', async () => {
    const engine = await engineAt(home);
    const result = await engine.run({ cmd: 'exec', args: { cmd: 'sh show.sh' } });
    const out = JSON.stringify(result);
    expect(result.ok, out).toBe(true);
    expect(out).not.toContain(`${SECRET}-`);
    expect(out).toContain('shown .bashrc');
    expect(out).toContain('shown tool');
    await engine.close();
  });

  it('a store made after the engine opened (a login during a session) is hidden too: read, search, the sandbox', async () => {
    const engine = await engineAt(home);
    const later = ['.latertool/token', '.config/latertool/auth', '.local/share/latertool/key', '.cargo/later-credentials'];
    for (const rel of later) {
      mkdirSync(join(home, rel, '..'), { recursive: true });
      writeFileSync(join(home, rel), `${SECRET}-later ${rel}\n`);
    }
    for (const rel of later) expect(await engine.run({ cmd: 'read', args: { file: rel } }), rel).toMatchObject({ ok: false, error: { code: 'C211' } });
    const search = JSON.stringify(await engine.run({ cmd: 'search', args: { term: SECRET.slice(0, 12), includeHidden: true } }));
    expect(search).not.toContain(`${SECRET}-`);
    expect(search).toContain('shown .bashrc');
    if (bwrapWorks) {
      writeFileSync(join(home, 'later.sh'), `for f in ${later.join(' ')}; do cat "$f"; done 2>/dev/null; echo end\n`);
      const out = JSON.stringify(await engine.run({ cmd: 'exec', args: { cmd: 'sh later.sh' } }));
      expect(out).toContain('end');
      expect(out).not.toContain(`${SECRET}-`);
    }
    await engine.close();
  });

  it('the user widens it in their own config (sandboxReadable); a folder like ~/.dotfiles opened as the workspace is not hidden', async () => {
    mkdirSync(join(home, '.codeward'), { recursive: true });
    writeFileSync(join(home, '.codeward/config.json'), JSON.stringify({ sandboxReadable: ['~/.pulumi'] }));
    const engine = await engineAt(home);
    expect(await engine.run({ cmd: 'read', args: { file: '.pulumi/credentials.json' } })).toMatchObject({ ok: true });
    expect(await engine.run({ cmd: 'read', args: { file: '.sentryclirc' } })).toMatchObject({ ok: false, error: { code: 'C211' } });
    await engine.close();
    writeFileSync(join(home, '.codeward/config.json'), '{}');
    expect(homeDenied(join(home, '.dbt'), [home])).toEqual({ paths: [], globs: [] });
    const inside = await engineAt(join(home, '.dbt'));
    expect(await inside.run({ cmd: 'read', args: { file: 'profiles.yml' } })).toMatchObject({ ok: true });
    await inside.close();
  });
});
