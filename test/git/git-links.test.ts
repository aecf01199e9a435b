import { lstatSync, readdirSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { removeDir, runCli, tempDir } from '../helpers/fixture.js';
import { git, GIT_ENV, initRepo, isolateGitConfig } from '../commands/git-fixture.js';

// Red team H2 of issue 26: symlinks DEEP inside the workspace's `.git` (what a sandboxed run could leave
// there) sent codeward's git tools into another repository: `.git/objects/XX` folders or single object
// files linked to `/other/.git/objects/XX`, a ref linked to the other repository's ref, the index
// deleted. git-status then listed the other repository's files, git-diff printed them, git-log its
// commit messages. Now C215 names the link (src/git/git-links.ts). Plain git is shown to follow the
// links first, so each test could fail.

const SECRET_FILE = 'other-secret-plans.txt';
const SECRET_COMMIT = 'other repository private history';

beforeAll(() => isolateGitConfig());

let parent: string;
let other: string;
let ws: string;
let otherHead: string;
let branch: string;

beforeEach(async () => {
  parent = await tempDir('codeward-git-links-');
  other = join(parent, 'other');
  ws = join(parent, 'ws');
  await mkdir(other);
  await initRepo(other, { [SECRET_FILE]: 'secret\n' });
  git(other, 'commit', '-q', '--allow-empty', '-m', SECRET_COMMIT);
  otherHead = git(other, 'rev-parse', 'HEAD').trim();
  await mkdir(ws);
  await initRepo(ws, { 'a.txt': 'a\n' });
  branch = git(ws, 'rev-parse', '--abbrev-ref', 'HEAD').trim();
});
afterEach(async () => removeDir(parent));

const cli = (cmd: string) => runCli(['-C', ws, '--json', cmd], { env: { ...GIT_ENV, GIT_CEILING_DIRECTORIES: parent } });

function refused(cmd: string): void {
  const result = cli(cmd);
  expect(result.json.error?.code, `${cmd}: ${result.stdout}${result.stderr}`).toBe('C215');
  expect(result.json.error?.message).toMatch(/lead out of the workspace/);
  expect(result.stdout).not.toContain(SECRET_COMMIT);
  expect(result.stdout).not.toContain(SECRET_FILE);
}

// Links every object of the other repository into the workspace's: whole `XX` folders where the
// workspace has none, single object files where it has one.
function linkObjects(): void {
  const theirs = join(other, '.git/objects');
  const mine = join(ws, '.git/objects');
  for (const dir of readdirSync(theirs).filter((name) => /^[0-9a-f]{2}$/.test(name))) {
    if (lstatSync(join(mine, dir), { throwIfNoEntry: false }) === undefined) symlinkSync(join(theirs, dir), join(mine, dir));
    else for (const file of readdirSync(join(theirs, dir))) if (lstatSync(join(mine, dir, file), { throwIfNoEntry: false }) === undefined) symlinkSync(join(theirs, dir, file), join(mine, dir, file));
  }
}

describe('codeward git tools and symlinks deep inside .git', () => {
  it('refuse object folders and a ref linked into another repository (index deleted)', () => {
    linkObjects();
    const ref = join(ws, '.git/refs/heads', branch);
    rmSync(ref);
    symlinkSync(join(other, '.git/refs/heads', git(other, 'rev-parse', '--abbrev-ref', 'HEAD').trim()), ref);
    rmSync(join(ws, '.git/index'));
    expect(git(ws, 'log', '--format=%s', '-1')).toContain(SECRET_COMMIT);
    for (const cmd of ['git-log', 'git-status', 'git-diff']) refused(cmd);
  });

  it('refuse single linked object files behind a plain ref', () => {
    linkObjects();
    writeFileSync(join(ws, '.git/refs/heads', branch), `${otherHead}\n`);
    expect(git(ws, 'log', '--format=%s', '-1')).toContain(SECRET_COMMIT);
    refused('git-log');
  });

  it('still run with a link inside .git that stays in the workspace', () => {
    symlinkSync(join(ws, '.git/refs/heads', branch), join(ws, '.git/refs/heads/alias'));
    const result = cli('git-log');
    expect(result.json.ok, result.stdout).toBe(true);
  });
});
