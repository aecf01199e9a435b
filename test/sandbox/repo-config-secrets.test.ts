// R5-9 (red team round 5): credentials in the repository's own git config (a token in a remote URL, an
// http.extraHeader as actions/checkout writes it, a credential helper with the secret inline) reached the
// model through `read .git/config`, `exec 'cat .git/config'`, `git remote -v`, `git config --get ...`.
// Now the read jail refuses such a file raw (C211) and the sandbox shows a filtered copy over it (git
// still works, remotes keep their URL without the token); the host file is never changed.
import { spawnSync } from 'node:child_process';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { withoutSecrets } from '../../src/git/config-secrets.js';
import { createEngine } from '../../src/index.js';
import { removeDir, runCli, tempDir, writeFiles } from '../helpers/fixture.js';
import { bwrapWorks } from '../shell/stage-helpers.js';

const IDENTITY = { GIT_AUTHOR_NAME: 'a', GIT_AUTHOR_EMAIL: 'a@b', GIT_COMMITTER_NAME: 'a', GIT_COMMITTER_EMAIL: 'a@b' };
const SECRETS = ['ghp_REMOTE1234567', 'ghs_INSTEADOF12345', 'eC1hY2Nlc3MtdG9rZW46SEVBREVS', 'HELPER-SECRET', 'MODULE-SECRET', 'WORKTREE-SECRET'];

describe('a git config without its credentials (one filter)', () => {
  const rows: [string, string, string | undefined][] = [
    ['a token in a remote URL: the remote stays, without it', '[remote "origin"]\n\turl = https://x-access-token:ghp_REMOTE1234567@github.com/o/r.git\n', 'url = https://github.com/o/r.git'],
    ['a token in an insteadOf header', '[url "https://ghs_INSTEADOF12345@github.com/"]\n\tinsteadOf = https://github.com/\n', 'insteadOf = https://github.com/'],
    ['http.extraHeader as actions/checkout writes it', '[http "https://github.com/"]\n\textraheader = AUTHORIZATION: basic eC1hY2Nlc3MtdG9rZW46SEVBREVS\n[core]\n\tbare = false\n', 'bare = false'],
    ['http.extraHeader continued over two lines', '[http]\n\textraHeader = X-Auth: \\\n\tHELPER-SECRET\n[core]\n\tx = 1\n', 'x = 1'],
    ['a credential helper with the secret inline', '[credential "https://github.com"]\n\thelper = "!f() { echo password=HELPER-SECRET; }; f"\n\tusername = me\n[core]\n\tx = 1\n', 'x = 1'],
    ['a bare helper key outside a credential section', '[remote "o"]\n\turl = git@github.com:me/tokenizer.git\n\thelper = !echo HELPER-SECRET\n', 'url = git@github.com:me/tokenizer.git'],
  ];
  for (const [name, text, kept] of rows) {
    it(name, () => {
      const clean = withoutSecrets(text)!;
      for (const secret of SECRETS) expect(clean).not.toContain(secret);
      expect(clean).toContain(kept);
    });
  }
  it('a config with no credential (a repository named tokenizer) is left as it is', () => {
    expect(withoutSecrets('[remote "origin"]\n\turl = https://github.com/me/tokenizer.git\n[core]\n\tsshCommand = ssh -i key\n')).toBeUndefined();
  });
});

let root: string;
let home: string;
const git = (...args: string[]): string => spawnSync('git', ['-C', root, ...args], { encoding: 'utf8', env: { ...process.env, ...IDENTITY, HOME: home } }).stdout;
let hostConfig: string;

beforeAll(async () => {
  root = await tempDir('codeward-repo-config-');
  home = await tempDir('codeward-repo-config-home-');
  await writeFiles(root, { 'a.txt': 'a\n' });
  for (const args of [['init', '-q', '-b', 'main'], ['add', '-A'], ['commit', '-qm', 'first']]) git(...args);
  git('remote', 'add', 'origin', 'https://x-access-token:ghp_REMOTE1234567@github.com/o/r.git');
  git('config', 'http.https://github.com/.extraheader', 'AUTHORIZATION: basic eC1hY2Nlc3MtdG9rZW46SEVBREVS');
  git('config', 'credential.helper', '!f() { echo password=HELPER-SECRET; }; f');
  // A submodule's and a linked worktree's own config files, and a nested clone's.
  mkdirSync(join(root, '.git/modules/lib/sub/objects'), { recursive: true });
  writeFileSync(join(root, '.git/modules/lib/sub/HEAD'), 'ref: refs/heads/main\n');
  writeFileSync(join(root, '.git/modules/lib/sub/config'), '[remote "origin"]\n\turl = https://MODULE-SECRET@example.com/x\n');
  git('worktree', 'add', '-q', join(home, 'wt'));
  git('config', '--worktree', 'http.extraHeader', 'Authorization: Bearer WORKTREE-SECRET');
  writeFileSync(join(root, '.git/worktrees/wt/config.worktree'), '[http]\n\textraHeader = Authorization: Bearer WORKTREE-SECRET\n');
  mkdirSync(join(root, 'vendor/x'), { recursive: true });
  spawnSync('git', ['init', '-q', join(root, 'vendor/x')]);
  writeFileSync(join(root, 'vendor/x/.git/config'), '[remote "origin"]\n\turl = https://u:ghp_REMOTE1234567@github.com/v/x\n');
  hostConfig = readFileSync(join(root, '.git/config'), 'utf8');
});

afterAll(async () => {
  await removeDir(root);
  await removeDir(home);
});

describe('the read jail refuses a repository config holding a credential (R5-9)', () => {
  it('read of .git/config, a submodule\'s, a worktree\'s and a nested clone\'s config: C211 naming why; a clean config reads', async () => {
    const engine = await createEngine({ workspace: root, env: { ...process.env, HOME: home, CODEWARD_STATE_DIR: join(home, 'state') } });
    for (const file of ['.git/config', '.git/modules/lib/sub/config', '.git/worktrees/wt/config.worktree', 'vendor/x/.git/config']) {
      const result = await engine.run({ cmd: 'read', args: { file } });
      expect(result, file).toMatchObject({ ok: false, error: { code: 'C211' } });
      expect(JSON.stringify(result)).toMatch(/holding a credential/);
      for (const secret of SECRETS) expect(JSON.stringify(result)).not.toContain(secret);
    }
    expect(await engine.run({ cmd: 'read', args: { file: '.git/HEAD' } })).toMatchObject({ ok: true });
  });
});

describe.skipIf(!bwrapWorks)('the sandbox shows the repository config without its credentials (R5-9)', () => {
  const env = (): Record<string, string> => ({ HOME: home, CODEWARD_STATE_DIR: join(home, 'state'), ...IDENTITY });
  for (const stage of ['--stage', '--no-stage']) {
    it(`cat, git remote -v, git config --get/--list, submodule and worktree configs print no secret; git status and log work (${stage})`, () => {
      const line = 'cat .git/config .git/modules/lib/sub/config .git/worktrees/wt/config.worktree; git remote -v; git config --get-regexp "http.*"; git config --list; git status --short; git log --oneline';
      const run = runCli(['--json', '-C', root, 'exec', stage, '--cmd', line], { cwd: root, env: env() });
      expect(run.json.ok, run.stdout + run.stderr).toBe(true);
      const out = JSON.stringify(run.json);
      for (const secret of SECRETS) expect(out).not.toContain(secret);
      expect(out).toContain('origin\\thttps://github.com/o/r.git (fetch)');
      expect(out).toContain('first');
      expect(readFileSync(join(root, '.git/config'), 'utf8')).toBe(hostConfig);
    }, 60_000);
  }
});
