// Red team round 8, R8-10: a refusal lived in one reader. `read .git/config` refused a credential while
// `search --dir .git` printed it; `read .aws/credentials` (a person approves it) while `search`, codeward's
// git-diff and, in the sandbox, `grep -r` printed it. Now what read refuses or asks for by itself is hidden
// from every reader that cannot ask per file (workspace/reader-hidden.ts), in process and in the sandbox.
import { spawnSync } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEngine } from '../../src/setup.js';
import type { Engine } from '../../src/engine/engine.js';
import { removeDir, tempDir, writeFiles } from '../helpers/fixture.js';
import { bwrapWorks } from '../shell/stage-helpers.js';

let root: string;
let home: string;
let engine: Engine;
const git = (...args: string[]): void => void spawnSync('git', args, { cwd: root });

beforeAll(async () => {
  root = await tempDir('cw-reader-hidden-');
  home = await tempDir('cw-reader-hidden-home-');
  git('init', '-q');
  git('remote', 'add', 'origin', 'https://user:ghp_REPO_TOKEN@github.com/a/b.git');
  git('config', 'http.https://github.com/.extraheader', 'AUTHORIZATION: basic LEAK_HEADER');
  await writeFiles(root, {
    '.aws/credentials': 'aws_secret_access_key=LEAK_AWS\n',
    'deploy/.kube/config': 'token: LEAK_KUBE\n',
    '.ssh/id_ecdsa': 'LEAK_SSH\n',
    'a.txt': 'x LEAK_PLAIN\n',
  });
  git('-c', 'user.email=a@b', '-c', 'user.name=a', 'add', '-A');
  git('-c', 'user.email=a@b', '-c', 'user.name=a', 'commit', '-qm', 'i');
  await writeFiles(root, { '.aws/credentials': 'aws_secret_access_key=LEAK_AWS2\n', 'a.txt': 'y LEAK_PLAIN\n' });
  engine = await createEngine({ workspace: root, env: { ...process.env, HOME: home }, sandbox: { mode: 'workspace-write' } });
});
afterAll(async () => {
  await engine.close();
  await removeDir(root);
  await removeDir(home);
});

const text = (value: unknown): string => JSON.stringify(value);

describe('what read refuses or asks for is hidden from readers that cannot ask (R8-10)', () => {
  it('search over .git prints no credential of the repository config, and refuses the config named as --dir', async () => {
    expect(await engine.run({ cmd: 'read', args: { file: '.git/config' } })).toMatchObject({ ok: false, error: { code: 'C211' } });
    const found = await engine.run({ cmd: 'search', args: { term: 'REPO_TOKEN|LEAK_HEADER', regex: true, dir: '.git', includeHidden: true } });
    expect(text(found)).not.toMatch(/ghp_REPO_TOKEN|LEAK_HEADER/);
    expect(await engine.run({ cmd: 'search', args: { term: 'LEAK', dir: '.git/config' } })).toMatchObject({ ok: false, error: { code: 'C211' } });
  });

  it('search of the whole workspace finds the plain file only: no SSH key, AWS credentials or kube config at any depth', async () => {
    const found = await engine.run({ cmd: 'search', args: { term: 'LEAK', includeHidden: true } });
    expect(found.ok, text(found)).toBe(true);
    expect(text(found)).toMatch(/LEAK_PLAIN/);
    expect(text(found)).not.toMatch(/LEAK_AWS|LEAK_KUBE|LEAK_SSH/);
  });

  it('codeward git-diff leaves the credential file out', async () => {
    const diff = await engine.run({ cmd: 'git-diff', args: {} });
    expect(text(diff)).toMatch(/LEAK_PLAIN/);
    expect(text(diff)).not.toMatch(/LEAK_AWS/);
  });

  it.skipIf(!bwrapWorks)('in the sandbox, grep -r sees no credential file, and git content readers of a repository tracking one ask', async () => {
    const grep = await engine.run({ cmd: 'exec', args: { cmd: 'grep -r LEAK .' } });
    expect(text(grep)).toMatch(/LEAK_PLAIN/);
    expect(text(grep)).not.toMatch(/LEAK_AWS|LEAK_KUBE|LEAK_SSH/);
    for (const cmd of ['git grep LEAK', 'git diff', 'git log -p']) {
      const run = await engine.run({ cmd: 'exec', args: { cmd } });
      expect(text(run), cmd).not.toMatch(/LEAK_AWS|LEAK_KUBE|LEAK_SSH/);
    }
  });
});

describe('git object store and included configs (red team round 9: R9-8, R9-14)', () => {
  let repo: string;
  let engine9: Engine;
  const git9 = (...args: string[]): string => spawnSync('git', ['-c', 'user.email=a@b', '-c', 'user.name=a', ...args], { cwd: repo, encoding: 'utf8' }).stdout.trim();
  beforeAll(async () => {
    repo = await tempDir('cw-reader-hidden-9-');
    git9('init', '-q');
    await writeFiles(repo, { '.env': 'API_KEY=COMMITTED_SECRET_123\n', 'a.txt': 'x\n', '.git/creds': '[http "https://github.com/"]\n\textraheader = AUTHORIZATION: basic INCLUDED_CRED_TOKEN\n', 'cfgs/extra.gitconfig': '[remote "o"]\n\turl = https://u:ghp_WT_INC_TOKEN@github.com/a/b\n' });
    git9('add', '-f', '.env', 'a.txt');
    git9('commit', '-qm', 'i');
    git9('config', 'include.path', 'creds');
    git9('config', '--add', 'include.path', '../cfgs/extra.gitconfig');
    engine9 = await createEngine({ workspace: repo, env: { ...process.env, HOME: home }, sandbox: { mode: 'workspace-write' } });
  });
  afterAll(async () => {
    await engine9.close();
    await removeDir(repo);
  });

  it('read refuses a loose object and a pack of the object store (R9-8)', async () => {
    const sha = git9('rev-parse', 'HEAD:.env');
    const loose = await engine9.run({ cmd: 'read', args: { file: `.git/objects/${sha.slice(0, 2)}/${sha.slice(2)}`, encoding: 'base64' } });
    expect(loose).toMatchObject({ ok: false, error: { code: 'C211' } });
    expect(text(loose)).toMatch(/object store/);
    git9('gc', '-q');
    const pack = git9('ls-files', '--others').length >= 0 ? spawnSync('sh', ['-c', 'ls .git/objects/pack/*.pack'], { cwd: repo, encoding: 'utf8' }).stdout.trim() : '';
    expect(await engine9.run({ cmd: 'read', args: { file: pack.slice(repo.length + 1 > 0 && pack.startsWith('/') ? repo.length + 1 : 0), encoding: 'base64' } })).toMatchObject({ ok: false, error: { code: 'C211' } });
  });

  it('a file the repository config includes that holds a credential is refused by read and hidden from search (R9-14)', async () => {
    for (const file of ['.git/creds', 'cfgs/extra.gitconfig']) expect(await engine9.run({ cmd: 'read', args: { file } }), file).toMatchObject({ ok: false, error: { code: 'C211' } });
    const found = await engine9.run({ cmd: 'search', args: { term: 'TOKEN', includeHidden: true } });
    expect(text(found)).not.toMatch(/INCLUDED_CRED_TOKEN|ghp_WT_INC_TOKEN/);
    const inGit = await engine9.run({ cmd: 'search', args: { term: 'TOKEN', dir: '.git', includeHidden: true } });
    expect(text(inGit)).not.toMatch(/INCLUDED_CRED_TOKEN/);
  });

  it.skipIf(!bwrapWorks)('in the sandbox, the included credential files read empty (R9-14)', async () => {
    const run = await engine9.run({ cmd: 'exec', args: { cmd: 'cat .git/creds cfgs/extra.gitconfig; true' } });
    expect(text(run)).not.toMatch(/INCLUDED_CRED_TOKEN|ghp_WT_INC_TOKEN/);
  });
});

describe('the home as the workspace: credential stores beyond the first list (red team round 9, R9-13)', () => {
  it('git\'s XDG credential store and coding agents\' tokens are refused by read and hidden from search', async () => {
    const myHome = await tempDir('cw-reader-hidden-home9-');
    try {
      await writeFiles(myHome, { '.config/git/credentials': 'https://u:R913_GIT@github.com\n', '.claude/.credentials.json': '{"t":"R913_CLAUDE"}\n', '.codex/auth.json': '{"t":"R913_CODEX"}\n', '.config/github-copilot/hosts.json': '{"t":"R913_COPILOT"}\n', 'notes.txt': 'R913_PLAIN\n' });
      const engineHome = await createEngine({ workspace: myHome, env: { ...process.env, HOME: myHome } });
      try {
        const found = await engineHome.run({ cmd: 'search', args: { term: 'R913_', includeHidden: true } });
        expect(text(found)).toMatch(/R913_PLAIN/);
        expect(text(found)).not.toMatch(/R913_(GIT|CLAUDE|CODEX|COPILOT)/);
        expect(await engineHome.run({ cmd: 'read', args: { file: '.claude/.credentials.json' } })).toMatchObject({ ok: false, error: { code: 'C211' } });
      } finally {
        await engineHome.close();
      }
    } finally {
      await removeDir(myHome);
    }
  });
});

describe('a glob written with a leading slash (red team round 9, R9-10)', () => {
  it('is anchored at the root, as in .gitignore: read and search refuse what it names', async () => {
    const ws = await tempDir('cw-reader-hidden-slash-');
    try {
      await writeFiles(ws, { 'config/private/db.txt': 'DBPASS=R910\n', 'config/public.txt': 'R910_PLAIN\n' });
      const slash = await createEngine({ workspace: ws, env: { ...process.env, HOME: home }, configure: (config) => ({ ...config, nonAccessibleGlobs: ['/config/private/**'] }) });
      try {
        expect(await slash.run({ cmd: 'read', args: { file: 'config/private/db.txt' } })).toMatchObject({ ok: false, error: { code: 'C211' } });
        expect(text(await slash.run({ cmd: 'search', args: { term: 'R910' } }))).not.toMatch(/DBPASS/);
      } finally {
        await slash.close();
      }
    } finally {
      await removeDir(ws);
    }
  });
});
