// Red team R22b-1/2/6, the bound itself (class R21-9: a bound never stops silently): the home scan has no depth
// bound and a budget per listed folder (home-links.ts MAX_FOLDERS); past it the scan fails closed, naming it (the
// whole work tree asks; the secrets scan hides every workspace file). What it skips is only what cannot hold a
// link a program obeys (a git object store). A link added deep below a kept scan is seen at the next call (the
// folder it lands in is stamped), and a PATH folder's new link too. Real folders and links in a temp home.
import { mkdirSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { homeLinksInto, MAX_FOLDERS } from '../../src/permissions/home-links.js';
import { obeyedContext } from '../../src/permissions/obeyed-context.js';
import { obeyedHomeLinks } from '../../src/permissions/obeyed-home-links.js';
import { isObeyedLater } from '../../src/permissions/obeyed.js';
import { homeSecretPaths, linkedSecretGlobs } from '../../src/sandbox/home-secrets.js';
import { FolderListings } from '../../src/workspace/listings.js';
import { removeDir, tempDir } from '../helpers/fixture.js';

let base: string;
let count = 0;
beforeAll(async () => {
  base = await tempDir('r22b-cut-');
});
afterAll(async () => removeDir(base));

const fresh = (): { home: string; ws: string } => {
  const home = join(base, `h${++count}`), ws = join(base, `w${count}`);
  mkdirSync(home, { recursive: true });
  mkdirSync(join(ws, 'src'), { recursive: true });
  writeFileSync(join(ws, 'src/a.ts'), '1\n');
  return { home, ws };
};
const link = (target: string, path: string): void => {
  mkdirSync(join(path, '..'), { recursive: true });
  symlinkSync(target, path);
};
const wide = (at: string): void => {
  for (let i = 0; i <= MAX_FOLDERS; i++) mkdirSync(join(at, `d${i}`), { recursive: true });
};
// Its folders removed within the test's own time (removing them all in afterAll ran past the hook's limit on a
// loaded CI machine).
const unwide = (at: string): void => rmSync(at, { recursive: true, force: true });

describe('R22b-1: past the bound the write gate fails closed, naming it', () => {
  it('a listed folder with more folders than the bound: every write asks, the message names the bound', () => {
    const { home, ws } = fresh();
    wide(join(home, '.local/share/big'));
    const found = isObeyedLater('src/a.ts', obeyedContext(ws, home));
    unwide(join(home, '.local/share/big'));
    expect(found?.why).toContain(`more than ${MAX_FOLDERS} folders below it`);
    expect(found?.why).toContain('~/.local/share');
  }, 120_000);

  it('a link ten levels below ~/.config/nvim is found (no depth bound)', () => {
    const { home, ws } = fresh();
    link(join(ws, 'nv/x.lua'), join(home, '.config/nvim/a/b/c/d/e/f/g/h/i/x.lua'));
    expect(isObeyedLater('nv/x.lua', obeyedContext(ws, home))?.pattern).toBe('~/.config/nvim');
    expect(isObeyedLater('src/a.ts', obeyedContext(ws, home))).toBeUndefined();
  });

  it('a git clone\'s hooks are looked into, its object store is not (git writes only hash-named files there)', () => {
    const { home, ws } = fresh();
    link(join(ws, 'h.sh'), join(home, '.oh-my-zsh/.git/hooks/post-merge'));
    mkdirSync(join(home, '.oh-my-zsh/.git/objects/ab'), { recursive: true });
    const scan = homeLinksInto(home, ['.oh-my-zsh'], [], [ws]);
    expect(scan.links.map((each) => each.rel)).toEqual(['h.sh']);
    expect(scan.listed.some((folder) => folder.endsWith('/objects/ab'))).toBe(false);
    expect(scan.cut).toEqual([]);
  });

  it('a kept scan sees a link added deep below later, and a new link of a PATH folder', () => {
    const { home, ws } = fresh();
    mkdirSync(join(home, '.config/nvim/lua/custom/plugins'), { recursive: true });
    const bin = join(base, `bin${count}`);
    mkdirSync(bin);
    const listings = new FolderListings();
    const env = { PATH: bin };
    const rels = (): string[] => obeyedHomeLinks([ws], home, listings, {}, env).map((each) => each.rel).sort();
    expect(rels()).toEqual([]);
    link(join(ws, 'nv/x.lua'), join(home, '.config/nvim/lua/custom/plugins/x.lua'));
    link(join(ws, 'bin/tool'), join(bin, 'tool'));
    expect(rels()).toEqual(['bin/tool', 'nv/x.lua']);
  });
});

describe('R22b-2: past the bound the secrets scan hides every workspace file', () => {
  it('a secret folder with more folders than the bound: the workspace is hidden whole', () => {
    const { home, ws } = fresh();
    wide(join(home, '.password-store'));
    const [paths, globs] = [homeSecretPaths([home]), linkedSecretGlobs(ws, [home])];
    unwide(join(home, '.password-store'));
    expect(paths).toContain('/');
    expect(globs).toContain('**');
  }, 120_000);

  it('below the bound only the linked secret is hidden', () => {
    const { home, ws } = fresh();
    mkdirSync(join(home, '.password-store/site1'), { recursive: true });
    link(join(ws, 'sec/key.txt'), join(home, '.config/sops/age/keys.txt'));
    expect(linkedSecretGlobs(ws, [home])).toEqual(['sec/key.txt']);
  });
});

describe('R22b-6: PATH folders one level deep', () => {
  it('a link through another link (an alternatives chain) into the workspace is found; the message names the PATH entry', () => {
    const { home, ws } = fresh();
    const bin = join(base, `pbin${count}`), alt = join(base, `alt${count}`);
    link(join(ws, 'bin/tool'), join(alt, 'tool'));
    link(join(alt, 'tool'), join(bin, 'tool'));
    const found = obeyedHomeLinks([ws], home, new FolderListings(), {}, { PATH: `/nowhere:${bin}` });
    expect(found).toEqual([{ rel: 'bin/tool', home: '', sourced: `${join(bin, 'tool')} (on PATH)`, exact: true }]);
  });

  it('control: a PATH folder inside the workspace (npm\'s node_modules/.bin) is left to the PATH row: its links\' targets stay free', () => {
    const { home, ws } = fresh();
    link('../pkg/bin/x.js', join(ws, 'node_modules/.bin/x'));
    const found = obeyedHomeLinks([ws], home, new FolderListings(), {}, { PATH: join(ws, 'node_modules/.bin') });
    expect(found).toEqual([]);
  });
});

