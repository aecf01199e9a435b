// Issue 26, red team H1: a symlinked parent folder turned an ordinary path into an obeyed one. The write
// gate judged a path by its spelling only: with `.cargo -> c`, `c/config.toml` IS `.cargo/config.toml`
// (cargo runs its rustc-wrapper), with `.github -> gh`, `gh/workflows/x.yml` is a CI workflow. Every
// writer now judges a path by every name that reaches it in the workspace (permissions/obeyed-alias.ts):
// the file tools under --yes, move, and a staged run's plan (which also sets aside a symlink it creates).
import { spawnSync } from 'node:child_process';
import { existsSync, lstatSync, readFileSync, symlinkSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { removeDir, runCli, tempDir, writeFiles } from '../helpers/fixture.js';

const bwrapWorks = spawnSync('bwrap', ['--ro-bind', '/', '/', '--unshare-net', 'true']).status === 0;
const WRAPPER = '[build]\nrustc-wrapper = "/tmp/evil"\n';
const GIT_ENV = { ...process.env, GIT_CONFIG_NOSYSTEM: '1', GIT_AUTHOR_NAME: 't', GIT_AUTHOR_EMAIL: 't@t', GIT_COMMITTER_NAME: 't', GIT_COMMITTER_EMAIL: 't@t' };

let root: string;
let state: string;

function git(...args: string[]): void {
  expect(spawnSync('git', args, { cwd: root, env: GIT_ENV }).status).toBe(0);
}

function cli(...args: string[]): ReturnType<typeof runCli> {
  return runCli(['--json', '-C', root, ...args], { env: { CODEWARD_STATE_DIR: state, GIT_CONFIG_NOSYSTEM: '1' } });
}

function refused(run: ReturnType<typeof runCli>): void {
  expect(run.json.ok, JSON.stringify(run.json)).toBe(false);
  expect(run.json.error?.code).toBe('C241');
}

beforeEach(async () => {
  root = await tempDir('codeward-alias-ws-');
  state = await tempDir('codeward-alias-state-');
  git('init', '-q');
});
afterEach(async () => {
  for (const path of [root, state]) await removeDir(path);
});

describe('the file tools under --yes judge a path by the symlinked names that reach it', () => {
  it('asks before writing c/config.toml when .cargo links to c (and before the same through a dangling link)', async () => {
    await writeFiles(root, { 'c/keep.txt': 'x' });
    symlinkSync('c', join(root, '.cargo'));
    refused(cli('write', '--file', 'c/config.toml', '--content', WRAPPER));
    expect(existsSync(join(root, 'c/config.toml'))).toBe(false);
    // An ordinary file of the same folder is not protected.
    expect(cli('write', '--file', 'c/notes.txt', '--content', 'fine').json.ok).toBe(true);
    // Dangling: the write would create the folder the link names.
    await writeFiles(root, { 'pkg/x.txt': 'x' });
    symlinkSync('../d2', join(root, 'pkg/.cargo'));
    refused(cli('write', '--file', 'd2/config.toml', '--content', WRAPPER));
    expect(existsSync(join(root, 'd2'))).toBe(false);
  });

  it('asks before a CI workflow through .github -> gh, also behind a second link (gh/workflows -> ../w)', async () => {
    await writeFiles(root, { 'gh/README.md': 'x', 'w/keep.yml': 'x' });
    symlinkSync('gh', join(root, '.github'));
    refused(cli('write', '--file', 'gh/workflows/y.yml', '--content', 'on: push\n'));
    symlinkSync('../w', join(root, 'gh/workflows'));
    refused(cli('write', '--file', 'w/y.yml', '--content', 'on: push\n'));
    expect(existsSync(join(root, 'w/y.yml'))).toBe(false);
  });

  it('asks before patch and replace-symbol of files an agent obeys through .claude -> cl', async () => {
    await writeFiles(root, { 'cl/settings.json': '{"a": 1}\n', 'cl/hooks/h.py': 'def run():\n    return 1\n' });
    symlinkSync('cl', join(root, '.claude'));
    refused(cli('patch', '--file', 'cl/settings.json', '--search', '1', '--replace', '2'));
    refused(cli('replace-symbol', '--file', 'cl/hooks/h.py', '--symbol', 'run', '--content', 'def run():\n    import os\n    return 2\n'));
    expect(readFileSync(join(root, 'cl/settings.json'), 'utf8')).toBe('{"a": 1}\n');
  });

  it('asks before writing a script that a hook inside .git links to', async () => {
    await writeFiles(root, { 'scripts/h.sh': '#!/bin/sh\nexit 0\n' });
    symlinkSync('../../scripts/h.sh', join(root, '.git/hooks/pre-commit'));
    refused(cli('write', '--file', 'scripts/h.sh', '--content', '#!/bin/sh\ntouch /tmp/pwned\n'));
  });
});

describe('move does not make a protected name of a symlink', () => {
  it('refuses lnk -> .cargo and ghlink -> .github; moving the link away from a protected name too', async () => {
    await writeFiles(root, { 'c2/config.toml': WRAPPER, 'gh/workflows/x.yml': 'on: push\n', 'plain/a.txt': 'a' });
    symlinkSync('c2', join(root, 'lnk'));
    symlinkSync('gh', join(root, 'ghlink'));
    refused(cli('move', '--from', 'lnk', '--to', '.cargo'));
    refused(cli('move', '--from', 'ghlink', '--to', '.github'));
    expect(existsSync(join(root, '.cargo'))).toBe(false);
    expect(existsSync(join(root, '.github'))).toBe(false);
    // A folder holding such a link, moved so that the link gets a protected name.
    symlinkSync('../c2', join(root, 'plain/.cargo'));
    refused(cli('move', '--from', 'plain', '--to', 'sub'));
    // An ordinary link moves.
    symlinkSync('plain/a.txt', join(root, 'alink'));
    expect(cli('move', '--from', 'alink', '--to', 'blink').json.ok).toBe(true);
  });
});

describe.skipIf(!bwrapWorks)('a staged exec under --yes', () => {
  it('sets aside a .cargo symlink it creates to its own folder', () => {
    git('commit', '-q', '--allow-empty', '-m', 'init');
    const run = cli('--yes', 'exec', '--cmd', `mkdir -p c && printf '[build]\\nrustc-wrapper = "/tmp/evil"\\n' > c/config.toml && ln -s c .cargo`);
    expect(run.json.ok, JSON.stringify(run.json)).toBe(true);
    expect(lstatSync(join(root, '.cargo'), { throwIfNoEntry: false })).toBeUndefined();
    expect(JSON.stringify(run.json.data.changes.setAside)).toContain('.cargo');
  });

  it('does not apply gh/workflows/x.yml when the repository ships .github -> gh (nor at depth: pkg/.cargo -> ../c)', async () => {
    // The paths are in a script the line does not show, so only the stage plan can judge them.
    const script = "mkdir -p gh/workflows c\nprintf 'on: push\\n' > gh/workflows/x.yml\nprintf '[build]\\n' > c/config.toml\necho ok > gh/fine.txt\n";
    await writeFiles(root, { 'gh/README.md': 'x', 'pkg/a.txt': 'a', 'run.sh': script });
    symlinkSync('gh', join(root, '.github'));
    symlinkSync('../c', join(root, 'pkg/.cargo'));
    git('add', '-A');
    git('commit', '-q', '-m', 'init');
    // Spelled on the line, the shell gate asks at once.
    refused(cli('--yes', 'exec', '--cmd', 'mkdir -p gh/workflows && echo x > gh/workflows/x.yml'));
    const run = cli('--yes', 'exec', '--cmd', 'sh run.sh');
    expect(run.json.ok, JSON.stringify(run.json)).toBe(true);
    expect(existsSync(join(root, 'gh/workflows/x.yml'))).toBe(false);
    expect(existsSync(join(root, 'c/config.toml'))).toBe(false);
    expect(readFileSync(join(root, 'gh/fine.txt'), 'utf8')).toBe('ok\n');
  });
});
