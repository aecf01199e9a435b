// The view's walks kept between processes (view-cache.ts), from the attacker's side: a credential that
// appears in a toolchain folder after the walk was cached must be hidden on the next run all the same,
// and a cache file that is not the cache's own shape hides nothing less.
import { existsSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ViewCache } from '../../src/sandbox/view-cache.js';
import { ToolchainSecrets } from '../../src/sandbox/view.js';
import type { ShownPath } from '../../src/sandbox/policy.js';
import { DEFAULT_NON_ACCESSIBLE_GLOBS } from '../../src/workspace/types.js';
import { removeDir, tempDir, writeFiles } from '../helpers/fixture.js';

let home: string;
let state: string;
beforeEach(async () => {
  home = await tempDir('cw-view-cache-home-');
  state = await tempDir('cw-view-cache-state-');
  await writeFiles(home, {
    '.nvm/nvm.sh': '# nvm\n',
    '.nvm/versions/node/v20/bin/node': '#!/bin/sh\n',
    '.nvm/versions/node/v20/lib/node_modules/npm/package.json': '{}\n',
    '.nvm/versions/node/v20/etc': 'token\n',
  });
  // Past the window in which a folder's timestamp could still tick unseen (not a timing assertion).
  await new Promise((resolve) => setTimeout(resolve, 2_100));
});
afterEach(async () => {
  await removeDir(home);
  await removeDir(state);
});

const shown = (): ShownPath[] => [{ path: join(home, '.nvm'), scan: true, toolchain: true }];
const file = (): string => join(state, 'view-cache.json');

function find(cache: ViewCache, walked: string[]): string[] {
  const secrets = new ToolchainSecrets(DEFAULT_NON_ACCESSIBLE_GLOBS);
  const found = cache.find('toolchains', 'k', (log) => (walked.push('walk'), secrets.find(shown(), log)));
  cache.save();
  return found.map((entry) => entry.path.slice(home.length + 1)).sort();
}

describe('the view cache', () => {
  // The prefix's etc/ is hidden whole (not on the allow-list, red team R16-1); npm's builtin npmrc in lib by name.
  it('reuses a walk while nothing changed, and sees a credential added deep inside later', () => {
    const walked: string[] = [];
    expect(find(new ViewCache(file()), walked)).toEqual(['.nvm/versions/node/v20/etc']);
    expect(existsSync(file())).toBe(true);
    // Another process: the same folders, read from the cache.
    expect(find(new ViewCache(file()), walked)).toEqual(['.nvm/versions/node/v20/etc']);
    expect(walked).toHaveLength(1);
    // npm's builtin npmrc written into a folder that already existed (no folder above it changes).
    writeFileSync(join(home, '.nvm/versions/node/v20/lib/node_modules/npm/npmrc'), 'token\n');
    expect(find(new ViewCache(file()), walked)).toEqual(['.nvm/versions/node/v20/etc', '.nvm/versions/node/v20/lib/node_modules/npm/npmrc']);
    expect(walked).toHaveLength(2);
  });

  it('a cache file in another shape (or planted) is walked again, not trusted', () => {
    writeFileSync(file(), JSON.stringify({ v: 1, entries: { toolchains: { params: 'k', folders: 'x', found: [] } } }));
    const walked: string[] = [];
    expect(find(new ViewCache(file()), walked)).toEqual(['.nvm/versions/node/v20/etc']);
    expect(walked).toHaveLength(1);
  });

  // An upgrade must not reuse a walk of the code it replaced: the file names the build that wrote it
  // (kept-across.ts buildVersion), and an entry of another build, or of the old format `v: 1`, is walked again.
  it('an entry kept by another build (or the old `v: 1`) is walked again, never trusted', () => {
    const walked: string[] = [];
    find(new ViewCache(file()), walked);
    const saved = JSON.parse(readFileSync(file(), 'utf8')) as { v: unknown; entries: Record<string, { found: unknown[] }> };
    expect(saved.v).toMatch(/^1:/);
    // The same entry, emptied: it would hide nothing.
    saved.entries['toolchains']!.found = [];
    for (const v of [1, '1:another-build']) {
      writeFileSync(file(), JSON.stringify({ ...saved, v }));
      expect(find(new ViewCache(file()), walked), String(v)).toEqual(['.nvm/versions/node/v20/etc']);
    }
    expect(walked).toHaveLength(3);
    // This build's own file is read as it is (the emptied entry is what makes the two above visible).
    writeFileSync(file(), JSON.stringify(saved));
    expect(find(new ViewCache(file()), walked)).toEqual([]);
    expect(walked).toHaveLength(3);
  });

  // The cache file read through a symlink would be whatever its target says (a file in a workspace).
  it('a cache file that is a symlink is not read', () => {
    const walked: string[] = [];
    find(new ViewCache(file()), walked);
    const saved = JSON.parse(readFileSync(file(), 'utf8')) as { v: unknown; entries: Record<string, { found: unknown[] }> };
    saved.entries['toolchains']!.found = [];
    const elsewhere = join(home, 'planted.json');
    writeFileSync(elsewhere, JSON.stringify(saved));
    const linked = join(state, 'linked.json');
    symlinkSync(elsewhere, linked);
    expect(find(new ViewCache(linked), walked)).toEqual(['.nvm/versions/node/v20/etc']);
    expect(walked).toHaveLength(2);
  });
});
