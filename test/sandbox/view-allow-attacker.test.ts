import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readdirSync } from 'node:fs';
import { mkdtemp, realpath, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EtcSecrets } from '../../src/sandbox/view.js';
import { etcShown } from '../../src/sandbox/view-allow.js';
import { CLI, REPO_ROOT, removeDir, writeFiles } from '../helpers/fixture.js';

// Red team R16-1 (THREAT-MODEL invariant 6, "not everything minus a list"): inside a shown toolchain folder,
// /usr and /etc, what a sandboxed `cat` finds is an allow-list. A credential kept under a name no catalogue
// lists (conda-meta/state, activate.d, rbenv's vars, maven's conf/settings.xml, gradle's init.d, a manager's
// own top-level file, a file of a name nobody knows at any depth) is not there; the toolchains still run.
const bwrapWorks = spawnSync('bwrap', ['--ro-bind', '/', '/', '--unshare-net', 'true']).status === 0;
const why = 'bwrap (bubblewrap) is not installed or cannot run here';
const MARK = 'ALLOW-SECRET-5307';
const PATTERN = 'ALLOW-S[E]CRET-5307';
const BASE = existsSync('/var/tmp') ? '/var/tmp' : join(REPO_ROOT, 'test');
let base: string;
let home: string;
let root: string;

// Planted where each folder kind keeps configuration, at several depths; none is on any catalogue.
const PLANTED: Record<string, string> = {
  'miniconda3/envs/app/conda-meta/state': `{"env_vars": {"API_KEY": "${MARK}-conda-state"}}\n`,
  'miniconda3/envs/app/etc/conda/activate.d/env_vars.sh': `export API_KEY=${MARK}-conda-activate\n`,
  'miniconda3/envs/app/zz-unknown-name': `${MARK}-conda-env-top\n`,
  'miniconda3/zz-manager-file': `${MARK}-conda-root-top\n`,
  '.rbenv/vars': `SECRET_KEY_BASE=${MARK}-rbenv-vars\n`,
  '.pyenv/versions/3.11.4/envs/app/bin/postactivate': `export OPENAI_API_KEY=${MARK}-pyenv-postactivate\n`,
  '.pyenv/versions/3.11.4/zz-unknown/deeper/notes': `${MARK}-pyenv-deep\n`,
  '.sdkman/candidates/maven/3.9.6/conf/settings.xml': `<settings><password>${MARK}-sdkman-maven</password></settings>\n`,
  '.sdkman/candidates/gradle/8.5/init.d/creds.gradle': `password "${MARK}-gradle-init"\n`,
  '.sdkman/etc/config': `token=${MARK}-sdkman-config\n`,
  '.asdf/installs/maven/3.9.6/conf/settings.xml': `<password>${MARK}-asdf-maven</password>\n`,
  '.nvm/zz-top-file': `${MARK}-nvm-top\n`,
  '.nvm/versions/node/v20.11.0/zz-config/inner': `${MARK}-nvm-prefix-folder\n`,
  '.rustup/zz-unknown.toml': `token = "${MARK}-rustup-top"\n`,
};
// What a run needs, beside them: each must still be there.
const NEEDED: Record<string, string> = {
  'miniconda3/bin/conda': 'needed-conda-bin\n',
  'miniconda3/condabin/conda': 'needed-condabin\n',
  'miniconda3/envs/app/bin/python': 'needed-env-bin\n',
  'miniconda3/envs/app/lib/python3.11/os.py': 'needed-env-lib\n',
  '.rbenv/bin/rbenv': 'needed-rbenv-bin\n',
  '.rbenv/version': 'needed-rbenv-version\n',
  '.pyenv/bin/pyenv': 'needed-pyenv-bin\n',
  '.pyenv/shims/python3': 'needed-pyenv-shim\n',
  '.pyenv/version': 'needed-pyenv-version\n',
  '.pyenv/versions/3.11.4/bin/python3': 'needed-pyenv-python\n',
  '.pyenv/versions/3.11.4/envs/app/bin/python': 'needed-venv-python\n',
  '.pyenv/versions/3.11.4/envs/app/pyvenv.cfg': 'home = needed-pyvenv\n',
  '.sdkman/bin/sdkman-init.sh': 'needed-sdkman-init\n',
  '.sdkman/candidates/maven/3.9.6/bin/mvn': 'needed-mvn\n',
  '.sdkman/candidates/maven/3.9.6/boot/plexus.jar': 'needed-maven-boot\n',
  '.sdkman/candidates/java/17.0.9/bin/java': 'needed-java\n',
  '.sdkman/candidates/java/17.0.9/release': 'JAVA_VERSION="needed-jdk-release"\n',
  '.sdkman/candidates/java/17.0.9/conf/security/java.security': 'needed-jdk-conf\n',
  '.sdkman/candidates/gradle/8.5/bin/gradle': 'needed-gradle\n',
  '.asdf/bin/asdf': 'needed-asdf\n',
  '.asdf/installs/maven/3.9.6/bin/mvn': 'needed-asdf-mvn\n',
  '.nvm/nvm.sh': 'needed-nvm-sh\n',
  '.nvm/versions/node/v20.11.0/bin/node': 'needed-node\n',
  '.nvm/versions/node/v20.11.0/include/node/node.h': 'needed-node-h\n',
  '.rustup/settings.toml': 'default_toolchain = "needed-rustup-settings"\n',
  '.rustup/toolchains/stable/bin/rustc': 'needed-rustc\n',
};

function env(state: string): Record<string, string> {
  const kept = Object.entries(process.env).filter(([key, value]) => value !== undefined && !key.startsWith('CODEWARD_') && key !== 'npm_config_cache' && key !== 'XDG_CACHE_HOME');
  const path = (process.env['PATH'] ?? '').split(':').filter((dir) => !dir.includes('node_modules')).join(':');
  return { ...(Object.fromEntries(kept) as Record<string, string>), HOME: home, CODEWARD_STATE_DIR: state, PATH: path };
}

async function exec(script: string): Promise<string> {
  const file = `script-${Math.random().toString(36).slice(2)}.sh`;
  await writeFile(join(root, file), script);
  const stdout = await new Promise<string>((resolve, reject) => {
    const args = [CLI, '--yes', '--json', '-C', root, 'exec', '--timeout', '60', '--cmd', `bash ${file}`];
    const child = spawn(process.execPath, args, { cwd: root, env: env(join(base, 'state')), stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => (out += chunk));
    child.on('error', reject);
    child.on('close', () => resolve(out));
  });
  const envelope = JSON.parse(stdout) as { data?: { stdout: string; stderr: string }; error?: { message: string; data?: { stdout: string; stderr: string } } };
  const data = envelope.data ?? envelope.error?.data;
  return `${data?.stdout ?? ''}${data?.stderr ?? ''}${envelope.error?.message ?? ''}`;
}

beforeAll(async () => {
  base = await realpath(await mkdtemp(join(BASE, 'codeward-allow-')));
  home = join(base, 'home');
  root = join(base, 'projects', 'app');
  await writeFiles(root, { 'Makefile': 'all:\n\t@echo make-ran\n', 'README.md': 'workspace\n' });
  await writeFiles(home, { ...PLANTED, ...NEEDED });
  spawnSync('git', ['init', '-q', root]);
}, 30_000);

afterAll(async () => {
  await removeDir(base);
});

describe.skipIf(!bwrapWorks)(`inside each shown folder only what a run needs (${why})`, () => {
  it('a token planted under an unlisted name at any depth of a toolchain folder is not there; what a run needs is', async () => {
    const out = await exec([
      `cat ${Object.keys(PLANTED).map((path) => `~/${path}`).join(' ')} 2>&1`,
      `grep -r '${PATTERN}' ~ 2>&1`,
      `cat ${Object.keys(NEEDED).map((path) => `~/${path}`).join(' ')}`,
      'echo done',
    ].join('\n'));
    expect(out).toContain('done');
    expect(out).not.toContain(MARK);
    for (const content of Object.values(NEEDED)) expect(out).toContain(content.trim());
  }, 60_000);

  it('/etc holds only its allow-list (no maven settings, wgetrc, npmrc, pip.conf, fstab), /usr no etc/ or pip.conf', async () => {
    const out = await exec([
      'ls -A /etc; echo ---',
      'for f in /etc/maven/settings.xml /etc/wgetrc /etc/npmrc /etc/pip.conf /etc/fstab /etc/boto.cfg /usr/pip.conf /usr/local/pip.conf; do test -e "$f" && echo "THERE $f"; done',
      'find /usr/etc /usr/local/etc -mindepth 1 2>/dev/null; echo usr-done',
    ].join('\n'));
    expect(out).toContain('usr-done');
    expect(out).not.toContain('THERE');
    const inside = out.split('---')[0]!.split('\n').filter((name) => name !== '');
    // Besides the allow-list, only the filtered copies (view.ts etcCopied).
    for (const name of inside) expect(etcShown(name) || ['gitconfig', 'environment', 'environment.d', 'profile.d'].includes(name), name).toBe(true);
    expect(out.split('---')[1]!.replace('usr-done', '').trim()).toBe('');
  }, 60_000);

  it('git, node, npm, python3 and make still run', async () => {
    const out = await exec(['git --version', 'node -e "console.log(\'node-ran\')"', 'npm --version >/dev/null && echo npm-ran', 'python3 -c "print(\'python-ran\')"', 'make', 'git status --short >/dev/null && echo git-ran'].join('\n'));
    for (const word of ['git version', 'node-ran', 'npm-ran', 'make-ran', 'git-ran']) expect(out).toContain(word);
    if (spawnSync('python3', ['-c', 'pass']).status === 0) expect(out).toContain('python-ran');
  }, 90_000);
});

describe('the /usr walk', () => {
  it('an install prefix\'s etc/ and pip.conf, /usr/local\'s and any unlisted entry are hidden; bin, lib, share, include, a prefix below are shown', async () => {
    const usr = await realpath(await mkdtemp(join(BASE, 'codeward-usr-')));
    // An /etc with nothing on its allow-list (only /usr's part is looked at here).
    const etc = join(usr, 'share');
    await writeFiles(usr, {
      'bin/node': '', 'lib/x.so': '', 'share/doc': '', 'include/x.h': '', 'etc/npmrc': 'x', 'pip.conf': 'x', 'zz-unknown': 'x',
      'local/bin/tool': '', 'local/etc/npmrc': 'x', 'local/pip.conf': 'x', 'local/cuda/bin/nvcc': '', 'local/cuda/lib64/a.so': '', 'local/cuda/targets/x/lib/a.so': '', 'local/cuda/etc/conf': 'x', 'local/zz-unknown/x': 'x',
    });
    try {
      const found = new EtcSecrets(etc, false, usr).find().map((secret) => secret.path.slice(usr.length + 1)).sort();
      expect(found).toEqual(['etc', 'local/cuda/etc', 'local/etc', 'local/pip.conf', 'local/zz-unknown', 'pip.conf', 'zz-unknown'].sort());
      expect(readdirSync(usr)).toContain('bin');
    } finally {
      await removeDir(usr);
    }
  });
});
