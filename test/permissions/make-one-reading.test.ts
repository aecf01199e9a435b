import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readScripts } from '../../src/shell/run-scripts.js';
import { taskRunnerLines } from '../../src/permissions/task-runner-lines.js';
import { removeDir, tempDir, writeFiles } from '../helpers/fixture.js';

// Issue 26 (fix32a): `make X` had two readers, one that decided (permissions/task-runner-make.ts: deny/ask/immune
// rules judged against its lines) and one that built what the approval SHOWS and keys an "always" on
// (shell/run-script-make.ts). They drifted: each row below is a Makefile where the question showed other lines
// than the ones judged (a second double-colon rule, an included file's rule, .DEFAULT, a pattern rule, a variable,
// `-C sub`, MAKEFILES= handed to make). Now the question is rendered from the one reading: every line the decision
// judges is shown, and what the decision cannot read gives the question no "always" key.

let base: string;
let count = 0;
beforeAll(async () => {
  base = await tempDir('make-one-reading-');
});
afterAll(async () => {
  await removeDir(base);
});

const words = (line: string): { handed: string[]; words: string[] } => {
  const all = line.split(' ');
  const at = all.findIndex((word) => !/^[A-Za-z_]\w*=/.test(word));
  return { handed: all.slice(0, at), words: all.slice(at) };
};

async function both(files: Record<string, string>, line: string): Promise<{ shown: string[]; keyed: boolean; judged: string[]; unread: boolean }> {
  const root = join(base, `w${++count}`);
  await writeFiles(root, files);
  const read = await readScripts(root, undefined, line, async () => ({ kind: 'missing' }));
  const { handed, words: runner } = words(line);
  const decided = taskRunnerLines(runner, root, root, handed);
  return { shown: read?.lines ?? [], keyed: read?.pin !== undefined, judged: [...(decided?.lines ?? [])], unread: decided?.unknown !== undefined };
}

describe('make: the question shows the lines the decision judges (one reader)', () => {
  it.each([
    ['a second double-colon rule', { Makefile: 'all::\n\techo a\nall::\n\tgit push\n' }, 'make all', 'Makefile all: git push'],
    ["an included file's rule", { Makefile: 'include rules.mk\n', 'rules.mk': 'all:\n\tgit push\n' }, 'make all', 'Makefile all: git push'],
    ['.DEFAULT for a target with no rule', { Makefile: 'all:\n\techo hi\n.DEFAULT:\n\tgit push\n' }, 'make other', 'Makefile other: git push'],
    ['a pattern rule', { Makefile: '%.o:\n\tgit push $@\n' }, 'make a.o', 'Makefile a.o: git push a.o'],
    ['a variable, filled in', { Makefile: 'X = git push\nall:\n\t$(X)\n' }, 'make all', 'Makefile all: git push'],
    ['-C sub', { Makefile: 'all:\n\techo root\n', 'sub/Makefile': 'all:\n\tgit push\n' }, 'make -C sub all', 'Makefile all: git push'],
    ['.DEFAULT_GOAL', { Makefile: '.DEFAULT_GOAL := deploy\nall:\n\techo all\ndeploy:\n\tgit push\n' }, 'make', 'Makefile deploy: git push'],
    ["$(<D)/$(<F): the prerequisite's folder and file name", { Makefile: 'all: x.sh\n\tgit push $(<D)/$(<F) $(@D)\n', 'x.sh': '' }, 'make all', 'Makefile all: git push ./x.sh .'],
  ])('%s: shown and judged, keyed', async (_name, files, line, shown) => {
    const got = await both(files, line);
    expect(got.shown).toContain(shown);
    expect(got.judged).toContain(shown.slice(shown.indexOf(': ') + 2));
    expect(got.unread).toBe(false);
    expect(got.keyed).toBe(true);
    // Every judged line is a shown one.
    for (const each of got.judged) expect(got.shown.some((text) => text.endsWith(`: ${each}`))).toBe(true);
  });

  it.each([
    ['MAKEFILES= handed to make', { Makefile: 'all:\n\techo hi\n', 'evil.mk': 'x:\n' }, 'MAKEFILES=evil.mk make all'],
    ['MAKEFLAGS with a place option', { Makefile: 'all:\n\techo hi\n', 'evil.mk': 'all:\n\tgit push\n' }, 'MAKEFLAGS=-fevil.mk make all'],
    ['-f another makefile', { Makefile: 'all:\n\techo hi\n' }, 'make -f other.mk all'],
    ['a computed include', { Makefile: 'include $(X).mk\nall:\n\techo hi\n' }, 'make all'],
    // R42-b9: make remakes its own makefile, then reads the new text: unknown (was judged as a goal: R31-4).
    ['the Makefile remade first', { Makefile: 'all:\n\techo hi\nMakefile: FORCE\n\tgit push\nFORCE:\n' }, 'make all'],
    ["a rule that remakes an included file", { Makefile: 'include a.mk\na.mk:\n\tgit push\n', 'a.mk': 'all:\n\techo hi\n' }, 'make all'],
  ])('%s: unread by the decision, so no "always" key', async (_name, files, line) => {
    const got = await both(files, line);
    expect(got.unread).toBe(true);
    expect(got.keyed).toBe(false);
  });
});
