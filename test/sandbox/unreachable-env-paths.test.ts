// Variables the engine inherits may name paths this user cannot even look at: CI runs as root with
// TF_CLI_CONFIG_FILE=/root/.terraformrc, and a process started from there as another user keeps it. The
// home-secret table (home-secret-vars.ts), the home links, the sandbox view and the git identity copies stat
// those paths; an EACCES there failed every exec with C216 "permission denied". Such a path is as absent as
// a missing one (the user, and the sandbox running as the user, cannot open it). Through the real binary, as
// a user who cannot enter the locked folder: nobody when the tests run as root, else the runner with a 000
// folder of its own.
import { chmodSync, chownSync, mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { HOME_SECRET_VARIABLES } from '../../src/sandbox/home-secret-vars.js';
import { asRoot, cliAsUser, NOBODY, reachable, userDir } from '../helpers/as-nobody.js';
import { removeDir, tempDir } from '../helpers/fixture.js';
import { bwrapWorks } from '../shell/stage-helpers.js';

let dirs: string[];
let root: string;
let locked: string;

async function ownDir(prefix: string): Promise<string> {
  const dir = await userDir(prefix);
  dirs.push(dir);
  return dir;
}

beforeEach(async () => {
  dirs = [];
  root = await ownDir('cw-unreach-ws-');
  // Root's own 0700 folder (nobody cannot enter it), or the runner's own 000 folder.
  locked = await tempDir('cw-unreach-locked-');
  dirs.push(locked);
  mkdirSync(join(locked, '.config'));
  writeFileSync(join(locked, '.terraformrc'), 'credentials "app.terraform.io" { token = "x" }\n');
  chmodSync(locked, asRoot ? 0o700 : 0);
});

afterEach(async () => {
  for (const dir of dirs) {
    chmodSync(dir, 0o700);
    await removeDir(dir);
  }
});

// Every variable the home-secret table reads, the XDG bases and git's global config, all into the locked folder.
function lockedEnv(): Record<string, string> {
  const env: Record<string, string> = {};
  for (const located of Object.values(HOME_SECRET_VARIABLES)) for (const name of located?.vars ?? []) env[name] = join(locked, name.toLowerCase());
  for (const name of ['XDG_CONFIG_HOME', 'XDG_DATA_HOME', 'XDG_CACHE_HOME', 'XDG_STATE_HOME']) env[name] = join(locked, '.config');
  return { ...env, TF_CLI_CONFIG_FILE: join(locked, '.terraformrc'), GIT_CONFIG_GLOBAL: join(locked, '.gitconfig') };
}

const cli = (home: string, state: string, args: readonly string[]) => cliAsUser(root, { ...lockedEnv(), HOME: home, CODEWARD_STATE_DIR: state }, args);

describe.skipIf(!reachable)('paths the environment names that this user cannot look at', { timeout: 120_000 }, () => {
  it('read, search, tree and exec (staged and in place) answer as if the paths were missing', async () => {
    const home = await ownDir('cw-unreach-home-');
    const state = await ownDir('cw-unreach-state-');
    writeFileSync(join(root, 'a.txt'), 'needle\n');
    if (asRoot) chownSync(join(root, 'a.txt'), NOBODY, NOBODY);
    const calls: string[][] = [['read', '--file', 'a.txt'], ['search', '--term', 'needle'], ['tree']];
    if (bwrapWorks) calls.push(['exec', '--cmd', 'cat a.txt && echo made > b.txt'], ['exec', '--no-stage', '--cmd', 'cat a.txt']);
    for (const args of calls) {
      const run = cli(home, state, args);
      expect(run.ok, `${args.join(' ')}: ${run.text}`).toBe(true);
      expect(JSON.stringify(run.json.data), args.join(' ')).toContain(args[0] === 'tree' ? 'a.txt' : 'needle');
    }
  });
});
