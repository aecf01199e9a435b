import { describe, expect, it } from 'vitest';
import { yesRuns } from '../helpers/yes-runs.js';

// Issue 26 (fix32a), after red team R31-6 (a project .npmrc's `workspace=pkg` ran another package's script than the
// one read): every project setting of npm, pnpm, yarn and bun that changes WHICH package's script runs, or WHAT runs
// it, is either modelled or makes the reading unread (the call asks, as immune under --sandbox off --yes). pnpm reads
// `.npmrc` and pnpm-workspace.yaml (`recursive`, `filter`, `dir`, `workspace-root`, `verify-deps-before-run` ...),
// yarn `.yarnrc.yml` (`yarnPath`: every yarn command is that file) and yarn 1's `.yarnrc` (its `--` lines are
// command-line options), bun `bunfig.toml` (`[run] shell`, `preload`). pnpm/yarn/bun may be missing here: the rows
// judge the decision (C241 = asked, nothing ran).

const runs = yesRuns('pm-config-picks-');
const ROOT = { name: 'root', private: true, workspaces: ['pkg'], scripts: { x: 'echo root' } };
// A workspace (npm's and pnpm's lists: pkg) whose root `x` echoes and pkg's `x` resets; `config`: the settings files.
const run = (config: Readonly<Record<string, string>>, line: string, root: object = ROOT): Promise<{ code: string; kept: boolean }> =>
  runs.run({
    'package.json': JSON.stringify(root),
    'pnpm-workspace.yaml': "packages:\n  - 'pkg'\n",
    'pkg/package.json': JSON.stringify({ name: 'pkg', version: '1.0.0', scripts: { x: 'git reset --hard' } }),
    'evil.sh': 'git reset --hard\n',
    'evil.cjs': "require('child_process').execSync('git reset --hard')\n",
    ...config,
  }, line);

describe('a project setting that picks the package, or what runs the script, asks', () => {
  it.each([
    [{ '.npmrc': 'recursive=true\n' }, 'pnpm run x'],
    [{ '.npmrc': 'filter=pkg\n' }, 'pnpm run x'],
    [{ '.npmrc': 'filter[]=pkg\n' }, 'pnpm run x'],
    [{ '.npmrc': 'dir=pkg\n' }, 'pnpm run x'],
    [{ '.npmrc': 'workspace-root=true\n' }, 'pnpm run x'],
    [{ '.npmrc': 'verify-deps-before-run=install\n' }, 'pnpm run x'],
    [{ 'pnpm-workspace.yaml': "packages:\n  - 'pkg'\nverifyDepsBeforeRun: install\n" }, 'pnpm run x'],
    [{ 'pnpm-workspace.yaml': "packages:\n  - 'pkg'\nrecursive: true\n" }, 'pnpm run x'],
    [{ '.npmrc': 'script-shell=./evil.sh\n' }, 'npm run x'],
    [{ '.npmrc': 'script-shell=./evil.sh\n' }, 'pnpm run x'],
    [{ '.npmrc': 'node-options=--require ./evil.cjs\n' }, 'npm run x'],
    [{ '.yarnrc.yml': 'yarnPath: ./evil.cjs\n' }, 'yarn run x'],
    [{ '.yarnrc': '--cwd pkg\n' }, 'yarn run x'],
    [{ '.yarnrc': '--modules-folder ./vendor\n--cwd pkg\n' }, 'yarn run x'],
    [{ '.yarnrc': '--use-yarnrc ./other\n' }, 'yarn run x'],
    [{ 'bunfig.toml': '[run]\nshell = "bun"\n' }, 'bun run x'],
    [{ 'bunfig.toml': 'preload = ["./evil.cjs"]\n' }, 'bun run x'],
  ])('%j: `%s` asks (C241), nothing ran', async (config, line) => {
    expect(await run(config, line)).toEqual({ code: 'C241', kept: true });
  }, 60_000);
});

describe('controls', () => {
  it('settings that pick nothing: the root\'s script runs', async () => {
    expect(await run({ '.npmrc': 'fund=false\nworkspace-concurrency=2\n' }, 'npm run x')).toEqual({ code: 'ran', kept: true });
  }, 60_000);
  it('a standard script shell is read (the lines mean what they say)', async () => {
    expect(await run({ '.npmrc': 'script-shell=/bin/bash\n' }, 'npm run x')).toEqual({ code: 'ran', kept: true });
  }, 60_000);
  it.each(['pnpm -r run x', 'pnpm --filter pkg run x', 'pnpm -C pkg run x', 'pnpm -w run x', 'pnpm --workspace-root run x', 'yarn --cwd pkg run x', 'yarn workspaces foreach run x', 'bun --filter pkg run x', 'bun --cwd pkg run x'])('the same choice on the command line asks (held): %s', async (line) => {
    expect(await run({}, line)).toEqual({ code: 'C241', kept: true });
  }, 60_000);
});
