// Issue 31 (mention26): the PATH links' scan (path-links.ts, R22b-6) is kept between calls by stamps (home-kept.ts).
// It stamped `/` and the home folder (the folders of the paths it looked up on the way to each PATH folder), so
// every file created in the home, or any new temporary folder, made the next cold call list every PATH folder and
// resolve every link again. Now only the PATH folders and the folders of the link chains are stamped; what lies on
// the way to a PATH folder is looked up itself. A scan is counted by the compute function handed to the kept entry.
import { mkdirSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { kept } from '../../src/permissions/home-kept.js';
import { pathLinksInto } from '../../src/permissions/path-links.js';
import { FolderListings } from '../../src/workspace/listings.js';
import { removeDir, tempDir, writeFiles } from '../helpers/fixture.js';

let base: string;
beforeAll(async () => {
  base = await tempDir('cw-path-kept-');
});
afterAll(() => removeDir(base));
// Files written a moment ago lie in the racy window (listings.ts recentlyChanged) and are never kept: the clock is
// set ahead, as if the calls came later.
beforeEach(() => {
  const now = Date.now();
  vi.spyOn(Date, 'now').mockReturnValue(now + 10_000);
});
afterEach(() => vi.restoreAllMocks());

describe('the kept PATH links', () => {
  it('a file created in the home (or beside a PATH folder) keeps them; a link added to a PATH folder does not', async () => {
    const home = join(base, 'home'), root = join(base, 'ws'), usr = join(base, 'usr', 'local', 'bin');
    await writeFiles(root, { 'src/a.ts': '1\n', 'bin/tool': '#!/bin/sh\n' });
    await writeFiles(home, { '.bashrc': '# rc\n', 'dots/x': '#!/bin/sh\n' });
    mkdirSync(join(home, '.local', 'bin'), { recursive: true });
    mkdirSync(usr, { recursive: true });
    symlinkSync(join(root, 'bin', 'tool'), join(usr, 'tool'));
    // A chain through a link of the home folder itself (`~/dotfiles -> dots`).
    symlinkSync(join(home, 'dots'), join(home, 'dotfiles'));
    symlinkSync(join(home, 'dotfiles', 'x'), join(home, '.local', 'bin', 'x'));
    const folders = [join(home, '.local', 'bin'), usr];
    const file = join(base, 'state', 'home-scan.json');
    let scans = 0;
    const call = () => kept(new FolderListings(file), ['path-links', [root], folders], () => {
      scans += 1;
      return pathLinksInto(folders, [root]);
    });
    expect(call().map((link) => link.rel)).toEqual(['bin/tool']);
    expect(call().map((link) => link.rel)).toEqual(['bin/tool']);
    expect(scans).toBe(1);
    writeFileSync(join(home, 'notes.txt'), 'x\n');
    writeFileSync(join(home, '.viminfo'), 'x\n');
    writeFileSync(join(base, 'usr', 'local', 'new'), 'x\n');
    mkdirSync(join(base, 'another-temporary-folder'));
    expect(call().map((link) => link.rel)).toEqual(['bin/tool']);
    expect(scans).toBe(1);
    symlinkSync(join(root, 'bin', 'other'), join(usr, 'other'));
    expect(call().map((link) => link.rel).sort()).toEqual(['bin/other', 'bin/tool']);
    expect(scans).toBe(2);
    // The home's link retargeted: the chain through it is looked up again (and now leads into the workspace).
    await writeFiles(root, { x: '#!/bin/sh\n' });
    rmSync(join(home, 'dotfiles'));
    symlinkSync(root, join(home, 'dotfiles'));
    expect(call().map((link) => link.rel).sort()).toEqual(['bin/other', 'bin/tool', 'x']);
    expect(scans).toBe(3);
  });
});
