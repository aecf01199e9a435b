// A folder a staged command created whole (nothing below it set aside) is applied by ONE rename of its
// folder in the upper folder (src/shell/stage/trees.ts, move.ts): it appears in the workspace whole or not
// at all, even when the apply is killed (CODEWARD_TEST_STAGE_KILL_AFTER=N: SIGKILL after N operations),
// and one undo takes it back. (A created folder with a protected file below it is applied file by file:
// test/shell/stage.test.ts, "protected files at any depth".)
// Through the real binary (the kill needs a process of its own); skipped where bwrap or overlay cannot run.
import { existsSync, mkdirSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { removeDir, runCli, tempDir, type CliResult } from '../helpers/fixture.js';
import { bwrapWorks, overlayWorks, tree } from './stage-helpers.js';

let root: string;
let state: string;

beforeEach(async () => {
  root = await tempDir('cw-stage-trees-');
  state = await tempDir('cw-stage-trees-state-');
  writeFileSync(join(root, 'gone.txt'), 'bye\n');
  mkdirSync(join(root, 'src'));
});

afterEach(async () => {
  await removeDir(root);
  await removeDir(state);
});

const cli = (args: readonly string[], extra: Record<string, string> = {}): CliResult => runCli(['-C', root, '--json', ...args], { env: { CODEWARD_STATE_DIR: state, ...extra } });
// Operations: gone.txt removed (1), then the created folder `out` (three files, two levels, one made 555).
const COMMAND = 'rm gone.txt && mkdir -p out/a/b && echo 1 > out/a/b/x && echo 2 > out/y && echo 3 > out/a/z && chmod 555 out/a/b';
const OUT = { 'out/': '755', 'out/a/': '755', 'out/a/b/': '555', 'out/a/b/x': `644:${Buffer.from('1\n').toString('base64')}`, 'out/a/z': `644:${Buffer.from('3\n').toString('base64')}`, 'out/y': `644:${Buffer.from('2\n').toString('base64')}` };

const outNow = (): Record<string, string> => (existsSync(join(root, 'out')) ? { 'out/': (statSync(join(root, 'out')).mode & 0o7777).toString(8), ...tree(join(root, 'out'), 'out') } : {});

describe.skipIf(!bwrapWorks || !overlayWorks)('a created folder applied as one rename', { timeout: 180_000 }, () => {
  it('killed right after it moved, the folder is there whole; the next exec finishes and one undo takes all back', () => {
    const before = tree(root);
    const killed = cli(['exec', '--cmd', `umask 022 && ${COMMAND}`], { CODEWARD_TEST_STAGE_KILL_AFTER: '2' });
    expect(killed.status, killed.stdout + killed.stderr).toBe(-1);
    expect(existsSync(join(root, 'gone.txt'))).toBe(false);
    // Whole (file by file, the old apply had moved out/a/b/x alone when killed); its modes are set after.
    expect(Object.keys(outNow()).sort()).toEqual(Object.keys(OUT).sort());
    const next = cli(['exec', '--cmd', 'true']);
    expect(JSON.stringify(next.json.warnings), next.stdout + next.stderr).toContain('finished applying an interrupted staged command');
    expect(outNow()).toEqual(OUT);
    expect(cli(['undo']).json).toMatchObject({ ok: true });
    expect(tree(root)).toEqual(before);
  });

  it('killed before it moved, the next exec moves it whole; applied at once, undo and redo are byte-exact', () => {
    const killed = cli(['exec', '--cmd', `umask 022 && ${COMMAND}`], { CODEWARD_TEST_STAGE_KILL_AFTER: '1' });
    expect(killed.status, killed.stdout + killed.stderr).toBe(-1);
    expect(existsSync(join(root, 'out'))).toBe(false);
    expect(cli(['exec', '--cmd', 'true']).json).toMatchObject({ ok: true });
    expect(outNow()).toEqual(OUT);
    expect(cli(['undo']).json).toMatchObject({ ok: true });
    const before = tree(root);
    const run = cli(['exec', '--cmd', 'umask 022 && mkdir -p out/a/b && echo 1 > out/a/b/x && echo 2 > out/y && echo 3 > out/a/z && chmod 555 out/a/b']);
    expect(run.json.data.changes, run.stdout + run.stderr).toMatchObject({ created: 3 });
    expect(outNow()).toEqual(OUT);
    expect(cli(['undo']).json).toMatchObject({ ok: true });
    expect(tree(root)).toEqual(before);
    expect(cli(['redo']).json).toMatchObject({ ok: true });
    expect(outNow()).toEqual(OUT);
  });
});
