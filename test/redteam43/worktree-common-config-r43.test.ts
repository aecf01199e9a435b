// R43-a7 — MAJOR (conditional; a secret read: the workspace repository's own remote token printed by `git remote -v`,
// R5-9's exact case) — a workspace that is a LINKED WORKTREE keeps its repository's config in the main checkout's
// .git (the common folder), outside the workspace. The sandbox says so on the first `git` ("not a git repository …
// name more in sandboxReadable"); once the person does (sandboxReadable [main]), the common config is bound as the
// host's file: repo-configs.ts repositoryConfigFiles keeps only configs `inView` of the root or `shown` (the
// enclosing-repository folders), and sandboxReadable folders are not among them, so no filtered copy is bound.
// A plain clone's `git remote -v` prints `https://github.com/x/w`; the worktree's prints the token.
// Class: the view's credential filter decided per folder KIND (workspace / enclosing) instead of per config file
// git reads for the workspace's repository (R43-a2's class).
// Repro (integ 3bd9898c, root, bwrap): main/ with `origin https://carol:TOKEN@github.com/x/w`; `git worktree add ../wt`;
//   ~/.codeward/config.json {"sandboxReadable":["$B/main"]}; in wt:
//   $ codeward --yes exec --cmd 'git remote -v'   -> origin https://carol:TOKEN@… (fetch/push)
// Fix (src/sandbox/repo-configs.ts repositoryConfigFiles): filter every config of the workspace's repository (git
// folder, common folder, worktrees, modules) wherever the view shows it (any bound folder: sandboxReadable, shown,
// enclosing), not only inside the root or the enclosing repository.
import { spawnSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { BARE_USABLE, bareExec, bareSuite } from '../helpers/bare-cli.js';

const TOKEN = 'ghp_R43a7MAINTOKEN0123456789abcdef';
const { outs } = bareSuite('cw-rt43a-wt-common-', (base, outs) => {
  const main = join(base, 'main');
  const git = (cwd: string, ...args: string[]): void => void spawnSync('git', ['-c', 'user.name=t', '-c', 'user.email=t@t', ...args], { cwd });
  git(main, 'commit', '-q', '--allow-empty', '-m', 'i');
  git(main, 'remote', 'add', 'origin', `https://carol:${TOKEN}@github.com/x/w`);
  git(main, 'worktree', 'add', '-q', join(base, 'wt'));
  git(join(base, 'clone'), 'remote', 'add', 'origin', `https://carol:${TOKEN}@github.com/x/w`);
  mkdirSync(join(base, 'h', '.codeward'), { recursive: true });
  writeFileSync(join(base, 'h', '.codeward', 'config.json'), JSON.stringify({ sandboxReadable: [main] }));
  outs['clone'] = bareExec(base, 'git remote -v', true, { cwd: join(base, 'clone') });
  outs['wt'] = bareExec(base, 'git remote -v', true, { cwd: join(base, 'wt') });
}, { made: { workspaces: ['main', 'clone'] } });

describe.skipIf(!BARE_USABLE)("R43-a7 MAJOR: a linked worktree's common config, shown by sandboxReadable, is bound with its token", () => {
  it('control: a plain clone shows the remote without the token', () => {
    expect(outs['clone']).toContain('https://github.com/x/w');
    expect(outs['clone']).not.toContain(TOKEN);
  });
  it('control: git works in the worktree', () => {
    expect(outs['wt']).toContain('github.com/x/w');
  });
  it('the worktree shows the remote without the token too', () => {
    expect(outs['wt']).not.toContain(TOKEN);
  });
});
