// Red team round 6, R6-3 (CRITICAL) and R6-4: the write gate's catalogue and the non-accessible globs were
// matched on workspace-relative paths only, so a workspace ROOT inside a repository's .git (or .codeward,
// .vscode, .github/workflows ...) had nothing protected, and one inside a hidden folder (secrets/) hid
// nothing: `-C .git --yes write hooks/pre-commit`, or a worker whose project config.yaml sets
// `base_path: ./.git` planted a hook that git then ran outside any sandbox. Such a root is refused when
// it is opened (every door), and a pattern that begins above the root and ends in it (`.github/workflows`
// for a root at .github) is judged by the write gate.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdir, symlink, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pathToFileURL } from 'node:url';
import { narrowWorkspace } from '../../src/doors/mcp/roots.js';
import { Workspace } from '../../src/workspace/workspace.js';
import { CLI, removeDir, runCli, tempDir } from '../helpers/fixture.js';
import { git } from '../permissions/git-run.js';

let base: string;
let home: string;
beforeAll(async () => {
  base = await tempDir();
  home = await tempDir('codeward-home-');
  git(base, 'init', '-q');
  for (const folder of ['.codeward/agents', '.vscode', '.github/workflows', '.hg', 'secrets/deep', 'private', 'bin', 'src']) await mkdir(join(base, folder), { recursive: true });
  await writeFile(join(base, 'secrets/deep/k.txt'), 'AWS_SECRET=abc123\n');
  await writeFile(join(base, 'private/p.txt'), 'PRIVATE\n');
  await symlink(join(base, '.git'), join(base, 'gitlink'));
});
afterAll(async () => {
  await removeDir(base);
  await removeDir(home);
});

describe('a workspace root inside a protected or hidden folder', () => {
  it.each(['.git', '.git/hooks', '.codeward', '.codeward/agents', '.vscode', '.github/workflows', '.hg', 'gitlink'])('-C %s is refused with C210 when opened', async (folder) => {
    await expect(Workspace.open(join(base, folder))).rejects.toMatchObject({ code: 'C210', message: expect.stringMatching(/cannot be a workspace/) });
  });

  it('red team R7-1: a root inside a git directory known by its SHAPE (a bare x.git, a --separate-git-dir store) is refused', async () => {
    git(base, 'init', '-q', '--bare', 'proj.git');
    await mkdir(join(base, 'sep/store'), { recursive: true });
    git(join(base, 'sep'), 'init', '-q', `--separate-git-dir=${join(base, 'sep/store/gd')}`);
    for (const folder of ['proj.git', 'proj.git/hooks', 'proj.git/refs/heads', 'sep/store/gd/hooks']) {
      await expect(Workspace.open(join(base, folder)), folder).rejects.toMatchObject({ code: 'C210', message: expect.stringMatching(/git directory by its shape/) });
    }
    expect((await Workspace.open(join(base, 'sep'))).root).toBe(join(base, 'sep'));
  });

  it.each(['secrets', 'secrets/deep'])('-C %s (hidden by **/secrets/**) is refused with C211', async (folder) => {
    await expect(Workspace.open(join(base, folder))).rejects.toMatchObject({ code: 'C211', message: expect.stringMatching(/non-accessible globs hide/) });
  });

  it('a root a user glob hides is refused when the globs are applied (the engine opens, then applies the config)', async () => {
    const opened = await Workspace.open(join(base, 'private'));
    expect(() => opened.withOptions({ nonAccessibleGlobs: ['**/private/**'] })).toThrow(/non-accessible globs hide/);
  });

  it.each(['.', 'src', 'bin', '.github'])('-C %s opens', async (folder) => {
    expect((await Workspace.open(join(base, folder))).root).toBe(join(base, folder === '.' ? '' : folder).replace(/\/$/, ''));
  });

  it('through the real binary: -C .git --yes write is refused and nothing is written; -C secrets read is refused', () => {
    const write = runCli(['--json', '-C', join(base, '.git'), 'write', '--file', 'hooks/pre-commit', '--content', '#!/bin/sh\ntouch PWNED\n'], { env: { HOME: home } });
    expect(write.json.error?.code, write.stdout + write.stderr).toBe('C210');
    expect(existsSync(join(base, '.git/hooks/pre-commit'))).toBe(false);
    const read = runCli(['--json', '-C', join(base, 'secrets'), 'read', '--file', 'deep/k.txt'], { env: { HOME: home } });
    expect(read.json.error?.code).toBe('C211');
    expect(read.stdout).not.toContain('abc123');
  });

  it('the worker: a repository config.yaml with base_path ./.git or ./secrets is not applied (the working folder is served) or refused', async () => {
    for (const folder of ['./.git', './secrets']) {
      await writeFile(join(base, 'config.yaml'), `base_path: ${folder}\n`);
      const run = spawnSync(process.execPath, [CLI, 'worker', '--yes', '--invoke', 'coder::create-file', '--payload', JSON.stringify({ files: [{ path: 'hooks/pre-commit', content: 'x', mode: '0755' }] })], { cwd: base, encoding: 'utf8', env: { ...process.env, HOME: home }, timeout: 60_000 });
      expect(run.stdout + run.stderr).toMatch(/not applied|"code":"C21[01]"/);
    }
    expect(existsSync(join(base, '.git/hooks/pre-commit'))).toBe(false);
    expect(existsSync(join(base, 'secrets/hooks'))).toBe(false);
  });

  it('a pattern that begins above the root is judged: -C .github write workflows/x.yml asks (-C .hg is refused: Mercurial\'s folder is protected whole); -C .github write README.md does not', () => {
    const workflow = runCli(['--json', '-C', join(base, '.github'), 'write', '--file', 'workflows/evil.yml', '--content', 'on: push\n'], { env: { HOME: home } });
    expect(workflow.json.error?.code, workflow.stdout).toBe('C241');
    const hgrc = runCli(['--json', '-C', join(base, '.hg'), 'write', '--file', 'hgrc', '--content', '[hooks]\n'], { env: { HOME: home } });
    expect(hgrc.json.error?.code, hgrc.stdout).toBe('C210');
    expect(existsSync(join(base, '.github/workflows/evil.yml'))).toBe(false);
    expect(existsSync(join(base, '.hg/hgrc'))).toBe(false);
    const readme = runCli(['--json', '-C', join(base, '.github'), 'write', '--file', 'README.md', '--content', 'hi\n'], { env: { HOME: home } });
    expect(readme.json.ok, readme.stdout).toBe(true);
  });

  it('an MCP client\'s root inside .git or secrets/ is ignored (the whole workspace is served), a root in src/ narrows it', async () => {
    const lines: string[] = [];
    const roots = [{ uri: pathToFileURL(join(base, '.git')).href }, { uri: pathToFileURL(join(base, 'secrets')).href }];
    expect(await narrowWorkspace(base, roots, (line) => lines.push(line))).toBe(base);
    expect(lines.join('\n')).toMatch(/ignored: .*cannot be a workspace[\s\S]*ignored: .*non-accessible globs hide/);
    expect(await narrowWorkspace(base, [...roots, { uri: pathToFileURL(join(base, 'src')).href }], () => undefined)).toBe(join(base, 'src'));
  });
});
