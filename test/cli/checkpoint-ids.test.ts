import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { removeDir, runCli, tempDir } from '../helpers/fixture.js';

// Issue 28: checkpoint ids after `restore --to`. An id a person read (in a result's "checkpoint:2" or in
// `checkpoints`) names one change for good: a change made after a restore never takes an undone change's id,
// so `restore --to 2` read earlier cannot take back a later, unrelated change.

let root: string;
let state: string;

beforeEach(async () => {
  root = await tempDir('codeward-ids-');
  state = await tempDir('codeward-ids-state-');
});
afterEach(async () => {
  await removeDir(root);
  await removeDir(state);
});

const cli = (...args: string[]) => runCli(['-C', root, ...args], { env: { CODEWARD_STATE_DIR: state, HOME: state } });

it('a change after restore --to takes a new id; the dropped ids are named, never reused', async () => {
  for (const [file, content] of [['a.txt', 'one'], ['a.txt', 'two'], ['b.txt', 'b'], ['a.txt', 'three']]) expect(cli('write', '--file', file!, '--content', content!).status).toBe(0);
  expect(cli('restore', '--to', '2').status).toBe(0);
  expect(cli('write', '--file', 'c.txt', '--content', 'c').status).toBe(0);
  const listed = cli('--json', 'checkpoints').json as { data: { checkpoints: { id: number; replaced?: number[] }[] } };
  expect(listed.data.checkpoints.map((entry) => entry.id)).toEqual([5, 1]);
  expect(listed.data.checkpoints[0]!.replaced).toEqual([2, 3, 4]);
  expect(cli('checkpoints').stdout).toContain('dropped the undone changes 2-4');
  // The id read before the restore no longer names anything: refused, c.txt stays.
  const again = cli('restore', '--to', '2');
  expect(again.status).not.toBe(0);
  expect(again.stderr).toContain('no checkpoint 2: it was undone, then dropped by checkpoint 5');
  expect(await readFile(join(root, 'c.txt'), 'utf8')).toBe('c');
  // What `checkpoints` shows is what undo and restore take.
  expect(cli('undo').stdout).toContain('checkpoint 5 write: c.txt');
  expect(cli('write', '--file', 'd.txt', '--content', 'd').status).toBe(0);
  expect((cli('--json', 'checkpoints').json as { data: { checkpoints: { id: number }[] } }).data.checkpoints.map((entry) => entry.id)).toEqual([6, 1]);
  expect(cli('restore', '--to', '6').status).toBe(0);
  expect(await readFile(join(root, 'a.txt'), 'utf8')).toBe('one');
});

it('a change of many files is one line in checkpoints: the first five and how many more (newcomer pass: npm install printed 726 KB)', () => {
  const files = Array.from({ length: 12 }, (_, index) => ({ path: `f${String(index).padStart(2, '0')}.txt`, content: 'x' }));
  expect(cli('create', '--files', JSON.stringify(files)).status).toBe(0);
  const [line, note] = cli('checkpoints').stdout.trim().split('\n');
  expect(line).toMatch(/^1 {2}\S+ {2}create via cli: f00\.txt \(created\), f01\.txt \(created\), f02\.txt \(created\), f03\.txt \(created\), f04\.txt \(created\) and 7 more$/);
  // The call that lists them all is named (newcomer pass 2: "(--json lists them)" was a CLI word to an MCP client).
  expect(note).toBe('[change 1: 5 of its 12 files shown; all of them: checkpoints --id 1]');
  expect(cli('checkpoints', '--id', '1').stdout).toContain('f11.txt');
  expect((cli('--json', 'checkpoints').json as { data: { checkpoints: { files: unknown[] }[] } }).data.checkpoints[0]!.files).toHaveLength(12);
});
