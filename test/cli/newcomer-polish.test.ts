import { mkdir, symlink, utimes } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { removeDir, runCli, tempDir, writeFiles } from '../helpers/fixture.js';

// What a newcomer following the README found, through the real binary: text-mode `list` shows what the README
// says (kind, size, mtime, name); contradictory flags are usage errors (exit 2) naming the fix.

let root: string;
let state: string;

beforeEach(async () => {
  root = await tempDir('codeward-polish-');
  state = await tempDir('codeward-polish-state-');
});
afterEach(async () => {
  await removeDir(root);
  await removeDir(state);
});

const cli = (args: string[], env: Record<string, string> = {}) => runCli(['-C', root, ...args], { env: { CODEWARD_STATE_DIR: state, HOME: state, ...env } });

describe('list in text mode', () => {
  it('shows kind, size, mtime and name in columns, like the README says and --json has', async () => {
    await writeFiles(root, { 'a.txt': 'hello\n', 'big.bin': 'x'.repeat(12345) });
    await mkdir(join(root, 'src'));
    await symlink('a.txt', join(root, 'link'));
    const at = new Date('2026-03-04T05:06:07Z');
    for (const name of ['a.txt', 'big.bin', 'src']) await utimes(join(root, name), at, at);
    const result = cli(['list'], { TZ: 'UTC' });
    expect(result.status).toBe(0);
    const lines = result.stdout.trimEnd().split('\n');
    expect(lines[0]).toBe('file         6  2026-03-04 05:06  a.txt');
    expect(lines[1]).toBe('file     12345  2026-03-04 05:06  big.bin');
    expect(lines[2]).toMatch(/^symlink {6}- {2}\d{4}-\d\d-\d\d \d\d:\d\d {2}link@$/);
    expect(lines[3]).toBe('dir          -  2026-03-04 05:06  src/');
    expect(lines[4]).toBe('entries 1-4 of 4');
    const json = cli(['list', '--json']).json;
    expect(json.data.entries.map((entry: { kind: string }) => entry.kind)).toEqual(['file', 'file', 'symlink', 'dir']);
  });

  it('a page past the end says how many entries there are', async () => {
    await writeFiles(root, { 'a.txt': 'x' });
    const result = cli(['list', '--page', '3']);
    expect(result.status).toBe(0);
    expect(result.stdout).toBe('no entries on page 3: the folder has 1 (pages of 100); try --page 1\n');
  });
});
