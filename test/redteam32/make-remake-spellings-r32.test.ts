// Red team round 32, R32-3 (CRITICAL: an immune-list command, `git reset --hard`, discards uncommitted work under
// --yes in a run nothing stages, --sandbox off): R31-4 made the make reader (shell/run-script-make.ts readMake)
// show the makefile's own rule first, but it finds that rule by comparing each rule's target text with the file's
// name exactly, and it reads a rule only at the start of a line. make reads the target as a FILE name after
// expansion: ` Makefile: FORCE` (a rule line indented with spaces is a rule), `./Makefile: FORCE` (make drops
// `./`), `MK = Makefile` + `$(MK): FORCE` (a target from a variable) each remake the makefile first and run the
// recipe; checked: `make all` with `all:\n\techo hi` ran `git reset --hard` twice, the work is gone. The same
// reader shows the recipe lines but not the environment the Makefile gives them: `SHELL = /bin/bash` + `export
// BASH_ENV = ./env.sh` makes bash run env.sh before every recipe line (checked: env.sh's `git reset --hard` ran).
// Held-back variants a fix must also cover: a target from any expansion (`$(firstword Makefile)`, `Make$(E)file`),
// `GNUmakefile`/`makefile`, an exported variable the shell obeys (`ENV`, `BASH_ENV`, `.EXPORT_ALL_VARIABLES:`).
// Expected: asks (C241) and keeps the work, as `Makefile: FORCE` does.
// Fixed in the make readers (src/shell/run-script-make.ts rulesOf, exportedLoader; permissions/task-runner-make.ts): targets read
// as make reads them (leading blanks, `./`, an expansion = not known = open), and a Makefile that exports a
// variable to its recipes' shell is open (what the shell obeys is not read).
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEngine } from '../../src/setup.js';
import { removeDir, tempDir, writeFiles } from '../helpers/fixture.js';
import { NO_JAIL } from '../helpers/unconfined-runs.js';

const GIT_ENV = { ...process.env, GIT_AUTHOR_NAME: 'x', GIT_AUTHOR_EMAIL: 'x@x', GIT_COMMITTER_NAME: 'x', GIT_COMMITTER_EMAIL: 'x@x' };
let base: string;
let count = 0;
beforeAll(async () => {
  base = await tempDir('rt32-make-spell-');
});
afterAll(async () => {
  await removeDir(base);
});

// A repository with the committed `files` and a committed a.txt changed (uncommitted work); `line` run with
// --sandbox off --yes: its code, and whether the uncommitted change is still there.
async function run(files: Record<string, string>, line: string): Promise<{ code: string; kept: boolean }> {
  const root = join(base, `w${++count}`), home = join(base, `h${count}`);
  await writeFiles(root, { 'a.txt': 'a\n', ...files });
  await writeFiles(home, { '.keep': '' });
  execFileSync('git', ['init', '-q', root]);
  execFileSync('git', ['-C', root, 'add', '-A'], { env: GIT_ENV });
  execFileSync('git', ['-C', root, 'commit', '-qm', 'a'], { env: GIT_ENV });
  await writeFiles(root, { 'a.txt': 'CHANGED\n' });
  const engine = await createEngine({ workspace: root, env: { HOME: home, PATH: process.env['PATH'] ?? '', ...NO_JAIL }, sandbox: { mode: 'off' as const }, permissions: { home, yes: true } });
  try {
    const result = await engine.run({ cmd: 'exec', args: { cmd: line } });
    return { code: result.ok ? 'ran' : result.error.code, kept: readFileSync(join(root, 'a.txt'), 'utf8') === 'CHANGED\n' };
  } finally {
    await engine.close();
  }
}

const ALL = 'all:\n\techo hi\n';
const RESET = '\tgit reset --hard\nFORCE:\n';
describe('R32-3 CRITICAL: the makefile\'s own rule, spelled as make reads it, or its exported shell settings, run unread under --yes', () => {
  it.each([
    [{ Makefile: `${ALL} Makefile: FORCE\n${RESET}` }, 'make all'],
    [{ Makefile: `${ALL}./Makefile: FORCE\n${RESET}` }, 'make all'],
    [{ Makefile: `MK = Makefile\n${ALL}$(MK): FORCE\n${RESET}` }, 'make all'],
    [{ Makefile: `${ALL}$(firstword Makefile): FORCE\n${RESET}` }, 'make all'],
    [{ makefile: `${ALL}make$(E)file: FORCE\n${RESET}` }, 'make all'],
    [{ Makefile: `SHELL = /bin/bash\nexport BASH_ENV = ./env.sh\n${ALL}`, 'env.sh': 'git reset --hard\n' }, 'make all'],
    [{ Makefile: `SHELL = /bin/bash\nBASH_ENV = ./env.sh\n.EXPORT_ALL_VARIABLES:\n${ALL}`, 'env.sh': 'git reset --hard\n' }, 'make all'],
  ])('%j: `%s` asks (C241) and keeps the uncommitted work', async (files, line) => {
    expect(await run(files, line)).toEqual({ code: 'C241', kept: true });
  }, 60_000);
});

describe('control', () => {
  it('a Makefile whose rules name other files runs', async () => {
    expect(await run({ Makefile: `${ALL}build/Makefile.gen: FORCE\n\techo gen\nFORCE:\n` }, 'make all')).toEqual({ code: 'ran', kept: true });
  }, 60_000);
});
