// Red team R9-5 (CRITICAL): a credential tool's location variable naming a workspace file (direnv's
// `export KUBECONFIG=$PWD/kubeconfig`, GH_CONFIG_DIR, DOCKER_CONFIG ...) left the credentials ordinary: read and
// search printed them. Each HOME_SECRETS entry is located through the tool's own variable too
// (sandbox/home-secret-vars.ts), from the engine's environment, by real path.
import { mkdirSync, realpathSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEngine } from '../../src/index.js';
import { HOME_SECRET_VARIABLES, homeFolderFiles, variableSecretPaths } from '../../src/sandbox/home-secret-vars.js';
import { HOME_SECRETS } from '../../src/sandbox/lists.js';
import { removeDir, tempDir } from '../helpers/fixture.js';

const SECRET = 'ENVVAR-SECRET-9505';
let base: string;
let home: string;
let root: string;
let env: Record<string, string>;
// Workspace file -> the variable that names it (or its folder).
const FILES: readonly (readonly [string, string])[] = [
  ['kube/cfg.yaml', 'KUBECONFIG'], ['kube/second.yaml', 'KUBECONFIG'], ['gh/hosts.yml', 'GH_CONFIG_DIR'],
  ['docker/config.json', 'DOCKER_CONFIG'], ['npm/rc', 'npm_config_userconfig'], ['gcloud/credentials.db', 'CLOUDSDK_CONFIG'],
  ['azure/msal_token_cache.json', 'AZURE_CONFIG_DIR'], ['gnupg/private-keys-v1.d/k.key', 'GNUPGHOME'], ['pass/site.gpg', 'PASSWORD_STORE_DIR'],
  ['netrc', 'NETRC'], ['aws/config', 'AWS_CONFIG_FILE'], ['tf/cli.rc', 'TF_CLI_CONFIG_FILE'], ['vault.hcl', 'VAULT_CONFIG_PATH'],
  ['cargo/credentials.toml', 'CARGO_HOME'], ['linked/token.json', 'DOCKER_CONFIG'],
];

beforeAll(async () => {
  base = realpathSync(await tempDir('cw-home-vars-'));
  home = join(base, 'home');
  root = join(home, 'dotfiles');
  for (const [rel] of FILES) {
    mkdirSync(join(root, rel, '..'), { recursive: true });
    writeFileSync(join(root, rel), `token: ${SECRET}-${rel}\n`);
  }
  writeFileSync(join(root, 'normal.txt'), 'ordinary content\n');
  writeFileSync(join(root, 'cargo/config.toml'), '[build]\njobs = 2\n');
  // A folder a variable names holding a link into the workspace (stow-like).
  symlinkSync(join(root, 'linked/token.json'), join(root, 'docker/token.json'));
  // A variable naming the file through a link outside the workspace (resolved by real path).
  mkdirSync(join(base, 'elsewhere'));
  symlinkSync(join(root, 'netrc'), join(base, 'elsewhere/netrc'));
  env = {
    HOME: home, KUBECONFIG: `${root}/kube/cfg.yaml:~/dotfiles/kube/second.yaml`, GH_CONFIG_DIR: join(root, 'gh'), DOCKER_CONFIG: join(root, 'docker'),
    npm_config_userconfig: join(root, 'npm/rc'), CLOUDSDK_CONFIG: join(root, 'gcloud'), AZURE_CONFIG_DIR: join(root, 'azure'),
    GNUPGHOME: join(root, 'gnupg'), PASSWORD_STORE_DIR: join(root, 'pass'), NETRC: join(base, 'elsewhere/netrc'),
    AWS_CONFIG_FILE: join(root, 'aws/config'), TF_CLI_CONFIG_FILE: join(root, 'tf/cli.rc'), VAULT_CONFIG_PATH: join(root, 'vault.hcl'),
    CARGO_HOME: join(root, 'cargo'), PATH: process.env['PATH'] ?? '/usr/bin:/bin',
  };
});
afterAll(async () => removeDir(base));

describe('home secrets located by the tool\'s own variable', () => {
  it('the table is on HOME_SECRETS\' entries; each variable is resolved by real path', () => {
    for (const entry of Object.keys(HOME_SECRET_VARIABLES)) expect(HOME_SECRETS, entry).toContain(entry);
    const paths = variableSecretPaths(env);
    for (const rel of ['kube/cfg.yaml', 'kube/second.yaml', 'gh', 'docker', 'netrc', 'cargo/credentials.toml', 'linked/token.json']) expect(paths, rel).toContain(join(root, rel));
    expect(paths).not.toContain(join(root, 'cargo'));
    expect(variableSecretPaths({ HOME: home })).toEqual([]);
  });

  it('read and search in the engine opened with that environment leave them out; ordinary files stay', async () => {
    const engine = await createEngine({ workspace: root, env, permissions: { home, yes: true } });
    for (const [rel, name] of FILES) expect(await engine.run({ cmd: 'read', args: { file: rel } }), `${rel} (${name})`).toMatchObject({ ok: false, error: { code: 'C211' } });
    expect(await engine.run({ cmd: 'read', args: { file: 'normal.txt' } })).toMatchObject({ ok: true });
    expect(await engine.run({ cmd: 'read', args: { file: 'cargo/config.toml' } })).toMatchObject({ ok: true });
    const search = await engine.run({ cmd: 'search', args: { includeHidden: true, term: SECRET } });
    expect(search.ok, JSON.stringify(search)).toBe(true);
    expect(JSON.stringify(search)).not.toContain(`${SECRET}-`);
    // The same workspace opened without the variables: the files are ordinary (the engine's env, not process.env).
    const plain = await createEngine({ workspace: root, env: { HOME: home, PATH: env['PATH'] }, permissions: { home, yes: true } });
    expect(await plain.run({ cmd: 'read', args: { file: 'gh/hosts.yml' } })).toMatchObject({ ok: true });
  });
});

describe('the XDG base folders move the entries below them (red team round 10)', () => {
  it('XDG_CONFIG_HOME and XDG_DATA_HOME inside the workspace: gh hosts, the git credential store, a keyring are hidden', async () => {
    const files = ['config/gh/hosts.yml', 'config/git/credentials', 'config/github-copilot/hosts.json', 'share/keyrings/login.keyring'];
    for (const rel of files) {
      mkdirSync(join(root, rel, '..'), { recursive: true });
      writeFileSync(join(root, rel), `token: ${SECRET}-xdg\n`);
    }
    const xdg = { HOME: home, PATH: env['PATH']!, XDG_CONFIG_HOME: join(root, 'config'), XDG_DATA_HOME: join(root, 'share') };
    const engine = await createEngine({ workspace: root, env: xdg, permissions: { home, yes: true } });
    for (const rel of files) expect(await engine.run({ cmd: 'read', args: { file: rel } }), rel).toMatchObject({ ok: false, error: { code: 'C211' } });
    const search = await engine.run({ cmd: 'search', args: { includeHidden: true, term: `${SECRET}-xdg` } });
    expect(search.ok, JSON.stringify(search)).toBe(true);
    expect(JSON.stringify(search)).not.toContain(`${SECRET}-xdg\\n`);
    await engine.close();
  });
});

// Red team round 10 (R9-11 variant): CARGO_HOME=$W/ch hid ch/credentials.toml but printed ch/config.toml's
// `[registry] token`. A variable that names the home folder of an entry moves every file the home spellings
// list there (the secrets, and the checked config files: hidden when something in them looks secret).
describe('a variable naming a tool\'s home folder moves all its home spellings', () => {
  it('CARGO_HOME in the workspace: config.toml and the legacy config holding a token are hidden, a clean one is not', async () => {
    const files: Record<string, string> = {
      'ch/config.toml': `[registry]\ntoken = "${SECRET}-cargohome"\n`,
      'ch2/config': `[registries.corp]\nindex = "sparse+https://corp/"\ntoken = "${SECRET}-legacy"\n`,
      'ch3/config.toml': '[build]\njobs = 4\n',
    };
    for (const [rel, text] of Object.entries(files)) {
      mkdirSync(join(root, rel, '..'), { recursive: true });
      writeFileSync(join(root, rel), text);
    }
    for (const [folder, rel, hidden] of [['ch', 'ch/config.toml', true], ['ch2', 'ch2/config', true], ['ch3', 'ch3/config.toml', false]] as const) {
      const engine = await createEngine({ workspace: root, env: { HOME: home, PATH: env['PATH']!, CARGO_HOME: join(root, folder) }, permissions: { home, yes: true } });
      expect(await engine.run({ cmd: 'read', args: { file: rel } }), rel).toMatchObject(hidden ? { ok: false, error: { code: 'C211' } } : { ok: true });
      const search = JSON.stringify(await engine.run({ cmd: 'search', args: { includeHidden: true, term: `${SECRET}-`, dir: folder } }));
      expect(search).not.toContain(`${SECRET}-`);
      await engine.close();
    }
  });

  it('every entry located by its home folder lists what the home spelling hides there (one table)', () => {
    const tool = join(base, 'tool-home');
    for (const [entry, located] of Object.entries(HOME_SECRET_VARIABLES)) {
      if (located?.names !== 'home') continue;
      const folder = `${entry.slice(0, entry.lastIndexOf('/'))}/`;
      const moved = homeFolderFiles(entry, tool);
      for (const rel of HOME_SECRETS.filter((path) => path.startsWith(folder))) expect(moved, `${entry}: ${rel}`).toContain(join(tool, rel.slice(folder.length)));
    }
    expect(homeFolderFiles('.cache/huggingface/token', tool)).toContain(join(tool, 'stored_tokens'));
  });
});

// The home workspace's default deny (home-shown.ts) where an XDG variable moves `.config` or `.local/share` into the
// workspace (a dotfiles repository the environment points into): round 10 found gh/git/copilot stores there by
// the hand list; any other store (fish's universal variables, helm's registry login, atuin's key) is hidden too.
describe('XDG base folders in the workspace are default deny, like the home\'s', () => {
  it('only the shown entries of config/ and share/ are readable; a store made later is hidden too', async () => {
    const files: Record<string, string> = {
      'xdgc/fish/fish_variables': `SETUVAR TOKEN:${SECRET}-fish\n`, 'xdgc/helm/registry/config.json': `{"auths":"${SECRET}-helm"}\n`,
      'xdgd/atuin/key': `${SECRET}-atuin\n`, 'xdgc/nvim/init.lua': '-- shown nvim\n', 'xdgc/git/ignore': '*.swp\n', 'xdgd/pnpm/store.txt': 'shown pnpm\n',
    };
    for (const [rel, text] of Object.entries(files)) {
      mkdirSync(join(root, rel, '..'), { recursive: true });
      writeFileSync(join(root, rel), text);
    }
    const xdg = { HOME: home, PATH: env['PATH']!, XDG_CONFIG_HOME: join(root, 'xdgc'), XDG_DATA_HOME: `${join(root, 'xdgd')}/` };
    const engine = await createEngine({ workspace: root, env: xdg, permissions: { home, yes: true } });
    mkdirSync(join(root, 'xdgc/later'));
    writeFileSync(join(root, 'xdgc/later/token'), `${SECRET}-later\n`);
    for (const rel of ['xdgc/fish/fish_variables', 'xdgc/helm/registry/config.json', 'xdgd/atuin/key', 'xdgc/later/token']) {
      expect(await engine.run({ cmd: 'read', args: { file: rel } }), rel).toMatchObject({ ok: false, error: { code: 'C211' } });
    }
    for (const rel of ['xdgc/nvim/init.lua', 'xdgc/git/ignore', 'xdgd/pnpm/store.txt']) expect(await engine.run({ cmd: 'read', args: { file: rel } }), rel).toMatchObject({ ok: true });
    const search = JSON.stringify(await engine.run({ cmd: 'search', args: { includeHidden: true, term: `${SECRET}-` } }));
    for (const word of ['fish', 'helm', 'atuin', 'later']) expect(search).not.toContain(`${SECRET}-${word}`);
    await engine.close();
  });
});
