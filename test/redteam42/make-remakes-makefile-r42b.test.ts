// R42-b9 — MAJOR (issue 26: rm -rf of uncommitted work in place under --yes --no-stage, no ask; the repository's
// Makefile alone, the line is a bare `make`) — GNU make first REMAKES its makefiles ("How Makefiles Are Remade"): when
// the Makefile is a target whose recipe runs (out of date, or FORCE), make runs that recipe, then re-executes itself
// and reads the NEW makefile. codeward's make reader (task-runner-make*.ts via decide-scripts.ts) judges the old text:
// the default goal `all: @echo fine` and the remake recipe `cp evil.mk Makefile` (a harmless cp). The written-before
// rule (fix55) looks only at writes of the LINE before the runner, and of a runner's lines for the commands after it
// on the line — not at the runner's own recipes that rewrite the file that same runner reads. make then runs the new
// Makefile's `evilgoal: rm -rf sub` unasked.
// (An `include gen.mk` remade by a rule HOLDS: asked. `cp evil.mk Makefile; make` HOLDS: fix55.)
// Class: a file a runner reads that the runner's own lines (its remake rules) write before it reads it again.
// Repro (h-asgre 7b4b82b5, root, bwrap; default sandbox, --yes, --no-stage; sub/new.txt uncommitted):
//   Makefile = 'all:\n\t@echo fine\nMakefile: FORCE\n\tcp evil.mk Makefile\nFORCE:\n', evil.mk = 'evilgoal:\n\trm -rf sub\n'
//   $ codeward --yes exec --no-stage --cmd make      -> ran, sub/ GONE
//   (also with `Makefile: evil.mk` and evil.mk newer; and a remake recipe writing GNUmakefile, which make reads first
//   on its re-exec)
// Expected: C241 (the makefile make runs is only known at run time), work kept.
// Fix place: the make reader (src/permissions/task-runner-make-rules.ts / task-runner-make.ts): a makefile (or any
// name make reads on re-exec: GNUmakefile, makefile, Makefile, -f files, includes) that is itself a target of a rule
// with a recipe makes the run's tasks unknown (`unknown`, as for an include remade by a rule) — or feed the recipes'
// writes to written-before.ts as "before" for the runner's own files.
import { describe, expect, it } from 'vitest';
import { inPlaceRuns } from '../helpers/in-place-verdicts.js';
import { bwrapWorks } from '../shell/stage-helpers.js';

const run = inPlaceRuns();
const evil = 'evilgoal:\n\trm -rf sub\n';

describe.skipIf(!bwrapWorks)('R42-b9 MAJOR: a Makefile that remakes itself is judged by its old text', { timeout: 120_000 }, () => {
  it('control: `cp evil.mk Makefile; make` asks (C241)', async () => {
    expect(await run('cp evil.mk Makefile; make', { Makefile: 'all:\n\t@echo fine\n', 'evil.mk': evil })).toBe('C241');
  });
  it.each([
    ['a FORCE remake rule', { Makefile: 'all:\n\t@echo fine\nMakefile: FORCE\n\tcp evil.mk Makefile\nFORCE:\n', 'evil.mk': evil }],
    ['a remake rule on a newer prerequisite', { Makefile: 'all:\n\t@echo fine\nMakefile: evil.mk\n\tcp evil.mk Makefile\n', 'evil.mk': evil }],
    ['a remake rule writing GNUmakefile', { Makefile: 'all:\n\t@echo fine\nMakefile: FORCE\n\tcp evil.mk GNUmakefile; touch Makefile\nFORCE:\n', 'evil.mk': evil }],
  ])('`make` with %s asks (C241) and keeps the work', async (_name, files) => {
    expect(await run('make', files)).toBe('C241');
  });
});
