// Invariant 3 from the attacker's side, reading: while a swapper flips `d` (a folder) and `s` (a file)
// between real entries and symlinks to an outside folder / secret file as fast as it can, read, list,
// tree and search never return an outside byte or name, and change nothing outside.
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
  base = await tempDir('codeward-race-r-');
  state = await tempDir('codeward-race-r-state-');
  fixture = await raceFixture(base);
  engine = await createEngine({ workspace: fixture.root, env: { ...process.env, CODEWARD_STATE_DIR: state } });
});
afterEach(async () => {
  await swapper?.stop();
  swapper = undefined;
  await engine.close?.();
  await removeDir(base);
  await removeDir(state);
});

type Call = { cmd: string; args: Record<string, unknown> };

// Runs the calls `rounds` times under the swapper, each round's calls in parallel (as agent workers and
// MCP clients do); returns how many succeeded per command.
async function underSwaps(calls: readonly Call[], rounds: number): Promise<Record<string, number>> {
  const before = snapshot(fixture.outside, fixture.secret);
  swapper = startSwapper(fixture.root);
  await swapping(swapper);
  const ok: Record<string, number> = {};
  for (let round = 0; round < rounds; round += 1) {
    const results = await Promise.all(calls.map((call) => engine.run(call)));
    results.forEach((result, index) => {
      const text = JSON.stringify(result);
      const call = calls[index]!;
      expect(text.includes(MARK), `${call.cmd} ${JSON.stringify(call.args)} returned outside bytes or names: ${text.slice(0, 400)}`).toBe(false);
      if (result.ok) ok[call.cmd] = (ok[call.cmd] ?? 0) + 1;
    });
  }
  expect(swapper.rounds()).toBeGreaterThan(0);
  await swapper.stop();
  swapper = undefined;
  await settle(fixture.root);
  expect(snapshot(fixture.outside, fixture.secret)).toEqual(before);
  return ok;
}

describe('reads under a symlink-swapping race', () => {
  it('read of a file in a swapped folder and of a swapped file returns no outside byte', async () => {
    await underSwaps([
      { cmd: 'read', args: { file: 'd/f.txt' } },
      { cmd: 'read', args: { file: 's' } },
      { cmd: 'read', args: { file: 'd/sub/keep.txt', tail: 1 } },
      { cmd: 'read', args: { file: 'd/f.txt', offset: 1, limit: 1 } },
    ], 1500);
  });

  it('list, tree and search return no outside name or line', async () => {
    await underSwaps([
      { cmd: 'list', args: { path: 'd' } },
      { cmd: 'list', args: { path: '.' } },
      { cmd: 'tree', args: { dir: '.', includeHidden: true } },
      { cmd: 'tree', args: { dir: 'd' } },
      { cmd: 'search', args: { term: 'Zq7', includeHidden: true, searchPaths: true } },
      { cmd: 'search', args: { term: 'Zq7', dir: 'd' } },
    ], 120);
  }, 60_000);
});
