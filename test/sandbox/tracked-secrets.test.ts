// Which non-accessible files a repository tracks, read from its index without git (the sandbox hides
// git's folders then, and the gate stops auto-approving git's object readers).
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { readFile, realpath, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { indexEntries } from '../../src/sandbox/git-index.js';
import { hideTrackedGit } from '../../src/sandbox/hidden-git.js';
import { repositoryOf, TrackedSecretCheck } from '../../src/sandbox/tracked-secrets.js';
import { DEFAULT_NON_ACCESSIBLE_GLOBS } from '../../src/workspace/types.js';
import { removeDir, tempDir as makeTempDir, writeFiles } from '../helpers/fixture.js';
import { toolEnv } from '../helpers/tool-env.js';

// Every temp folder a test made, removed at the end.
const made: string[] = [];
async function tempDir(prefix: string): Promise<string> {
  const dir = await makeTempDir(prefix);
  made.push(dir);
  return dir;
}
afterAll(async () => {
  for (const dir of made) await removeDir(dir);
});

const git = (cwd: string, ...args: string[]): string => {
  const env = Object.fromEntries(Object.entries(process.env).filter(([key]) => !key.startsWith('GIT_')));
  const result = spawnSync('git', ['-c', 'user.name=t', '-c', 'user.email=t@e', '-c', 'protocol.file.allow=always', ...args], { cwd, encoding: 'utf8', env: { ...env, GIT_CONFIG_NOSYSTEM: '1' } });
  expect(result.status, result.stderr).toBe(0);
  return result.stdout;
};

// The secret gone from the index AND from history (R6-11: a commit that held it counts): the only
// commit amended without it, its old version expired and pruned.
const forget = (cwd: string, ...files: string[]): void => {
  git(cwd, 'rm', '-q', '--cached', ...files);
  git(cwd, 'commit', '-q', '--amend', '--allow-empty', '-m', 'init');
  git(cwd, 'reflog', 'expire', '--expire=now', '--all');
  git(cwd, 'gc', '-q', '--prune=now');
};

async function repo(files: Record<string, string>): Promise<string> {
  const root = await realpath(await tempDir('codeward-tracked-'));
  git(root, 'init', '-q');
  await writeFiles(root, files);
  git(root, 'add', '-A');
  git(root, 'commit', '-qm', 'init');
  return root;
}

const check = (): TrackedSecretCheck => new TrackedSecretCheck(DEFAULT_NON_ACCESSIBLE_GLOBS);

describe('index entries read directly', () => {
  it('lists what git lists in index versions 2, 3 and 4, non-ASCII names included (v4 strips bytes)', async () => {
    // v4 strips a byte count from the previous name: "xä" then "xb" drops 2 bytes (ä is 2 bytes).
    const names = ['a/xä', 'a/xb', 'é/ü/n', 'é/ü/nn', 'plain.txt', 'z/ääää/1', 'z/ääää/2'];
    const root = await repo(Object.fromEntries(names.map((name) => [name, `${name}\n`])));
    git(root, 'add', '-N', '.');
    await writeFile(join(root, 'later.txt'), 'x\n');
    git(root, 'add', '-N', 'later.txt');
    const expected = git(root, '-c', 'core.quotePath=false', 'ls-files', '-z').split('\0').filter(Boolean);
    for (const version of ['2', '3', '4']) {
      git(root, 'update-index', '--index-version', version);
      expect(indexEntries(await readFile(join(root, '.git', 'index')))?.map((entry) => entry.name), `v${version}`).toEqual(expected);
    }
  });

  it('leaves a split index to git (and still finds its secrets)', async () => {
    const root = await repo({ '.env': 'SECRET=x\n', 'a.txt': 'a\n' });
    git(root, 'update-index', '--split-index');
    expect(indexEntries(await readFile(join(root, '.git', 'index')))).toBeUndefined();
    expect(check().tracked(repositoryOf(root)!, root)).toEqual(['.env']);
  });

  it('a split index whose link extension is not the first one (git reads it anywhere) is still left to git', async () => {
    const root = await repo({ '.env': 'SECRET=x\n', 'a.txt': 'a\n' });
    git(root, '-c', 'splitIndex.maxPercentChange=100', 'update-index', '--split-index');
    await writeFile(join(root, 'a.txt'), 'b\n');
    git(root, '-c', 'splitIndex.maxPercentChange=100', 'add', 'a.txt');
    // Another extension put before `link` (an unknown optional one: git ignores it), the hash made again.
    const index = await readFile(join(root, '.git', 'index'));
    const body = index.subarray(0, index.length - 20);
    const at = body.indexOf('link', 12, 'latin1');
    expect(at).toBeGreaterThan(12);
    const size = Buffer.alloc(4);
    const forged = Buffer.concat([body.subarray(0, at), Buffer.from('ZZZZ', 'latin1'), size, body.subarray(at)]);
    await writeFile(join(root, '.git', 'index'), Buffer.concat([forged, createHash('sha1').update(forged).digest()]));
    expect(git(root, 'ls-files').split('\n')).toContain('.env');
    expect(indexEntries(await readFile(join(root, '.git', 'index')))).toBeUndefined();
    expect(check().tracked(repositoryOf(root)!, root)).toEqual(['.env']);
  });
});

describe('tracked non-accessible files', () => {
  it('finds tracked secrets by every default glob, never untracked or ignored ones', async () => {
    const root = await repo({ '.env': 's\n', 'cfg/.env.local': 's\n', 'certs/a.pem': 's\n', 'k.key': 's\n', 'secrets/x/y.txt': 's\n', 'src/app.ts': 'x\n', '.gitignore': 'ignored.pem\n' });
    await writeFiles(root, { 'untracked/.env': 's\n', 'ignored.pem': 's\n' });
    expect([...check().tracked(repositoryOf(root)!, root)].sort()).toEqual(['.env', 'certs/a.pem', 'cfg/.env.local', 'k.key', 'secrets/x/y.txt']);
  });

  it('a repository without tracked secrets hides nothing; `git rm --cached` is seen at once (cache by index identity)', async () => {
    const root = await repo({ '.env': 's\n', 'a.txt': 'a\n' });
    const finder = check();
    const repository = repositoryOf(root)!;
    expect(finder.tracked(repository, root)).toEqual(['.env']);
    forget(root, '.env');
    expect(finder.tracked(repository, root)).toEqual([]);
    expect(hideTrackedGit(root, [{ path: join(root, '.env'), kind: 'file' as const }], finder).hint).toBeUndefined();
    git(root, 'add', '-f', '.env');
    expect(finder.tracked(repository, root)).toEqual(['.env']);
  });

  it('the cache file between processes: used while the index is the same, never once it changed or for other globs', async () => {
    const root = await repo({ '.env': 's\n', 'a.txt': 'a\n' });
    const cacheFile = join(await tempDir('codeward-tracked-state-'), 'state', 'tracked-secrets.json');
    const repository = repositoryOf(root)!;
    expect(new TrackedSecretCheck(DEFAULT_NON_ACCESSIBLE_GLOBS, toolEnv(process.env), cacheFile).tracked(repository, root)).toEqual(['.env']);
    expect(JSON.parse(await readFile(cacheFile, 'utf8'))[1][repository.gitDir][1]).toEqual(['.env']);
    expect(new TrackedSecretCheck(DEFAULT_NON_ACCESSIBLE_GLOBS, toolEnv(process.env), cacheFile).tracked(repository, root)).toEqual(['.env']);
    forget(root, '.env');
    expect(new TrackedSecretCheck(DEFAULT_NON_ACCESSIBLE_GLOBS, toolEnv(process.env), cacheFile).tracked(repository, root)).toEqual([]);
    await writeFiles(root, { 'x.custom': 's\n' });
    git(root, 'add', 'x.custom');
    // Other globs: the cached answer (for the defaults) is not theirs.
    expect(new TrackedSecretCheck(['**/*.custom'], toolEnv(process.env), cacheFile).tracked(repository, root)).toEqual(['x.custom']);
  });

  // An upgrade never reuses the answers of the code it replaced: the cache's key names the build
  // (kept-across.ts buildVersion); the old key (the globs alone) or another build's is read again.
  it('the cache file of another build is not used', async () => {
    const root = await repo({ '.env': 's\n', 'a.txt': 'a\n' });
    const cacheFile = join(await tempDir('codeward-tracked-state-'), 'tracked-secrets.json');
    const repository = repositoryOf(root)!;
    expect(new TrackedSecretCheck(DEFAULT_NON_ACCESSIBLE_GLOBS, toolEnv(process.env), cacheFile).tracked(repository, root)).toEqual(['.env']);
    const [key, items] = JSON.parse(await readFile(cacheFile, 'utf8')) as [string, Record<string, unknown[]>];
    const [globs, build] = JSON.parse(key) as [unknown, unknown];
    expect(build).toMatch(/^1:/);
    // The same answer with nothing tracked: what an older reader might have kept.
    const emptied = Object.fromEntries(Object.entries(items).map(([gitDir, [identity, , gitlinks, history]]) => [gitDir, [identity, [], gitlinks, history]]));
    for (const other of [JSON.stringify(globs), JSON.stringify([globs, '1:another-build'])]) {
      await writeFile(cacheFile, JSON.stringify([other, emptied]));
      expect(new TrackedSecretCheck(DEFAULT_NON_ACCESSIBLE_GLOBS, toolEnv(process.env), cacheFile).tracked(repository, root), other).toEqual(['.env']);
    }
    // This build's key: the emptied answer is read as it is (what makes the two above visible).
    await writeFile(cacheFile, JSON.stringify([key, emptied]));
    expect(new TrackedSecretCheck(DEFAULT_NON_ACCESSIBLE_GLOBS, toolEnv(process.env), cacheFile).tracked(repository, root)).toEqual([]);
  });

  it('a workspace in a subfolder: paths are matched from the workspace and from the checkout', async () => {
    const root = await repo({ 'pkg/a/.env': 's\n', 'pkg/a/src.ts': 'x\n', 'other/app.key': 's\n', 'pkg/b/x.ts': 'y\n' });
    const workspace = join(root, 'pkg/a');
    const repository = repositoryOf(workspace)!;
    expect(repository.worktree).toBe(root);
    expect([...check().tracked(repository, workspace)].sort()).toEqual(['other/app.key', 'pkg/a/.env']);
    // Only a workspace-relative glob: `secret.txt` at the workspace's top, not elsewhere in the checkout.
    const narrow = new TrackedSecretCheck(['secret.txt']);
    await writeFiles(root, { 'pkg/a/secret.txt': 's\n', 'pkg/b/secret.txt': 's\n' });
    git(root, 'add', '-A');
    expect(narrow.tracked(repository, workspace)).toEqual(['pkg/a/secret.txt']);
  });

  it('hides the git folders of the workspace, of a nested clone and of a submodule that track secrets, each once', async () => {
    const sub = await repo({ '.env': 'sub\n', 'x.txt': 'x\n' });
    const root = await repo({ 'a.txt': 'a\n' });
    git(root, 'submodule', '-q', 'add', sub, 'mod');
    git(root, 'commit', '-qm', 'sub');
    const nested = join(root, 'vendor', 'clone');
    git(root, 'clone', '-q', sub, nested);
    const finder = check();
    const secrets = [{ path: join(root, 'mod/.env'), kind: 'file' as const }, { path: join(nested, '.env'), kind: 'file' as const }];
    const hidden = hideTrackedGit(root, secrets, finder);
    const paths = hidden.paths.map((entry) => entry.path).sort();
    // The top repository tracks none: its .git stays; the submodule's git folder and the clone's .git go.
    expect(paths).toEqual([join(root, '.git/modules/mod'), join(root, 'mod/.env'), join(nested, '.git'), join(nested, '.env')].sort());
    expect(hidden.hint).toContain('`mod/.env`');
    expect(hidden.hint).toContain('`vendor/clone/.env`');
    // Deleted from the working tree, still tracked: the index alone decides.
    await rm(join(nested, '.env'));
    expect(hideTrackedGit(root, [], finder).paths.map((entry) => entry.path)).toContain(join(root, '.git/modules/mod'));
  });

  it('a FIFO or a huge file planted as an index or a `.git` file never blocks: counted as tracking a secret', async () => {
    const root = await repo({ 'a.txt': 'a\n' });
    const nested = join(root, 'nested');
    git(root, 'init', '-q', 'nested');
    await rm(join(nested, '.git', 'index'), { force: true });
    expect(spawnSync('mkfifo', [join(nested, '.git', 'index')]).status).toBe(0);
    const hidden = hideTrackedGit(root, [{ path: join(nested, 'x.pem'), kind: 'file' as const }], check());
    expect(hidden.paths.map((entry) => entry.path)).toContain(join(nested, '.git'));
    expect(hidden.hint).toContain('files it lists in an index codeward cannot read');
    const pointer = join(root, 'pointer');
    await writeFiles(pointer, { 'x.pem': 's\n' });
    expect(spawnSync('mkfifo', [join(pointer, '.git')]).status).toBe(0);
    expect(repositoryOf(pointer)?.worktree).toBe(root);
  });

  it('alternates (a reference clone) are hidden with the git folder, but only an existing objects folder', async () => {
    const reference = await repo({ '.env': 'SECRET\n' });
    const root = await realpath(await tempDir('codeward-tracked-alt-'));
    git(root, 'clone', '-q', '--reference', reference, reference, 'w');
    const work = join(root, 'w');
    const hidden = hideTrackedGit(work, [], check());
    expect(hidden.paths.map((entry) => entry.path).sort()).toEqual([join(reference, '.git', 'objects'), join(work, '.git')].sort());
    await writeFile(join(work, '.git', 'objects', 'info', 'alternates'), '/usr\n/\n../../../missing/objects\n');
    expect(hideTrackedGit(work, [], check()).paths.map((entry) => entry.path)).toEqual([join(work, '.git')]);
  });

  it('a linked worktree and a workspace in a subfolder: the common git folder (objects) is hidden', async () => {
    const root = await repo({ '.env': 's\n', 'pkg/a/x.ts': 'x\n' });
    const linked = join(await realpath(await tempDir('codeward-tracked-wt-')), 'wt');
    git(root, 'worktree', 'add', '-q', linked);
    const fromWorktree = hideTrackedGit(linked, [{ path: join(linked, '.env'), kind: 'file' as const }], check());
    // The worktree's own git folder is inside the common one: one mount.
    expect(fromWorktree.paths.map((entry) => entry.path).sort()).toEqual([join(linked, '.env'), join(root, '.git')].sort());
    const fromSubfolder = hideTrackedGit(join(root, 'pkg/a'), [], check());
    expect(fromSubfolder.paths.map((entry) => entry.path)).toEqual([join(root, '.git')]);
    expect(fromSubfolder.hint).toContain('the repository tracks `.env`');
  });

  it('an outer repository git would find once the inner .git is hidden is hidden too when it tracks a secret', async () => {
    const outer = await repo({ 'notes/.env': 'outer\n' });
    const inner = join(outer, 'inner');
    git(outer, 'init', '-q', 'inner');
    await writeFiles(inner, { '.env': 'inner\n' });
    git(inner, 'add', '-A');
    expect(hideTrackedGit(inner, [], check()).paths.map((entry) => entry.path).sort()).toEqual([join(inner, '.git'), join(outer, '.git')].sort());
    forget(outer, 'notes/.env');
    expect(hideTrackedGit(inner, [], check()).paths.map((entry) => entry.path)).toEqual([join(inner, '.git')]);
  });

  it('the top repository tracking a secret: .git hidden, and secrets inside it are not mounted twice', async () => {
    const root = await repo({ '.env': 's\n' });
    const inGit = { path: join(root, '.git', 'x.pem'), kind: 'file' as const };
    const hidden = hideTrackedGit(root, [{ path: join(root, '.env'), kind: 'file' as const }, inGit], check());
    expect(hidden.paths.map((entry) => entry.path).sort()).toEqual([join(root, '.env'), join(root, '.git')]);
    expect(hidden.hint).toMatch(/git is unavailable inside exec here because the repository tracks `\.env`, a non-accessible file/);
  });
});
