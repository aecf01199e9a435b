// The one reader of git's metadata (src/git/config-read.ts): regular files only. A FIFO planted where a
// config or `.git` file is expected blocked the judgement (readFileSync waits for a writer); a folder or a
// device is not a config either. Real FIFOs, folders, symlinks in a temp folder.
import { spawnSync } from 'node:child_process';
import { mkdir, symlink, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { readGitMetadata, readGitMetadataBytes } from '../../src/git/config-read.js';
import { obeyedContext } from '../../src/permissions/obeyed-context.js';
import { removeDir, tempDir } from '../helpers/fixture.js';

let dir: string;
beforeEach(async () => {
  dir = await tempDir('codeward-config-read-');
});
afterEach(async () => {
  await removeDir(dir);
});

describe('readGitMetadata', () => {
  it('reads a regular file, and one through a symlink (git follows them)', async () => {
    await writeFile(join(dir, 'config'), '[core]\n\tbare = false\n');
    await symlink(join(dir, 'config'), join(dir, 'link'));
    expect(readGitMetadata(join(dir, 'config'))).toContain('bare = false');
    expect(readGitMetadata(join(dir, 'link'))).toContain('bare = false');
  });

  it('refuses a FIFO (without blocking), a folder, a device, a missing file, an oversized file', async () => {
    expect(spawnSync('mkfifo', [join(dir, 'fifo')]).status).toBe(0);
    await mkdir(join(dir, 'folder'));
    await writeFile(join(dir, 'big'), 'x'.repeat(100));
    expect(readGitMetadata(join(dir, 'fifo'))).toBeUndefined();
    expect(readGitMetadata(join(dir, 'folder'))).toBeUndefined();
    expect(readGitMetadata('/dev/zero')).toBeUndefined();
    expect(readGitMetadata(join(dir, 'missing'))).toBeUndefined();
    expect(readGitMetadataBytes(join(dir, 'big'), 10)).toBeUndefined();
  });

  it('a repository whose .git/config and .git pointer are FIFOs is judged without hanging', async () => {
    const repo = join(dir, 'repo');
    await mkdir(join(repo, '.git'), { recursive: true });
    await writeFile(join(repo, '.git', 'HEAD'), 'ref: refs/heads/main\n');
    expect(spawnSync('mkfifo', [join(repo, '.git', 'config')]).status).toBe(0);
    expect(obeyedContext(repo, dir).gitPaths).toContain('.git');
    const sub = join(dir, 'sub');
    await mkdir(sub);
    expect(spawnSync('mkfifo', [join(sub, '.git')]).status).toBe(0);
    expect(obeyedContext(sub, dir).computed ?? []).toEqual([]);
  });
});
