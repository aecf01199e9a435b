// Red team R28-13: with no OS sandbox, a short option's value attached to it, alone or at the end of a cluster
// (`make -f/x/Makefile`, `make -sf/x/Makefile`, `-kf`), named a makefile outside the workspace and make ran it under
// --yes: the paths' check read `-f /x` (a separate word) and `--file=/x`, never the attached value. Every tail of a
// `-letters…` word of a program that is not read-only is now a value it may be; make's makefile text given on the
// line (`-E TEXT`, `--eval=TEXT`, any `--ev` prefix) is code given as text. The outside makefile writes a marker file
// when it runs: it must not exist after the line. The outside folder is below /var/tmp (the temporary folder is
// writable by design, though a makefile run from it asks as a script does). In-process engine, --sandbox off.
import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { join, relative } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createEngine } from '../../src/setup.js';
import { writeFiles } from '../helpers/fixture.js';
import { sandbox, type Sandbox } from './helpers.js';

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

async function run(cmd: string): Promise<string> {
  const engine = await createEngine({ workspace: box.root, env: { HOME: box.home, PATH: process.env['PATH'] ?? '' }, sandbox: { mode: 'off' }, permissions: { home: box.home, yes: true } });
  try {
    const result = await engine.run({ cmd: 'exec', args: { cmd } });
    return result.ok ? 'ran' : `${result.error.code} ${result.error.message}`;
  } finally {
    await engine.close();
  }
}

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

describe('--sandbox off: make\'s own options inside the workspace run as before', () => {
  it.each(['make', 'make -j2', 'make -sj2 all', 'make -fMakefile', 'make -sfMakefile', 'make -kf Makefile all', 'make -sj', 'cc -o/dev/null a.c'])('--yes %j runs', async (line) => {
    expect(await run(line)).toBe('ran');
  });
});
