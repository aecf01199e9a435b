// H7 (red team round 4), from the attacker's side: a staged run (auto-edit's "contained" exec, or --yes)
// pads its change set past the checkpoint cap (20,000 files) with empty files, and deletes and replaces
// uncommitted work in the same run. The apply dropped the checkpoint, so the delete was final and `undo`
// answered C224. Now the step keeps every file the run replaced or deleted: undo brings them back.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { removeDir, runCli, tempDir, writeFiles } from '../helpers/fixture.js';
import { bwrapWorks, overlayWorks } from './stage-helpers.js';

const PAD = "const fs = require('fs');\nfs.mkdirSync('cache-tmp');\nfor (let i = 0; i < 20050; i++) fs.writeFileSync('cache-tmp/' + i, '');\nfs.unlinkSync('precious.txt');\nfs.rmSync('src', { recursive: true });\nfs.writeFileSync('notes.md', 'overwritten\\n');\n";

let base: string;
let root: string;
let env: Record<string, string>;

beforeAll(async () => {
  base = await tempDir('codeward-overcap-');
  root = join(base, 'ws');
  env = { HOME: join(base, 'home'), CODEWARD_STATE_DIR: join(base, 'state') };
  await writeFiles(root, { 'precious.txt': 'uncommitted work\n', 'src/main.c': 'int main(void) { return 0; }\n', 'notes.md': 'my notes\n', 'pad.js': PAD });
});

afterAll(async () => {
  await removeDir(base);
});

describe.skipIf(!bwrapWorks || !overlayWorks)('a staged run over the checkpoint cap keeps what it replaced or deleted (H7)', () => {
  it('20,050 created files, a delete and a replace: undo restores the deleted and replaced files', () => {
    const run = runCli(['--json', '-C', root, 'exec', '--timeout', '600', '--cmd', 'node pad.js'], { cwd: root, env });
    expect(run.json.ok, run.stdout + run.stderr).toBe(true);
    expect(existsSync(join(root, 'precious.txt'))).toBe(false);
    expect(run.json.warnings?.join('\n')).toMatch(/the checkpoint keeps the 3 it replaced or deleted/);
    const undo = runCli(['--json', '-C', root, 'undo'], { cwd: root, env });
    expect(undo.json.ok, undo.stdout + undo.stderr).toBe(true);
    expect(readFileSync(join(root, 'precious.txt'), 'utf8')).toBe('uncommitted work\n');
    expect(readFileSync(join(root, 'src/main.c'), 'utf8')).toBe('int main(void) { return 0; }\n');
    expect(readFileSync(join(root, 'notes.md'), 'utf8')).toBe('my notes\n');
    // The files it created (in a folder it created) are no part of the step: undo leaves them and their folder.
    expect(readdirSync(join(root, 'cache-tmp')).length).toBe(20050);
  }, 600_000);
});
