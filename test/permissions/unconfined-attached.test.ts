// Red team R28-13: with no OS sandbox, a short option's value attached to it, alone or at the end of a cluster
// (`make -f/x/Makefile`, `make -sf/x/Makefile`, `-kf`), named a makefile outside the workspace and make ran it under
// --yes: the paths' check read `-f /x` (a separate word) and `--file=/x`, never the attached value. Every tail of a
// `-letters…` word of a program that is not read-only is now a value it may be; make's makefile text given on the
// line (`-E TEXT`, `--eval=TEXT`, any `--ev` prefix) is code given as text. The outside makefile writes a marker file
// when it runs: it must not exist after the line. The outside folder is below /var/tmp (the temporary folder is
// writable by design, though a makefile run from it asks as a script does). In-process engine, --sandbox off.
import { existsSync, readFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { join, relative } from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { REPO_ROOT, writeFiles } from '../helpers/fixture.js';
import { parser, sandbox, type Sandbox } from './helpers.js';
import { makeReading } from '../../src/permissions/unconfined-attached.js';
import { runOff } from './unconfined-stubs.js';

let box: Sandbox;
let out: string;
beforeEach(async () => {
  box = await sandbox();
  out = await mkdtemp('/var/tmp/cw-attached-');
  await writeFiles(box.root, { Makefile: 'all:\n\techo made > out.txt\n', 'a.c': 'int main(void){return 0;}\n' });
  await writeFiles(out, { 'mk/Makefile': `all:\n\ttouch ${out}/RAN\n` });
});
afterEach(async () => {
  await box.cleanup();
  await rm(out, { recursive: true, force: true });
});

const run = (cmd: string): Promise<string> => runOff(box, cmd);

const ASK = (o: string, r: string): string[] => [
  `make -f${o}/mk/Makefile`,
  `make -sf${o}/mk/Makefile`,
  `make -kf${o}/mk/Makefile`,
  `make -skf${o}/mk/Makefile all`,
  `make -sfx/../${r}/mk/Makefile`,
  `make -kf${r}/mk/Makefile`,
  `make -sf ${r}/mk/Makefile`,
  `gmake -f${o}/mk/Makefile`,
  `make -sI${o}/mk -f Makefile`,
  `make -sC${o}/mk`,
  `make -w -C${o}/mk`,
  `make -E 'all:;touch ${o}/RAN'`,
  `make -sE 'all:;touch ${o}/RAN'`,
  `make --eval='all:;touch ${o}/RAN'`,
  `make --ev 'all:;touch ${o}/RAN'`,
  `make -j2 --eva='all:;touch ${o}/RAN'`,
  `cp -t${o} a.c`,
  `cc -o${o}/RAN a.c`,
];

describe('--sandbox off: an attached / clustered option value outside the workspace needs a person', () => {
  it.each(ASK('OUT', 'REL'))('--yes %j: C241, the outside makefile did not run', async (spelled) => {
    const line = ASK(out, relative(box.root, out))[ASK('OUT', 'REL').indexOf(spelled)]!;
    expect(await run(line)).toMatch(/^C241 /);
    expect(existsSync(join(out, 'RAN'))).toBe(false);
  });
});

// rev31: an expansion only known at run time among make's options may be `-f/x/M`, `-C /x`, `-I /x`, `--eval=…` or
// `-E …`: it fails closed (before, `make $(…)` was read as a target and the outside makefile ran). make's option
// table is the shell's (LONG_OPTIONS.make): no other module keeps one.
const UNKNOWN_ASK = (o: string): string[] => [
  'make $FLAGS',
  'make ${FLAGS} all',
  'make "$FLAGS" all',
  'make -s$LETTERS',
  'make -$LETTERS',
  'make --$LONG=all:;touch\\ RAN',
  `make $(printf %s -f${o}/mk/Makefile)`,
  `make -s$(printf %s f${o}/mk/Makefile)`,
  'make all $FLAGS',
  'make -k "$FLAGS"',
  'nice make -w $FLAGS',
  'env A=1 make $FLAGS all',
  'make -j 2 $FLAGS',
  'make --debug $FLAGS',
  'F=$FLAGS; make $F',
  'make $EMPTY$FLAGS',
];
describe('--sandbox off: an expansion only known at run time among make\'s options needs a person', () => {
  it.each(UNKNOWN_ASK('OUT'))('--yes %j: C241 naming the word, the outside makefile did not run', async (spelled) => {
    vi.stubEnv('FLAGS', `-f${out}/mk/Makefile`);
    vi.stubEnv('LETTERS', `f${out}/mk/Makefile`);
    vi.stubEnv('LONG', 'eval');
    const found = await run(UNKNOWN_ASK(out)[UNKNOWN_ASK('OUT').indexOf(spelled)]!);
    expect(found).toMatch(/^C241 /);
    expect(existsSync(join(out, 'RAN'))).toBe(false);
    expect(existsSync(join(box.root, 'RAN'))).toBe(false);
    vi.unstubAllEnvs();
  });
  it.each(['make -j$(nproc)', 'make --jobs=$(nproc) all', 'make -sj$(nproc) all'])('--yes %j (a job or load limit) runs', async (line) => {
    expect(await run(line)).toBe('ran');
  });
  // A variable or target known only at run time picks recipes the reader cannot read: unstaged, that is the
  // unread-scripts class (R30-2), a question --yes does not answer.
  it.each(['make V=$(printf 1)', 'make -- $(printf %s all)'])('--yes %j (a variable or a target known at run time) asks', async (line) => {
    expect(await run(line)).toMatch(/^C241 .*safety-immune/s);
  });
  // The reader itself (a second layer beside the safety-immune rule on dynamic option words, which held these):
  // before, it read the word's text without its run-time part, so `-s$X` and `$FLAGS` were no option at all.
  it.each(['make $FLAGS', 'make "$F" all', 'make -s$X', 'make -$X', 'make --$O', 'make -k "$(cat f)" x'])('the make reader fails closed on %j', async (line) => {
    const command = (await parser.parseShell(line)).commands.find((each) => each.name === 'make')!;
    expect(makeReading(command)?.unknown).toBeDefined();
  });
  it.each(['make -j$X', 'make -f"$M"', 'make V=$X', 'make -- $T', 'make --jobs=$N'])('the make reader reads %j as a value or a target', async (line) => {
    const command = (await parser.parseShell(line)).commands.find((each) => each.name === 'make')!;
    expect(makeReading(command)?.unknown).toBeUndefined();
  });
  it('make\'s options live in one table (shell/long-options.ts)', () => {
    const holders = ['src/permissions/unconfined-attached.ts', 'src/permissions/wrapper-folders.ts', 'src/shell/long-options.ts'].filter((file) => /always-make|'CEfIoW'|'jlO'/.test(readFileSync(join(REPO_ROOT, file), 'utf8')));
    expect(holders).toEqual(['src/shell/long-options.ts']);
  });
});

describe('--sandbox off: make\'s own options inside the workspace run as before', () => {
  it.each(['make', 'make -j2', 'make -sj2 all', 'make -sj', 'cc -o/dev/null a.c'])('--yes %j runs', async (line) => {
    expect(await run(line)).toBe('ran');
  });
  // make -f names the Makefile the reader does not follow: unstaged, an unread recipe asks (R30-2).
  it.each(['make -fMakefile', 'make -sfMakefile', 'make -kf Makefile all'])('--yes %j asks (a Makefile the reader does not follow)', async (line) => {
    expect(await run(line)).toMatch(/^C241 .*safety-immune/s);
  });
});
