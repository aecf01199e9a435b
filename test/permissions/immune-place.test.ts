// Red team (second pass): the safety-immune path classes were matched on a path as written, so a relative
// path taken from another folder (`cd .git/hooks && touch pre-commit`, `exec --dir .git`, `env -C .git`)
// or through a symlink the repository ships (`g -> .git`: `echo x > g/hooks/pre-commit`) wrote a git hook,
// the git config or the policy with only --yes or an allow rule (the peer CVE `cd .claude && mv x
// settings.json`). Without an OS sandbox nothing else stood in the way. Each line below was "ask" before.
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdir, readFile, symlink, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { CLI, runCli } from '../helpers/fixture.js';
import { explain, policyWith, sandbox, type Sandbox } from './helpers.js';

let box: Sandbox;
beforeAll(async () => {
  box = await sandbox();
  execFileSync('git', ['init', '-q'], { cwd: box.root });
  await mkdir(join(box.root, 'sub/deeper'), { recursive: true });
  await writeFile(join(box.root, 'a.txt'), 'a\n');
  // Links a repository can ship: to its own .git and to a folder of it.
  await symlink('.git', join(box.root, 'g'));
  await symlink('../.git/hooks', join(box.root, 'sub/h'));
});
afterAll(async () => {
  await box.cleanup();
});

async function judged(cmd: string, dir?: string): Promise<{ decision: string; source: string }> {
  const result = await explain(await policyWith(box, ['allow @coder exec *']), JSON.stringify({ cmd: 'exec', args: { cmd, ...(dir ? { dir } : {}) } }));
  return { decision: result.decision, source: result.source };
}

describe('a relative path is judged where it lands', () => {
  test.each([
    ['cd .git/hooks && touch pre-commit'],
    ['cd .git; cd hooks; cp ../../a.txt pre-commit'],
    ['(cd .git && echo "[core] fsmonitor = x" >> config)'],
    ['cd sub && echo x > ../.git/config'],
    ['cd sub/deeper && cp ../../a.txt ../../.git/hooks/post-checkout'],
    ['pushd .codeward && echo {} > policy.json'],
    ['cd .husky && echo npm test > pre-commit'],
    ['cd .vscode && tee tasks.json < ../a.txt'],
    ['env -C .git/hooks touch pre-commit'],
    ['env --chdir=.git sh -c "echo > config"'],
    ['touch g/hooks/pre-commit'],
    ['echo x > g/config'],
    ['cp a.txt sub/h/pre-push'],
    ['mv a.txt --target-directory=g/hooks'],
    ['cd g && ln -s ../a.txt hooks/pre-commit'],
  ])('%s is safety-immune even with an allow-all rule', async (line) => {
    expect(await judged(line)).toEqual({ decision: 'ask', source: 'immune' });
  });

  test.each([
    ['touch pre-commit', '.git/hooks'],
    ['echo x >> config', '.git'],
    ['touch pre-commit', 'g/hooks'],
    ['touch pre-commit', 'sub/h'],
    ['cp ../a.txt policy.json', '.codeward'],
  ])('%s with --dir %s is safety-immune', async (line, dir) => {
    expect(await judged(line, dir)).toEqual({ decision: 'ask', source: 'immune' });
  });

  test.each([
    ['cd sub && touch pre-commit'],
    ['cd sub/deeper && echo x > config'],
    ['env -C sub touch config'],
    ['echo x > build.txt'],
    ['touch hooks/pre-commit'],
  ])('%s stays an ordinary write (not safety-immune)', async (line) => {
    expect((await judged(line)).source).not.toBe('immune');
    expect((await judged('touch pre-commit; echo x > config', 'sub')).source).not.toBe('immune');
  });

  test.skipIf(!existsSync(CLI))('the real binary, --yes and no sandbox: no hook, no config line planted', async () => {
    const env = { CODEWARD_STATE_DIR: box.home, HOME: box.home };
    const before = await readFile(join(box.root, '.git/config'), 'utf8');
    const lines: Array<[string, string[]]> = [
      ['cp ../../a.txt pre-commit', ['--dir', '.git/hooks']],
      ['cd .git && echo "[core] fsmonitor = ./x" >> config', []],
      ['echo "#!/bin/sh" > g/hooks/post-checkout', []],
    ];
    for (const [line, extra] of lines) {
      const result = runCli(['--json', '--sandbox', 'off', 'exec', ...extra, '--cmd', line], { cwd: box.root, env, yes: true });
      expect(result.json.error?.code, line).toBe('C241');
    }
    expect(existsSync(join(box.root, '.git/hooks/pre-commit'))).toBe(false);
    expect(existsSync(join(box.root, '.git/hooks/post-checkout'))).toBe(false);
    expect(await readFile(join(box.root, '.git/config'), 'utf8')).toBe(before);
  });
});
