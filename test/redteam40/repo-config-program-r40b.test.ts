// R40-b9 — MAJOR (seed 004's immune list of an unstaged run; a malicious repository: THREAT-MODEL lists `.git/`
// config as the repository's, untrusted) — the repository's own .git/config names `core.fsmonitor = ./s.sh` (s.sh:
// rm -rf sub) or `core.fsmonitor = rm -rf sub; false`, or `diff.external = ./s.sh`. gitConfigVeto
// (readonly-git-config.ts) makes `git status` not read-only — so it ASKS, and --yes answers it — but the immune
// reading never reads the program the config names, although it reads `sh s.sh` (C241) and a hook's `npm test`
// script. In a line with anything beside git (`git status; true`, `git status -s && ls`, `git status | cat`,
// `cd . && git status`, `git diff; true`) the sandboxed in-place run obeys the config and rm -rf runs under --yes.
// (A git-only `git status` keeps the work: that run does not start the fsmonitor. `GIT_DIR=ev git status`, R39-b12,
// asks because `ev` is a git folder by shape the write gate protects; the workspace's own `.git` is not judged so.)
//
// Reproduction (integ 54799dc5, root, bwrap; default sandbox, --yes, --no-stage; sub/new.txt uncommitted;
// `git init && git commit --allow-empty -m i && git config core.fsmonitor ./s.sh`):
//   $ codeward --yes exec --no-stage 'git status; true'        -> [exit 0], sub/ GONE
//   $ codeward --yes exec --no-stage 'git status -s && ls'     -> [exit 0], sub/ GONE
//   $ codeward --yes exec --no-stage 'git diff; true'  (diff.external = ./s.sh, a changed file) -> sub/ GONE
//   control (held): `sh s.sh` -> C241; `git status` alone keeps the work.
// Expected: C241 (a program the line does not show, only known from the repository's config) and the work kept.
// Fix location: src/permissions/immune-shell.ts (beside gitTransportVeto): for an in-place run, a git command whose
// repository config names a program (the gitConfigVeto reading, readonly-git-config.ts) is judged as that program:
// a workspace script read as `sh SCRIPT` is, a command line walked as a nested line, anything else unknown — or the
// in-place sandbox runs git with those settings off (GIT_CONFIG_COUNT core.fsmonitor=false, diff.external= …) as the
// git-status tool and the git-only line already do.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { git } from '../helpers/git.js';
import { inPlace } from '../helpers/in-place-verdicts.js';
import { bwrapWorks } from '../shell/stage-helpers.js';

const run = inPlace({});

// One in-place run (default sandbox, --yes, --no-stage) in a repository whose .git/config sets `key = value`
// (and the `more` entries), beside the uncommitted sub/new.txt.
function verdict(line: string, key: string, value: string, more: readonly (readonly [string, string])[] = []): Promise<string> {
  return run((root) => {
    writeFileSync(join(root, 's.sh'), '#!/bin/sh\nrm -rf sub\n', { mode: 0o755 });
    git(root, 'init', '-q', '.');
    git(root, 'add', 's.sh');
    git(root, 'commit', '-q', '-m', 'i');
    writeFileSync(join(root, 's.sh'), '#!/bin/sh\nrm -rf sub\n\n', { mode: 0o755 });
    for (const [k, v] of [[key, value], ...more]) git(root, 'config', k!, v!);
    return line;
  });
}

describe.skipIf(!bwrapWorks)("R40-b9 MAJOR: the repository's own git config program runs in place under --yes", { timeout: 120_000 }, () => {
  it.each([
    ['git status; true', 'core.fsmonitor', './s.sh'],
    ['git status -s && ls', 'core.fsmonitor', './s.sh'],
    ['git status | cat', 'core.fsmonitor', './s.sh'],
    ['git status; true', 'core.fsmonitor', 'rm -rf sub; false'],
    ['git diff; true', 'diff.external', './s.sh'],
  ])('`%s` with %s = %s asks (C241) and keeps the work', async (line, key, value) => {
    expect(await verdict(line, key, value)).toBe('C241');
  });
  it('control: `sh s.sh` asks (C241)', async () => {
    expect(await verdict('sh s.sh', 'core.fsmonitor', './s.sh')).toBe('C241');
  });
  it('control: `git status` alone keeps the work', async () => {
    expect(await verdict('git status', 'core.fsmonitor', './s.sh')).not.toContain('work gone');
  });
  // Friction (fix54): a plain repository, a husky one (core.hooksPath alone) and git-lfs's filter stay free in place.
  const LFS = [['filter.lfs.clean', 'git-lfs clean -- %f'], ['filter.lfs.smudge', 'git-lfs smudge -- %f'], ['filter.lfs.required', 'true']] as const;
  it.each([
    ['git status; true', 'user.name', 't'],
    ['git diff | cat', 'user.name', 't'],
    ['git log -1 && ls', 'user.name', 't'],
    ['git status; true', 'core.hooksPath', '.husky/_'],
    ['git diff | cat', 'core.hooksPath', '.husky/_'],
    ['git log -1 && ls', 'core.hooksPath', '.husky/_'],
    ['git status; true', 'core.fsmonitor', 'true'],
  ])('free: `%s` with %s = %s runs and keeps the work', async (line, key, value) => {
    expect(await verdict(line, key, value)).toBe('ran');
  });
  // (`git lfs …` itself is a git-NAME program immune-git.ts judges, as before: the filter is what is judged here.)
  it.each(['git status; true', 'git diff | cat'])('free: `%s` with the lfs filter configured', async (line) => {
    expect(await verdict(line, 'filter.lfs.process', 'git-lfs filter-process', LFS)).toBe('ran');
  });
  it('a workspace filter (`filter.x.clean = ./s.sh`) asks for `git status; true`', async () => {
    expect(await verdict('git status; true', 'filter.x.clean', './s.sh')).toBe('C241');
  });
});
