// Issue 31: the write gate's home-folder scan (obeyed-home-links.ts: what of the home folder resolves into the
// workspace, what its start-up files load there) is kept between processes in the state folder (home-kept.ts).
// Each FolderListings with the same file is what one cold process builds; every answer must equal a cold scan's.
import { existsSync, mkdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
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
  base = await tempDir('cw-home-kept-');
  home = join(base, 'home');
  root = join(home, 'dotfiles');
  mkdirSync(join(root, 'shell'), { recursive: true });
  mkdirSync(join(home, '.config', 'tool'), { recursive: true });
  writeFileSync(join(root, 'shell', 'rc.sh'), '# rc\n');
  writeFileSync(join(root, 'shell', 'more.sh'), '# more\n');
  writeFileSync(join(home, '.bashrc'), '. ~/dotfiles/shell/rc.sh\n');
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

const cold = () => obeyedHomeLinks([root], home, new FolderListings());
const nextCall = () => obeyedHomeLinks([root], home, new FolderListings(kept));
const sorted = (links: readonly { rel: string; home: string }[]) => [...links].map((link) => JSON.stringify(link)).sort();

describe('the home-folder scan kept between processes', () => {
  it('keeps the scan in the state folder for the next process, which answers as a cold scan', () => {
    const first = nextCall();
    expect(sorted(first)).toEqual(sorted(cold()));
    expect(first.some((link) => link.rel === 'shell/rc.sh' && link.sourced === '~/.bashrc')).toBe(true);
    expect(existsSync(kept)).toBe(true);
    const file = JSON.parse(readFileSync(kept, 'utf8')) as { entries: Record<string, { links: unknown[] }> };
    expect(Object.keys(file.entries).map((key) => JSON.parse(key)[0])).toEqual(expect.arrayContaining(['home-links', 'home-sources']));
    expect(sorted(nextCall())).toEqual(sorted(first));
  });

  it('sees a ~/.bashrc changed between two calls', () => {
    const before = nextCall();
    expect(before.some((link) => link.rel === 'shell/more.sh')).toBe(false);
    writeFileSync(join(home, '.bashrc'), '. ~/dotfiles/shell/rc.sh\nsource ~/dotfiles/shell/more.sh\n');
    const after = nextCall();
    expect(after.some((link) => link.rel === 'shell/more.sh' && link.sourced === '~/.bashrc')).toBe(true);
    expect(sorted(after)).toEqual(sorted(cold()));
  });

  it('sees a link added below a program folder, deeper than the folders listed first (same owner too)', () => {
    const listings = new FolderListings(kept);
    const before = obeyedHomeLinks([root], home, listings);
    expect(before.some((link) => link.home === '.config/tool/rc')).toBe(false);
    symlinkSync(join(root, 'shell'), join(home, '.config', 'tool', 'rc'));
    const after = obeyedHomeLinks([root], home, listings);
    expect(after.some((link) => link.home === '.config/tool/rc' && link.rel === 'shell')).toBe(true);
    expect(sorted(nextCall())).toEqual(sorted(cold()));
  });

  it('scans again past a garbled file, and keeps nothing for an owner without one', () => {
    writeFileSync(kept, '{"v":1,"entries":{"x":{"stamps":1}}}');
    expect(sorted(nextCall())).toEqual(sorted(cold()));
    expect(sorted(obeyedHomeLinks([root], home, new FolderListings()))).toEqual(sorted(cold()));
  });

  it("keeps where the home's secrets really are (the engine's scan), and sees a secret folder re-linked", () => {
    const secrets = (file?: string) => homeSecretPaths([home], {}, undefined, file === undefined ? new FolderListings() : new FolderListings(file)).sort();
    mkdirSync(join(base, 'vault-a'));
    mkdirSync(join(base, 'vault-b'));
    symlinkSync(join(base, 'vault-a'), join(home, '.aws'));
    const first = secrets(kept);
    expect(first).toContain(join(base, 'vault-a'));
    expect(secrets(kept)).toEqual(first);
    expect(first).toEqual(secrets());
    const file = JSON.parse(readFileSync(kept, 'utf8')) as { entries: Record<string, unknown> };
    expect(Object.keys(file.entries).some((key) => JSON.parse(key)[0] === 'home-secrets')).toBe(true);
    rmSync(join(home, '.aws'));
    symlinkSync(join(base, 'vault-b'), join(home, '.aws'));
    const after = secrets(kept);
    expect(after).toContain(join(base, 'vault-b'));
    expect(after).not.toContain(join(base, 'vault-a'));
    expect(after).toEqual(secrets());
  });
});
