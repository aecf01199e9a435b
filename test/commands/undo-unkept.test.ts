// Undo through the real binary when a change kept no checkpoint (backups: false), when older steps
// were pruned, and when --force overwrites someone else's edit: each says what happened and the way
// back, and never takes codeward's own change for someone else's.
import { mkdir, readFile, readdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { removeDir, runCli, tempDir, type CliResult } from '../helpers/fixture.js';
import { trustWorkspaceAt } from '../helpers/trust.js';

let root: string;
let home: string;
let state: string;

beforeEach(async () => {
  root = await tempDir('cw-unkept-');
  home = await tempDir('cw-unkept-home-');
  state = await tempDir('cw-unkept-state-');
  await writeFile(join(root, 'a.ts'), 'orig\n');
});

afterEach(async () => {
  for (const dir of [root, home, state]) await removeDir(dir);
});

const cw = (...args: string[]): CliResult => runCli(args, { cwd: root, env: { HOME: home, CODEWARD_STATE_DIR: state } });
const text = (path: string): Promise<string> => readFile(join(root, path), 'utf8');

// A trusted project config (a repository's own config may only tighten; backups: false loosens).
async function config(settings: Record<string, unknown>): Promise<void> {
  await mkdir(join(root, '.codeward'), { recursive: true });
  await writeFile(join(root, '.codeward', 'config.json'), JSON.stringify(settings));
  await trustWorkspaceAt(root, home);
}

// Every blob file in the workspace's checkpoint store.
async function blobs(): Promise<string[]> {
  const found: string[] = [];
  const walk = async (dir: string): Promise<void> => {
    for (const entry of await readdir(dir, { withFileTypes: true }).catch(() => [])) {
      if (entry.isDirectory()) await walk(join(dir, entry.name));
      else if (dir.includes('/blobs/')) found.push(entry.name);
    }
  };
  await walk(state);
  return found;
}

describe('backups: false', () => {
  it('undo and rollback say the change kept no checkpoint (never "someone else", no --force without an earlier change); no content is kept', async () => {
    await config({ backups: false });
    expect(cw('write', '--file', 'a.ts', '--content', 'zz').status).toBe(0);
    const undo = cw('undo');
    expect(undo.status).toBe(1);
    expect(undo.stderr).toContain('error C224: nothing was restored: the last change to a.ts (write, checkpoint 1) kept no checkpoint (made with backups: false), so codeward cannot bring the version before it back.');
    expect(undo.stderr).not.toMatch(/something that keeps no checkpoint|--force/);
    expect(await text('a.ts')).toBe('zz');
    const rollback = cw('rollback', '--file', 'a.ts');
    expect(rollback.stderr).toContain('error C224: the last change to a.ts (write a.ts, checkpoint 1) kept no checkpoint (it was made with backups: false), so rollback cannot bring the version before it back');
    expect(await text('a.ts')).toBe('zz');
    expect(cw('checkpoints').stdout).toMatch(/^1 {2}\S+ {2}write \(no checkpoint kept: backups false\) via cli: a\.ts$/m);
    expect(await blobs()).toEqual([]);
  });

  it('after earlier kept changes: undo refuses, --force passes over it, the next undo names codeward\'s change (not someone else), and redo brings everything back byte-exact', async () => {
    expect(cw('write', '--file', 'a.ts', '--content', 'v1\n').status).toBe(0);
    expect(cw('write', '--file', 'b.ts', '--content', 'b1\n').status).toBe(0);
    await config({ backups: false });
    expect(cw('write', '--file', 'a.ts', '--content', 'v2\n').status).toBe(0);

    const refused = cw('undo');
    expect(refused.stderr).toContain('the last change to a.ts (write, checkpoint 3) kept no checkpoint');
    expect(refused.stderr).toContain('pass --force to pass over it (its files stay as they are; the next undo goes on with the change before it)');
    expect(refused.stderr).not.toContain('something that keeps no checkpoint');
    const two = cw('undo', '--steps', '2');
    expect(two.stderr).toContain('pass --force to pass over it and take back the other change asked for');
    expect(await text('a.ts')).toBe('v2\n');
    expect(await text('b.ts')).toBe('b1\n');

    const passed = cw('undo', '--force');
    expect(passed.stdout).toContain('passed over 1 change that kept no checkpoint (made with backups: false; the files were left as they are):\n  checkpoint 3 write: a.ts');
    expect(passed.stdout).not.toMatch(/^undid/);
    expect(cw('checkpoints').stdout).toMatch(/^3 {2}\S+ {2}write \(passed over; no checkpoint kept: backups false\) via cli: a\.ts$/m);
    expect(await text('a.ts')).toBe('v2\n');
    expect(cw('undo').stdout).toContain('undid 1 change:\n  checkpoint 2 write: b.ts');

    // checkpoint 1 left v1; a.ts holds v2 from codeward's own checkpoint 3.
    const conflict = cw('undo');
    expect(conflict.status).toBe(1);
    expect(conflict.stderr).toContain("error C230: changed since by a change of codeward's that kept no checkpoint, refusing to overwrite it:");
    expect(conflict.stderr).toContain('codeward changed it since in checkpoint 3 (write), which kept no checkpoint (backups: false)');
    expect(conflict.stderr).not.toContain('something that keeps no checkpoint');
    expect(await text('a.ts')).toBe('v2\n');
    const forced = cw('undo', '--force');
    expect(forced.stdout).toContain("overwrote a.ts as it was found, changed since checkpoint 1 (by codeward's checkpoint 3, which kept none) (3 bytes");
    expect(forced.stdout).toContain('that version is kept in the store; "redo" brings it back');
    expect(await text('a.ts')).toBe('orig\n');

    const redo = cw('redo', '--steps', '9');
    expect(redo.stdout).toContain('asked for 9, redid 3: no more changes are undone');
    expect(await text('a.ts')).toBe('v2\n');
    expect(await text('b.ts')).toBe('b1\n');
  });

  it('a staleness repeat that went ahead says nothing kept the version it replaced; a recursive delete counts for the files below it', async () => {
    await config({ backups: false });
    expect(cw('--session', 's1', 'read', '--file', 'a.ts').status).toBe(0);
    await writeFile(join(root, 'a.ts'), 'edited in the IDE\n');
    expect(cw('--session', 's1', 'write', '--file', 'a.ts', '--content', 'mine\n').stderr).toContain('error C230: WARNING: File "a.ts" has been modified externally');
    const repeat = cw('--session', 's1', 'write', '--file', 'a.ts', '--content', 'mine\n');
    expect(repeat.stderr).toMatch(/^warning: File "a\.ts" had been changed outside codeward since it was last read \(file modified externally .*\)\. The call was repeated, so it went ahead over those changes; nothing kept the version it replaced \(backups: false\), so undo cannot bring it back\.\n$/);
    expect(repeat.stderr).not.toContain('WARNING');

    await mkdir(join(root, 'src', 'x'), { recursive: true });
    await writeFile(join(root, 'src', 'x', 'f1'), 'f1\n');
    expect(cw('delete', '--paths', '["src/x"]', '--recursive').status).toBe(0);
    expect(cw('rollback', '--file', 'src/x/f1').stderr).toContain('error C224: the last change to src/x/f1 (delete src/x, checkpoint 2) kept no checkpoint');
  });
});

describe('fewer steps than asked', () => {
  it('undo --steps names the size limit that pruned the older changes, and so does the undo that finds none left', async () => {
    await config({ checkpointMaxMB: 1 });
    const big = 'x'.repeat(99) + '\n';
    for (let index = 1; index <= 6; index += 1) await writeFile(join(root, `big${index}.txt`), `${index}\n${big.repeat(3000)}`);
    for (let index = 1; index <= 6; index += 1) expect(cw('write', '--file', `big${index}.txt`, '--content', `new ${index}\n`).status).toBe(0);
    expect(cw('checkpoints').stdout).toMatch(/\nolder changes \(checkpoint \d and before\) were pruned from the checkpoint store by its size limit \(checkpointMaxMB: 1\) \(a higher setting keeps more\)\n$/);
    const undo = cw('undo', '--steps', '6');
    expect(undo.status).toBe(0);
    const undid = Number(/^undid (\d+) changes?:/.exec(undo.stdout)?.[1]);
    expect(undid).toBeGreaterThan(0);
    expect(undid).toBeLessThan(6);
    expect(undo.stdout).toMatch(new RegExp(`asked for 6, undid ${undid}: older changes \\(checkpoint ${6 - undid} and before\\) were pruned from the checkpoint store by its size limit \\(checkpointMaxMB: 1\\)`));
    const none = cw('undo');
    expect(none.stderr).toContain(`nothing to undo: older changes (checkpoint ${6 - undid} and before) were pruned from the checkpoint store by its size limit (checkpointMaxMB: 1)`);
  });

  it('without pruning, it says codeward made no earlier change', async () => {
    expect(cw('write', '--file', 'a.ts', '--content', 'v1\n').status).toBe(0);
    expect(cw('undo', '--steps', '3').stdout).toBe('undid 1 change:\n  checkpoint 1 write: a.ts\nasked for 3, undid 1: codeward made no earlier change here that is still in effect\n');
  });
});

describe('--force over someone else\'s edit', () => {
  it('says what it overwrote and that redo brings it back; redo does, byte-exact', async () => {
    expect(cw('write', '--file', 'a.ts', '--content', 'ours\n').status).toBe(0);
    await writeFile(join(root, 'a.ts'), 'theirs\r\n');
    const refused = cw('undo');
    expect(refused.stderr).toContain("error C230: changed since codeward's change by something that keeps no checkpoint (an exec command, another program, an editor), refusing to overwrite:\n  a.ts (checkpoint 1, write)");
    expect(refused.stderr).toContain('Pass --force to restore anyway (what is there now is kept in the store: "redo" brings it back)');
    const forced = cw('undo', '--force');
    expect(forced.stdout).toMatch(/^undid 1 change:\n {2}checkpoint 1 write: a\.ts\noverwrote a\.ts as it was found, changed since checkpoint 1 \(8 bytes \(sha256 [0-9a-f]{12}\)\): that version is kept in the store; "redo" brings it back\n$/);
    expect(await text('a.ts')).toBe('orig\n');
    expect(cw('redo').status).toBe(0);
    expect(await text('a.ts')).toBe('theirs\r\n');
  });

  it('a file renamed away by exec: undo --force puts it back and says redo removes it again; redo does', async () => {
    expect(cw('write', '--file', 'a.ts', '--content', 'ours\n').status).toBe(0);
    // In place (--no-stage): a staged exec would be a checkpoint of its own that undo takes back first.
    expect(cw('exec', '--no-stage', '--cmd', 'mv a.ts c.ts').status).toBe(0);
    const refused = cw('undo');
    expect(refused.stderr).toContain('a.ts (checkpoint 1, write): expected 5 bytes');
    expect(refused.stderr).toContain('found absent');
    const forced = cw('undo', '--force');
    expect(forced.stdout).toContain('put back a.ts, which was absent (removed or renamed since checkpoint 1): "redo" removes it again');
    expect(await text('a.ts')).toBe('orig\n');
    expect(await text('c.ts')).toBe('ours\n');
    expect(cw('redo').status).toBe(0);
    expect(await readdir(root)).not.toContain('a.ts');
  });

  it('a step left pending by a process that died: the C230 says it was left unfinished, not that someone else changed the file', async () => {
    expect(cw('write', '--file', 'a.ts', '--content', 'v1\n').status).toBe(0);
    const steps: string[] = [];
    const walk = async (dir: string): Promise<void> => {
      for (const entry of await readdir(dir, { withFileTypes: true })) {
        if (entry.isDirectory()) await walk(join(dir, entry.name));
        else if (entry.name === '1.json' && dir.endsWith('/steps')) steps.push(join(dir, entry.name));
      }
    };
    await walk(state);
    expect(steps).toHaveLength(1);
    const step = JSON.parse(await readFile(steps[0]!, 'utf8')) as { status: string; pid: number; files: Record<string, unknown>[] };
    // What a writer killed between the change and its finishing update leaves (pid 2^22+: no live process).
    await writeFile(steps[0]!, JSON.stringify({ ...step, status: 'pending', pid: 4_194_999, files: step.files.map(({ after: _after, stamp: _stamp, ...rest }) => rest) }));
    const refused = cw('undo');
    expect(refused.stderr).toContain('error C230: left unfinished (the process that made the change ended before it noted what it wrote), so codeward cannot tell its own change from someone else\'s:\n  a.ts (checkpoint 1, write, by process 4194999): found 3 bytes');
    expect(refused.stderr).not.toContain('something that keeps no checkpoint');
    expect(await text('a.ts')).toBe('v1\n');
    expect(cw('undo', '--force').status).toBe(0);
    expect(await text('a.ts')).toBe('orig\n');
  });
});
