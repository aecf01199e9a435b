// fix59 (issue 26, utf55's LEFT): the walk cache (workspace/listings.ts) was allow-listed as display-only, but the
// write gate decides on its names (obeyed-repos.ts: the nested repositories whose config git obeys, the links
// obeyed-alias.ts judges; git-nested-repos.ts). A folder `d\xfe` was listed as `d\uFFFD`, which the jail could not
// open: skipped without a word, so the repository inside it (its core.hooksPath) was never judged.
import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { scanWorkspace } from '../../src/permissions/obeyed-repos.js';
import { nestedRepositories } from '../../src/permissions/git-nested-repos.js';

const base = mkdtempSync(join(tmpdir(), 'cw-fix59-listings-'));
afterAll(() => rmSync(base, { recursive: true, force: true }));
const bytes = (ws: string, rel: string): Buffer => Buffer.from(`${ws}/${rel}`, 'latin1');

function workspace(name: string): string {
  const ws = join(base, name);
  mkdirSync(join(ws, 'src'), { recursive: true });
  writeFileSync(join(ws, 'src/a.ts'), 'a\n');
  return ws;
}

describe('the walk of the workspace: a name that is not UTF-8', () => {
  it('a folder holding a repository: the walk is cut, naming it (the write gate then obeys the whole tree)', () => {
    const ws = workspace('repo');
    mkdirSync(bytes(ws, 'd\xfe/inner/.git'), { recursive: true });
    writeFileSync(bytes(ws, 'd\xfe/inner/.git/config'), '[core]\n\thooksPath = ../../src\n');
    expect(scanWorkspace(ws).cut).toContain('d%FE');
    expect(nestedRepositories(ws).unknown).toContain('d%FE');
  });
  it('a symlink: the walk is cut', () => {
    const ws = workspace('link');
    symlinkSync('/etc', bytes(ws, 'src/l\xfe'));
    expect(scanWorkspace(ws).cut).toContain('src/l%FE');
  });
  it('a folder holding plain files only: nothing is cut (control)', () => {
    const ws = workspace('plain');
    mkdirSync(bytes(ws, 'donn\xe9es/x'), { recursive: true });
    writeFileSync(bytes(ws, 'donn\xe9es/x/r.txt'), 'r\n');
    expect(scanWorkspace(ws).cut).toBeUndefined();
    expect(nestedRepositories(ws).unknown).toBeUndefined();
  });
});
