// fix79 LEFT (redo of fix82) — MAJOR (a secret read: a token git loads for a nested clone or a linked config is
// shown raw by read and search while the sandbox view hides it).
// Class: read's predicate "a file git loads for a repository of the workspace" (git/config-credential.ts) looked only
// at the git folders ABOVE the file asked (LoadsAbove), where the view (sandbox/repo-loaded.ts) walks every repository
// config of the workspace and everything each one loads. So read missed what a nested config loads from OUTSIDE its
// git folder, and a linked config's target asked by its own name:
//   (a) vendor/lib/.git/config [include] path = ../creds.inc  -> `read vendor/lib/creds.inc` printed the token
//   (b) vendor/lnk/.git/config -> ../../../cfg/lnk.cfg (a plain file) -> `read cfg/lnk.cfg` printed the token
//   (c) `search` found and printed both
// Fix: src/git/workspace-configs.ts (every repository config of the workspace, kept per folder stamp) +
// src/git/workspace-loads.ts (what they load): read, search and the view judge by the same set.
import { existsSync, mkdirSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { spawnSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { CLI } from '../helpers/fixture.js';
import { BARE_USABLE, bareCli, bareExec, bareSuite } from '../helpers/bare-cli.js';

const usable = existsSync(CLI);
const OUTSIDE = 'ghp_R45cfgOUTSIDETOKEN0123456789abcd';
const LINKED = 'ghp_R45cfgLINKEDTOKEN01234567890abcd';
const DEEP = 'ghp_R45cfgDEEPTOKEN0123456789abcdefa';
const remote = (token: string): string => `[remote "origin"]\n\turl = https://alice:${token}@github.com/x/y.git\n`;
const { outs } = bareSuite(
  'cw-rt45-cfg-include-',
  (base, outs) => {
    const ws = join(base, 'ws');
    // (a) a nested clone including a file outside its git folder (a sibling of .git), and a submodule-like nested
    // clone two levels down including a file at the workspace top.
    spawnSync('git', ['init', '-q', join(ws, 'vendor', 'lib')]);
    writeFileSync(join(ws, 'vendor', 'lib', 'creds.inc'), remote(OUTSIDE));
    writeFileSync(join(ws, 'vendor', 'lib', '.git', 'config'), '[core]\n\tbare = false\n[include]\n\tpath = ../creds.inc\n');
    spawnSync('git', ['init', '-q', join(ws, 'deps', 'x', 'y')]);
    writeFileSync(join(ws, 'top.inc'), remote(DEEP));
    writeFileSync(join(ws, 'deps', 'x', 'y', '.git', 'config'), '[core]\n\tbare = false\n[includeIf "onbranch:main"]\n\tpath = ../../../../top.inc\n');
    // (b) a nested clone whose config is a link to a plain file, the target asked by its own name.
    spawnSync('git', ['init', '-q', join(ws, 'vendor', 'lnk')]);
    mkdirSync(join(ws, 'cfg'));
    writeFileSync(join(ws, 'cfg', 'lnk.cfg'), `[core]\n\tbare = false\n${remote(LINKED)}`);
    rmSync(join(ws, 'vendor', 'lnk', '.git', 'config'));
    symlinkSync('../../../cfg/lnk.cfg', join(ws, 'vendor', 'lnk', '.git', 'config'));
    outs['readOutside'] = bareCli(base, ['read', 'vendor/lib/creds.inc']);
    outs['readDeep'] = bareCli(base, ['read', 'top.inc']);
    outs['readLinked'] = bareCli(base, ['read', 'cfg/lnk.cfg']);
    outs['search'] = bareCli(base, ['search', 'ghp_R45cfg']);
    outs['searchFixed'] = bareCli(base, ['search', 'alice']);
    // Twice: a second call (which may answer from what the first kept in the state folder) must agree.
    outs['readOutside2'] = bareCli(base, ['read', 'vendor/lib/creds.inc']);
    outs['search2'] = bareCli(base, ['search', 'ghp_R45cfg']);
    outs['control'] = bareCli(base, ['read', 'a.txt']);
    if (BARE_USABLE) outs['exec'] = bareExec(base, 'cat vendor/lib/creds.inc top.inc cfg/lnk.cfg; echo done', false);
  },
  { made: { files: { 'a.txt': 'a\n' } }, usable },
);

describe.skipIf(!usable)('R45 cfg: what a nested or linked repository config loads is refused by read and search', () => {
  it('control: a plain file reads', () => {
    expect(outs['control']).toContain('a');
    expect(outs['control']).not.toMatch(/C211/);
  });
  it("(a) read refuses a file a nested clone's config includes from outside its git folder (C211)", () => {
    expect(outs['readOutside']).not.toContain(OUTSIDE);
    expect(outs['readOutside']).toMatch(/C211/);
    expect(outs['readOutside2']).not.toContain(OUTSIDE);
    expect(outs['readOutside2']).toMatch(/C211/);
  });
  it("(a) read refuses a file a deeper nested clone's includeIf names at the workspace top (C211)", () => {
    expect(outs['readDeep']).not.toContain(DEEP);
    expect(outs['readDeep']).toMatch(/C211/);
  });
  it("(b) read refuses a linked config's target asked by its own name (C211)", () => {
    expect(outs['readLinked']).not.toContain(LINKED);
    expect(outs['readLinked']).toMatch(/C211/);
  });
  it.skipIf(!BARE_USABLE)('the sandbox view hides the same three (one set)', () => {
    expect(outs['exec']).toContain('done');
    for (const token of [OUTSIDE, DEEP, LINKED]) expect(outs['exec']).not.toContain(token);
  });
  it('(c) search shows none of the three tokens', () => {
    for (const out of [outs['search'], outs['searchFixed'], outs['search2']]) {
      expect(out).not.toContain(OUTSIDE);
      expect(out).not.toContain(DEEP);
      expect(out).not.toContain(LINKED);
    }
  });
});
