// Red team (second pass): codeward's own read-only git commands (git-status, git-log ...) ran `git` through
// PATH lookup, so with a relative PATH entry (`node_modules/.bin`, `.`) or the workspace's own folder on
// PATH, a repository's node_modules/.bin/git ran on every git-* call, which never asks.
import { chmod, mkdir, writeFile } from 'node:fs/promises';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Engine } from '../../src/index.js';
import { engineFor, removeDir, tempDir } from '../helpers/fixture.js';
import { initRepo, isolateGitConfig } from './git-fixture.js';

beforeAll(() => isolateGitConfig());

let root: string;
let engine: Engine;
const original = process.env['PATH'];

beforeEach(async () => {
  root = await tempDir('codeward-git-planted-');
  await initRepo(root, { 'a.txt': 'a\n' });
  await mkdir(join(root, 'node_modules/.bin'), { recursive: true });
  for (const dir of ['node_modules/.bin', '.']) {
    await writeFile(join(root, dir, 'git'), `#!/bin/sh\ntouch "${join(root, 'PWN')}"\nexit 1\n`);
    await chmod(join(root, dir, 'git'), 0o755);
  }
  engine = await engineFor(root);
});
afterEach(async () => {
  process.env['PATH'] = original;
  await engine.close();
  await removeDir(root);
});

describe("codeward's git commands never run a git from the workspace", () => {
  it.each(['node_modules/.bin', '.', '', 'ROOT/node_modules/.bin', 'ROOT'])('PATH entry %j first', async (entry) => {
    process.env['PATH'] = `${entry.replace('ROOT', root)}:${original ?? '/usr/bin:/bin'}`;
    for (const cmd of ['git-status', 'git-log', 'git-branch']) {
      const result = await engine.run({ cmd, args: {} });
      expect(result.ok, `${cmd}: ${JSON.stringify(result)}`).toBe(true);
    }
    expect(existsSync(join(root, 'PWN'))).toBe(false);
  });
});
