// Invariant 3 from the attacker's side, writing: while a swapper flips `d` (a folder) and `s` (a file)
// between real entries and symlinks to an outside folder / secret file as fast as it can, every
// mutating command (write, create, delete, clean, rollback, patch, update, multipatch, patch --diff)
// runs many times; afterwards the outside folder and secret are byte-for-byte unchanged (no new file,
// no removed file, no .bak or .cw-tmp left there) and no call returned an outside byte.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createEngine, type Engine } from '../../src/index.js';
import { removeDir, tempDir } from '../helpers/fixture.js';
import { MARK, raceFixture, settle, snapshot, startSwapper, swapping, type RaceFixture, type Swapper } from './race-harness.js';

let base: string;
let fixture: RaceFixture;
let engine: Engine;
let swapper: Swapper | undefined;
let state: string;

beforeEach(async () => {
  base = await tempDir('codeward-race-w-');
  state = await tempDir('codeward-race-w-state-');
  fixture = await raceFixture(base);
  engine = await createEngine({ workspace: fixture.root, env: { ...process.env, CODEWARD_STATE_DIR: state } });
});
afterEach(async () => {
  await swapper?.stop();
  swapper = undefined;
  await engine.close();
  await removeDir(base);
  await removeDir(state);
});

type Call = { cmd: string; args: Record<string, unknown> };

async function underSwaps(calls: (round: number) => readonly Call[], rounds: number): Promise<void> {
  const before = snapshot(fixture.outside, fixture.secret);
  swapper = startSwapper(fixture.root);
  await swapping(swapper);
  let succeeded = 0;
  for (let round = 0; round < rounds; round += 1) {
    const list = calls(round);
    const results = await Promise.all(list.map((call) => engine.run(call)));
    results.forEach((result, index) => {
      const text = JSON.stringify(result);
      expect(text.includes(MARK), `${list[index]!.cmd} returned outside bytes: ${text.slice(0, 400)}`).toBe(false);
      if (result.ok) succeeded += 1;
    });
  }
  // The commands really ran (not all refused): the folder is a real one part of the time.
  expect(succeeded).toBeGreaterThan(0);
  expect(swapper.rounds()).toBeGreaterThan(0);
  await swapper.stop();
  swapper = undefined;
  await settle(fixture.root);
  expect(snapshot(fixture.outside, fixture.secret)).toEqual(before);
}

describe('writes under a symlink-swapping race', () => {
  it('write, create and delete change nothing outside', async () => {
    await underSwaps((round) => [
      { cmd: 'write', args: { file: 'd/f.txt', content: `inside ${round}\n` } },
      { cmd: 'write', args: { file: 's', content: `inside s ${round}\n` } },
      { cmd: 'write', args: { file: `d/new-${round % 7}.txt`, content: 'new\n' } },
      { cmd: 'write', args: { file: 'd/deep/er/file.txt', content: 'deep\n' } },
      { cmd: 'write', args: { file: 'd/victim.txt', content: 'inside victim\n' } },
      { cmd: 'create', args: { files: [{ path: `d/c-${round}.txt`, content: 'c\n' }, { path: 'd/f.txt', content: 'o\n', overwrite: true }] } },
      { cmd: 'delete', args: { paths: ['d/victim.txt', 's', 'd/x.bak'] } },
      { cmd: 'delete', args: { paths: ['d/sub'], recursive: true } },
      { cmd: 'write', args: { file: 'd/sub/keep.txt', content: 'inside sub\n' } },
    ], 100);
  }, 60_000);

  it('clean, rollback, patch, update, multipatch and diffs change nothing outside', async () => {
    const diff = (from: string, to: string): string => `--- a/d/f.txt\n+++ b/d/f.txt\n@@ -1 +1 @@\n-${from}\n+${to}\n`;
    await underSwaps((round) => [
      { cmd: 'clean', args: { dir: 'd' } },
      { cmd: 'clean', args: { dir: '.' } },
      { cmd: 'rollback', args: { file: 'd/f.txt' } },
      { cmd: 'rollback', args: { file: 's' } },
      { cmd: 'patch', args: { file: 'd/f.txt', search: 'inside', replace: 'inside' + (round % 2 ? '' : ' ') } },
      { cmd: 'patch', args: { file: 's', search: 'inside', replace: 'inside' } },
      { cmd: 'update', args: { files: [{ path: 'd/f.txt', ops: [{ op: 'insert', at_line: 1, content: 'x' }] }] } },
      { cmd: 'multipatch', args: { edits: [{ file: 'd/f.txt', search: 'x', replace: 'y' }, { file: 's', search: 'inside', replace: 'inside' }] } },
      { cmd: 'patch', args: { diff: diff('y', 'inside f') } },
      { cmd: 'write', args: { file: 'd/f.txt', content: 'inside f\n' } },
      { cmd: 'write', args: { file: 'd/x.bak', content: 'inside bak\n' } },
    ], 80);
  }, 60_000);
});
