// Issue 21 point 3: a read-only git command runs the programs the repository's own config names.
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { chmod, mkdir, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, test } from 'vitest';
import { parseGitConfig } from '../../src/git/config-file.js';
import { CLI, runCli } from '../helpers/fixture.js';
import { explain, policyWith, sandbox, type Sandbox } from './helpers.js';

let box: Sandbox;
beforeAll(async () => {
  box = await sandbox();
});
afterAll(async () => {
  await box.cleanup();
});

const git = (...args: string[]) => execFileSync('git', args, { cwd: box.root, env: { ...process.env, HOME: box.home, GIT_CONFIG_NOSYSTEM: '1' }, stdio: 'pipe' });

beforeEach(async () => {
  await rm(join(box.root, '.git'), { recursive: true, force: true });
  git('init', '-q');
});

async function judged(line: string): Promise<{ decision: string; reason: string }> {
  const result = await explain(await policyWith(box), `@coder exec ${line}`);
  return { decision: result.decision, reason: result.reason };
}

describe('the repository names a program', () => {
  test('a clean repository: git status / diff / log stay read-only', async () => {
    for (const line of ['git status', 'git diff', 'git log -1']) expect((await judged(line)).decision, line).toBe('allow');
  });

  test.each([
    ['core.fsmonitor', './x.sh'],
    ['diff.external', './x.sh'],
    ['diff.pdf.textconv', './x.sh'],
    ['diff.pdf.command', 'x.sh'],
    ['filter.lfs.process', './x.sh'],
    ['filter.a.smudge', 'sh x'],
    ['core.pager', 'sh -c x'],
    ['pager.diff', './x.sh'],
    ['core.sshCommand', './x.sh'],
    ['credential.helper', '!./x.sh'],
    ['gpg.program', './x.sh'],
    ['core.editor', './x.sh'],
    ['interactive.diffFilter', './x.sh'],
    ['core.askPass', './x.sh'],
  ])('%s = %s (set by git itself) makes git status ask', async (key, value) => {
    git('config', key, value);
    const result = await judged('git status');
    expect(result.decision).toBe('ask');
    expect(result.reason).toContain(`names a program: ${key.toLowerCase()}`);
  });

  test.each([
    ['inline key on the header line', '[core] fsmonitor = ./x.sh\n'],
    ['upper case key and section', '[CORE]\n\tFSMONITOR = ./x.sh\n'],
    ['quoted subsection with ] inside', '[diff "a]b"] textconv = ./x.sh\n'],
    ['legacy [section.sub] header', '[diff.pdf]\n\ttextconv = ./x.sh\n'],
    ['continuation line', '[core]\n\tfsmonitor = ./x\\\n.sh\n'],
    ['quoted value with a comment character', '[core]\n\tfsmonitor = "./x.sh ;"\n'],
    ['byte order mark', '\uFEFF[core] fsmonitor = ./x.sh\n'],
    ['CRLF line ends', '[core]\r\n\tfsmonitor = ./x.sh\r\n'],
  ])('%s', async (_name, text) => {
    await writeFile(join(box.root, '.git/config'), text);
    expect((await judged('git status')).decision).toBe('ask');
  });

  test('an included file (include.path, includeIf) is read too', async () => {
    await writeFile(join(box.root, 'inc.cfg'), '[core]\n\tfsmonitor = ./x.sh\n');
    git('config', 'include.path', '../inc.cfg');
    expect((await judged('git log')).decision).toBe('ask');
    git('config', '--unset', 'include.path');
    git('config', 'includeIf.gitdir:/.path', '../inc.cfg');
    expect((await judged('git log')).decision).toBe('ask');
  });

  test('a `.git` file pointing at the git folder (worktrees, submodules)', async () => {
    const real = join(box.home, 'real.git');
    await rm(real, { recursive: true, force: true });
    await mkdir(real, { recursive: true });
    await writeFile(join(real, 'config'), '[core]\n\tfsmonitor = ./x.sh\n');
    await rm(join(box.root, '.git'), { recursive: true, force: true });
    await writeFile(join(box.root, '.git'), `gitdir: ${real}\n`);
    expect((await judged('git status')).decision).toBe('ask');
    await rm(join(box.root, '.git'));
    git('init', '-q');
  });

  test('a nested repository reached with cd or -C', async () => {
    await mkdir(join(box.root, 'sub'), { recursive: true });
    execFileSync('git', ['init', '-q'], { cwd: join(box.root, 'sub') });
    await writeFile(join(box.root, 'sub/.git/config'), '[core]\n\tfsmonitor = ./x.sh\n');
    expect((await judged('cd sub && git status')).decision).toBe('ask');
    expect((await judged('git -C sub status')).decision).toBe('ask');
    expect((await judged('git status')).decision).toBe('allow');
    await rm(join(box.root, 'sub'), { recursive: true, force: true });
  });

  test('a bare repository planted in a folder (git log there reads its config)', async () => {
    const bare = join(box.root, 'planted');
    await mkdir(join(bare, 'objects'), { recursive: true });
    await mkdir(join(bare, 'refs'), { recursive: true });
    await writeFile(join(bare, 'HEAD'), 'ref: refs/heads/main\n');
    await writeFile(join(bare, 'config'), '[core]\n\tpager = ./x.sh\n');
    expect((await judged('cd planted && git log')).decision).toBe('ask');
    await rm(bare, { recursive: true, force: true });
  });

  // Red team R30-4 (fix30d): git takes objects and refs that are executable FILES (access(X_OK)).
  test('a bare repository of executable files objects and refs', async () => {
    const bare = join(box.root, 'planted-x');
    await mkdir(bare, { recursive: true });
    for (const name of ['objects', 'refs']) await writeFile(join(bare, name), '', { mode: 0o755 });
    await writeFile(join(bare, 'HEAD'), 'ref: refs/heads/main\n');
    await writeFile(join(bare, 'config'), '[core]\n\tpager = ./x.sh\n');
    expect((await judged('cd planted-x && git log')).decision).toBe('ask');
    await rm(bare, { recursive: true, force: true });
  });

  test('booleans and empty values name no program', async () => {
    git('config', 'core.fsmonitor', 'false');
    git('config', 'credential.helper', '');
    git('config', 'pager.log', 'false');
    expect((await judged('git status')).decision).toBe('allow');
  });
});

describe('parser', () => {
  test('sections, subsections, keys, values', () => {
    const entries = parseGitConfig('[core] bare\n[diff "x \\" y"]\n  TextConv = "a b" # c\n[a.B]\nk = 1 ; x\nv = one\\\n two\n');
    expect(entries).toEqual([
      { section: 'core', key: 'bare', value: undefined },
      { section: 'diff', subsection: 'x " y', key: 'textconv', value: 'a b' },
      { section: 'a', subsection: 'b', key: 'k', value: '1' },
      { section: 'a', subsection: 'b', key: 'v', value: 'one two' },
    ]);
  });
});

describe('the real binary', () => {
  test.skipIf(!existsSync(CLI))('git config core.fsmonitor ./x.sh; codeward exec --cmd "git status" runs nothing unasked', async () => {
    await writeFile(join(box.root, 'x.sh'), '#!/bin/sh\ntouch PWN3\n');
    await chmod(join(box.root, 'x.sh'), 0o755);
    git('config', 'core.fsmonitor', './x.sh');
    const result = runCli(['--json', 'exec', '--cmd', 'git status'], { cwd: box.root, env: { CODEWARD_STATE_DIR: box.home, HOME: box.home }, yes: false });
    expect(result.json.error?.code).toBe('C241');
    expect(result.json.error?.message).toContain('core.fsmonitor = ./x.sh');
    expect(existsSync(join(box.root, 'PWN3'))).toBe(false);
  });
});
