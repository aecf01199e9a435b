// Red team R33-4, the write gate's side, with the sandbox ON (real binary, bwrap): a sandboxed command that leaves
// node_modules/.bin/sh (or .bin/git, pkg/node_modules/.bin/node: a program of PATH or a shell) would have it run by
// the person's next `npm test`, outside the sandbox, as the script shell or in that program's place. Staged: set aside,
// not applied; in place (no overlay): moved aside after the run. What an install writes (ordinary bins, packages) is
// applied untouched.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { CliResult } from '../helpers/fixture.js';
import { runScript, sandboxFolders } from './sandbox-folders.js';
import { overlayWorks } from '../shell/stage-helpers.js';

const bwrapWorks = spawnSync('bwrap', ['--ro-bind', '/', '/', '--unshare-net', 'true']).status === 0;

let root = '', state = '', markers = '', home = '';
sandboxFolders('binshadow', (made) => ({ root, state, markers, home } = made));

const SHADOWS = ['node_modules/.bin/sh', 'node_modules/.bin/git', 'pkg/node_modules/.bin/node'];
const ORDINARY = ['node_modules/.bin/vitest', 'node_modules/.bin/tsc', 'node_modules/vitest/index.js', 'pkg/node_modules/.bin/eslint'];
const PLANT = [...SHADOWS, ...ORDINARY].map((rel) => `mkdir -p "$(dirname ${rel})" && printf '#!/bin/sh\\necho x\\n' > ${rel} && chmod +x ${rel}`).join('\n');

const run = (staged: boolean): CliResult => runScript({ root, state, markers, home }, PLANT, { staged });

describe.skipIf(!bwrapWorks)('R33-4: node_modules/.bin programs named like a program of PATH or a shell, planted by a sandboxed run', () => {
  it.skipIf(!overlayWorks)('staged: the shadowing ones are set aside, an install\'s ordinary bins and packages are applied', () => {
    const result = run(true);
    expect(result.json.ok, result.stdout + result.stderr).toBe(true);
    const aside = (result.json.data.changes.setAside as { path: string }[]).map((each) => each.path);
    expect(aside.sort()).toEqual([...SHADOWS].sort());
    for (const rel of SHADOWS) expect(existsSync(join(root, rel)), rel).toBe(false);
    for (const rel of ORDINARY) expect(existsSync(join(root, rel)), rel).toBe(true);
  }, 60_000);

  it('in place: the shadowing ones are moved aside after the run and named, the ordinary ones stay', () => {
    const result = run(false);
    expect(result.json.ok, result.stdout + result.stderr).toBe(true);
    for (const rel of SHADOWS) {
      expect(existsSync(join(root, rel)), rel).toBe(false);
      const [folder, name] = [rel.slice(0, rel.lastIndexOf('/')), rel.slice(rel.lastIndexOf('/') + 1)];
      expect(readdirSync(join(root, folder)).filter((each) => each.startsWith(`${name}.planted-by-sandbox-`)), rel).toHaveLength(1);
      expect((result.json.warnings ?? []).join('\n')).toContain(rel);
    }
    for (const rel of ORDINARY) expect(existsSync(join(root, rel)), rel).toBe(true);
  }, 60_000);
});
