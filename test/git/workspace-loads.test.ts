// fix79's LEFTs (redo of fix82): what every repository config of the workspace loads (git/workspace-configs.ts +
// workspace-loads.ts), the one set read, search and the view judge by; kept between processes by the stamps of the
// folders walked and the files read. Each FolderListings on the same kept file is what one cold process builds: its
// answer must equal a cold one's after a change no kept stamp would show if the keep were wrong.
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { CredentialConfigs } from '../../src/git/config-credential.js';
import { workspaceConfigs } from '../../src/git/workspace-configs.js';
import { loadedBy, workspaceLoads } from '../../src/git/workspace-loads.js';
import { FolderListings } from '../../src/workspace/listings.js';
import { removeDir, tempDir } from '../helpers/fixture.js';

const TOKEN = '[remote "origin"]\n\turl = https://user:ghp_0123456789abcdefghijklmnopqrstuvwxyz@github.com/o/r.git\n';

let base: string;
let home: string;
let root: string;
let kept: string;

const init = (at: string): void => void execFileSync('git', ['init', '-q', at]);
const nestedConfig = (at: string, include: string): void => writeFileSync(join(root, at, '.git', 'config'), `[core]\n\tbare = false\n[include]\n\tpath = ${include}\n`);

beforeEach(async () => {
  base = await tempDir('cw-ws-loads-');
  home = join(base, 'home');
  root = join(base, 'ws');
  kept = join(base, 'state', 'home-scan.json');
  mkdirSync(home, { recursive: true });
  init(root);
  // Files written a moment ago lie in the racy window (listings.ts recentlyChanged) and are never kept: the clock is
  // set ahead, as if the calls came later.
  const now = Date.now();
  vi.spyOn(Date, 'now').mockReturnValue(now + 10_000);
});
afterEach(async () => {
  vi.restoreAllMocks();
  await removeDir(base);
});

const next = (): readonly string[] => workspaceLoads(root, home, new FolderListings(kept)).files;
const cold = (): readonly string[] => workspaceLoads(root, home).files;

describe('what the repositories of the workspace load', () => {
  it("a nested clone's include outside its git folder, a deep includeIf, a linked config's target", () => {
    init(join(root, 'vendor', 'lib'));
    writeFileSync(join(root, 'vendor', 'lib', 'creds.inc'), TOKEN);
    nestedConfig('vendor/lib', '../creds.inc');
    init(join(root, 'a', 'b', 'c'));
    writeFileSync(join(root, 'top.inc'), TOKEN);
    writeFileSync(join(root, 'a', 'b', 'c', '.git', 'config'), '[includeIf "onbranch:x"]\n\tpath = ../../../../top.inc\n');
    init(join(root, 'vendor', 'lnk'));
    mkdirSync(join(root, 'cfg'));
    writeFileSync(join(root, 'cfg', 'lnk.cfg'), TOKEN);
    rmSync(join(root, 'vendor', 'lnk', '.git', 'config'));
    symlinkSync('../../../cfg/lnk.cfg', join(root, 'vendor', 'lnk', '.git', 'config'));
    const files = cold();
    for (const file of ['vendor/lib/creds.inc', 'top.inc', 'cfg/lnk.cfg']) expect(files).toContain(join(root, file));
    const configs = new CredentialConfigs(root, home, { HOME: home });
    for (const file of ['vendor/lib/creds.inc', 'top.inc', 'cfg/lnk.cfg']) expect(configs.has(join(root, file))).toBe(true);
    // Loaded but holding no credential: not one; a plain file: not one.
    writeFileSync(join(root, 'top.inc'), '[user]\n\tname = x\n');
    writeFileSync(join(root, 'plain.txt'), TOKEN);
    expect(configs.has(join(root, 'top.inc'))).toBe(false);
    expect(configs.has(join(root, 'plain.txt'))).toBe(false);
  });

  it('the view and the readers share the predicate (loadedBy of the same configs gives the same files)', () => {
    init(join(root, 'vendor', 'lib'));
    writeFileSync(join(root, 'vendor', 'lib', 'creds.inc'), TOKEN);
    nestedConfig('vendor/lib', '../creds.inc');
    const { configs } = workspaceConfigs(root);
    expect(configs).toContain(join(root, 'vendor', 'lib', '.git', 'config'));
    const inside = loadedBy(configs, home).files.filter((file) => file.startsWith(`${root}/`)).sort();
    expect(cold()).toEqual(inside);
  });

  it('keeps the answer in the state folder; a later change is seen by the next process', () => {
    init(join(root, 'vendor', 'lib'));
    writeFileSync(join(root, 'vendor', 'lib', 'one.inc'), TOKEN);
    nestedConfig('vendor/lib', '../one.inc');
    const first = next();
    expect(first).toContain(join(root, 'vendor', 'lib', 'one.inc'));
    for (const name of ['workspace-configs.json', 'workspace-loads.json']) expect(existsSync(join(base, 'state', name))).toBe(true);
    expect(next()).toEqual(first);
    // The include changed in place (a file read: its stamp).
    writeFileSync(join(root, 'vendor', 'lib', 'two.inc'), TOKEN);
    nestedConfig('vendor/lib', '../two.inc');
    expect(next()).toEqual(cold());
    expect(next()).toContain(join(root, 'vendor', 'lib', 'two.inc'));
    // A new nested clone deep down (a folder walked: its stamp).
    init(join(root, 'd', 'e', 'f'));
    writeFileSync(join(root, 'd', 'three.inc'), TOKEN);
    nestedConfig('d/e/f', '../../../three.inc');
    expect(next()).toContain(join(root, 'd', 'three.inc'));
    // An include that is a link, re-pointed (a path resolved: its place).
    writeFileSync(join(root, 'four.inc'), TOKEN);
    symlinkSync('four.inc', join(root, 'via.inc'));
    nestedConfig('d/e/f', '../../../../via.inc');
    expect(next()).toContain(join(root, 'four.inc'));
    writeFileSync(join(root, 'five.inc'), TOKEN);
    rmSync(join(root, 'via.inc'));
    symlinkSync('five.inc', join(root, 'via.inc'));
    expect(next()).toContain(join(root, 'five.inc'));
    expect(next()).not.toContain(join(root, 'four.inc'));
    expect(next()).toEqual(cold());
    const file = JSON.parse(readFileSync(join(base, 'state', 'workspace-configs.json'), 'utf8')) as { entries: Record<string, unknown> };
    expect(Object.keys(file.entries).length).toBe(1);
  });

  it('past its bound the walk says cut (the readers then judge a file by its content alone)', () => {
    for (let index = 0; index < 5; index++) mkdirSync(join(root, `d${index}`));
    expect(workspaceConfigs(root, new FolderListings(), 3).cut).toBe(true);
    expect(workspaceConfigs(root).cut).toBe(false);
  });
});
