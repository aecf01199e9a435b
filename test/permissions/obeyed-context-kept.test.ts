// Issue 31: the write gate's per-repository git context (obeyed-context.ts) is kept between processes in the
// state folder (git-contexts.json, kept-across.ts). Each FolderListings with the same file is what one cold
// process builds; every answer must equal a cold one's, also after a change git's configuration does not
// show in its own files: a configured symlink re-pointed, a configured word that turns from a folder into a file.
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { obeyedContext } from '../../src/permissions/obeyed-context.js';
import { FolderListings } from '../../src/workspace/listings.js';
import { removeDir, tempDir } from '../helpers/fixture.js';

let base: string;
let home: string;
let root: string;
let kept: string;

const git = (...args: string[]) => execFileSync('git', ['-C', root, ...args], { env: { ...process.env, HOME: home, GIT_CONFIG_NOSYSTEM: '1' } });

beforeAll(async () => {
  base = await tempDir('cw-git-kept-');
  home = join(base, 'home');
  root = join(base, 'ws');
  mkdirSync(home, { recursive: true });
  mkdirSync(join(root, 'hooks-a'), { recursive: true });
  mkdirSync(join(root, 'hooks-b'), { recursive: true });
  mkdirSync(join(root, 'tools'), { recursive: true });
  git('init', '-q');
  symlinkSync('hooks-a', join(root, 'hooks-link'));
  git('config', 'core.hooksPath', 'hooks-link');
  kept = join(base, 'state', 'home-scan.json');
});
afterAll(() => removeDir(base));

// Files written a moment ago lie in the racy window (listings.ts recentlyChanged) and are never kept: the
// clock is set ahead, as if the calls came later.
beforeEach(() => {
  const now = Date.now();
  vi.spyOn(Date, 'now').mockReturnValue(now + 10_000);
});
afterEach(() => vi.restoreAllMocks());

const paths = (listings: FolderListings) => [...(obeyedContext(root, home, listings).gitPaths ?? [])].sort();
const cold = () => paths(new FolderListings());
const nextCall = () => paths(new FolderListings(kept));
const contextsFile = () => join(base, 'state', 'git-contexts.json');

describe('the git context kept between processes', () => {
  it('keeps the context in the state folder for the next process, which answers as a cold one', () => {
    const first = nextCall();
    expect(first).toEqual(cold());
    expect(first).toEqual(expect.arrayContaining(['hooks-link', 'hooks-a']));
    expect(existsSync(contextsFile())).toBe(true);
    const file = JSON.parse(readFileSync(contextsFile(), 'utf8')) as { entries: Record<string, unknown> };
    expect(Object.keys(file.entries).map((key) => JSON.parse(key)[0])).toContain('git-context');
    expect(nextCall()).toEqual(first);
  });

  it('sees the configured hooks symlink re-pointed (no config file changed): in the same process and the next', () => {
    const listings = new FolderListings(kept);
    expect(paths(listings)).toContain('hooks-a');
    rmSync(join(root, 'hooks-link'));
    symlinkSync('hooks-b', join(root, 'hooks-link'));
    // The old keep held while the config files kept their stamps: hooks-b was writable.
    expect(paths(listings)).toContain('hooks-b');
    expect(nextCall()).toContain('hooks-b');
    expect(nextCall()).toEqual(cold());
  });

  it('sees a word of a configured command turn from a folder into a file', () => {
    git('config', 'alias.t', '!tools');
    const listings = new FolderListings(kept);
    // A folder is no program: not obeyed as a file.
    expect(paths(listings)).not.toContain('tools');
    rmSync(join(root, 'tools'), { recursive: true });
    writeFileSync(join(root, 'tools'), 'echo hi\n');
    expect(paths(listings)).toContain('tools');
    expect(nextCall()).toContain('tools');
    expect(nextCall()).toEqual(cold());
  });

  it('keeps the answer when only folder times change (an entry added at the root, in the git folder)', () => {
    git('config', 'alias.h', '!helper.sh');
    const first = nextCall();
    const written = readFileSync(contextsFile(), 'utf8');
    // helper.sh is missing: its folder, the root, anchors its kernel spelling by place, not by times.
    writeFileSync(join(root, 'notes.txt'), 'x\n');
    writeFileSync(join(root, '.git', 'scratch'), 'x\n');
    expect(nextCall()).toEqual(first);
    expect(readFileSync(contextsFile(), 'utf8')).toBe(written);
    expect(first).toEqual(cold());
  });

  it('sees a config changed between two calls, and computes again past a garbled file', () => {
    git('config', 'core.hooksPath', 'hooks-a');
    expect(nextCall()).toEqual(cold());
    expect(nextCall()).not.toContain('hooks-link');
    writeFileSync(contextsFile(), '{"v":1,"entries":{"x":{"stamps":1}}}');
    expect(nextCall()).toEqual(cold());
  });
});
