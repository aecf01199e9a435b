// Red team round 30, R30-6 (CRITICAL: an immune-list command, `git reset --hard`, discards uncommitted work under
// --yes): R28-6 made a run nothing stages take the immune classes of the script and task lines it runs, but only for
// `exec` (decide-scripts.ts judges a SHELL call's runners). The `test` command runs the same runners (`npm test`,
// `make test`, chosen by detection) through its own path, never read: with --sandbox off (or --no-stage, or no OS
// sandbox) `codeward --yes test` runs `"test": "git reset --hard"` (or a Makefile `test:` recipe doing it) and the
// uncommitted work is gone, while `exec --cmd 'npm test'` asks as immune. One command enforces what the other
// does not know; the repository chooses the script, the model only has to call `test`.
// Held-back variants a fix must also cover: every runner test-run.ts detects (pytest's conftest is code: lead's
// call; cargo test, go test run build scripts; `yarn test`, `pnpm test`, `bun test` scripts; `make check`),
// `test --dir sub`, `test --pattern X` (handed to the script), the MCP and agent doors calling `test`, pre/post
// scripts (`pretest`). Fix: src/commands/test.ts/test-run.ts: judge the detected runner line as exec judges it
// (decide-scripts.ts), or make the test call a shell call of the permission layer.
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { removeDir, runCli, tempDir, writeFiles } from '../helpers/fixture.js';
import { NO_JAIL } from '../helpers/unconfined-runs.js';

let base: string;
let count = 0;
beforeAll(async () => {
  base = await tempDir('rt30-test-scripts-');
});
afterAll(async () => {
  await removeDir(base);
});

const GIT_ENV = { GIT_AUTHOR_NAME: 'x', GIT_AUTHOR_EMAIL: 'x@x', GIT_COMMITTER_NAME: 'x', GIT_COMMITTER_EMAIL: 'x@x' };

// A repository with uncommitted work and `files` (the test runner's); the call run with --sandbox off --yes.
async function run(files: Record<string, string>, args: readonly string[]): Promise<{ code: string; kept: boolean }> {
  const top = join(base, `w${++count}`), home = join(base, `h${count}`);
  await writeFiles(top, { 'a.txt': 'a\n', ...files });
  await writeFiles(home, { '.keep': '' });
  const env = { ...process.env, ...GIT_ENV };
  execFileSync('git', ['init', '-q', top]);
  execFileSync('git', ['-C', top, 'add', 'a.txt'], { env });
  execFileSync('git', ['-C', top, 'commit', '-qm', 'a'], { env });
  await writeFiles(top, { 'a.txt': 'CHANGED\n' });
  const result = runCli(['--json', '--sandbox', 'off', '-C', top, ...args], { env: { HOME: home, CODEWARD_NO_SERVE: '1', ...NO_JAIL }, yes: true });
  const kept = existsSync(join(top, 'a.txt')) && readFileSync(join(top, 'a.txt'), 'utf8') === 'CHANGED\n';
  return { code: result.json.ok ? 'ran' : result.json.error?.code ?? result.stdout, kept };
}

const NPM = { 'package.json': '{"scripts":{"test":"git reset --hard"}}' };
const MAKE = { 'Makefile': 'test:\n\tgit reset --hard\n' };

describe('R30-6 CRITICAL: `test` runs an immune script line unstaged under --yes', () => {
  test.each([
    ['package.json "test"', NPM],
    ['Makefile test:', MAKE],
  ])('%s: `test` asks (C241) and keeps the uncommitted work', async (_name, files) => {
    expect(await run(files, ['test'])).toEqual({ code: 'C241', kept: true });
  }, 120_000);
});

// fix30b: the held-back variants: every package manager the detection picks, pre/post scripts, another folder,
// a pattern handed to the script, a deny rule on the script's line (the runner need not be installed: the line is
// judged before anything runs).
const SUB = { 'sub/package.json': '{"scripts":{"test":"git reset --hard"}}', 'sub/a.js': '' };
describe('R30-6 held-back: the detected runner line is judged as exec judges it', () => {
  test.each([
    ['yarn', { ...NPM, 'yarn.lock': '' }, ['test']],
    ['pnpm', { ...NPM, 'pnpm-lock.yaml': '' }, ['test']],
    ['bun', { ...NPM, 'bun.lock': '' }, ['test']],
    ['pretest', { 'package.json': '{"scripts":{"pretest":"git reset --hard","test":"node -e 0"}}' }, ['test']],
    ['test --dir sub', SUB, ['test', '--dir', 'sub']],
    ['--pattern', NPM, ['test', '--pattern', 'parses']],
  ])('%s: `test` asks (C241) and keeps the uncommitted work', async (_name, files, args) => {
    expect(await run(files, args)).toEqual({ code: 'C241', kept: true });
  }, 120_000);

  test('a deny rule on the script line refuses `test` (C240)', async () => {
    expect(await run({ 'package.json': '{"scripts":{"test":"git push origin main"}}' }, ['--deny', '@coder test git push*', 'test'])).toEqual({ code: 'C240', kept: true });
  }, 120_000);
});

describe('control (held)', () => {
  test('`exec --cmd "npm test"` asks', async () => {
    expect(await run(NPM, ['exec', '--cmd', 'npm test'])).toEqual({ code: 'C241', kept: true });
  }, 120_000);
});
