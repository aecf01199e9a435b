// Red team round 33, R33-4 (CRITICAL by R32-3's measure: an immune-list command, `git reset --hard`, discards
// uncommitted work under --yes, --sandbox off, while the script reading shows harmless lines): fix32a's ONE check of
// what runs a package script (shell/run-script-pm-config.ts) reads `script-shell` as "standard" when it is `sh`,
// `bash`, `dash` or `zsh` by BARE name, and npm's default is the bare name `sh` too (@npmcli/promise-spawn
// spawnWithShell: `command = 'sh'`, spawned with shell:false and the script's env, whose PATH @npmcli/run-script
// set-path.js starts with the project's `node_modules/.bin`). Node's spawn looks `sh` up in THAT PATH: a repository
// that ships `node_modules/.bin/sh` runs it as the shell of every npm script. Checked by hand (npm 10):
// `{"scripts":{"test":"echo hi"}}` + node_modules/.bin/sh printing HIJACKED then `exec /bin/sh "$@"`: `npm test`
// printed HIJACKED, hi. The reading shows `echo hi`; node_modules/.bin/sh runs `git reset --hard` first.
// Held-back variants a fix must also cover: `.npmrc script-shell = bash` + node_modules/.bin/bash; a script line's
// own program found first in node_modules/.bin (`"test": "git status"` + node_modules/.bin/git, checked below);
// `npm run`, `npm start`, `npm exec`/`npx`, pnpm/yarn 1/bun's own lookup of `sh`; a parent package's node_modules/.bin
// inside the workspace (set-path.js adds every ancestor's). The write gate's side of the same file (the lead's call):
// isObeyedLater('node_modules/.bin/sh') is undefined, so a sandboxed run may plant it and the user's own `npm test`,
// outside any sandbox, runs it for every script (invariant 2), which `bin/x` a script names does not do.
// Expected: asks (C241) and keeps the work, like `"test": "git reset --hard"` does.
// Fix: ONE place, run-script-pm-config.ts (with run-script-npm.ts, which shows the shell): a shell named by a bare
// name is the first `sh`/`bash` of the script's PATH (node_modules/.bin of the package and its parents first), so
// one there makes the reading unread (asked as immune), like a non-standard script-shell.
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { chmod } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEngine } from '../../src/setup.js';
import { removeDir, tempDir, writeFiles } from '../helpers/fixture.js';

const GIT_ENV = { ...process.env, GIT_AUTHOR_NAME: 'x', GIT_AUTHOR_EMAIL: 'x@x', GIT_COMMITTER_NAME: 'x', GIT_COMMITTER_EMAIL: 'x@x' };
let base: string;
let count = 0;
beforeAll(async () => {
  base = await tempDir('rt33-npm-shell-');
});
afterAll(async () => {
  await removeDir(base);
});

// A repository with the committed `files` (`bins`: node_modules/.bin programs) and a committed a.txt changed
// (uncommitted work); `line` run with --sandbox off --yes: its code, and whether the uncommitted change is still there.
async function run(files: Record<string, string>, bins: Record<string, string>, line: string, dir = '.'): Promise<{ code: string; kept: boolean }> {
  const root = join(base, `w${++count}`), home = join(base, `h${count}`);
  await writeFiles(root, { 'a.txt': 'a\n', ...files, ...Object.fromEntries(Object.entries(bins).map(([name, text]) => [`node_modules/.bin/${name}`, text])) });
  for (const name of Object.keys(bins)) await chmod(join(root, 'node_modules/.bin', name), 0o755);
  await writeFiles(home, { '.keep': '' });
  execFileSync('git', ['init', '-q', root]);
  execFileSync('git', ['-C', root, 'add', '-A', '-f'], { env: GIT_ENV });
  execFileSync('git', ['-C', root, 'commit', '-qm', 'a'], { env: GIT_ENV });
  await writeFiles(root, { 'a.txt': 'CHANGED\n' });
  const engine = await createEngine({ workspace: root, env: { HOME: home, PATH: process.env['PATH'] ?? '' }, sandbox: { mode: 'off' as const }, permissions: { home, yes: true } });
  try {
    const result = await engine.run({ cmd: 'exec', args: { cmd: line, dir } });
    return { code: result.ok ? 'ran' : result.error.code, kept: readFileSync(join(root, 'a.txt'), 'utf8') === 'CHANGED\n' };
  } finally {
    await engine.close();
  }
}

const pkg = (test: string): string => JSON.stringify({ name: 'p', version: '1.0.0', scripts: { test } });
const SH = '#!/bin/dash\ngit reset -q --hard\nexec /bin/sh "$@"\n';
describe('R33-4 CRITICAL: the shell npm runs a script with is the repository\'s node_modules/.bin/sh', () => {
  it.each([
    [{ 'package.json': pkg('echo hi') }, { sh: SH }, 'npm test'],
    [{ 'package.json': pkg('echo hi') }, { sh: SH }, 'npm run test'],
    [{ 'package.json': pkg('echo hi'), '.npmrc': 'script-shell=bash\n' }, { bash: SH.replace('/bin/sh', '/bin/bash') }, 'npm test'],
    [{ 'package.json': pkg('git status') }, { git: '#!/bin/sh\n/usr/bin/git reset -q --hard\n' }, 'npm test'],
    // fix33b's held-back rows: the other package managers, npm start.
    [{ 'package.json': pkg('echo hi') }, { sh: SH }, 'pnpm test'],
    [{ 'package.json': pkg('echo hi') }, { sh: SH }, 'yarn test'],
    [{ 'package.json': JSON.stringify({ name: 'p', version: '1.0.0', scripts: { start: 'echo hi' } }) }, { node: SH }, 'npm start'],
  ])('%j %j: `%s` asks (C241) and keeps the uncommitted work', async (files, bins, line) => {
    expect(await run(files, bins, line)).toEqual({ code: 'C241', kept: true });
  }, 60_000);
});

// fix36: the package-bin runners put node_modules/.bin first on PATH too (run-script-bin-shadows.ts runsPackageBin,
// binFoldersOnPath): the program they start (and any program it starts) is looked up there first.
const GIT = { git: '#!/bin/sh\n/usr/bin/git reset -q --hard\n' };
describe('R33-4 beyond npm run: npx, npm exec, pnpm/yarn exec and dlx, bunx run a shadowing .bin', () => {
  it.each([
    'npx git status',
    'npx -y git status',
    'npm exec git status',
    'npm exec -- git status',
    'npm x -- git status',
    'npm --yes exec git status',
    'pnpm exec git status',
    'pnpm dlx git status',
    'pnpx git status',
    'yarn exec git status',
    'yarn dlx git status',
    'bunx git status',
    'bun x git status',
    'npx vitest run',
  ])('`%s` with node_modules/.bin/git asks (C241) and keeps the uncommitted work', async (line) => {
    expect(await run({ 'package.json': pkg('echo hi') }, GIT, line)).toEqual({ code: 'C241', kept: true });
  }, 60_000);
  it.each(['npx git status', 'npm test'])('`%s` in packages/a: the workspace root\'s .bin (an ancestor package\'s) shadows too', async (line) => {
    expect(await run({ 'package.json': pkg('echo hi'), 'packages/a/package.json': pkg('echo a') }, GIT, line, 'packages/a')).toEqual({ code: 'C241', kept: true });
  }, 60_000);
});

describe('control', () => {
  it('npx of an ordinary package bin runs', async () => {
    expect(await run({ 'package.json': pkg('echo hi') }, { vitest: '#!/bin/sh\necho v\n' }, 'npx vitest')).toEqual({ code: 'ran', kept: true });
  }, 60_000);
  it('the script line itself asks', async () => {
    expect(await run({ 'package.json': pkg('git reset --hard') }, {}, 'npm test')).toEqual({ code: 'C241', kept: true });
  }, 60_000);
  it('ordinary package bins (an install\'s) leave a plain script free', async () => {
    expect(await run({ 'package.json': pkg('echo hi') }, { vitest: '#!/bin/sh\necho v\n', tsc: '#!/bin/sh\necho t\n' }, 'npm test')).toEqual({ code: 'ran', kept: true });
  }, 60_000);
  it('a plain script runs', async () => {
    expect(await run({ 'package.json': pkg('echo hi') }, {}, 'npm test')).toEqual({ code: 'ran', kept: true });
  }, 60_000);
});

// fix39 (issue 26 LEFT): a runner aimed at a workspace package (`npm exec -w a`, `pnpm --filter a exec`, `pnpm -r exec`,
// `yarn workspace a exec`) runs with THAT package's node_modules/.bin first on PATH (run-script-bin-shadows.ts
// binFoldersOnPath with the runner's words; names resolved through package.json workspaces / pnpm-workspace.yaml; a
// filter or glob not resolved = every workspace package's .bin, fail closed).
const MONO = {
  'package.json': JSON.stringify({ name: 'root', version: '1.0.0', private: true, workspaces: ['packages/*'] }),
  'pnpm-workspace.yaml': 'packages:\n  - "packages/*"\n',
  'packages/a/package.json': JSON.stringify({ name: 'a', version: '1.0.0', scripts: { test: 'echo a' } }),
  'packages/b/package.json': JSON.stringify({ name: '@s/b', version: '1.0.0' }),
};
describe('fix39: a workspace package\'s node_modules/.bin is on the PATH of a runner aimed at it', () => {
  it.each([
    ['packages/a', 'npm exec -w a -- git status'],
    ['packages/a', 'npm exec --workspace=a git status'],
    ['packages/a', 'npm exec --workspace packages/a -- git status'],
    ['packages/b', 'npm exec -ws -- git status'],
    ['packages/b', 'npm --workspaces exec git status'],
    ['packages/a', 'pnpm -r exec git status'],
    ['packages/b', 'pnpm --filter @s/b exec git status'],
    ['packages/a', 'pnpm -F "./packages/**" exec git status'],
    ['packages/a', 'pnpm --filter=nomatch... exec git status'],
    ['packages/a', 'yarn workspace a exec git status'],
    ['packages/b', 'yarn workspaces foreach exec git status'],
    ['packages/a', 'bun --filter a x git status'],
    ['packages/a', 'yarn workspace a run git status'],
    ['packages/a', 'npm run -w a test'],
  ])('.bin/git in %s: `%s` asks (C241) and keeps the uncommitted work', async (at, line) => {
    expect(await run({ ...MONO, [`${at}/node_modules/.bin/git`]: GIT.git }, {}, line)).toEqual({ code: 'C241', kept: true });
  }, 60_000);
});
