// rows28 (from red team round 26's test/redteam26/env-obeyed-files.test.ts). On integ 45e7d8c5 only PERL5LIB's
// strict.pm was written (`ok`); the other six were refused with C211 (the folder or file the variable names is one of
// the home's secrets moved into the workspace: home-secret-vars.ts hides it, so the write cannot happen) and each is
// obeyed by obeyed-env-homes.ts' generic rule too (a variable naming a workspace path): here they must not be written.
// Red team round 26 on spell27/obeyed-env-homes (tool homes and files codeward's environment names): a variable of
// codeward's own environment points into the workspace at a file or folder a program obeys at its next start, and a
// write there under --yes is not asked about. The workspace at ~/proj; the environment is the user's (a direnv
// `.envrc` `export KUBECONFIG=$PWD/kubeconfig` is the common way to get one). Each file runs code:
// - R26-5: KUBECONFIG's `users[].user.exec.command` (kubectl runs the credential plugin), NPM_CONFIG_USERCONFIG's
//   `node-options=--require ./x` / `script-shell=` (npm's next run), XDG_CONFIG_HOME's fish/config.fish (the shell's start-up file), PERL5LIB's strict.pm (every perl script's `use strict`),
//   GNUPGHOME's gpg-agent.conf `pinentry-program` (run by the next signed git commit), DOCKER_CONFIG's config.json
//   `credsStore`/`cliPluginsExtraDirs`.
// Checked here: `KUBECONFIG=.. kubectl get pods` ran the exec command; `PERL5LIB=.. perl -e 'use strict'` loaded the
// folder's strict.pm; `npm_config_userconfig=.. npm config get foo` read the file.
// Controls (held): XDG_CONFIG_HOME's git/config and nvim/init.lua, GIT_CONFIG_GLOBAL, PYTHONSTARTUP, INPUTRC.
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { removeDir, tempDir } from '../helpers/fixture.js';
import { homeWritten } from './home-write.js';

let base: string;
beforeAll(async () => {
  base = await tempDir('rt26-env-');
});
afterAll(async () => {
  await removeDir(base);
});
const WS = { 'cfg/.keep': '' };
const written = (env: Record<string, string>, file: string): Promise<string> => homeWritten(base, {}, file, 'x\n', { inHome: true, workspace: WS, env });

describe('R26-5: a file codeward\'s environment makes a program obey, inside the workspace', () => {
  test.each([
    [{ KUBECONFIG: '@WS@/cfg/kubeconfig' }, 'cfg/kubeconfig'],
    [{ NPM_CONFIG_USERCONFIG: '@WS@/cfg/npmrc' }, 'cfg/npmrc'],
    [{ npm_config_userconfig: '@WS@/cfg/npmrc' }, 'cfg/npmrc'],
    [{ XDG_CONFIG_HOME: '@WS@/cfg' }, 'cfg/fish/config.fish'],
    [{ GNUPGHOME: '@WS@/cfg' }, 'cfg/gpg-agent.conf'],
    [{ DOCKER_CONFIG: '@WS@/cfg' }, 'cfg/config.json'],
  ])('%j: writing %s is not done', async (env, file) => {
    expect(await written(env, file)).not.toBe('ok');
  }, 120_000);
});

// The fix: a folder of the project's code named by the process environment (PERL5LIB, RUBYLIB) obeys what the
// runtime loads from it at every start (perl's pragmas and core modules, ruby's rubygems), not the project's modules.
describe('R26-5: PERL5LIB/RUBYLIB name a load path: what every start loads there asks', () => {
  test.each([
    [{ PERL5LIB: '@WS@/cfg' }, 'cfg/strict.pm'],
    [{ PERL5LIB: '@WS@/cfg' }, 'cfg/warnings.pm'],
    [{ PERLLIB: '@WS@/cfg' }, 'cfg/Carp.pm'],
    [{ RUBYLIB: '@WS@/cfg' }, 'cfg/rubygems.rb'],
  ])('%j: writing %s asks (C241)', async (env, file) => {
    expect(await written(env, file)).toBe('C241');
  }, 120_000);
  test.each([
    [{ PERL5LIB: '@WS@/cfg' }, 'cfg/MyApp.pm'],
    [{ RUBYLIB: '@WS@/cfg' }, 'cfg/my_app.rb'],
  ])('%j: writing the project\'s own module %s stays free', async (env, file) => {
    expect(await written(env, file)).toBe('ok');
  }, 120_000);
});

describe('controls (held)', () => {
  test.each([
    [{ XDG_CONFIG_HOME: '@WS@/cfg' }, 'cfg/git/config'],
    [{ XDG_CONFIG_HOME: '@WS@/cfg' }, 'cfg/nvim/init.lua'],
    [{ GIT_CONFIG_GLOBAL: '@WS@/cfg/gc' }, 'cfg/gc'],
    [{ PYTHONSTARTUP: '@WS@/cfg/s.py' }, 'cfg/s.py'],
    [{ INPUTRC: '@WS@/cfg/inputrc' }, 'cfg/inputrc'],
  ])('%j: writing %s asks (C241)', async (env, file) => {
    expect(await written(env, file)).toBe('C241');
  }, 120_000);
});
