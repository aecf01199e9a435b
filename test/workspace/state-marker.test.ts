// Red team H4-B / R5-6: codeward's state folders were recognised only by this environment's list of
// paths ($CODEWARD_STATE_DIR, the cache folder, $TMPDIR/codeward-<uid>). Another environment's state
// folder inside the workspace (another TMPDIR, CODEWARD_STATE_DIR or HOME) was an ordinary folder: a
// planted staged-run journal or checkpoint step there would be obeyed by that environment's next run.
// Now every state folder holds a marker (codeward-state.json, its owner's uid) written when its first
// workspace folder is made, and the jail refuses a marked folder wherever it is (C211).
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEngine, type Engine } from '../../src/index.js';
import { removeDir, runCli, tempDir, writeFiles } from '../helpers/fixture.js';

let base: string;
let ws: string;
const plain = { XDG_CACHE_HOME: '', CODEWARD_STATE_DIR: '' };

beforeAll(async () => {
  base = await tempDir('codeward-state-marker-');
  ws = join(base, 'ws');
  await writeFiles(base, { 'ws/a.txt': 'a\n', 'ws/homeb/notes.txt': 'n\n', 'other/p.txt': 'p\n' });
});
afterAll(async () => {
  await removeDir(base);
});

// Another environment: its state folder lands inside `ws`; one write makes it.
// Through the real binary: the private temp folder follows the process's own TMPDIR.
function otherEnvironment(workspace: string, env: Record<string, string>): string {
  const run = runCli(['--json', '-C', workspace, 'write', '--file', 'made.txt', '--content', 'x\n'], { cwd: workspace, env: { ...plain, ...env } });
  expect(run.json.ok, run.stdout + run.stderr).toBe(true);
  const steps = (dir: string): string[] => (existsSync(dir) ? readdirSync(dir, { recursive: true, encoding: 'utf8' }).filter((name) => name.endsWith('checkpoints/steps')).map((name) => join(dir, name, '../..')) : []);
  return [...steps(join(ws, '.cache-b')), ...steps(join(ws, 'tmp-b'))].find((dir) => existsSync(join(dir, 'checkpoints/steps', '1.json')) && !used.has(dir) && used.add(dir))!;
}
const used = new Set<string>();

// This environment: its own state elsewhere, so the other folder is on no list of its paths.
const thisEngine = (): Promise<Engine> => createEngine({ workspace: ws, env: { ...process.env, ...plain, HOME: join(base, 'home-a'), CODEWARD_STATE_DIR: join(base, 'state-a'), TMPDIR: join(base, 'tmp-a') } });

async function expectRefused(engine: Engine, stateDir: string): Promise<void> {
  const rel = stateDir.slice(ws.length + 1);
  const step = join(rel, 'checkpoints/steps', readdirSync(join(stateDir, 'checkpoints/steps')).find((name) => name.endsWith('.json'))!);
  const calls = [
    { cmd: 'write', args: { file: join(rel, 'stage/run-999999-abcdef/journal-1'), content: '{}' } },
    { cmd: 'write', args: { file: step, content: '{}' } },
    { cmd: 'read', args: { file: step } },
    { cmd: 'list', args: { path: join(rel, 'checkpoints') } },
  ];
  for (const call of calls) {
    const result = await engine.run(call);
    expect(result, JSON.stringify(call)).toMatchObject({ ok: false, error: { code: 'C211' } });
  }
  // The marked folder itself (`<base>` of `<base>/workspaces/<key>`): a delete refuses it per path.
  const removed = await engine.run({ cmd: 'delete', args: { paths: [join(rel, '../..')], recursive: true } });
  expect(removed).toMatchObject({ ok: true, data: { results: [{ success: false, error: { code: 'C211' } }] } });
  expect(existsSync(join(stateDir, 'checkpoints/steps'))).toBe(true);
  expect(existsSync(join(stateDir, 'stage/run-999999-abcdef'))).toBe(false);
  expect(await engine.run({ cmd: 'write', args: { file: 'b.txt', content: 'b\n' } })).toMatchObject({ ok: true });
}

describe('another environment\'s state folder inside the workspace is refused (H4-B, R5-6)', () => {
  it('CODEWARD_STATE_DIR of another environment: marked when made, refused to this one', async () => {
    const stateDir = otherEnvironment(join(base, 'other'), { HOME: join(base, 'home-b'), CODEWARD_STATE_DIR: join(ws, '.cache-b') });
    expect(JSON.parse(readFileSync(join(ws, '.cache-b/codeward-state.json'), 'utf8'))).toEqual({ uid: process.getuid?.() ?? null });
    await expectRefused(await thisEngine(), stateDir);
  });

  it('the private temp state folder of another TMPDIR (-C ~ there): refused although this TMPDIR differs', async () => {
    const home = join(ws, 'homeb');
    const stateDir = otherEnvironment(home, { HOME: home, TMPDIR: join(ws, 'tmp-b') });
    expect(stateDir.startsWith(join(ws, 'tmp-b', 'codeward-'))).toBe(true);
    await expectRefused(await thisEngine(), stateDir);
  });
});
