// Red team R5-9 with the sandbox off: `git remote -v` and `git config --get remote.origin.url` printed a token
// a remote URL holds, unasked (the OS sandbox shows git a filtered copy of the config; without one git reads
// the real file). A git call that prints configuration asks when a config git reads holds a credential.
import { mkdir, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, test } from 'vitest';
import { git } from './git-run.js';
import { explain, policyWith, sandbox, type Sandbox } from './helpers.js';

let box: Sandbox;
beforeAll(async () => {
  box = await sandbox();
});
afterAll(async () => {
  await box.cleanup();
});
beforeEach(async () => {
  await rm(box.root, { recursive: true, force: true });
  await mkdir(join(box.root, 'sub'), { recursive: true });
  git(box.root, 'init', '-q');
  git(box.root, 'remote', 'add', 'origin', 'https://github.com/o/r');
});

// The decision with HOME (the user's git config) set to the box's home.
async function decision(line: string): Promise<{ decision: string; reason: string }> {
  const saved = process.env.HOME;
  process.env.HOME = box.home;
  try {
    const result = await explain(await policyWith(box), `@coder exec ${line}`);
    return { decision: result.decision, reason: result.reason };
  } finally {
    process.env.HOME = saved;
  }
}

const PRINTS = ['git remote -v', 'git remote get-url origin', 'git config --get remote.origin.url', 'git config -l', 'git config remote.origin.url', 'git config get remote.origin.url', 'cd sub && git remote -v', 'git --no-pager remote -v', 'git var -l'];
const NAMES = ['git remote', 'git status', 'git log --oneline', 'cat a.txt', 'ls sub', 'grep -r x sub', 'cat .git/HEAD'];
// Other programs reading the file (red team R8-10's exec side): by name, a glob, a recursive reader.
const READERS = ['cat .git/config', 'grep url .git/config', 'head -5 < .git/config', 'cat .git/conf*', 'cd .git && cat config', 'grep -r ghp_ .', 'grep -R ghp_ .git', 'tar cf - .git'];

describe('a credential in a config git reads', () => {
  test.each(PRINTS)('none: `%s` stays read-only', async (line) => {
    expect((await decision(line)).decision).toBe('allow');
  });

  test.each(PRINTS)('a token in the remote URL: `%s` asks', async (line) => {
    git(box.root, 'remote', 'set-url', 'origin', 'https://x:ghp_abcdefgh12345678@github.com/o/r');
    const result = await decision(line);
    expect(result.decision, result.reason).toBe('ask');
    expect(result.reason).toContain('holds a credential');
  });

  test.each(READERS)('a token in the remote URL: `%s` asks', async (line) => {
    git(box.root, 'remote', 'set-url', 'origin', 'https://x:ghp_abcdefgh12345678@github.com/o/r');
    const result = await decision(line);
    expect(result.decision, result.reason).toBe('ask');
  });

  test.each(NAMES)('a token in the remote URL: `%s` prints no value, stays read-only', async (line) => {
    git(box.root, 'remote', 'set-url', 'origin', 'https://x:ghp_abcdefgh12345678@github.com/o/r');
    expect((await decision(line)).decision).toBe('allow');
  });

  test('an extraHeader in a file the repository config includes asks', async () => {
    await writeFile(join(box.root, '.git', 'extra.cfg'), '[http "https://github.com/"]\n\textraheader = AUTHORIZATION: basic eDpnaHBfYWJjZGVmZ2g=\n');
    git(box.root, 'config', 'include.path', 'extra.cfg');
    expect((await decision('git config --list')).decision).toBe('ask');
  });

  test("a token in the user's ~/.gitconfig asks", async () => {
    await writeFile(join(box.home, '.gitconfig'), '[url "https://x:ghp_abcdefgh12345678@github.com/"]\n\tinsteadOf = https://github.com/\n');
    try {
      expect((await decision('git config --global --list')).decision).toBe('ask');
    } finally {
      await rm(join(box.home, '.gitconfig'));
    }
  });
});
