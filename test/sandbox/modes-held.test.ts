import { spawnSync } from 'node:child_process';
import { chmodSync, existsSync, lstatSync, mkdirSync, readdirSync, writeFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findCandidates, systemFind } from '../../src/sandbox/modes-find.js';
import { idOf, judgeHeld } from '../../src/sandbox/modes-held.js';
import { clearRiskyModes } from '../../src/sandbox/modes.js';

// Red team R39-a1 on the find route (sandbox/modes-held.ts): a run still going swaps a folder for a symlink to a host
// folder AFTER find listed the candidates below it and BEFORE they are judged. Made deterministic by a `find` that is
// the system's followed by the swap (the program clearRiskyModes runs, its 5th argument): the judging must not follow.
let base: string;
beforeAll(async () => {
  base = await mkdtemp(join(tmpdir(), 'cw-modes-held-'));
});
afterAll(async () => rm(base, { recursive: true, force: true }));

// `dir/ws` (walked) and `dir/out` (the host's, not walked) with the same shape: a setuid file two folders down, a FIFO
// one down; `ws/c/g`, setuid and never swapped, shows the find route judged.
function plant(dir: string): void {
  for (const top of ['ws', 'out']) {
    mkdirSync(join(dir, top, 'a', 'b'), { recursive: true });
    mkdirSync(join(dir, top, 'p'));
    mkdirSync(join(dir, top, 'c'));
    for (const file of ['a/b/f', 'c/g']) {
      writeFileSync(join(dir, top, file), '');
      chmodSync(join(dir, top, file), 0o4755);
    }
    spawnSync('mkfifo', [join(dir, top, 'p', 'q.fifo')]);
  }
}

describe.skipIf(systemFind() === undefined)('the find route judges through held folders', () => {
  it('does not follow a folder swapped for a symlink between find\'s list and the judging', async () => {
    const dir = join(base, 'swap');
    plant(dir);
    const find = join(base, 'find-then-swap');
    const swap = (name: string): string => `mv ${dir}/ws/${name} ${dir}/ws/${name}.old && ln -s ${dir}/out/${name} ${dir}/ws/${name}`;
    writeFileSync(find, `#!/bin/sh\n${systemFind()} "$@" || exit $?\n${swap('a')} && ${swap('p')}\n`, { mode: 0o755 });
    const warnings = await clearRiskyModes(join(dir, 'ws'), 0, [join(dir, 'ws')], undefined, find);
    expect(lstatSync(join(dir, 'ws', 'a')).isSymbolicLink()).toBe(true);
    // The host's files keep their modes and names.
    expect(lstatSync(join(dir, 'out', 'a', 'b', 'f')).mode & 0o7777).toBe(0o4755);
    expect(lstatSync(join(dir, 'out', 'p', 'q.fifo')).isFIFO()).toBe(true);
    // The unswapped one was cleared by this route; the swapped folders are named.
    expect(lstatSync(join(dir, 'ws', 'c', 'g')).mode & 0o7777).toBe(0o755);
    expect(lstatSync(join(dir, 'out', 'c', 'g')).mode & 0o7777).toBe(0o4755);
    const text = warnings.join('\n');
    expect(text).toContain('c/g setuid');
    expect(text).toMatch(/^a changed while it was checked/m);
    expect(text).toMatch(/^p changed while it was checked/m);
    expect(text).not.toMatch(/a\/b\/f|q\.fifo/);
    expect(existsSync(join(dir, 'ws', 'a.old', 'b', 'f'))).toBe(true);
  });

  it('opens a folder the candidates share once, through its parent, and closes every descriptor', async () => {
    const dir = join(base, 'shared');
    plant(dir);
    for (const name of ['f2', 'f3']) {
      writeFileSync(join(dir, 'ws', 'a', 'b', name), '');
      chmodSync(join(dir, 'ws', 'a', 'b', name), 0o2755);
    }
    const root = join(dir, 'ws');
    const found = await findCandidates([{ path: root, rel: '', id: idOf(lstatSync(root)) }], 0, 0o6002, 3_000);
    const open = readdirSync('/proc/self/fd').length;
    const held: string[] = [];
    const judged = await judgeHeld(found!, async (path, entry) => {
      held.push(`${entry.rel} ${path.replace(/\/[^/]*$/, '')} ${readdirSync('/proc/self/fd').length - open}`);
    });
    expect(judged).toEqual({ deep: [], warnings: [] });
    const under = held.filter((line) => line.startsWith('a/b/'));
    expect(under).toHaveLength(3);
    // The same descriptor of a/b for its three files, with the start, a and a/b held (3 open).
    expect(new Set(under.map((line) => line.slice(line.indexOf(' '))))).toHaveLength(1);
    expect(under[0]!.endsWith(' 3')).toBe(true);
    expect(readdirSync('/proc/self/fd').length).toBe(open);
    // A start that is no longer the folder the walk began with: nothing judged, said once.
    const moved = await judgeHeld(found!.map((entry) => ({ ...entry, start: { ...entry.start, id: '0:0' } })), async () => {
      throw new Error('judged');
    });
    expect(moved.warnings).toHaveLength(1);
    expect(readdirSync('/proc/self/fd').length).toBe(open);
  });
});
