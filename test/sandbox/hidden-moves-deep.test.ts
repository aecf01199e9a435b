import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, renameSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { hiddenAncestors, restoreHiddenAncestors } from '../../src/sandbox/hidden-moves.js';

// Red team R42-a3: the search for a folder a run moved (R6-9) stopped 32 folders deep and read "not found" as
// "nothing to do" (no warning): `mv config a/a/…(40)/config` left config/private/key under no glob. Now no depth cap
// (past PATH_MAX too, from held descriptors), and a folder it cannot find is said.
const python = spawnSync('python3', ['-c', '0']).status === 0;
const base = mkdtempSync('/var/tmp/cw-fix63-moves-');
// GNU rm removes a tree deeper than PATH_MAX (node's rmSync does not).
afterAll(() => void spawnSync('rm', ['-rf', base]));

function workspace(name: string): { ws: string; before: Map<string, string> } {
  const ws = join(base, name);
  mkdirSync(join(ws, 'config', 'private'), { recursive: true });
  writeFileSync(join(ws, 'config', 'private', 'key'), 'secret');
  return { ws, before: hiddenAncestors(ws, [join(ws, 'config', 'private', 'key')]) };
}

describe('hidden ancestors moved far', () => {
  it('moved 60 folders deep: found and moved back', () => {
    const { ws, before } = workspace('deep');
    const dir = join(ws, ...Array.from({ length: 60 }, () => 'a'));
    mkdirSync(dir, { recursive: true });
    renameSync(join(ws, 'config'), join(dir, 'config'));
    const warnings = restoreHiddenAncestors(ws, before);
    expect(existsSync(join(ws, 'config', 'private', 'key'))).toBe(true);
    expect(warnings.join('\n')).toMatch(/moved config to (a\/){60}config.*moved back/);
  });

  it.skipIf(!python)('moved below a path longer than PATH_MAX (made step by step, relative): found and moved back', () => {
    const { ws, before } = workspace('long');
    const name = 'b'.repeat(200);
    const made = spawnSync('python3', ['-c', `import os, sys\nos.chdir(sys.argv[1])\nfor i in range(25):\n  os.mkdir('${name}'); os.chdir('${name}')\nos.rename(sys.argv[1] + '/config', 'config')`, ws]);
    expect(made.status, String(made.stderr)).toBe(0);
    const warnings = restoreHiddenAncestors(ws, before);
    expect(existsSync(join(ws, 'config', 'private', 'key'))).toBe(true);
    expect(warnings.join('\n')).toMatch(/moved config to \.\.\.[b/]+\/config.*moved back/);
  });

  it('moved out of the workspace: not found, and said (never silent)', () => {
    const { ws, before } = workspace('out');
    renameSync(join(ws, 'config'), join(base, 'elsewhere'));
    const warnings = restoreHiddenAncestors(ws, before);
    expect(warnings.join('\n')).toMatch(/moved config, which holds files the hidden-files globs hide, and codeward could not find where it went in the workspace/);
  });
});
