import { spawnSync } from 'node:child_process';
import { statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, dirname } from 'node:path';
import { describe, expect, it } from 'vitest';
import { tempDir } from './fixture.js';

// test/helpers/file-tmpdir.ts: this file runs in a temp folder of its own, which its child processes
// inherit, with the codeward state folder inside it, so files running at once share neither.
describe('each test file has its own temp and state folder', () => {
  it('tmpdir(), temp folders, child processes and the state folder are inside the file\'s own folder', async () => {
    const own = tmpdir();
    expect(basename(own)).toMatch(/^codeward-test-file-/);
    expect(statSync(own).mode & 0o777).toBe(0o755);
    expect(dirname(await tempDir())).toBe(own);
    expect(spawnSync(process.execPath, ['-p', 'require("os").tmpdir()'], { encoding: 'utf8' }).stdout.trim()).toBe(own);
    expect(process.env['CODEWARD_STATE_DIR']).toBe(`${own}/state`);
    expect(statSync(`${own}/state`).mode & 0o777).toBe(0o700);
  });
});
