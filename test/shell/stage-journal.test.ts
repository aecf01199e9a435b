// A staged command's apply is journaled (issue 27): a process killed (SIGKILL, as kill -9) between
// moving files into place leaves a journal, and the next exec or undo finishes the apply so that one
// undo takes the whole command back, byte-exact. CODEWARD_TEST_STAGE_KILL_AFTER=N kills the process
// after N of the apply's operations. Through the real binary; skipped where bwrap or overlay cannot run.
import { existsSync, mkdirSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { removeDir, runCli, tempDir, type CliResult } from '../helpers/fixture.js';
import { bwrapWorks, overlayWorks, tree } from './stage-helpers.js';

let root: string;
let state: string;

beforeEach(async () => {
  root = await tempDir('cw-stage-journal-');
  state = await tempDir('cw-stage-journal-state-');
  writeFileSync(join(root, 'f.txt'), 'alpha\n');
  writeFileSync(join(root, 'gone.txt'), 'bye\n');
  mkdirSync(join(root, 'src'));
  writeFileSync(join(root, 'src/a.ts'), 'export const a = 1;\n');
});

afterEach(async () => {
  await removeDir(root);
  await removeDir(state);
});

const cli = (args: readonly string[], extra: Record<string, string> = {}): CliResult => runCli(['-C', root, '--json', ...args], { env: { CODEWARD_STATE_DIR: state, ...extra } });
// Deletes first, then writes in path order: gone.txt removed, f.txt replaced, then killed before new.txt.
const COMMAND = 'sed -i s/alpha/beta/ f.txt && rm gone.txt && echo new > new.txt && echo m > src/m.ts';
function crash(): void {
  const killed = cli(['exec', '--cmd', COMMAND], { CODEWARD_TEST_STAGE_KILL_AFTER: '2' });
  expect(killed.status, killed.stdout + killed.stderr).toBe(-1);
  // Half applied: the first two operations are done, the rest is not.
  expect(existsSync(join(root, 'gone.txt'))).toBe(false);
  expect(readFileSync(join(root, 'f.txt'), 'utf8')).toBe('beta\n');
  expect(existsSync(join(root, 'new.txt'))).toBe(false);
}

describe.skipIf(!bwrapWorks || !overlayWorks)('a staged apply killed in the middle', { timeout: 180_000 }, () => {
  it('undo finishes it first and then takes the whole command back, byte-exact', () => {
    const before = tree(root);
    crash();
    const undo = cli(['undo']);
    expect(undo.json, undo.stdout + undo.stderr).toMatchObject({ ok: true });
    expect(JSON.stringify(undo.json.warnings)).toContain('finished applying an interrupted staged command');
    expect(tree(root)).toEqual(before);
    expect((readdirSync(state, { recursive: true }) as string[]).filter((name) => /run-|journal-/.test(name))).toEqual([]);
  });

  it('folders the command made, removed and re-moded are in the step it finishes: one undo takes them back too', () => {
    mkdirSync(join(root, 'old/empty'), { recursive: true });
    const before = tree(root);
    // Operations: old/empty and old removed (1, 2), new.txt written (3), killed before out/deep/o.txt and
    // the folder modes (the folders are made and opened, not yet given their modes).
    const command = 'rmdir old/empty old && echo n > new.txt && mkdir -p out/deep && echo o > out/deep/o.txt && chmod 700 src && chmod 555 out';
    const killed = cli(['exec', '--cmd', command], { CODEWARD_TEST_STAGE_KILL_AFTER: '3' });
    expect(killed.status, killed.stdout + killed.stderr).toBe(-1);
    expect([existsSync(join(root, 'old')), existsSync(join(root, 'new.txt')), existsSync(join(root, 'out/deep/o.txt'))]).toEqual([false, true, false]);
    const next = cli(['exec', '--cmd', 'true']);
    expect(JSON.stringify(next.json.warnings), next.stdout + next.stderr).toContain('finished applying an interrupted staged command');
    expect([statSync(join(root, 'src')).mode & 0o777, statSync(join(root, 'out')).mode & 0o777, readFileSync(join(root, 'out/deep/o.txt'), 'utf8')]).toEqual([0o700, 0o555, 'o\n']);
    const undo = cli(['undo']);
    expect(undo.json, undo.stdout + undo.stderr).toMatchObject({ ok: true });
    expect(tree(root)).toEqual(before);
    expect(cli(['redo']).json).toMatchObject({ ok: true });
    expect([statSync(join(root, 'src')).mode & 0o777, statSync(join(root, 'out')).mode & 0o777, existsSync(join(root, 'old'))]).toEqual([0o700, 0o555, false]);
  });

  it('the next exec finishes it as one step; a file the person wrote since is left as it is and not undone', () => {
    crash();
    writeFileSync(join(root, 'new.txt'), 'person\n');
    const next = cli(['exec', '--cmd', 'true']);
    expect(next.json, next.stdout + next.stderr).toMatchObject({ ok: true });
    expect(JSON.stringify(next.json.warnings)).toMatch(/finished applying an interrupted staged command .*1 file\(s\) changed since/);
    expect(readFileSync(join(root, 'src/m.ts'), 'utf8')).toBe('m\n');
    expect(readFileSync(join(root, 'new.txt'), 'utf8')).toBe('person\n');
    const listed = cli(['checkpoints']);
    expect(JSON.stringify(listed.json.data)).toContain(`exec ${COMMAND}`);
    expect(cli(['undo']).json).toMatchObject({ ok: true });
    expect(readFileSync(join(root, 'f.txt'), 'utf8')).toBe('alpha\n');
    expect(readFileSync(join(root, 'gone.txt'), 'utf8')).toBe('bye\n');
    expect(existsSync(join(root, 'src/m.ts'))).toBe(false);
    expect(readFileSync(join(root, 'new.txt'), 'utf8')).toBe('person\n');
  });
});
