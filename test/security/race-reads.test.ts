// Invariant 3 from the attacker's side, reading: while a swapper flips `d` (a folder) and `s` (a file)
// between real entries and symlinks to an outside folder / secret file as fast as it can, read, list,
// tree and search never return an outside byte or name, and change nothing outside.
import { spawnSync } from 'node:child_process';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createEngine, type Engine } from '../../src/index.js';
import { removeDir, tempDir } from '../helpers/fixture.js';
import { MARK, raceFixture, settle, snapshot, startSwapper, swapping, type RaceFixture, type Swapper } from './race-harness.js';


// bubblewrap usable here, and perl inside it for a fast swap loop.
const sandboxUsable = spawnSync('bwrap', ['--ro-bind', '/', '/', '--dev', '/dev', '--unshare-net', 'perl', '-e', '1']).status === 0;

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

  // A sandboxed exec cannot see the outside folder, but may swap a workspace folder for a link to it while
  // codeward's own (unsandboxed) read runs in parallel in the same engine.
  it.skipIf(!sandboxUsable)('a sandboxed exec swapping folders cannot make a parallel read return outside bytes', async () => {
    const before = snapshot(fixture.outside, fixture.secret);
    const sandboxed = await createEngine({ workspace: fixture.root, env: { ...process.env, CODEWARD_STATE_DIR: state }, sandbox: { mode: 'workspace-write' } });
    try {
      const swap = `perl -e 'my $end = time + 6; while (time < $end) { for (1..100) { rename ".d-real","d"; rename "d",".d-real"; rename ".d-link","d"; rename "d",".d-link"; rename ".s-link","s"; rename "s",".s-link"; } }'`;
      let done = false;
      const exec = sandboxed.run({ cmd: 'exec', args: { cmd: swap, timeout: 50 } }).finally(() => {
        done = true;
      });
      let reads = 0;
      while (!done || reads < 50) {
        // Let the exec's process events through: the reads alone never wait on I/O.
        await new Promise((resolve) => setImmediate(resolve));
        const results = await Promise.all([
          sandboxed.run({ cmd: 'read', args: { file: 'd/f.txt' } }),
          sandboxed.run({ cmd: 'read', args: { file: 's' } }),
          sandboxed.run({ cmd: 'read', args: { file: 'd/sub/keep.txt', tail: 1 } }),
          sandboxed.run({ cmd: 'read', args: { file: 'd/f.txt', offset: 1, limit: 1 } }),
          sandboxed.run({ cmd: 'list', args: { path: 'd' } }),
        ]);
        for (const result of results) expect(JSON.stringify(result).includes(MARK), JSON.stringify(result).slice(0, 300)).toBe(false);
        reads += 1;
        if (reads > 20_000) break;
      }
      const result = await exec;
      expect(result.ok, JSON.stringify(result).slice(0, 300)).toBe(true);
    } finally {
      await sandboxed.close();
    }
    await settle(fixture.root);
    expect(snapshot(fixture.outside, fixture.secret)).toEqual(before);
  }, 60_000);

  it('list, tree and search return no outside name or line', async () => {
    await underSwaps([
      { cmd: 'list', args: { path: 'd' } },
      { cmd: 'list', args: { path: '.' } },
      { cmd: 'tree', args: { dir: '.', includeHidden: true } },
      { cmd: 'tree', args: { dir: 'd' } },
      { cmd: 'search', args: { term: 'Zq7', includeHidden: true, searchPaths: true } },
      { cmd: 'search', args: { term: 'Zq7', dir: 'd' } },
    ], 80);
  }, 60_000);
});
