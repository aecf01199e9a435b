// Red team round 22, R22-10 (class R21-9, a bound that stops silently): a repository whose .git/config (or a file it
// includes, or a gitlink's own config) is padded past 4 MiB with comment lines, then names a program git runs on a
// read-only command (diff.external, a textconv driver, core.fsmonitor). Real git reads the whole file: checked, `git
// diff` ran diff.external and the textconv program, `git status` ran core.fsmonitor. codeward's config reader
// returns nothing for a file over its bound and the read-only allowlist allows the line: `codeward exec --cmd 'git
// diff'` (no --yes, no rule) ran the program, inside the sandbox by default and outside it under `--sandbox off`
// (checked: PWN file created). The same config without the padding asks (the controls).
import { execFileSync } from 'node:child_process';
import { appendFile, mkdir, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, test } from 'vitest';
import { explain, policyWith, sandbox, type Sandbox } from '../permissions/helpers.js';

let box: Sandbox;
beforeAll(async () => {
  box = await sandbox();
});
afterAll(async () => {
  await box.cleanup();
});
const env = { ...process.env, HOME: '', GIT_CONFIG_NOSYSTEM: '1', GIT_AUTHOR_NAME: 'a', GIT_AUTHOR_EMAIL: 'a@b', GIT_COMMITTER_NAME: 'a', GIT_COMMITTER_EMAIL: 'a@b' };
const git = (cwd: string, ...args: string[]): string => execFileSync('git', args, { cwd, env: { ...env, HOME: box.home }, stdio: 'pipe' }).toString();
// 70 000 comment lines: 5.7 MB.
const PAD = '; padding padding padding padding padding padding padding padding padding padding\n'.repeat(70_000);
beforeEach(async () => {
  await rm(box.root, { recursive: true, force: true });
  await mkdir(box.root);
  git(box.root, 'init', '-q');
  await writeFile(join(box.root, 'a'), 'a\n');
  await writeFile(join(box.root, '.gitattributes'), '* diff=x\n');
});
const decision = async (line: string): Promise<string> => (await explain(await policyWith(box), `@coder exec ${line}`)).decision;

describe('R22-10: a git config past the reader bound naming a program', () => {
  test.each([
    ['git diff', 'diff.external', '[diff]\n\texternal = ./x.sh\n'],
    ['git diff', 'a textconv driver', '[diff "x"]\n\ttextconv = ./x.sh\n'],
    ['git status', 'core.fsmonitor', '[core]\n\tfsmonitor = ./x.sh\n'],
  ])('%s with a padded .git/config naming %s asks', async (line, _label, tail) => {
    expect(await decision(line)).toBe('allow');
    await appendFile(join(box.root, '.git/config'), `${PAD}${tail}`);
    expect(await decision(line)).toBe('ask');
  });

  test('git status with a padded included file naming core.fsmonitor asks', async () => {
    await writeFile(join(box.root, '.git/big.inc'), `${PAD}[core]\n\tfsmonitor = ./x.sh\n`);
    await appendFile(join(box.root, '.git/config'), '[include]\n\tpath = big.inc\n');
    expect(await decision('git status')).toBe('ask');
  });

  test('git status with a gitlink whose own config is padded asks', async () => {
    const dir = join(box.root, 'inner');
    await mkdir(dir);
    git(dir, 'init', '-q');
    await writeFile(join(dir, 's'), 's\n');
    git(dir, 'add', 's');
    git(dir, 'commit', '-qm', 's');
    git(box.root, 'add', 'inner');
    await appendFile(join(dir, '.git/config'), `${PAD}[core]\n\tfsmonitor = ./x.sh\n`);
    expect(await decision('git status')).toBe('ask');
  });

  test('control (held): the same config without the padding asks', async () => {
    await appendFile(join(box.root, '.git/config'), '[diff]\n\texternal = ./x.sh\n');
    expect(await decision('git diff')).toBe('ask');
  });
});
