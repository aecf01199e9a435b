// R43-a2 — MAJOR (a secret read: a token in a submodule's git config shown raw to the sandboxed run) — the sandbox
// binds a filtered copy over each config of the repository (sandbox/repo-configs.ts), but moduleDirs looks for
// submodule git folders only MODULE_DEPTH (6) folders below .git/modules. A submodule's git folder is named by the
// submodule's name, slashes and all (`third_party/go/src/github.com/org/lib` is 7): its config, holding
// `url = https://alice:TOKEN@github.com/...` when it was cloned that way, is bound raw. `read` refuses the same file
// (C211: it judges any config of a git folder by its content), so the view and the read jail disagree.
// Class: a depth cap in a walk that decides what is hidden (R42-a3's class: "not found below the cap" = "nothing
// to hide"); unnamedConfigHolds (repo-configs-bytes.ts) has the same cap.
// Repro (integ 3bd9898c, root, bwrap): .git/modules/a/b/c/d/e/f/g/{HEAD,config with a token URL}
//   $ codeward --yes exec --cmd 'cat .git/modules/a/b/c/d/e/f/g/config'   -> the token
//   $ codeward --yes exec --cmd 'cat .git/modules/a/b/config'             -> `url = https://github.com/x/y`
//   $ codeward read .git/modules/a/b/c/d/e/f/g/config                      -> C211
// Same enumeration, second hole: a SUBMODULE's linked worktree (.git/modules/sub/worktrees/w/config.worktree, read by
// git with extensions.worktreeConfig) is never listed (only the top repository's worktrees/ are): bound raw too.
//   $ codeward --yes exec --cmd 'cat .git/modules/sub/worktrees/w/config.worktree'  -> the token (read: C211)
// Third hole, the widest: a NESTED clone's config (vendor/lib/.git/config, a dependency cloned with a token URL) is not
// the workspace repository's at all, so nothing filters it: `cat vendor/lib/.git/config` and `git -C vendor/lib remote
// -v` print the token in the sandbox (and in the off jail); `read` refuses it (C211).
// Fix (src/sandbox/repo-configs.ts moduleDirs, repo-configs-bytes.ts): no depth cap that reads as "nothing here":
// walk modules/ whole by bytes with an entry budget, and past the budget hide .git/modules whole (fail closed).
import { spawnSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { BARE_USABLE, bareCli, bareExec, bareSuite } from '../helpers/bare-cli.js';

const TOKEN = 'ghp_R43a2SECRETTOKEN0123456789abcdef';
const CONFIG = `[core]\n\tbare = false\n[remote "origin"]\n\turl = https://alice:${TOKEN}@github.com/x/y\n`;
const { outs } = bareSuite('cw-rt43a-deep-module-', (base, outs) => {
  const ws = join(base, 'ws');
  for (const name of ['a/b', 'a/b/c/d/e/f/g']) {
    const dir = join(ws, '.git', 'modules', name);
    mkdirSync(dir, { recursive: true });
    writeFileSync(join(dir, 'HEAD'), 'ref: refs/heads/main\n');
    writeFileSync(join(dir, 'config'), CONFIG);
  }
  const sub = join(ws, '.git', 'modules', 'sub');
  mkdirSync(join(sub, 'worktrees', 'w'), { recursive: true });
  writeFileSync(join(sub, 'HEAD'), 'ref: refs/heads/main\n');
  writeFileSync(join(sub, 'config'), '[core]\n\tbare = false\n');
  writeFileSync(join(sub, 'worktrees', 'w', 'HEAD'), 'ref: refs/heads/w\n');
  writeFileSync(join(sub, 'worktrees', 'w', 'config.worktree'), CONFIG);
  spawnSync('git', ['init', '-q', join(ws, 'vendor', 'lib')]);
  writeFileSync(join(ws, 'vendor', 'lib', '.git', 'config'), CONFIG);
  // fix72: a bare repository in the workspace (a test fixture), whose config read refuses by its shape.
  spawnSync('git', ['init', '-q', '--bare', join(ws, 'fixtures', 'repo.git')]);
  writeFileSync(join(ws, 'fixtures', 'repo.git', 'config'), CONFIG.replace('false', 'true'));
  outs['shallow'] = bareExec(base, 'cat .git/modules/a/b/config', true);
  outs['deep'] = bareExec(base, 'cat .git/modules/a/b/c/d/e/f/g/config', true);
  outs['worktree'] = bareExec(base, 'cat .git/modules/sub/worktrees/w/config.worktree', true);
  outs['nested'] = bareExec(base, 'cat vendor/lib/.git/config; git -C vendor/lib remote -v', true);
  outs['bare'] = bareExec(base, 'cat fixtures/repo.git/config', true);
  outs['off'] = bareCli(base, ['--yes', '--sandbox', 'off', 'exec', '--cmd', 'cat .git/modules/a/b/c/d/e/f/g/config vendor/lib/.git/config']);
  outs['read'] = bareCli(base, ['--yes', 'read', '.git/modules/a/b/c/d/e/f/g/config']);
});

describe.skipIf(!BARE_USABLE)('R43-a2 MAJOR: git configs with a credential the view binds raw (deep module, module worktree, nested clone)', () => {
  it('control: 2 deep, the token is filtered out of the view', () => {
    expect(outs['shallow']).toContain('url = https://github.com/x/y');
    expect(outs['shallow']).not.toContain(TOKEN);
  });
  it('control: read refuses the deep one', () => {
    expect(outs['read']).toMatch(/C211/);
  });
  it('7 deep: the sandboxed run does not see the token either', () => {
    expect(outs['deep']).not.toContain(TOKEN);
  });
  it("a submodule's linked worktree config.worktree: not shown raw either", () => {
    expect(outs['worktree']).not.toContain(TOKEN);
  });
  it("a nested clone's .git/config: not shown raw either", () => {
    expect(outs['nested']).not.toContain(TOKEN);
    expect(outs['nested']).toContain('https://github.com/x/y (fetch)');
  });
  it('fix72: the deep one is shown filtered (git still reads it)', () => {
    expect(outs['deep']).toContain('url = https://github.com/x/y');
  });
  it("fix72: a bare repository's config in the workspace: filtered too", () => {
    expect(outs['bare']).not.toContain(TOKEN);
    expect(outs['bare']).toContain('url = https://github.com/x/y');
  });
  it('fix72: the --sandbox off jail filters the same files', () => {
    expect(outs['off']).not.toContain(TOKEN);
    expect(outs['off']).toContain('url = https://github.com/x/y');
  });
});
