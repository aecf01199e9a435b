// Copied from the red team's test/redteam22b/process-env-homes.test.ts (h-rt22b), fixed by obeyed-env-homes.ts.
// Red team round 22b, R22b-4 (the write gate's one table of loader variables, src/permissions/obeyed-env.ts): when
// codeward's own environment (the user's shell: a project-local tool home exported by a shell profile, a dev
// container, CI) points a tool's home or start-up file into the workspace, the files that tool runs or obeys there
// are judged by the same table as a `.envrc`'s exports. The table knows XDG_CONFIG_HOME, ZDOTDIR, BASH_ENV,
// PYTHONSTARTUP, GIT_CONFIG_GLOBAL, GIT_TEMPLATE_DIR, npm_config_userconfig (controls: they ask), but not these
// tools' homes and rc files, whose files run code: cargo's $CARGO_HOME/config.toml (build.rustc-wrapper), rustup's
// toolchain binaries, gradle's init.d scripts (every build), IPython's startup scripts, Jupyter's config (Python),
// npm's global config under the prefix (node-options=--require), ripgrep's config (--pre=COMMAND), psql's rc (\!),
// R's and irb's profiles (code), screen's rc (exec), wget's rc (use_askpass). Each is written under --yes, unasked.
// (The same variables exported by the workspace's .envrc ask: ".envrc loads gh".)
import { execFileSync } from 'node:child_process';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { removeDir, runCli, tempDir, writeFiles } from '../helpers/fixture.js';

let base: string;
let count = 0;
beforeAll(async () => {
  base = await tempDir('rt22b-env-');
});
afterAll(async () => {
  await removeDir(base);
});

// The write of `file` under --yes with these variables in codeward's environment (`@WS@`: the workspace, `@UP@`: the folder above it).
async function writtenWith(vars: Record<string, string>, file: string): Promise<string> {
  const top = join(base, `w${++count}`), home = join(base, `h${count}`);
  await writeFiles(top, { 'src/a.ts': '1\n', 'package.json': '{}\n' });
  await writeFiles(home, { '.keep': '' });
  execFileSync('git', ['init', '-q', top]);
  const env = Object.fromEntries(Object.entries(vars).map(([name, value]) => [name, value.replaceAll('@WS@', top).replaceAll('@UP@', base)]));
  const result = runCli(['--json', '-C', top, 'write', '--path', file, '--content', 'x\n'], { env: { HOME: home, CODEWARD_NO_SERVE: '1', ...env } });
  return result.json.ok ? 'ok' : result.json.error?.code ?? (result.stdout || `status ${result.status} ${result.signal ?? ''}: ${result.stderr.slice(0, 800)}`);
}

// The write of `file` under --yes with `name` = the workspace's `value` in codeward's environment.
const written = (name: string, value: string, file: string): Promise<string> => writtenWith({ [name]: `@WS@/${value}` }, file);

describe('R22b-4: tool homes and rc files named by codeward\'s environment', () => {
  test.each([
    ['CARGO_HOME', 'ch', 'ch/config.toml'],
    ['RUSTUP_HOME', 'rh', 'rh/toolchains/stable-x86_64-unknown-linux-gnu/bin/cargo'],
    ['RUSTUP_HOME', 'rh', 'rh/toolchains/stable-x86_64-unknown-linux-gnu/lib/librustc_driver.so'],
    ['RUSTUP_HOME', 'rh', 'rh/toolchains/stable-x86_64-unknown-linux-gnu/etc/bash_completion.d/cargo'],
    ['RUSTUP_HOME', 'rh', 'rh/toolchains/dev'],
    ['GRADLE_USER_HOME', 'gh', 'gh/init.d/x.gradle'],
    ['IPYTHONDIR', 'ip', 'ip/profile_default/startup/x.py'],
    ['JUPYTER_CONFIG_DIR', 'jc', 'jc/jupyter_server_config.py'],
    ['NPM_CONFIG_PREFIX', 'np', 'np/etc/npmrc'],
    ['npm_config_globalconfig', 'gnrc', 'gnrc'],
    ['RIPGREP_CONFIG_PATH', 'rg', 'rg'],
    ['PSQLRC', 'pr', 'pr'],
    ['R_PROFILE_USER', 'rp', 'rp'],
    ['IRBRC', 'ir', 'ir'],
    ['SCREENRC', 'sr', 'sr'],
    ['WGETRC', 'wr', 'wr'],
  ])('%s=WS/%s: writing %s asks', async (name, value, file) => {
    expect(await written(name, value, file)).toBe('C241');
  }, 60_000);

  test.each([
    ['XDG_CONFIG_HOME', 'cfg', 'cfg/git/config'],
    ['ZDOTDIR', 'z', 'z/.zshrc'],
    ['PYTHONSTARTUP', 'ps.py', 'ps.py'],
    ['GIT_TEMPLATE_DIR', 'gt', 'gt/hooks/pre-commit'],
  ])('control (held): %s=WS/%s: writing %s asks', async (name, value, file) => {
    expect(await written(name, value, file)).toBe('C241');
  }, 60_000);
});

// The class: the tools of the same family, and any variable not known at all (the generic rule), ask; a tool's
// home obeys only what runs or configures code (its caches stay free).
describe('R22b-4 class: any variable of codeward\'s environment naming a path inside the workspace', () => {
  test.each([
    ['GEM_HOME', 'gm', 'gm/bin/rake'],
    ['GOPATH', 'go', 'go/bin/tool'],
    ['DOTNET_CLI_HOME', 'dn', 'dn/.dotnet/tools/x'],
    ['BUN_INSTALL', 'bn', 'bn/bin/x'],
    ['PNPM_HOME', 'pn', 'pn/x'],
    ['VOLTA_HOME', 'vh', 'vh/bin/node'],
    ['GOENV', 'ge', 'ge'],
    ['MAVEN_USER_HOME', 'm2', 'm2/settings.xml'],
    ['POETRY_CONFIG_DIR', 'po', 'po/config.toml'],
    ['SOME_NEW_TOOL_HOME', 'nt', 'nt/anything/rc'],
    ['npm_config_cache', 'nc', 'nc/_npx/1/node_modules/x/index.js'],
  ])('%s=WS/%s: writing %s asks', async (name, value, file) => {
    expect(await written(name, value, file)).toBe('C241');
  }, 60_000);

  // Credential places are hidden as well (sandbox/home-secret-vars.ts: C211); either way not written.
  test.each([
    ['DOCKER_CONFIG', 'dc', 'dc/config.json'],
    ['AWS_CONFIG_FILE', 'aws', 'aws'],
    ['CONDARC', 'crc', 'crc'],
  ])('%s=WS/%s: writing %s is refused', async (name, value, file) => {
    expect(await written(name, value, file)).not.toBe('ok');
  }, 60_000);

  test('a path list with one entry inside (TOOL_CONFIGS=/elsewhere:WS/t.yaml) asks for that entry', async () => {
    expect(await writtenWith({ TOOL_CONFIGS: '/nonexistent/k:@WS@/t.yaml' }, 't.yaml')).toBe('C241');
  }, 60_000);

  test('an option\'s operand (JAVA_TOOL_OPTIONS=-javaagent:WS/a.jar) asks', async () => {
    expect(await writtenWith({ JAVA_TOOL_OPTIONS: '-Xmx1g -javaagent:@WS@/lib/a.jar' }, 'lib/a.jar')).toBe('C241');
  }, 60_000);

  test('a command variable\'s other paths (GIT_SSH_COMMAND=ssh -F WS/sshcfg) ask', async () => {
    expect(await writtenWith({ GIT_SSH_COMMAND: 'ssh -F @WS@/sshcfg' }, 'sshcfg')).toBe('C241');
  }, 60_000);

  test('a relative value (CARGO_HOME=./ch), codeward started in the workspace: ch/config.toml asks', async () => {
    const top = join(base, `w${++count}`), home = join(base, `h${count}`);
    await writeFiles(top, { 'src/a.ts': '1\n' });
    await writeFiles(home, { '.keep': '' });
    execFileSync('git', ['init', '-q', top]);
    const result = runCli(['--json', '-C', top, 'write', '--path', 'ch/config.toml', '--content', 'x\n'], { cwd: top, env: { HOME: home, CODEWARD_NO_SERVE: '1', CARGO_HOME: './ch' } });
    expect(result.json.ok ? 'ok' : result.json.error?.code).toBe('C241');
  }, 60_000);

  test('a relative YARN_RC_FILENAME is yarn\'s configuration in every folder', async () => {
    expect(await writtenWith({ YARN_RC_FILENAME: '.yarnrc.ci.yml' }, 'pkg/.yarnrc.ci.yml')).toBe('C241');
  }, 60_000);

  test.each([
    ['CARGO_HOME', 'ch', 'ch/registry/src/index/x-1.0/README'],
    ['GRADLE_USER_HOME', 'gh', 'gh/caches/modules-2/x.jar'],
    ['GOPATH', 'go', 'go/pkg/mod/example.com/x@v1/x.go'],
    ['npm_config_cache', 'nc', 'nc/_cacache/index-v5/x'],
    ['RUSTUP_HOME', 'rh', 'rh/downloads/x'],
    ['RUSTUP_HOME', 'rh', 'rh/toolchains/stable-x86_64-unknown-linux-gnu/share/doc/rust/html/index.html'],
  ])('%s=WS/%s: its cache %s stays free', async (name, value, file) => {
    expect(await written(name, value, file)).toBe('ok');
  }, 60_000);
});

// Friction: what a shell, npm, a venv or a build sets in codeward's environment must not make ordinary writes ask.
describe('R22b-4 friction: places that are not configuration', () => {
  test('started from `npm run x` in a workspace subfolder (npm\'s variables), ordinary source writes stay free', async () => {
    const env = {
      INIT_CWD: '@WS@/sub', PWD: '@WS@/sub', OLDPWD: '@WS@', npm_config_local_prefix: '@WS@', npm_package_json: '@WS@/package.json',
      npm_package_config_dir: '@WS@/src', npm_lifecycle_event: 'x', npm_lifecycle_script: 'codeward write', npm_config_cache: '/nonexistent/.npm',
    };
    for (const file of ['src/a.ts', 'sub/x.ts', 'package.json', 'src/b.test.ts']) expect(await writtenWith(env, file)).toBe('ok');
  }, 120_000);

  test('the npm project is a subfolder of the workspace (npm_config_local_prefix=WS/pkg): its sources stay free', async () => {
    const env = { INIT_CWD: '@WS@/pkg', PWD: '@WS@/pkg', npm_config_local_prefix: '@WS@/pkg', npm_package_json: '@WS@/pkg/package.json' };
    expect(await writtenWith(env, 'pkg/src/a.ts')).toBe('ok');
  }, 60_000);

  test.each([
    ['VIRTUAL_ENV', '.venv', '.venv/lib/python3.12/site-packages/x.py'],
    ['TMPDIR', 'tmp', 'tmp/x'],
    ['CARGO_TARGET_DIR', 'target', 'target/debug/x'],
    ['GOCACHE', '.gocache', '.gocache/00/x-d'],
    ['CLASSPATH', 'build/classes', 'build/classes/app.properties'],
    ['PROJECT_ROOT', '', 'src/a.ts'],
    ['PLAYWRIGHT_BROWSERS_PATH', '.pw', '.pw/chromium-1/chrome'],
  ])('%s=WS/%s: writing %s stays free', async (name, value, file) => {
    expect(await written(name, value, file)).toBe('ok');
  }, 60_000);

  test('maven\'s local repository in MAVEN_OPTS (CI) stays free, a -javaagent beside it asks', async () => {
    const env = { MAVEN_OPTS: '-Dmaven.repo.local=@WS@/.m2/repository -javaagent:@WS@/agent.jar' };
    expect(await writtenWith(env, '.m2/repository/x/y/1/y-1.pom')).toBe('ok');
    expect(await writtenWith(env, 'agent.jar')).toBe('C241');
  }, 60_000);

  test('a variable naming a folder above the workspace (WORK=dirname(WS)) obeys nothing', async () => {
    expect(await writtenWith({ WORK_AREA: '@UP@' }, 'src/a.ts')).toBe('ok');
  }, 60_000);

  test('a sandboxed exec (CARGO_HOME=WS/ch) that writes ch/config.toml and ch/registry/x: the config is set aside, the cache stays', async () => {
    const top = join(base, `w${++count}`), home = join(base, `h${count}`);
    await writeFiles(top, { 'src/a.ts': '1\n', 's.sh': 'mkdir -p ch/registry; echo x > ch/registry/x; echo "[build]" > ch/config.toml\n' });
    await writeFiles(home, { '.keep': '' });
    execFileSync('git', ['init', '-q', top]);
    const result = runCli(['--json', '-C', top, 'exec', '--cmd', 'sh s.sh'], { env: { HOME: home, CODEWARD_NO_SERVE: '1', CARGO_HOME: join(top, 'ch') } });
    const changes = JSON.stringify(result.json.data?.changes ?? {});
    expect(changes).toContain('"setAside":[{"path":"ch/config.toml"');
    expect(changes).toContain('"files":[{"path":"ch/registry/x","change":"created"}]');
  }, 60_000);
});
