import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { mkdtemp, realpath, symlink, writeFile } from 'node:fs/promises';
import { userInfo } from 'node:os';
import { basename, dirname, join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CLI, REPO_ROOT, removeDir, writeFiles } from '../helpers/fixture.js';

// THREAT-MODEL "A default-deny sandbox view", from the attacker's side: a sandboxed command (a repository's
// test script, a prompt-injected model) reads whatever it can reach. It must find the workspace, the
// system and the toolchains, and no secret: not a sibling project's .env, not another home, not /etc's
// shadow files (also as root), not a credential inside a toolchain folder it is shown (nvm's global
// npmrc, pyenv's pip.conf, the .NET certificate store). The home is a temp folder laid out like a real one.
const bwrapWorks = spawnSync('bwrap', ['--ro-bind', '/', '/', '--unshare-net', 'true']).status === 0;
const why = 'bwrap (bubblewrap) is not installed or cannot run here; .ci/run installs it when it runs as root';
const MARK = 'VIEW-SECRET-7731';
// The pattern scripts grep for: it does not match its own text (the scripts live in the workspace).
const PATTERN = 'VIEW-S[E]CRET-7731';

// Outside /tmp (the private /tmp inside would hide a sibling there anyway): /var/tmp, else the repository.
const BASE = existsSync('/var/tmp') ? '/var/tmp' : join(REPO_ROOT, 'test');
let base: string;
let home: string;
let root: string;

interface Envelope {
  ok: boolean;
  data?: { stdout: string; stderr: string; exitCode?: number };
  error?: { code: string; message: string; data?: { stdout: string; stderr: string } };
}

function env(homeFolder: string, state: string): Record<string, string> {
  const kept = Object.entries(process.env).filter(([key, value]) => value !== undefined && !key.startsWith('CODEWARD_') && key !== 'npm_config_cache' && key !== 'XDG_CACHE_HOME');
  // PATH's folders are shown (the user's programs): only the system ones here (npx adds node_modules/.bin).
  const path = (process.env['PATH'] ?? '').split(':').filter((dir) => !dir.includes('node_modules')).join(':');
  return { ...(Object.fromEntries(kept) as Record<string, string>), HOME: homeFolder, CODEWARD_STATE_DIR: state, PATH: path };
}

// Runs a bash script (written into the workspace) through the real binary; all it printed.
async function exec(workspace: string, script: string, homeFolder = home, timeout = 60): Promise<{ out: string; envelope: Envelope }> {
  const file = `script-${Math.random().toString(36).slice(2)}.sh`;
  await writeFile(join(workspace, file), script);
  const stdout = await new Promise<string>((resolve, reject) => {
    const args = [CLI, '--yes', '--json', '-C', workspace, 'exec', '--timeout', String(timeout), '--cmd', `bash ${file}`];
    const child = spawn(process.execPath, args, { cwd: workspace, env: env(homeFolder, join(base, 'state')), stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => (out += chunk));
    child.on('error', reject);
    child.on('close', () => resolve(out));
  });
  const envelope = JSON.parse(stdout) as Envelope;
  const data = envelope.data ?? envelope.error?.data;
  return { out: `${data?.stdout ?? ''}${data?.stderr ?? ''}${envelope.error?.message ?? ''}`, envelope };
}

// The first line of a host file this process can read (as root: /etc/shadow), else undefined.
function firstLine(path: string): string | undefined {
  try {
    return readFileSync(path, 'utf8').split('\n').find((line) => line.trim() !== '');
  } catch {
    return undefined;
  }
}

beforeAll(async () => {
  base = await realpath(await mkdtemp(join(BASE, 'codeward-view-')));
  home = join(base, 'home');
  root = join(base, 'projects', 'app');
  await writeFiles(base, {
    'projects/app/src/index.js': 'console.log("app")\n',
    'projects/app/README.md': 'ordinary workspace file\n',
    // A sibling project: nothing of it may be visible.
    'projects/sibling/.env': `TOKEN=${MARK}-sibling-env\n`,
    'projects/sibling/keys/deploy': `${MARK}-sibling-key\n`,
    'projects/sibling/notes.txt': `${MARK}-sibling-plain\n`,
  });
  await writeFiles(home, {
    // Secrets at the top of the home: not shown at all.
    '.npmrc': `//registry.npmjs.org/:_authToken=${MARK}-npmrc\n`,
    '.config/pip/pip.conf': `[global]\nindex-url = https://user:${MARK}-pip-xdg@pypi.example/simple\n`,
    '.pip/pip.conf': `[global]\nindex-url = https://user:${MARK}-pip-old@pypi.example/simple\n`,
    '.cargo/credentials.toml': `[registry]\ntoken = "${MARK}-cargo"\n`,
    '.docker/config.json': `{"auths":{"r.example":{"auth":"${MARK}-docker"}}}\n`,
    '.git-credentials': `https://u:${MARK}-gitcred@github.com\n`,
    '.netrc': `machine example.com login u password ${MARK}-netrc\n`,
    '.ssh/id_rsa': `${MARK}-ssh\n`,
    '.m2/settings.xml': `<settings><servers><server><password>${MARK}-maven</password></server></servers></settings>\n`,
    // Toolchain folders that are shown, holding credentials inside.
    '.nvm/nvm.sh': '# nvm\n',
    '.nvm/versions/node/v20.11.0/etc/npmrc': `//registry.npmjs.org/:_authToken=${MARK}-nvm-global\n`,
    '.nvm/versions/node/v20.11.0/include/node/node.h': '// ordinary toolchain file\n',
    '.pyenv/version': '3.12.1\n',
    '.pyenv/versions/3.12.1/pip.conf': `[global]\nindex-url = https://u:${MARK}-pyenv-pip@pypi.example/simple\n`,
    '.pyenv/versions/3.12.1/envs/tool/pip.conf': `[global]\nindex-url = https://u:${MARK}-virtualenv-pip@pypi.example/simple\n`,
    '.pyenv/versions/3.12.1/lib/python3.12/os.py': '# ordinary toolchain file\n',
    // A python version is an install prefix (its bin): the allow-list shows its lib (red team R16-1).
    '.pyenv/versions/3.12.1/bin/python3': '#!/bin/sh\n',
    '.dotnet/dotnet': '#!/bin/sh\n',
    '.dotnet/corefx/cryptography/x509stores/my/ABCDEF.pfx': `${MARK}-dotnet-cert\n`,
    '.gem/credentials': `:rubygems_api_key: ${MARK}-gem\n`,
    '.gem/specs/index': 'ordinary\n',
    '.cargo/bin/cargo-marker': 'ordinary cargo bin\n',
    '.local/bin/.env': `${MARK}-local-bin-env\n`,
    // Held-back variants (red team): npm's builtin npmrc of an nvm node, and credentials in install
    // prefixes deeper than any named path (an asdf python's virtualenv, a conda env in a pyenv version).
    '.nvm/versions/node/v20.11.0/bin/node': '#!/bin/sh\n',
    '.nvm/versions/node/v20.11.0/lib/node_modules/npm/npmrc': `//registry.npmjs.org/:_authToken=${MARK}-npm-builtin\n`,
    '.nvm/versions/node/v20.11.0/lib/node_modules/npm/package.json': '{"name":"npm"}\n',
    '.asdf/installs/python/3.12.1/bin/python3': '#!/bin/sh\n',
    '.asdf/installs/python/3.12.1/envs/x/bin/python': '#!/bin/sh\n',
    '.asdf/installs/python/3.12.1/envs/x/pip.conf': `[global]\nindex-url = https://u:${MARK}-asdf-venv-pip@pypi.example/simple\n`,
    '.pyenv/versions/miniforge3/bin/conda': '#!/bin/sh\n',
    '.pyenv/versions/miniforge3/envs/data/bin/python': '#!/bin/sh\n',
    '.pyenv/versions/miniforge3/envs/data/.condarc': `channels: [https://u:${MARK}-conda@conda.example]\n`,
    '.pyenv/versions/miniforge3/envs/data/.pypirc': `[pypi]\npassword = ${MARK}-pypirc\n`,
  });
  await symlink(join(base, 'projects', 'sibling'), join(home, '.config', 'sibling-link'));
}, 30_000);

afterAll(async () => {
  await removeDir(base);
});

describe.skipIf(!bwrapWorks)(`the sandbox shows only the workspace, the system and the toolchains (${why})`, () => {
  it('grep -r .., cat ../sibling/.env, ls of the parent: no sibling project is there', async () => {
    const { out } = await exec(root, [`grep -r '${PATTERN}' .. 2>&1; echo "grep=$?"`, 'cat ../sibling/.env ../sibling/notes.txt 2>&1', 'ls -a .. 2>&1', 'cat README.md'].join('\n'));
    expect(out).toContain('grep=');
    expect(out).toContain('ordinary workspace file');
    expect(out).not.toContain(MARK);
    expect(out).toMatch(/sibling\/\.env: No such file or directory/);
    // The parent holds the workspace and nothing else.
    expect(out).not.toMatch(/^sibling$/m);
  }, 60_000);

  it('no other home folder, no /root, /opt, /srv, /mnt or /var content; / holds the system and the workspace path only', async () => {
    // The account's own home folder is there (an empty private folder with its toolchains), no other.
    const account = userInfo().homedir;
    const { out } = await exec(root, ['for d in /home /opt /srv /mnt /media /var/lib /var/log /var/backups; do ls -A "$d" >/dev/null 2>&1 && echo "VISIBLE $d: $(ls -A "$d" | head -3 | tr "\\n" " ")"; done', 'ls -A / | tr "\\n" " "; echo', 'echo done'].join('\n'));
    expect(out).toContain('done');
    // /var is an empty private folder (its links to /run aside); the others do not exist.
    const own = dirname(account) === '/home' ? `VISIBLE /home: ${basename(account)} ` : undefined;
    expect(out.split('\n').filter((line) => line.startsWith('VISIBLE') && !/^VISIBLE \/var\/\w+: $/.test(line) && line !== own)).toEqual([]);
    const top = out.split('\n').find((line) => line.includes('usr'))!.trim().split(' ');
    for (const name of top) expect(['bin', 'sbin', 'lib', 'lib32', 'lib64', 'libx32', 'usr', 'etc', 'sys', 'dev', 'proc', 'tmp', 'run', 'var', base.split('/')[1], account.split('/')[1]].includes(name), name).toBe(true);
  }, 60_000);

  it('cat /etc/shadow /etc/shadow- /etc/gshadow: empty, also when codeward runs as root', async () => {
    const lines = ['/etc/shadow', '/etc/shadow-', '/etc/gshadow', '/etc/gshadow-', '/etc/sudoers'].map(firstLine).filter((line): line is string => line !== undefined);
    const { out } = await exec(root, 'cat /etc/shadow /etc/shadow- /etc/gshadow /etc/gshadow- /etc/sudoers 2>&1; grep -rh ":\\$" /etc 2>/dev/null | head -3; ls /etc/ssl/private 2>&1; head -c 40 /etc/ssh/ssh_host_*_key 2>&1; echo etc-done\n');
    expect(out).toContain('etc-done');
    for (const line of lines) expect(out).not.toContain(line);
    // Ordinary /etc files are there: programs need them.
    const passwd = await exec(root, 'head -1 /etc/passwd; test -s /etc/hosts && echo hosts-ok\n');
    expect(passwd.out).toContain('root:');
    expect(passwd.out).toContain('hosts-ok');
  }, 60_000);

  it('the home secrets are not there: ~/.npmrc, pip.conf, cargo credentials, docker, git-credentials, netrc, ssh keys, maven settings', async () => {
    const files = ['.npmrc', '.config/pip/pip.conf', '.pip/pip.conf', '.cargo/credentials.toml', '.docker/config.json', '.git-credentials', '.netrc', '.ssh/id_rsa', '.m2/settings.xml', '.config/sibling-link/.env'];
    const { out } = await exec(root, `${files.map((file) => `cat ~/${file} 2>&1`).join('\n')}\ngrep -r '${PATTERN}' ~ 2>&1; echo home-done\n`);
    expect(out).toContain('home-done');
    expect(out).not.toContain(MARK);
  }, 60_000);

  it('inside the shown toolchain folders: nvm\'s global npmrc, pyenv\'s pip.conf, the .NET certificate store, gem credentials are hidden; the toolchain itself is there', async () => {
    const { out } = await exec(
      root,
      [
        'cat ~/.nvm/versions/node/v20.11.0/etc/npmrc ~/.pyenv/versions/3.12.1/pip.conf ~/.pyenv/versions/3.12.1/envs/tool/pip.conf ~/.gem/credentials ~/.local/bin/.env 2>&1',
        'find ~/.dotnet -type f 2>&1; cat ~/.dotnet/corefx/cryptography/x509stores/my/* 2>&1',
        `grep -r '${PATTERN}' ~/.nvm ~/.pyenv ~/.dotnet ~/.gem ~/.cargo ~/.local 2>&1`,
        'cat ~/.pyenv/version ~/.nvm/versions/node/v20.11.0/include/node/node.h ~/.pyenv/versions/3.12.1/lib/python3.12/os.py ~/.cargo/bin/cargo-marker ~/.gem/specs/index',
        'echo tool-done',
      ].join('\n'),
    );
    expect(out).toContain('tool-done');
    expect(out).not.toContain(MARK);
    expect(out).toContain('3.12.1');
    expect(out).toContain('// ordinary toolchain file');
    expect(out).toContain('# ordinary toolchain file');
    expect(out).toContain('ordinary cargo bin');
    expect(out).toContain(`${home}/.dotnet/dotnet`);
  }, 60_000);

  it('held-back: npm\'s builtin npmrc and credentials of install prefixes at any depth are hidden; node\'s own npm files are there', async () => {
    const { out } = await exec(root, [
      'cat ~/.nvm/versions/node/v20.11.0/lib/node_modules/npm/npmrc ~/.asdf/installs/python/3.12.1/envs/x/pip.conf ~/.pyenv/versions/miniforge3/envs/data/.condarc ~/.pyenv/versions/miniforge3/envs/data/.pypirc 2>&1',
      `grep -r '${PATTERN}' ~/.nvm ~/.asdf ~/.pyenv 2>&1`,
      'cat ~/.nvm/versions/node/v20.11.0/lib/node_modules/npm/package.json',
      'echo deep-done',
    ].join('\n'));
    expect(out).toContain('deep-done');
    expect(out).toContain('{"name":"npm"}');
    expect(out).not.toContain(MARK);
  }, 60_000);

  it('a PATH folder outside the home shows the install parts of its prefix, not the rest of it', async () => {
    const prefix = join(base, 'opt', 'tool');
    // Issue 26: the prefix's etc/ (service configuration) and a conf/ outside a JDK were shown whole.
    await writeFiles(prefix, { 'bin/tool': '#!/bin/sh\n', 'lib/libtool.txt': 'tool library\n', 'etc/npmrc': `//r/:_authToken=${MARK}-prefix-npmrc\n`, 'etc/tool/db.conf': `password=${MARK}-prefix-etc\n`, 'conf/app.properties': `secret=${MARK}-prefix-conf\n`, 'private/notes.txt': `${MARK}-prefix-private\n`, 'deploy.key': `${MARK}-prefix-key\n` });
    const file = `script-${Math.random().toString(36).slice(2)}.sh`;
    await writeFile(join(root, file), `ls ${prefix}/bin; cat ${prefix}/lib/libtool.txt; cat ${prefix}/etc/npmrc ${prefix}/etc/tool/db.conf ${prefix}/conf/app.properties ${prefix}/private/notes.txt ${prefix}/deploy.key 2>&1; ls -A ${prefix} ${prefix}/etc 2>&1; grep -r '${PATTERN}' ${prefix} 2>&1; echo prefix-done\n`);
    const environment = { ...env(home, join(base, 'state')), PATH: `${join(prefix, 'bin')}:${env(home, '').PATH}` };
    const result = spawnSync(process.execPath, [CLI, '--yes', '--json', '-C', root, 'exec', '--cmd', `bash ${file}`], { cwd: root, env: environment, encoding: 'utf8' });
    const envelope = JSON.parse(result.stdout) as Envelope;
    const out = `${envelope.data?.stdout ?? ''}${envelope.data?.stderr ?? ''}`;
    expect(out).toContain('prefix-done');
    expect(out).toContain('tool library');
    expect(out).not.toContain(MARK);
    expect(out).not.toMatch(/^private$/m);
    expect(out).not.toMatch(/^(?:etc|conf|db\.conf)$/m);
  }, 60_000);

  it('a folder the user names in sandboxReadable is shown (their own choice), and the view keeps hiding the rest', async () => {
    const other = join(base, 'projects', 'shared-lib');
    await writeFiles(other, { 'lib.js': 'shared code\n' });
    await writeFiles(home, { '.codeward/config.json': `${JSON.stringify({ sandboxReadable: [other] })}\n` });
    try {
      const { out } = await exec(root, `cat ${other}/lib.js; cat ../sibling/notes.txt 2>&1; echo named-done\n`);
      expect(out).toContain('shared code');
      expect(out).toContain('named-done');
      expect(out).not.toContain(MARK);
    } finally {
      await removeDir(join(home, '.codeward'));
    }
  }, 60_000);
});
