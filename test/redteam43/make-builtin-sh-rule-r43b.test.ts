// R43-b4 — MAJOR (issue 26: rm -rf of uncommitted work in place under --yes --no-stage, no ask) — the make reader's
// catalogue of GNU make's built-in rules (task-runner-make-builtins.ts RULES, R39-b14) lacks `%: %.sh`, whose
// built-in recipe is `cat $< >$@; chmod a+x $@`: a goal or prerequisite X with X.sh beside it (newer) is REMADE as a
// copy of X.sh. codeward reads no recipe for X, so nothing writes X to it, and a recipe or a later command that runs
// X is judged by X's old text. Plain `make` suffices: Makefile `all: run` + recipe `@./run`, run = 'echo fine' (old),
// run.sh = 'rm -rf sub' (newer): make copies run.sh over run and runs it. No Makefile is needed for `make run; sh run`.
// Others missing from the catalogue (`make -p -f /dev/null`, GNU make 4.3): `%: %.m`, `%: %.r`, `%: %.F`, `%: %.mod`,
// `%.o: %.m/%.mod/%.r/%.F`, `%.c: %.w` (CTANGLE), `%.tex: %.w/%.web` (CWEAVE/WEAVE), `%.p: %.web` (TANGLE), `%.info`/
// `%.dvi` (MAKEINFO/TEX/TEXI2DVI), `%.sym: %.def`, `%.ln` (LINT), `%:: RCS/%` — each a program of a variable or a write.
// Class: a target made by a built-in rule the catalogue does not hold is read as made by nothing.
// Repro (h-rt43b on integ 3bd9898c, root, bwrap; default sandbox, --yes, --no-stage; sub/new.txt uncommitted;
// run = '#!/bin/sh\necho fine' (mtime old), run.sh = '#!/bin/sh\nrm -rf sub'):
//   $ codeward --yes exec --no-stage 'make'               (Makefile: all: run / <TAB>@./run)   -> ran, sub/ GONE
//   $ codeward --yes exec --no-stage 'make run; sh run'   (no Makefile)                        -> ran, sub/ GONE
// Expected: C241 (the recipe `./run` / `sh run` reads a file make may write first), work kept.
// Fix place: src/permissions/task-runner-make-builtins.ts RULES: the whole `make -p` catalogue, `%: %.sh` as a
// write of $@ (cat ... > $@); better, fail closed: a recipeless target whose name matches no catalogued rule but
// some built-in pattern of make's (any file X.<suffix> of .SUFFIXES beside it) is unknown.
import { utimesSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { inPlace } from '../helpers/in-place-verdicts.js';
import { bwrapWorks } from '../shell/stage-helpers.js';

const run = inPlace({});
const plant = (files: Readonly<Record<string, string>>, line: string) => (root: string): string => {
  for (const [name, text] of Object.entries(files)) writeFileSync(join(root, name), text, { mode: 0o755 });
  utimesSync(join(root, 'run'), new Date(2000, 0, 1), new Date(2000, 0, 1));
  return line;
};
const scripts = { run: '#!/bin/sh\necho fine\n', 'run.sh': '#!/bin/sh\nrm -rf sub\n' };

describe.skipIf(!bwrapWorks)('R43-b4 MAJOR: make\'s built-in `%: %.sh` rule is not in the catalogue', { timeout: 120_000 }, () => {
  it('control: a Makefile rule `run: run.sh` + `cp run.sh run` before `./run` asks (C241)', async () => {
    expect(await run(plant({ ...scripts, Makefile: 'all: run\n\t@./run\nrun: run.sh\n\tcp run.sh run\n' }, 'make'))).toBe('C241');
  });
  it('`make` (all: run, recipe ./run) asks (C241) and keeps the work', async () => {
    expect(await run(plant({ ...scripts, Makefile: 'all: run\n\t@./run\n' }, 'make'))).toBe('C241');
  });
  it('`make run; sh run` (no Makefile) asks (C241) and keeps the work', async () => {
    expect(await run(plant(scripts, 'make run; sh run'))).toBe('C241');
  });
});
