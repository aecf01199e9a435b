// R43-a6: codeward's own code (its package folder and every package its dependencies resolve to) is the write gate's
// when it lies in the workspace or a writable area (own-code.ts).
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { ownCodeFolders, ownCodeIn, ownPackage, ownPackageIn } from '../../src/permissions/own-code.js';
import { FolderListings } from '../../src/workspace/listings.js';
import { isObeyedLater } from '../../src/permissions/obeyed.js';
import { immunePath } from '../../src/permissions/immune-paths.js';
import { REPO_ROOT } from '../helpers/fixture.js';

const base = mkdtempSync(join(tmpdir(), 'cw-own-code-'));
const pkg = (folder: string, json: object): void => {
  mkdirSync(folder, { recursive: true });
  writeFileSync(join(folder, 'package.json'), JSON.stringify(json));
};
const ws = join(base, 'ws');
const own = join(ws, 'node_modules', 'codeward');
pkg(own, { name: 'codeward', dependencies: { a: '1' }, optionalDependencies: { '@s/o': '1' } });
pkg(join(ws, 'node_modules', 'a'), { name: 'a', dependencies: { b: '1', missing: '1' } });
pkg(join(ws, 'node_modules', 'a', 'node_modules', 'b'), { name: 'b' });
pkg(join(ws, 'node_modules', '@s', 'o'), { name: '@s/o' });
pkg(join(ws, 'node_modules', 'unrelated'), { name: 'unrelated' });
afterAll(() => rmSync(base, { recursive: true, force: true }));

describe('own-code: codeward installed where its runs write', () => {
  it('finds its package folder, its dependencies and where a missing one would land, nothing else', () => {
    // a/node_modules/b lies in a; `missing` is looked for in a/node_modules (in a), then node_modules/ (R44-a1); the
    // file forms require tries before a found folder are kept beside it (R45-a1).
    const forms = (name: string): string[] => ['', '.js', '.json', '.node'].map((form) => `node_modules/${name}${form}`);
    expect(ownCodeIn([ws], own).sort()).toEqual([...forms('@s/o'), ...forms('a'), 'node_modules/codeward', ...forms('missing')]);
  });
  it('nothing when codeward is not in the areas (the common case)', () => {
    expect(ownCodeIn([join(base, 'elsewhere')], own)).toEqual([]);
    expect(ownCodeFolders([join(base, 'elsewhere')], own)).toEqual([]);
  });
  it('the running code is found from this module: the repository itself', () => {
    expect(ownPackage()).toBe(resolve(REPO_ROOT));
  });
  it('the write gate asks for a write there, and names why', () => {
    const ctx = { gitPaths: [], own: ownCodeIn([ws], own) };
    expect(isObeyedLater('node_modules/codeward/dist/bin/codeward.js', ctx)?.by).toBe('codeward itself');
    expect(immunePath('node_modules/a/index.js', true, [], ctx)?.description).toMatch(/codeward's own code/);
    expect(isObeyedLater('node_modules/unrelated/index.js', ctx)).toBeUndefined();
  });

  // fix76: every sandboxed exec asked ownPackage again (up to 6 package.json read); the engine's memo keeps it while
  // each package.json it looked at keeps its identity and times.
  it("ownPackageIn: kept in the owner's memo, looked at again when a package.json it read changed", () => {
    const from = join(REPO_ROOT, 'src', 'permissions', 'own-code.ts');
    const listings = new FolderListings(undefined);
    expect(ownPackageIn(listings, from)).toBe(resolve(REPO_ROOT));
    const key = `own-code:${from}`;
    const kept = listings.recall<{ looked: string[]; stamps: string; own: string }>(key);
    expect(kept?.looked).toEqual([join(REPO_ROOT, 'src', 'permissions', 'package.json'), join(REPO_ROOT, 'src', 'package.json'), join(REPO_ROOT, 'package.json')]);
    // What it kept is what it answers; a stamp that no longer matches (a package.json changed): looked at again.
    listings.keep(key, { ...kept, own: '/kept' });
    expect(ownPackageIn(listings, from)).toBe('/kept');
    listings.keep(key, { ...kept, own: '/kept', stamps: 'changed' });
    expect(ownPackageIn(listings, from)).toBe(resolve(REPO_ROOT));
  });
  it('ownPackageIn: a package.json changed within the racy window is not kept', () => {
    const fresh = join(base, 'fresh');
    pkg(fresh, { name: 'codeward' });
    const listings = new FolderListings(undefined);
    expect(ownPackageIn(listings, join(fresh, 'x.js'))).toBe(fresh);
    expect(listings.recall(`own-code:${join(fresh, 'x.js')}`)).toBeUndefined();
  });
});
