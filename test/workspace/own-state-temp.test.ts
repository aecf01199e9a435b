// Red team round 4, H4: with `-C ~` the home workspace's state lives in the private temp folder
// ($TMPDIR/codeward-<uid>, state-dir.ts). A workspace holding that temp folder (`-C /tmp`, here a TMPDIR
// pointed at a folder of the test) listed it and a staged run wrote into the home workspace's checkpoints.
// Now that folder is codeward's own state to every workspace that contains it: C211. Real binary.
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { removeDir, runCli, tempDir, writeFiles } from '../helpers/fixture.js';

let base: string;
let home: string;
let pub: string;
const uid = process.getuid?.() ?? 'user';

beforeAll(async () => {
  base = await tempDir('codeward-own-temp-');
  home = join(base, 'home');
  pub = join(base, 'pub');
  await writeFiles(home, { 'a.txt': 'a\n' });
  await writeFiles(pub, { 'b.txt': 'b\n' });
});

afterAll(async () => {
  await removeDir(base);
});

describe('the private temp state folder is refused to a workspace that contains it (H4)', () => {
  it('-C ~ keeps its state in TMPDIR/codeward-UID; a workspace holding TMPDIR cannot list, read or write it', () => {
    const plain = { HOME: home, XDG_CACHE_HOME: '', CODEWARD_STATE_DIR: '' };
    const made = runCli(['--json', '-C', home, 'write', '--file', 'c.txt', '--content', 'c\n'], { cwd: home, env: { ...plain, TMPDIR: pub } });
    expect(made.json.ok, made.stdout + made.stderr).toBe(true);
    expect(existsSync(join(pub, `codeward-${uid}/workspaces`))).toBe(true);
    // Another run with the temp folder's parent as its workspace (`-C /tmp` where TMPDIR is /tmp).
    const listed = runCli(['--json', '-C', pub, 'list', '--path', `codeward-${uid}/workspaces`], { cwd: pub, env: { ...plain, TMPDIR: pub } });
    expect(listed.json.ok).toBe(false);
    expect(listed.json.error?.code).toBe('C211');
    const planted = runCli(['--json', '-C', pub, 'write', '--file', `codeward-${uid}/workspaces/planted`, '--content', 'x\n'], { cwd: pub, env: { ...plain, TMPDIR: pub } });
    expect(planted.json.error?.code).toBe('C211');
    expect(existsSync(join(pub, `codeward-${uid}/workspaces/planted`))).toBe(false);
  });
});
