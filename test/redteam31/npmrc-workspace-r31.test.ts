// Red team round 31, R31-6 (CRITICAL: an immune-list command, `git reset --hard`, discards uncommitted work under
// --yes in a run nothing stages): npm reads its configuration from the project's `.npmrc` (a file the repository
// ships), and `workspace=pkg` / `workspace[]=pkg` / `workspaces=true` there make a plain `npm run x` (and `npm test`,
// `npm start` ...) run the script of the WORKSPACE package(s) instead of the root's: checked with npm 10. The script
// reader (shell/run-scripts.ts, run-script-npm.ts) reads the root package.json's `x` (`echo root`), so `npm run x`
// runs under --sandbox off --yes and pkg/package.json's `"x": "git reset --hard"` throws the work away; the same
// choice on the command line (`npm run x -w pkg`, `--workspaces`, `npm_config_workspace=pkg`) asks as immune.
// Held-back variants a fix must also cover: every npm setting that chooses which package.json's scripts run
// (`workspace`, `workspaces`, `include-workspace-root`, and `prefix`/`globalconfig`-style redirects if npm honours
// them in a project .npmrc), `.npmrc` in a folder `npm --prefix` names, `npm test`/`npm start`, the `test` command's
// detected `npm test`.
// Fix: src/shell/run-script-npm.ts (the project .npmrc's settings that pick the package: unread, like the same
// options on the command line), read through src/engine/npm-ini.ts.
import { describe, expect, it } from 'vitest';
import { yesRuns } from '../helpers/yes-runs.js';

const runs = yesRuns('rt31-npmrc-ws-');
// A repository (npm workspaces: pkg) whose root `x` echoes and pkg's `x` resets; its .npmrc `npmrc`; `line` run with
// --sandbox off --yes: its code, and whether the uncommitted change of a.txt is still there.
const run = (npmrc: string, line: string): Promise<{ code: string; kept: boolean }> =>
  runs.run({
    'package.json': JSON.stringify({ name: 'root', private: true, workspaces: ['pkg'], scripts: { x: 'echo root', test: 'echo root' } }),
    'pkg/package.json': JSON.stringify({ name: 'pkg', version: '1.0.0', scripts: { x: 'git reset --hard', test: 'git reset --hard' } }),
    ...(npmrc === '' ? {} : { '.npmrc': npmrc }),
  }, line);

describe('R31-6 CRITICAL: the project .npmrc picks the workspace package whose script runs; the reader shows the root\'s', () => {
  it.each([
    ['workspace=pkg\n', 'npm run x'],
    ['workspace[]=pkg\n', 'npm run x'],
    ['workspaces=true\n', 'npm run x'],
    ['workspace=pkg\n', 'npm test'],
  ])('.npmrc %j: `%s` asks (C241) and keeps the uncommitted work', async (npmrc, line) => {
    expect(await run(npmrc, line)).toEqual({ code: 'C241', kept: true });
  }, 60_000);
});

describe('control', () => {
  it('no .npmrc: the root\'s script runs', async () => {
    expect(await run('', 'npm run x')).toEqual({ code: 'ran', kept: true });
  }, 60_000);
  it('the same choice on the command line asks (held)', async () => {
    expect(await run('', 'npm run x -w pkg')).toEqual({ code: 'C241', kept: true });
  }, 60_000);
});
