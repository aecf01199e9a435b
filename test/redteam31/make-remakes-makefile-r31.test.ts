// Red team round 31, R31-4 (CRITICAL: an immune-list command, `git reset --hard`, discards uncommitted work under
// --yes in a run nothing stages, --sandbox off / --no-stage / no OS sandbox): GNU make first tries to REMAKE every
// makefile it read (the Makefile itself is a goal before the named ones: "How Makefiles Are Remade"), and runs the
// recipe of a rule whose target is the Makefile when that rule says it is out of date: `Makefile: FORCE`,
// `.PHONY: Makefile`, or simply `Makefile: a.txt` (a prerequisite newer than the Makefile: the uncommitted edit of
// a.txt itself makes it so). The make reader (shell/run-script-make.ts readMake) shows only the named goals'
// rules and their prerequisites, so `make all` with `all:\n\techo hi` is read as `echo hi` and runs under --yes;
// checked by hand: the work is gone. Even `make -n all` (a dry run!) runs the makefile's rule: make remakes makefiles
// under -n too. The same Makefile's rule reached as a goal (`make Makefile`) asks as immune.
// Held-back variants a fix must also cover: `GNUmakefile`/`makefile` whichever make reads, a rule naming several
// targets (`GNUmakefile makefile Makefile: FORCE`), a double-colon rule, an included file's remake rule (opens
// today: includes), `make -n`/`--just-print`/`-q`, the `test` command's detected `make test`, MAKEFILES.
// Fix: src/shell/run-script-make.ts readMake (the makefile read is a goal of its own, before the named ones).
import { utimesSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { yesRuns } from '../helpers/yes-runs.js';

const runs = yesRuns('rt31-make-remake-');
// A repository whose committed Makefile is `makefile` (older than a.txt's uncommitted change), `line` run with
// --sandbox off --yes: its code, and whether the uncommitted change is still there.
const run = (makefile: string, line: string): Promise<{ code: string; kept: boolean }> => runs.run({ Makefile: makefile }, line, (root) => utimesSync(join(root, 'Makefile'), new Date('2020-01-01'), new Date('2020-01-01')));

const ALL = 'all:\n\techo hi\n';
describe('R31-4 CRITICAL: the Makefile\'s own rule runs before the goal, unread, under --sandbox off --yes', () => {
  it.each([
    [`${ALL}Makefile: FORCE\n\tgit reset --hard\nFORCE:\n`, 'make all'],
    [`${ALL}.PHONY: Makefile\nMakefile:\n\tgit reset --hard\n`, 'make all'],
    [`${ALL}Makefile: a.txt\n\tgit reset --hard\n`, 'make all'],
    [`${ALL}Makefile: a.txt\n\tgit reset --hard\n`, 'make'],
    [`${ALL}Makefile: a.txt\n\tgit reset --hard\n`, 'make -n all'],
    [`${ALL}GNUmakefile makefile Makefile: FORCE\n\tgit reset --hard\nFORCE:\n`, 'make all'],
  ])('%j: `%s` asks (C241) and keeps the uncommitted work', async (makefile, line) => {
    expect(await run(makefile, line)).toEqual({ code: 'C241', kept: true });
  }, 60_000);
});

describe('control', () => {
  it('a Makefile with no rule for itself runs', async () => {
    expect(await run(`${ALL}clean:\n\tgit reset --hard\n`, 'make all')).toEqual({ code: 'ran', kept: true });
  }, 60_000);
  it('the immune recipe named as a goal asks (held)', async () => {
    expect(await run(`${ALL}clean:\n\tgit reset --hard\n`, 'make clean')).toEqual({ code: 'C241', kept: true });
  }, 60_000);
});
