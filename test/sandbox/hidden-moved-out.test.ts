// fix63's LEFT (issue 26): a folder above a hidden path moved OUT of the workspace by an in-place run. The workspace was
// bound before the sandboxWritable folders, so a writable folder HOLDING the workspace (sandboxWritable: [base]) was
// bound over it: inside the run the workspace was part of that writable mount, `os.rename('config', '../w/config')`
// worked, and config/private/key then lay where no workspace glob reaches (a later run printed it). A staged run's
// overlay was covered the same way (it wrote the workspace in place). Now the workspace is bound after every writable
// folder holding it (bwrap.ts): it is a mount of its own, so a rename out of it fails (EXDEV), and the overlay is on top.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bareBase, bareExec, removeBare } from '../helpers/bare-cli.js';
import { CLI } from '../helpers/fixture.js';
import { bwrapWorks, overlayWorks } from '../shell/stage-helpers.js';

const usable = bwrapWorks && existsSync(CLI) && spawnSync('python3', ['-c', '0']).status === 0;
let base: string;
const outs: Record<string, string> = {};
beforeAll(async () => {
  base = await bareBase('cw-fix67-out-', { files: { 'config/private/key': 'MOVED-OUT-SECRET\n' } });
  mkdirSync(join(base, 'w'));
  mkdirSync(join(base, 'h', '.codeward'));
  writeFileSync(join(base, 'h', '.codeward', 'config.json'), JSON.stringify({ nonAccessibleGlobs: ['config/private/**'], sandboxWritable: [base] }));
  if (!usable) return;
  // A script file (inline code moving a folder out now asks in place: r86's closed name reader).
  writeFileSync(join(base, 'ws', 'mv.py'), `import os\nos.rename('config', '${base}/w/config')\n`);
  outs['move'] = bareExec(base, 'python3 mv.py', false);
  outs['later'] = bareExec(base, `cat ${base}/w/config/private/key config/private/key`, false);
  if (overlayWorks) outs['staged'] = bareExec(base, 'echo staged > made', true);
}, 120_000);
afterAll(() => removeBare(base));

describe.skipIf(!usable)('a hidden folder\'s parent moved out of the workspace into a sandboxWritable folder holding it', () => {
  it('the move fails: the workspace is a mount of its own', () => {
    expect(outs['move']).toMatch(/cross-device/);
    expect(existsSync(join(base, 'ws', 'config', 'private', 'key'))).toBe(true);
    expect(existsSync(join(base, 'w', 'config'))).toBe(false);
  });
  it('a later run does not print the key', () => {
    expect(outs['later']).not.toContain('MOVED-OUT-SECRET');
  });
  it.skipIf(!overlayWorks)('a staged run writes the overlay, not the workspace under it: its change set has the file', () => {
    expect(outs['staged']).toContain('[exit 0]');
    expect(outs['staged']).toMatch(/created made/);
  });
});
