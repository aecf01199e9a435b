// R35-6 — CRITICAL — the write jail hides the workspace's secrets as FILES only (SecretFinder.find()), not what the
// sandbox hides of them in git (sandbox.ts prepare: hideTrackedGit / TrackedSecretCheck / UnreachableObjects, the
// filtered copy of a .git/config holding a credential (repositoryConfigCopies), includedCredentialConfigs). `read .env`
// and `read .git/config` refuse; a jailed exec prints both through git. Invariant 6: what read refuses, exec refuses too.
//
// Reproduction (integ 40c07f63; HOME=/var/tmp/rt35lab/home, workspace /var/tmp/rt35lab/ws, a git repository):
//   $ echo 'API_KEY=sk-live-RT35-tracked' > .env && git add -f .env && git commit -m 'add env'
//   e.py: open('.e'+'nv').read(); subprocess git show HEAD:.env; git log -p -1
//   $ codeward --sandbox off --yes exec --cmd "python3 e.py"
//       -> "direct: ''"   (the file is hidden)   "git: API_KEY=sk-live-RT35-tracked"   "+API_KEY=sk-live-RT35-tracked"
//   $ codeward --sandbox workspace-write --yes exec --cmd "python3 e.py"  -> "direct: ''  git:   log: " (git hidden)
//   $ git remote add origin https://rt35user:ghp_RT35TOKEN…@github.com/x/y.git
//   k.py: print(open('.git/con'+'fig').read()); git remote get-url origin
//   $ codeward --sandbox off --yes exec --cmd "python3 k.py"  -> the URL with ghp_RT35TOKEN… (twice)
//   $ codeward read .git/config   -> C211 "a git config file holding a credential … codeward does not show it raw"
// Expected: as in the sandbox: with a tracked secret, git's folders are hidden (or its objects masked); the repository's
// config holding a credential is shown as the filtered copy; neither value appears in the output.
// ONE place for the class fix: one function computing "what the workspace hides from a process" (files, tracked and
// unreachable git objects, credential configs and their filtered copies), called by sandbox.ts prepare and by
// write-jail-run.ts jailedRun alike (today jailedRun passes finder().find() alone).
import { execFileSync, spawnSync } from 'node:child_process';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEngine } from '../../src/setup.js';

const bwrapWorks = spawnSync('bwrap', ['--ro-bind', '/', '/', '--unshare-pid', '--dev-bind', '/dev', '/dev', '--proc', '/proc', 'true'], { stdio: 'ignore' }).status === 0;

let base: string;
let root: string;
let home: string;
const KEY = 'sk-live-RT35-tracked';
const TOKEN = 'ghp_RT35TOKENabcdefghijklmnopqrstuvwxyz12';
beforeAll(async () => {
  base = await mkdtemp('/var/tmp/cw-rt35-gitsecret-');
  root = join(base, 'ws');
  home = join(base, 'home');
  await mkdir(root);
  await mkdir(home);
  const git = (...args: string[]): string => execFileSync('git', ['-c', 'user.email=a@b', '-c', 'user.name=a', ...args], { cwd: root, encoding: 'utf8' });
  git('init', '-q');
  await writeFile(join(root, '.env'), `API_KEY=${KEY}\n`);
  git('add', '-f', '.env');
  git('commit', '-qm', 'add env');
  git('remote', 'add', 'origin', `https://rt35user:${TOKEN}@github.com/x/y.git`);
});
afterAll(async () => {
  await rm(base, { recursive: true, force: true });
});

async function out(line: string): Promise<string> {
  const engine = await createEngine({ workspace: root, env: { HOME: home, PATH: process.env['PATH'] ?? '' }, sandbox: { mode: 'off' as const }, permissions: { home, yes: true } });
  try {
    const result = await engine.run({ cmd: 'exec', args: { cmd: line } });
    return JSON.stringify(result);
  } finally {
    await engine.close();
  }
}

describe.skipIf(!bwrapWorks)('--sandbox off --yes: the workspace\'s secrets stay hidden through git', () => {
  it('a tracked .env (hidden as a file) is not printed from git\'s objects', async () => {
    await writeFile(join(root, 'e.py'), "import subprocess\nprint(subprocess.run(['git', 'show', 'HEAD:.e' + 'nv'], capture_output=True, text=True).stdout)\nprint(subprocess.run(['git', 'log', '-p', '-1'], capture_output=True, text=True).stdout)\n");
    expect(await out('python3 e.py')).not.toContain(KEY);
  }, 60_000);

  it('a credential in .git/config (read refuses it) is not printed raw', async () => {
    await writeFile(join(root, 'k.py'), "import subprocess\nprint(open('.git/con' + 'fig').read())\nprint(subprocess.run(['git', 'remote', 'get-url', 'origin'], capture_output=True, text=True).stdout)\n");
    expect(await out('python3 k.py')).not.toContain(TOKEN);
  }, 60_000);
});
