// `clean` (issue 19): ChatCLI's clean is a dry run unless --force, and the plugin door keeps that meaning;
// the CLI removes on a plain clean (after approval) and accepts --force; a dry run asks nobody.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { chmod, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { CLI, removeDir, runCli, tempDir, writeFiles } from '../helpers/fixture.js';

let root: string;
let state: string;
let bin: string;
beforeEach(async () => {
  root = await tempDir('codeward-clean-');
  state = await tempDir('codeward-clean-state-');
  bin = await tempDir('codeward-clean-plugins-');
  await writeFiles(root, { 'a.go.bak': 'old a', 'src/b.go.bak': 'old b', 'src/b.go': 'package b\n' });
});
afterEach(async () => {
  for (const dir of [root, state, bin]) await removeDir(dir);
});

// The wrapper of docs/chatcli-plugin.md: the plugin environment variable and --yes.
async function plugin(argv: readonly string[]): Promise<{ status: number; stdout: string; stderr: string }> {
  const path = join(bin, 'coder');
  await writeFile(path, `#!/bin/sh\nCODEWARD_CHATCLI_PLUGIN=1 exec "${process.execPath}" "${CLI}" --yes "$@"\n`);
  await chmod(path, 0o755);
  const result = spawnSync(path, argv, { cwd: root, env: { ...process.env, CODEWARD_STATE_DIR: state }, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });
  return { status: result.status ?? -1, stdout: result.stdout, stderr: result.stderr };
}

const backups = (): boolean[] => [existsSync(join(root, 'a.go.bak')), existsSync(join(root, 'src/b.go.bak'))];

describe('the ChatCLI plugin door: clean lists unless --force', () => {
  it.each([
    [['clean']],
    [['clean_backups']],
    [['clean', '--dir', '.']],
    [['clean', '--no-dry-run']],
    [['clean', '--dry-run', 'false']],
    [['clean', '--force', 'false']],
    [['clean', '--force=false']],
    [['clean', '--json']],
    [['--json', 'clean', '--pattern', '*.bak']],
    [['clean', '--', '.']],
    [['{"cmd":"clean","args":{"dry_run":false}}']],
    [['{"cmd":"clean_backups"}']],
  ])('%j removes nothing and says it was a dry run', async (argv) => {
    const result = await plugin(argv);
    expect(result.status, result.stderr).toBe(0);
    expect(result.stdout).toMatch(/dry run|"dryRun":true/);
    expect(result.stdout).toContain('a.go.bak');
    expect(backups()).toEqual([true, true]);
  });
  it.each([[['clean', '--force']], [['clean', '--force', 'true']], [['{"cmd":"clean","args":{"force":true}}']]])('%j removes the backups', async (argv) => {
    const result = await plugin(argv);
    expect(result.status, result.stderr).toBe(0);
    expect(result.stdout).toContain('removed 2 files');
    expect(backups()).toEqual([false, false]);
    expect(existsSync(join(root, 'src/b.go'))).toBe(true);
  });
  it('--force together with --dry-run is refused (C210), nothing removed', async () => {
    const result = await plugin(['clean', '--force', '--dry-run']);
    expect(result.status).not.toBe(0);
    expect(result.stderr).toContain('C210');
    expect(result.stderr).toContain('either --dry-run');
    expect(backups()).toEqual([true, true]);
  });
});

describe('the CLI: clean removes, --force is accepted, a dry run asks nobody', () => {
  const cli = (argv: readonly string[], yes: boolean) => runCli(['--json', ...argv], { cwd: root, yes, env: { CODEWARD_STATE_DIR: state } });
  it('clean --dry-run without a terminal and without --yes runs (it only lists)', () => {
    const result = cli(['clean', '--dry-run'], false);
    expect(result.status, result.stderr).toBe(0);
    expect(result.json.data).toMatchObject({ removed: ['a.go.bak', 'src/b.go.bak'], dryRun: true });
    expect(backups()).toEqual([true, true]);
  });
  it('a plain clean still needs approval (C241 without a terminal) and removes nothing', () => {
    const result = cli(['clean'], false);
    expect(result.json.error?.code).toBe('C241');
    expect(backups()).toEqual([true, true]);
  });
  it('clean --dry-run false is a real clean and asks too', () => {
    expect(cli(['clean', '--dry-run', 'false'], false).json.error?.code).toBe('C241');
    expect(backups()).toEqual([true, true]);
  });
  it.each([[['clean']], [['clean', '--force']]])('%j with --yes removes the backups', (argv) => {
    const result = cli(argv, true);
    expect(result.status, result.stderr).toBe(0);
    expect(result.json.data).toMatchObject({ removed: ['a.go.bak', 'src/b.go.bak'], dryRun: false });
    expect(backups()).toEqual([false, false]);
  });
  it('a deny rule still refuses a dry run', () => {
    const result = runCli(['--json', '--deny', '@coder clean', 'clean', '--dry-run'], { cwd: root, yes: false, env: { CODEWARD_STATE_DIR: state } });
    expect(result.json.error?.code).toBe('C240');
  });
});

describe('clean never removes safety-immune files (attacker: a pattern aimed at .git/ or the policy)', () => {
  it.each([
    [['clean', '--force', '--dir', '.git', '--pattern', 'config'], '.git/config'],
    [['clean', '--force', '--pattern', 'policy.json'], '.codeward/policy.json'],
    [['clean', '--force', '--pattern', 'coder_policy.json'], 'coder_policy.json'],
    [['clean', '--force', '--dir', 'sub', '--pattern', '*.bak'], 'sub/.git/hooks/pre-commit.bak'],
    [['clean', '--force', '--pattern', 'tasks.json'], '.vscode/tasks.json'],
  ])('%j with --yes keeps %s (and says so)', async (argv, kept) => {
    await writeFiles(root, { '.git/config': '[core]\n', '.codeward/policy.json': '{"rules":[{"pattern":"@coder exec *","action":"deny"}]}', 'coder_policy.json': '{"rules":[]}', 'sub/.git/hooks/pre-commit.bak': 'x', '.vscode/tasks.json': '{}' });
    for (const plugin of [false, true]) {
      const result = plugin ? await pluginRun(argv) : runCli(['--json', ...argv], { cwd: root, env: { CODEWARD_STATE_DIR: state } });
      expect(result.status, result.stderr).toBe(0);
      expect(existsSync(join(root, kept)), kept).toBe(true);
      // A nested .git is not even walked into; the others are found, kept and named.
      if (!kept.startsWith('sub/.git/')) expect(result.stdout + result.stderr).toContain(`kept ${kept}`);
    }
  });
});

async function pluginRun(argv: readonly string[]) {
  return plugin(argv);
}
