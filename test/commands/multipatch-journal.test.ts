// Journal recovery must only finish commits of dead writers: an engine created in the same process while
// another engine of that process is committing must leave that commit alone.
import { spawnSync } from 'node:child_process';
import { mkdir, readFile, readdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createEngine, stateDirFor } from '../../src/index.js';
import { removeDir, tempDir, writeFiles } from '../helpers/fixture.js';

let root: string;
let state: string;
let env: Record<string, string | undefined>;

beforeEach(async () => {
  root = await tempDir('codeward-journal-');
  state = await tempDir('codeward-journal-state-');
  env = { ...process.env, CODEWARD_STATE_DIR: state };
});
afterEach(async () => {
  await removeDir(root);
  await removeDir(state);
});

const name = (i: number): string => `f${String(i).padStart(2, '0')}.txt`;

describe('multipatch journal recovery and live commits', () => {
  it('an engine created in the same process while a multipatch commits does not "recover" that live commit', async () => {
    // createEngine rolls forward journals of dead writers; one of this very process is still in flight.
    const N = 30;
    const flip = (i: number, v: string): string => `file ${i} version ${v}\n`;
    for (let round = 0; round < 8; round++) {
      await writeFiles(root, Object.fromEntries(Array.from({ length: N }, (_, i) => [name(i), flip(i, 'A')])));
      const engine = await createEngine({ workspace: root, env });
      let finished = false;
      const run = engine
        .run({ cmd: 'multipatch', args: { edits: Array.from({ length: N }, (_, i) => ({ file: name(i), search: 'version A', replace: 'version B' })) } })
        .finally(() => {
          finished = true;
        });
      while (!finished) await createEngine({ workspace: root, env });
      const result = await run;
      expect(result.ok, `round ${round}: ${JSON.stringify(result)}`).toBe(true);
      const texts = await Promise.all(Array.from({ length: N }, (_, i) => readFile(join(root, name(i)), 'utf8')));
      expect(texts, `round ${round}`).toEqual(Array.from({ length: N }, (_, i) => flip(i, 'B')));
    }
  });

  // A journal as a writer leaves it between its journal write and its renames: staged temp files beside
  // the targets, named in a journal in the state dir.
  async function leaveJournal(pid: number, started: number | undefined): Promise<string> {
    await writeFiles(root, { 'a.txt': 'old a\n', 'b.txt': 'old b\n', '.a.txt.0000.cw-tmp': 'new a\n', '.b.txt.0000.cw-tmp': 'new b\n' });
    const dir = join(stateDirFor(root, env), 'journal');
    await mkdir(dir, { recursive: true });
    const entries = ['a', 'b'].map((f) => ({ target: join(root, `${f}.txt`), temp: join(root, `.${f}.txt.0000.cw-tmp`) }));
    await writeFile(join(dir, 'tx-000000000000.json'), JSON.stringify({ version: 1, pid, ...(started === undefined ? {} : { started }), entries }));
    return dir;
  }

  it('a new engine rolls forward the commit of a dead process', async () => {
    const dead = spawnSync(process.execPath, ['-e', '0']).pid!;
    const dir = await leaveJournal(dead, undefined);
    await createEngine({ workspace: root, env });
    expect(await readFile(join(root, 'a.txt'), 'utf8')).toBe('new a\n');
    expect(await readFile(join(root, 'b.txt'), 'utf8')).toBe('new b\n');
    expect((await readdir(root)).sort()).toEqual(['a.txt', 'b.txt']);
    expect(await readdir(dir)).toEqual([]);
  });

  it('a journal with our pid but another start time (a reused pid) is rolled forward too', async () => {
    const dir = await leaveJournal(process.pid, performance.timeOrigin - 60_000);
    await createEngine({ workspace: root, env });
    expect(await readFile(join(root, 'a.txt'), 'utf8')).toBe('new a\n');
    expect(await readdir(dir)).toEqual([]);
  });

  it('a journal of a live process is left alone', async () => {
    const dir = await leaveJournal(process.ppid, undefined);
    await createEngine({ workspace: root, env });
    expect(await readFile(join(root, 'a.txt'), 'utf8')).toBe('old a\n');
    expect(await readdir(dir)).toEqual(['tx-000000000000.json']);
  });
});
