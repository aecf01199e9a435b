import { execFileSync } from 'node:child_process';
import { symlinkSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it, onTestFinished } from 'vitest';
import { readGitMetadataOr } from '../../src/git/config-read.js';
import { createEngine } from '../../src/index.js';
import { removeDir, tempDir } from '../helpers/fixture.js';

// `GIT_CONFIG_GLOBAL=/dev/null` is how git's own documentation and most test suites set the person's config aside:
// git reads the null device as an empty config. bounds23 made every other non-regular file fail closed (a FIFO can
// hold anything); the null device must still read as empty, or every write and undo in such a shell asks (C241).
describe('the null device reads as an empty git config', () => {
  let root: string;
  beforeEach(async () => {
    root = await tempDir('cw-null-');
  });
  afterEach(async () => {
    await removeDir(root);
  });

  it('readGitMetadataOr: /dev/null and a link to it are empty text; a FIFO is still not a file', () => {
    expect(readGitMetadataOr('/dev/null')).toEqual({ text: '' });
    symlinkSync('/dev/null', join(root, 'null-link'));
    expect(readGitMetadataOr(join(root, 'null-link'))).toEqual({ text: '' });
    execFileSync('mkfifo', [join(root, 'fifo')]);
    expect(readGitMetadataOr(join(root, 'fifo'))).toBe('not-a-file');
  });

  it('a write and its undo run unasked with GIT_CONFIG_GLOBAL=/dev/null', async () => {
    const ws = join(root, 'ws');
    execFileSync('mkdir', [ws]);
    execFileSync('git', ['init', '-q'], { cwd: ws });
    // The write gate reads git's configuration through this process's environment (as a test suite sets it).
    const saved = { global: process.env['GIT_CONFIG_GLOBAL'], nosystem: process.env['GIT_CONFIG_NOSYSTEM'] };
    process.env['GIT_CONFIG_GLOBAL'] = '/dev/null';
    process.env['GIT_CONFIG_NOSYSTEM'] = '1';
    onTestFinished(() => {
      for (const [name, value] of [['GIT_CONFIG_GLOBAL', saved.global], ['GIT_CONFIG_NOSYSTEM', saved.nosystem]] as const) {
        if (value === undefined) delete process.env[name];
        else process.env[name] = value;
      }
    });
    const env = { ...process.env, CODEWARD_STATE_DIR: join(root, 'state') };
    const engine = await createEngine({ workspace: ws, env });
    expect(await engine.run({ cmd: 'write', args: { file: 'a.txt', content: 'one' } })).toMatchObject({ ok: true });
    expect(await engine.run({ cmd: 'write', args: { file: 'a.txt', content: 'two' } })).toMatchObject({ ok: true });
    expect(await engine.run({ cmd: 'undo', args: {} })).toMatchObject({ ok: true });
  });
});
