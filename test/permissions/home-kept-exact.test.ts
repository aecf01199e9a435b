// Issue 31 (stop 46: 5 of 12 cold reads scanned the home folder again): a kept home scan (home-kept.ts) holds while
// what the scan read holds: the folders it listed, the files it read, and each path it looked up on the way (what
// it found there), not the times of every folder it looked into. A file added to the home folder, to `/`'s
// level or beside a secret changes none of those; a changed start-up file, a new dot-entry or a re-pointed link does.
// A scan computed again rewrites the state folder's file (a new inode: written atomically), which is how these
// tests count the scans without timing anything.
import { mkdirSync, readFileSync, rmSync, statSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { obeyedHomeLinks } from '../../src/permissions/obeyed-home-links.js';
import { homeSecretPaths } from '../../src/sandbox/home-secrets.js';
import { FolderListings } from '../../src/workspace/listings.js';
import { removeDir, tempDir } from '../helpers/fixture.js';

let base: string;
let home: string;
let root: string;
let kept: string;

beforeAll(async () => {
  base = await tempDir('cw-home-kept-exact-');
  home = join(base, 'home');
  root = join(base, 'work');
  mkdirSync(join(root, 'shell'), { recursive: true });
  mkdirSync(join(home, '.claude'), { recursive: true });
  mkdirSync(join(home, '.config', 'tool'), { recursive: true });
  mkdirSync(join(base, 'vault'));
  symlinkSync(join(base, 'vault'), join(home, '.aws'));
  writeFileSync(join(root, 'shell', 'rc.sh'), '# rc\n');
  writeFileSync(join(home, '.bashrc'), '# nothing sourced\n');
  kept = join(base, 'state', 'home-scan.json');
});
afterAll(() => removeDir(base));

// The clock ahead of the files written here (listings.ts recentlyChanged), as if the calls came later.
beforeEach(() => {
  const now = Date.now();
  vi.spyOn(Date, 'now').mockReturnValue(now + 10_000);
});
afterEach(() => vi.restoreAllMocks());

// One cold process's scans (the engine's secrets scan and the write gate's home scans), each with its own
// FolderListings on the state folder's file; and whether they computed anything (the file written again).
const coldCall = () => {
  const before = statQuiet(kept);
  const secrets = homeSecretPaths([home], {}, undefined, new FolderListings(kept));
  const links = obeyedHomeLinks([root], home, new FolderListings(kept));
  const after = statQuiet(kept);
  return { secrets, links, scanned: before === undefined || after === undefined || before !== after };
};
const statQuiet = (path: string): string | undefined => {
  try {
    const stats = statSync(path, { bigint: true });
    return `${stats.ino}:${stats.mtimeNs}`;
  } catch {
    return undefined;
  }
};

describe('the kept home scan holds while what it read holds', () => {
  it('scans once, then not again for files added beside what it read (home, its secrets, the folders above)', () => {
    expect(coldCall().scanned).toBe(true);
    expect(coldCall().scanned).toBe(false);
    // What a session writes into the home folder and beside a secret: no start-up file, no dot-entry, no link.
    writeFileSync(join(home, 'notes.txt'), 'x\n');
    writeFileSync(join(home, '.claude', 'session.jsonl'), '{}\n');
    writeFileSync(join(base, 'beside-home.txt'), 'x\n');
    const runs = [coldCall(), coldCall(), coldCall()];
    expect(runs.map((run) => run.scanned)).toEqual([false, false, false]);
    expect(runs[0]!.secrets).toContain(join(base, 'vault'));
  });

  it('scans again for a start-up file that now sources a workspace file, and answers as a cold scan', () => {
    coldCall();
    writeFileSync(join(home, '.bashrc'), `. ${join(root, 'shell', 'rc.sh')}\n`);
    const after = coldCall();
    expect(after.scanned).toBe(true);
    expect(after.links.some((link) => link.rel === 'shell/rc.sh' && link.sourced === '~/.bashrc')).toBe(true);
    expect(after.links).toEqual(obeyedHomeLinks([root], home, new FolderListings()));
    expect(coldCall().scanned).toBe(false);
  });

  it('scans again for a new dot-entry of the home folder that links into the workspace', () => {
    coldCall();
    symlinkSync(join(root, 'shell', 'rc.sh'), join(home, '.toolrc'));
    const after = coldCall();
    expect(after.scanned).toBe(true);
    expect(after.links.some((link) => link.home === '.toolrc' && link.rel === 'shell/rc.sh')).toBe(true);
  });

  it('scans again for a secret re-pointed, and for a secret folder that appears', () => {
    coldCall();
    mkdirSync(join(base, 'vault-b'));
    rmSync(join(home, '.aws'));
    symlinkSync(join(base, 'vault-b'), join(home, '.aws'));
    const moved = coldCall();
    expect(moved.scanned).toBe(true);
    expect(moved.secrets).toContain(join(base, 'vault-b'));
    expect(moved.secrets).not.toContain(join(base, 'vault'));
    mkdirSync(join(home, '.ssh'));
    expect(coldCall().scanned).toBe(true);
    expect(JSON.parse(readFileSync(kept, 'utf8')).v).toMatch(/^1:/);
  });
});
