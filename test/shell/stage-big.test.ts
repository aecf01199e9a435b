// Red team round 4, H7: a staged run that pads its change set past the checkpoint cap (20,000 files) while
// it deletes uncommitted work must not put that work beyond undo. Attacker's side, through the real binary:
// a script (the classifier cannot see inside) creates 20,050 empty files and removes a file and a folder.
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { removeDir, runCli, tempDir, type CliResult } from '../helpers/fixture.js';
import { bwrapWorks, overlayWorks } from './stage-helpers.js';

let root: string;
let state: string;

beforeEach(async () => {
  root = await tempDir('cw-stage-big-');
  state = await tempDir('cw-stage-big-state-');
});

afterEach(async () => {
  await removeDir(root);
  await removeDir(state);
});

const cli = (args: readonly string[]): CliResult => runCli(['-C', root, '--json', ...args], { env: { CODEWARD_STATE_DIR: state } });

describe.skipIf(!bwrapWorks || !overlayWorks)('staged exec over the checkpoint cap', { timeout: 300_000 }, () => {
  it('what the command removed or replaced is in the checkpoint however many files it created; undo brings it back', () => {
    writeFileSync(join(root, 'precious.txt'), 'uncommitted work\n');
    writeFileSync(join(root, 'notes.md'), 'draft\n');
    mkdirSync(join(root, 'src'));
    writeFileSync(join(root, 'src/main.c'), 'int main(void) { return 0; }\n');
    writeFileSync(join(root, 'gen.sh'), 'mkdir cache-tmp && cd cache-tmp && seq -f f%g 1 20050 | xargs touch && cd .. && rm precious.txt && rm -r src && echo rewritten > notes.md\n');
    const result = cli(['--yes', 'exec', '--stage', '--cmd', 'sh gen.sh', '--timeout', '240']);
    expect(result.json, result.stdout + result.stderr).toMatchObject({ ok: true, data: { changes: { created: 20050, changed: 1, deleted: 2 } } });
    expect(result.json.data.changes.checkpoint).toBeTypeOf('number');
    expect(JSON.stringify(result.json.warnings)).toMatch(/the 3 it changed or removed are in the checkpoint/);
    expect(existsSync(join(root, 'precious.txt'))).toBe(false);
    const undo = cli(['undo']);
    expect(undo.json, undo.stdout + undo.stderr).toMatchObject({ ok: true });
    expect([readFileSync(join(root, 'precious.txt'), 'utf8'), readFileSync(join(root, 'src/main.c'), 'utf8'), readFileSync(join(root, 'notes.md'), 'utf8')]).toEqual(['uncommitted work\n', 'int main(void) { return 0; }\n', 'draft\n']);
  });
});
