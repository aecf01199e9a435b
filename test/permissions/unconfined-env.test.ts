// env31 (round 28 LEFT): with no OS sandbox, a variable that says where a program keeps its configuration or state
// moved its writes out of the workspace with no question under --yes: `GIT_WORK_TREE=../home git checkout-index
// plant.txt` wrote a file of the repository into the home, `GIT_DIR=../home/other/.git git config user.name x`
// another repository's configuration, `GIT_INDEX_FILE=../home/idx git add` a file in the home;
// the same through `export X=..;`, `env X=..`, `nice env X=..`, `sh -c '..'`. The parse now records each command's
// environment (SimpleCommand.env: prefix assignments, exports earlier on the line, `env NAME=VALUE`, an enclosing
// command's), and the unconfined judge asks when a location variable (location-variables.ts: *_HOME, *_DIR,
// *_CONFIG*, XDG_*, HOME, git's ...) names a place outside the workspace and the temporary folder, or one only
// known at run time. Values inside the workspace, the temporary folder and /dev/null still run.
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, readFile, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createEngine } from '../../src/setup.js';
import { writeFiles } from '../helpers/fixture.js';
import { NO_JAIL } from '../helpers/unconfined-runs.js';

// Below /var/tmp: the temporary folder is writable by design (a location there runs).
let box: { root: string; home: string };
let base: string;
const git = (cwd: string, ...args: string[]): string => execFileSync('git', ['-c', 'user.name=t', '-c', 'user.email=t@t', ...args], { cwd, encoding: 'utf8' });
beforeEach(async () => {
  base = await mkdtemp('/var/tmp/cw-env31-');
  box = { root: join(base, 'project'), home: join(base, 'home') };
  await mkdir(box.root);
  await writeFiles(box.root, { 'a.txt': 'a\n', 'plant.txt': 'REPO\n' });
  await writeFiles(box.home, { 'other/a.txt': 'o\n' });
  git(box.root, 'init', '-q');
  git(box.root, 'add', '-A');
  git(box.root, 'commit', '-qm', 'x');
  git(join(box.home, 'other'), 'init', '-q');
});
afterEach(async () => rm(base, { recursive: true, force: true }));

async function run(cmd: string): Promise<string> {
  const engine = await createEngine({ workspace: box.root, env: { HOME: box.home, PATH: process.env['PATH'] ?? '', ...NO_JAIL }, sandbox: { mode: 'off' as const }, permissions: { home: box.home, yes: true } });
  try {
    const result = await engine.run({ cmd: 'exec', args: { cmd } });
    // The question names the variable (not another class the line also falls in).
    return result.ok ? 'ran' : `${result.error.code}${/in its environment|only known at run time|is given [A-Z_]+=|leaves the workspace \(/.test(result.error.message) ? '' : ` ${result.error.message}`}`;
  } finally {
    await engine.close();
  }
}

// What the home folder holds that the lines below would change.
async function homeState(): Promise<string> {
  const config = await readFile(join(box.home, 'other/.git/config'), 'utf8');
  return `${existsSync(join(box.home, 'plant.txt'))}|${/name = x/.test(config)}|${existsSync(join(box.home, 'idx'))}`;
}

describe('a location variable outside the workspace asks under --sandbox off --yes (C241) and writes nothing there', () => {
  it.each([
    'GIT_WORK_TREE=../home git checkout-index plant.txt',
    'GIT_DIR=../home/other/.git git config user.name x',
    'GIT_INDEX_FILE=../home/idx git add a.txt',
    'export GIT_WORK_TREE=../home; git checkout-index plant.txt',
    'GIT_WORK_TREE=../home; export GIT_WORK_TREE; git checkout-index plant.txt',
    'env GIT_WORK_TREE=../home git checkout-index plant.txt',
    'nice env GIT_DIR=../home/other/.git git config user.name x',
    `sh -c 'GIT_DIR=../home/other/.git git config user.name x'`,
    `GIT_DIR=../home/other/.git sh -c 'git config user.name x'`,
    `env -S 'GIT_DIR=../home/other/.git git config user.name x'`,
    'GIT_DIR=$D git config user.name x',
    'XDG_CONFIG_HOME=../home/.config git config user.name x',
  ])('%s', async (line) => {
    const before = await homeState();
    expect(await run(line)).toBe('C241');
    expect(await homeState()).toBe(before);
  }, 60_000);
});

describe('inside the workspace, the temporary folder or /dev/null: runs as before', () => {
  it.each(['git config user.name x', 'GIT_DIR=.git git config user.name x', 'XDG_CACHE_HOME=/tmp/env31-cache git config user.name x', 'GIT_CONFIG_GLOBAL=/dev/null git config user.name x', 'GOPATH=./.gopath touch z'])('%s', async (line) => {
    expect(await run(line)).toBe('ran');
  }, 60_000);
  // R41-b4 (asg57): a tool home a line sets names settings the tool obeys (cargo's config.toml): asked like
  // GIT_CONFIG_GLOBAL=./x, wherever it points (this row ran before).
  it('CARGO_HOME=./.cargo touch z asks', async () => {
    expect(await run('CARGO_HOME=./.cargo touch z')).toMatch(/^C241/);
  }, 60_000);
});
