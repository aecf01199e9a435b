// Issue 29 (staging's part): a trusted config's sandboxWritable folders are bound writable IN PLACE, outside
// the overlay. A staged run says so: in data.changes.writtenInPlace, a warning, and the step's label, which
// checkpoints and undo show; undo takes back the staged part only. Through the real binary.
import { existsSync, mkdirSync, readFileSync, realpathSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { removeDir, runCli, tempDir, type CliResult } from '../helpers/fixture.js';
import { bwrapWorks, overlayWorks } from './stage-helpers.js';

let root: string;
let state: string;
let outside: string;

beforeEach(async () => {
  root = await tempDir('cw-stage-wr-');
  state = await tempDir('cw-stage-wr-state-');
  outside = realpathSync(await tempDir('cw-stage-wr-out-'));
  mkdirSync(join(state, 'home'));
});

afterEach(async () => {
  await removeDir(root);
  await removeDir(state);
  await removeDir(outside);
});

const cli = (args: readonly string[]): CliResult => runCli(['-C', root, ...args], { env: { CODEWARD_STATE_DIR: state, HOME: join(state, 'home') } });

describe.skipIf(!bwrapWorks || !overlayWorks)('staged exec with sandboxWritable folders', { timeout: 180_000 }, () => {
  it('names the folders written in place, and undo says it cannot take them back', () => {
    mkdirSync(join(root, '.codeward'));
    writeFileSync(join(root, '.codeward', 'config.json'), `${JSON.stringify({ sandboxWritable: [outside] })}\n`);
    expect(cli(['trust']).status).toBe(0);
    const result = cli(['--json', '--yes', 'exec', '--stage', '--cmd', `echo out > ${outside}/o.txt && echo in > w.txt`]);
    expect(result.json, result.stdout + result.stderr).toMatchObject({ ok: true, data: { changes: { created: 1, writtenInPlace: [outside] } } });
    expect(JSON.stringify(result.json.warnings)).toContain(`written in place, not staged: ${outside} (sandboxWritable)`);
    expect(JSON.stringify(cli(['--json', 'checkpoints']).json.data)).toContain(`[not undoable: also writable in place ${outside}]`);
    const undo = cli(['undo']);
    expect(undo.status, undo.stderr).toBe(0);
    expect(undo.stdout).toContain(`not undoable: also writable in place ${outside}`);
    expect(existsSync(join(root, 'w.txt'))).toBe(false);
    expect(readFileSync(join(outside, 'o.txt'), 'utf8')).toBe('out\n');
  });
});
