// Issue 28 item 4 through the real binary: one call is one undo step, whatever the command (a two-file create,
// update or delete recorded one checkpoint per file, so `undo` put back only the last file); and the undo of a
// caller with a session (--session ID) is that session's, while the CLI without --session stays workspace-wide.
import { readFile, writeFile } from 'node:fs/promises';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { removeDir, runCli, tempDir } from '../helpers/fixture.js';

let root: string;
let state: string;
beforeEach(async () => {
  root = await tempDir('cw-one-call-');
  state = await tempDir('cw-one-call-state-');
  await writeFile(join(root, 'a.txt'), 'a0\n');
  await writeFile(join(root, 'b.txt'), 'b0\n');
});
afterEach(async () => {
  await removeDir(root);
  await removeDir(state);
});

const cli = (...args: string[]) => runCli(['-C', root, '--json', ...args], { env: { CODEWARD_STATE_DIR: state } });
const ok = (...args: string[]) => {
  const result = cli(...args);
  expect(result.json, `${args.join(' ')}: ${result.stderr}`).toMatchObject({ ok: true });
  return result.json;
};
const text = (name: string): Promise<string> => readFile(join(root, name), 'utf8');

describe('one call, one undo step', () => {
  it('a two-file create (one new, one overwritten) is taken back whole by one undo', async () => {
    ok('create', '--files', JSON.stringify([{ path: 'new.txt', content: 'n\n' }, { path: 'a.txt', content: 'a1\n', overwrite: true }]));
    const undone = ok('undo');
    expect(undone.data.steps).toHaveLength(2);
    // Said as one change, named by the checkpoint `checkpoints` lists (newcomer pass N4).
    const said = runCli(['-C', root, 'redo'], { env: { CODEWARD_STATE_DIR: state } }).stdout;
    expect(said).toMatch(/^redid 1 change:\n {2}checkpoint \d+ create: new\.txt, a\.txt\n/);
    ok('undo');
    expect(existsSync(join(root, 'new.txt'))).toBe(false);
    expect(await text('a.txt')).toBe('a0\n');
    // redo brings the whole call back too.
    ok('redo');
    expect([await text('new.txt'), await text('a.txt')]).toEqual(['n\n', 'a1\n']);
  });

  it('a two-file update is taken back whole by one undo, and --steps counts calls', async () => {
    ok('write', '--file', 'b.txt', '--content', 'b1\n');
    ok('update', '--files', JSON.stringify([
      { path: 'a.txt', ops: [{ op: 'insert', at_line: 2, content: 'a-added' }] },
      { path: 'b.txt', ops: [{ op: 'insert', at_line: 2, content: 'b-added' }] },
    ]));
    ok('undo');
    expect([await text('a.txt'), await text('b.txt')]).toEqual(['a0\n', 'b1\n']);
    ok('redo');
    ok('undo', '--steps', '2');
    expect([await text('a.txt'), await text('b.txt')]).toEqual(['a0\n', 'b0\n']);
  });

  it('a two-path delete is taken back whole by one undo', async () => {
    ok('delete', '--paths', '["a.txt", "b.txt"]');
    ok('undo');
    expect([await text('a.txt'), await text('b.txt')]).toEqual(['a0\n', 'b0\n']);
  });
});

describe('whose changes undo takes back', () => {
  it('with --session, its own; without, the whole workspace; --all-sessions reaches the rest', async () => {
    ok('--session', 'mine', 'write', '--file', 'a.txt', '--content', 'mine\n');
    ok('write', '--file', 'b.txt', '--content', 'someone else\n');
    ok('--session', 'mine', 'undo');
    expect([await text('a.txt'), await text('b.txt')]).toEqual(['a0\n', 'someone else\n']);
    const refused = cli('--session', 'mine', 'undo');
    expect(refused.json.error?.code).toBe('C224');
    expect(refused.json.error?.message).toMatch(/nothing to undo in this session .*--all-sessions/);
    ok('--session', 'mine', 'undo', '--all-sessions');
    expect(await text('b.txt')).toBe('b0\n');
    ok('write', '--file', 'a.txt', '--content', 'plain cli\n');
    ok('--session', 'other', 'write', '--file', 'b.txt', '--content', 'other\n');
    ok('undo');
    expect([await text('a.txt'), await text('b.txt')]).toEqual(['plain cli\n', 'b0\n']);
  });
  it('redo brings back what the last undo took, not an older undone change of another session (newcomer pass N1)', async () => {
    ok('--session', 'A', 'write', '--file', 'a.txt', '--content', 'a1\n');
    ok('--session', 'A', 'undo');
    ok('write', '--file', 'b.txt', '--content', 'b1\n');
    ok('undo');
    const redone = ok('redo');
    expect(JSON.stringify(redone.data)).toContain('b.txt');
    expect([await text('a.txt'), await text('b.txt')]).toEqual(['a0\n', 'b1\n']);
    // Session A's own redo still brings its change back.
    ok('--session', 'A', 'redo');
    expect(await text('a.txt')).toBe('a1\n');
  });

  it('undone one by one, redone in order (the oldest undone change of the chain first)', async () => {
    ok('write', '--file', 'a.txt', '--content', 'a1\n');
    ok('write', '--file', 'a.txt', '--content', 'a2\n');
    ok('undo');
    ok('undo');
    ok('redo');
    expect(await text('a.txt')).toBe('a1\n');
    ok('redo');
    expect(await text('a.txt')).toBe('a2\n');
  });
  it('undo of a write or create that made folders removes them when empty again; redo makes them (newcomer pass N5)', async () => {
    ok('create', '--files', JSON.stringify([{ path: 'deep/er/x.txt', content: 'x\n', parents: true }, { path: 'deep/er/y.txt', content: 'y\n', parents: true }]));
    ok('undo');
    expect(existsSync(join(root, 'deep'))).toBe(false);
    ok('redo');
    expect(await text('deep/er/y.txt')).toBe('y\n');
    ok('write', '--file', 'w/z.txt', '--content', 'z\n');
    ok('undo');
    expect(existsSync(join(root, 'w'))).toBe(false);
  });
});
