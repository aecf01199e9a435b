// R43-b2 — CRITICAL (issue 26: rm -rf of uncommitted work in place under --yes --no-stage, no ask; NO line write
// needed, one planted repository link) — the readers make a script's (or a run folder's) path by a LEXICAL join:
// task-runner-shell.ts scriptText `join(folder.dir, name)` / `resolve(name)`, decide-script-dirs.ts's env -C / cd -P
// and make -C folders. `..` is then taken BEFORE the link in front of it is followed, but the kernel (open, chdir,
// execve) follows the link first: with a repository link `l -> d/e`, `l/../ok.sh` is d/ok.sh to the kernel and
// ./ok.sh to codeward. codeward judges ./ok.sh ('echo fine') and sh runs d/ok.sh ('rm -rf ROOT/sub').
// (bash's own `cd l/..` is logical: ./ — judged right and HOLDS; `npm --prefix l/..` is lexical in npm too: HOLDS.)
// Class: a path with `..` after a component that may be a link, read lexically where the program reads it physically
// (script operands, `./x` programs, env -C, cd -P, make -C, and likely PATH entries, -f files, git -C, sudo -D).
// Repro (h-rt43b on integ 3bd9898c, root, bwrap; default sandbox, --yes, --no-stage; sub/new.txt uncommitted;
// ok.sh = 'echo fine', d/ok.sh = 'rm -rf ROOT/sub', d/Makefile all: rm -rf ROOT/sub, Makefile all: echo fine,
// d/e/ a folder, l -> d/e):
//   $ codeward --yes exec --no-stage 'sh l/../ok.sh'            -> ran, sub/ GONE   (also `. l/../ok.sh`, `l/../ok.sh`,
//   $ codeward --yes exec --no-stage 'make -C l/..'             -> ran, sub/ GONE    `sh ROOT/l/../ok.sh`, `sh l//../ok.sh`)
//   $ codeward --yes exec --no-stage 'env -C l/.. sh ok.sh'     -> ran, sub/ GONE
//   $ codeward --yes exec --no-stage 'cd -P l/.. && sh ok.sh'   -> ran, sub/ GONE
// Expected: each is judged by d/'s text (C241, work kept), as `sh d/ok.sh` is.
// Fix place: ONE helper "the place the kernel reaches" (written-paths.ts writtenPlace already walks links before
// `..`: realpath of the longest existing prefix, then the rest) used by task-runner-shell.ts scriptText/outsideScript,
// decide-script-dirs.ts (env -C, cd -P, make -C, git -C, sudo -D) and path-lookup.ts lookIn; or fail closed: a `..`
// after a component that is a link (or not yet there) is unknown.
import { describe, expect, it } from 'vitest';
import { eachAsks, inPlaceRuns } from '../helpers/in-place-verdicts.js';
import { bwrapWorks } from '../shell/stage-helpers.js';

const run = inPlaceRuns();
const files = {
  'ok.sh': '#!/bin/sh\necho fine\n',
  'd/ok.sh': '#!/bin/sh\nrm -rf ROOT/sub\n',
  'd/e/k': 'x\n',
  Makefile: 'all:\n\t@echo fine\n',
  'd/Makefile': 'all:\n\t@rm -rf ROOT/sub\n',
};
const links = { l: 'd/e' };

describe.skipIf(!bwrapWorks)('R43-b2 CRITICAL: `..` after a repository link is read lexically', { timeout: 120_000 }, () => {
  it('control: `sh d/ok.sh` asks (C241)', async () => {
    expect(await run('sh d/ok.sh', files, links)).toBe('C241');
  });
  it('control: bash\'s logical `cd l/.. && sh ok.sh` runs ./ok.sh (work kept)', async () => {
    expect(await run('cd l/.. && sh ok.sh', files, links)).toBe('ran');
  });
  eachAsks([
    'sh l/../ok.sh',
    '. l/../ok.sh',
    'l/../ok.sh',
    'sh ROOT/l/../ok.sh',
    'make -C l/..',
    'env -C l/.. sh ok.sh',
    'cd -P l/.. && sh ok.sh',
  ], (line) => run(line, files, links));
});

// fix68 — the rest of R43-b2's class (rt43b's untried rows): every reader of a path word takes the place the KERNEL
// reaches (workspace/kernel-place.ts: links followed before each `..`); bash's own `cd` stays logical. l -> d/e.
const more = { ...files, 'e2/k': 'x\n' };

describe.skipIf(!bwrapWorks)('fix68: `..` after a link, the untried readers', { timeout: 120_000 }, () => {
  it.each(['cd -L l/.. && sh ok.sh', 'sh d/e/../../ok.sh'])('control: `%s` runs ./ok.sh (work kept)', async (line) => {
    expect(await run(line, more, links)).toBe('ran');
  });
  eachAsks([
    'PATH=l/..:$PATH ok.sh',
    'sudo -D l/.. sh ok.sh',
    'cd l && sh ../ok.sh',
    'set -P; cd l/.. && sh ok.sh',
    'sh /proc/self/cwd/l/../ok.sh',
    'make -C l -C ..',
    'ln -s d/e m && sh m/../ok.sh',
    'rm -r e2 && ln -s d/e e2 && sh e2/../ok.sh',
    'just --working-directory l/..',
    'task -d l/..',
  ], (line) => run(line, more, links));
});
