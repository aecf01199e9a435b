// R44-a3 — MAJOR (a secret read: a token git loads for a nested clone or a submodule is shown raw by read, search's
// readers, the sandbox view and the `--sandbox off` jail).
// Class: "a git config file holding a credential" (git/config-credential.ts CredentialConfigs, R9-14) is any
// repository config (by where it lies: config/config.worktree of a git folder) OR any file git LOADS for the
// workspace's repository: its include.path / includeIf targets are walked (config-includes.ts loadedConfigNames) only
// from the workspace repository's own git folder. fix72 made the view filter the configs of every repository in the
// workspace (nested clones, modules at any depth), but the files THOSE configs include are never walked: git in
// vendor/lib loads vendor/lib/.git/extra.inc as its config, and nothing calls it a config.
//   main repo:   .git/config  [include] path = extra2.inc  -> read .git/extra2.inc: C211; the view shows it empty
//   nested:      vendor/lib/.git/config [include] path = extra.inc -> read prints the token; in exec,
//                `cat vendor/lib/.git/extra.inc` and `git -C vendor/lib remote -v` print it (bwrap and the off jail)
//   submodule:   .git/modules/sub/config [include] path = creds.inc -> read and `cat` print the token
//   linked:      vendor/lnk/.git/config -> ../../../cfg/lnk.cfg (a plain file) -> read and `git -C vendor/lnk remote -v`
//                print the token (walked-configs leaves a link "to its target", which no rule calls a config; the
//                workspace repository's own linked config is caught by CredentialConfigs' loaded files)
// Repro (integ b1bb7db3, root, bwrap): the fixture below; `codeward read vendor/lib/.git/extra.inc`.
// Suggested fix (src/git/config-credential.ts + src/sandbox/walked-configs.ts): walk the includes of EVERY repository
// config the walk finds (walked-configs' list and repo-configs' moduleDirs), with walkConfigFiles, and judge each
// loaded file by content as the workspace repository's includes are (C211 in read; a filtered copy or hidden in the
// views). One predicate: "a file git loads for any repository the view shows".
import { existsSync, mkdirSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { spawnSync } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CLI } from '../helpers/fixture.js';
import { bareBase, bareCli, bareExec, removeBare } from '../helpers/bare-cli.js';
import { bwrapWorks } from '../shell/stage-helpers.js';

const usable = bwrapWorks && existsSync(CLI);
const NESTED = 'ghp_R44a3NESTEDTOKEN0123456789abcdef';
const MODULE = 'ghp_R44a3MODULETOKEN0123456789abcdef';
const MAIN = 'ghp_R44a3MAINTOKEN0123456789abcdefab';
const LINKED = 'ghp_R44a3LINKEDTOKEN0123456789abcdef';
const remote = (token: string): string => `[remote "origin"]\n\turl = https://alice:${token}@github.com/x/y.git\n`;
let base: string | undefined;
const outs: Record<string, string> = {};

beforeAll(async () => {
  base = await bareBase('cw-rt44a-nested-include-', { files: { 'a.txt': 'a\n' } });
  const ws = join(base, 'ws');
  if (!usable) return;
  spawnSync('git', ['init', '-q', join(ws, 'vendor', 'lib')]);
  writeFileSync(join(ws, 'vendor', 'lib', '.git', 'extra.inc'), remote(NESTED));
  writeFileSync(join(ws, 'vendor', 'lib', '.git', 'config'), '[core]\n\tbare = false\n[include]\n\tpath = extra.inc\n');
  writeFileSync(join(ws, '.git', 'extra2.inc'), remote(MAIN));
  writeFileSync(join(ws, '.git', 'config'), '[core]\n\tbare = false\n[include]\n\tpath = extra2.inc\n');
  const sub = join(ws, '.git', 'modules', 'sub');
  mkdirSync(join(sub, 'objects'), { recursive: true });
  writeFileSync(join(sub, 'HEAD'), 'ref: refs/heads/main\n');
  writeFileSync(join(sub, 'config'), '[core]\n\tbare = false\n[include]\n\tpath = creds.inc\n');
  writeFileSync(join(sub, 'creds.inc'), remote(MODULE));
  // A nested clone whose config is a link to a plain file (dotfiles-managed): read and the view judge the target by its
  // place (not in a git folder), git loads it as the repository's config.
  spawnSync('git', ['init', '-q', join(ws, 'vendor', 'lnk')]);
  mkdirSync(join(ws, 'cfg'));
  writeFileSync(join(ws, 'cfg', 'lnk.cfg'), `[core]\n\tbare = false\n${remote(LINKED)}`);
  rmSync(join(ws, 'vendor', 'lnk', '.git', 'config'));
  symlinkSync('../../../cfg/lnk.cfg', join(ws, 'vendor', 'lnk', '.git', 'config'));
  outs['readLinked'] = bareCli(base, ['read', 'vendor/lnk/.git/config']);
  outs['readMain'] = bareCli(base, ['read', '.git/extra2.inc']);
  outs['readNested'] = bareCli(base, ['read', 'vendor/lib/.git/extra.inc']);
  outs['readModule'] = bareCli(base, ['read', '.git/modules/sub/creds.inc']);
  const line = 'cat .git/extra2.inc vendor/lib/.git/extra.inc .git/modules/sub/creds.inc; git -C vendor/lib remote -v; git -C vendor/lnk remote -v; echo done';
  outs['exec'] = bareExec(base, line, false);
  outs['off'] = bareCli(base, ['--sandbox', 'off', '--yes', 'exec', '--no-stage', '--cmd', line]);
}, 120_000);
afterAll(() => removeBare(base));

describe.skipIf(!usable)("R44-a3 MAJOR: a token in a file a nested clone's or submodule's config includes is shown", () => {
  it("control: the workspace repository's include target is refused by read and not shown in exec", () => {
    expect(outs['readMain']).toMatch(/C211/);
    expect(outs['exec']).toContain('done');
    expect(outs['exec']).not.toContain(MAIN);
  });
  it("read refuses the nested clone's included config", () => {
    expect(outs['readNested']).not.toContain(NESTED);
  });
  it("read refuses the submodule's included config", () => {
    expect(outs['readModule']).not.toContain(MODULE);
  });
  it("read refuses a nested clone's config that is a link to a plain file (git loads it as the config)", () => {
    expect(outs['readLinked']).not.toContain(LINKED);
  });
  it('the sandbox view does not show the linked config token either', () => {
    expect(outs['exec']).not.toContain(LINKED);
  });
  it('the sandbox view does not show either token (cat, git remote -v)', () => {
    expect(outs['exec']).not.toContain(NESTED);
    expect(outs['exec']).not.toContain(MODULE);
  });
  it('the --sandbox off jail does not show either token', () => {
    expect(outs['off']).toContain('done');
    expect(outs['off']).not.toContain(NESTED);
    expect(outs['off']).not.toContain(MODULE);
  });
});
