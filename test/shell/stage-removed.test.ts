// Staged exec (issue 27): what the person REMOVES or RENAMES in the workspace while a staged command runs
// is never made again by the apply, whether the command changed the file or only copied it up (a chmod);
// the command's version is a conflict kept aside. A file the command created in the same folder is
// still applied. Through the real binary, with a person acting while the sandboxed command waits.
import { spawn } from 'node:child_process';
import { chmodSync, existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { CLI, removeDir, runCli, tempDir } from '../helpers/fixture.js';
import { bwrapWorks, overlayWorks } from './stage-helpers.js';

let root: string;
let state: string;

beforeEach(async () => {
  root = await tempDir('cw-stage-rm-');
  state = await tempDir('cw-stage-rm-state-');
});

afterEach(async () => {
  await removeDir(root);
  await removeDir(state);
});

interface Changes {
  readonly files: { path: string; change: string }[];
  readonly setAside?: { path: string; reason: string; conflict?: boolean }[];
  readonly keptIn?: string;
}

// Runs `work` staged; when it is done (its `started` marker is in the run's upper folder) `person` acts
// on the workspace, then the command is let go and its result returned.
async function whileRunning(work: string, person: () => void): Promise<Changes> {
  writeFileSync(join(root, 'flag'), 'wait\n');
  const cmd = `${work} && touch started && i=0; while [ "$(cat flag)" != go ] && [ $i -lt 1200 ]; do sleep 0.05; i=$((i+1)); done`;
  const child = spawn(process.execPath, [CLI, '--yes', '-C', root, '--json', 'exec', '--stage', '--cmd', cmd], { env: { ...process.env, CODEWARD_STATE_DIR: state }, stdio: ['ignore', 'pipe', 'pipe'] });
  let stdout = '';
  child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
  const done = new Promise<void>((resolve) => child.once('close', () => resolve()));
  const started = (): boolean => (readdirSync(state, { recursive: true }) as string[]).some((name) => /run-[^/]*\/upper\/started$/.test(name));
  for (let i = 0; i < 1200 && !started(); i++) await new Promise((resolve) => setTimeout(resolve, 50));
  person();
  writeFileSync(join(root, 'flag'), 'go\n');
  await done;
  const json = JSON.parse(stdout) as { ok: boolean; data: { changes: Changes } };
  expect(json.ok, stdout).toBe(true);
  return json.data.changes;
}

const text = (rel: string): string => readFileSync(join(root, rel), 'utf8');
const conflicts = (changes: Changes): string[] => (changes.setAside ?? []).filter((each) => each.conflict).map((each) => each.path).sort();

describe.skipIf(!bwrapWorks || !overlayWorks)('staged exec: the person removes or renames while it runs', { timeout: 180_000 }, () => {
  it('a file the command changed, or only re-moded, that the person deletes is not made again; a file it created beside them is', async () => {
    writeFileSync(join(root, 'f.txt'), 'alpha\n');
    writeFileSync(join(root, 'g.sh'), 'echo g\n');
    chmodSync(join(root, 'g.sh'), 0o644);
    const changes = await whileRunning('sed -i s/a/b/ f.txt && chmod 755 g.sh && echo new > new.txt', () => {
      rmSync(join(root, 'f.txt'));
      rmSync(join(root, 'g.sh'));
    });
    expect([existsSync(join(root, 'f.txt')), existsSync(join(root, 'g.sh'))]).toEqual([false, false]);
    expect(conflicts(changes)).toEqual(['f.txt', 'g.sh']);
    expect(changes.setAside?.find((each) => each.path === 'f.txt')?.reason).toMatch(/in a folder that changed while the command ran \(removed or renamed meanwhile\?\)/);
    expect(readFileSync(join(changes.keptIn ?? '', 'f.txt'), 'utf8')).toBe('blpha\n');
    // The command's own new file is applied although the person changed the same folder meanwhile.
    expect(text('new.txt')).toBe('new\n');
    expect(changes.files.map((file) => file.path).sort()).toEqual(['new.txt', 'started']);
    // One undo takes back what was applied and leaves the person's removals alone.
    expect(runCli(['-C', root, '--json', 'undo'], { env: { CODEWARD_STATE_DIR: state } }).json).toMatchObject({ ok: true });
    expect([existsSync(join(root, 'new.txt')), existsSync(join(root, 'f.txt')), existsSync(join(root, 'g.sh'))]).toEqual([false, false, false]);
  });

  it('a folder the person renames while the command changes and adds files in it is not made again under its old name', async () => {
    mkdirSync(join(root, 'src/deep'), { recursive: true });
    writeFileSync(join(root, 'src/a.ts'), 'export const a = 1;\n');
    writeFileSync(join(root, 'src/deep/b.ts'), 'export const b = 2;\n');
    const changes = await whileRunning('sed -i s/1/10/ src/a.ts && echo c > src/c.ts && sed -i s/2/20/ src/deep/b.ts', () => renameSync(join(root, 'src'), join(root, 'lib')));
    expect(existsSync(join(root, 'src'))).toBe(false);
    expect([text('lib/a.ts'), text('lib/deep/b.ts'), existsSync(join(root, 'lib/c.ts'))]).toEqual(['export const a = 1;\n', 'export const b = 2;\n', false]);
    expect(conflicts(changes)).toEqual(['src', 'src/a.ts', 'src/c.ts', 'src/deep', 'src/deep/b.ts']);
    expect(readFileSync(join(changes.keptIn ?? '', 'src/a.ts'), 'utf8')).toBe('export const a = 10;\n');
    expect(changes.files.map((file) => file.path)).toEqual(['started']);
  });

  it('a folder the person removes whole while the command writes in it is not made again', async () => {
    mkdirSync(join(root, 'gen'));
    writeFileSync(join(root, 'gen/old.txt'), 'old\n');
    const changes = await whileRunning('echo more >> gen/old.txt', () => rmSync(join(root, 'gen'), { recursive: true }));
    expect(existsSync(join(root, 'gen'))).toBe(false);
    expect(conflicts(changes)).toEqual(['gen', 'gen/old.txt']);
  });
});
