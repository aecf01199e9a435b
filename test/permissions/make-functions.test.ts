// Red team round 12, R12-10 (issue 26): an installed hook runs make, and the Makefile includes a file through
// make's own spellings of "this makefile's folder" and its path functions (`$(dir $(lastword
// $(MAKEFILE_LIST)))`, `$(PWD)`, `$(shell pwd)`, `$(abspath X)`, `$(addprefix P,X)`, `$(patsubst %,P%S,X)`,
// `$(firstword X Y)`): the included file was written unasked and its recipe ran at the next commit.
import { join } from 'node:path';
import { afterAll, beforeAll, describe, it } from 'vitest';
import { removeDir, tempDir, writeFiles } from '../helpers/fixture.js';
import { checkHookRow } from './hook-check.js';

let base: string;
let home: string;
beforeAll(async () => {
  base = await tempDir('cw-makefn-');
  home = join(base, 'home');
  await writeFiles(home, { '.keep': '' });
});
afterAll(async () => removeDir(base));

const MAKEFILE = [
  'ROOT := $(dir $(abspath $(lastword $(MAKEFILE_LIST))))',
  'include $(dir $(lastword $(MAKEFILE_LIST)))mk/a.mk',
  'include $(PWD)/mk/b.mk',
  'include $(shell pwd)/mk/c.mk',
  'include $(abspath mk/d.mk)',
  'include $(addprefix mk/,e.mk)',
  'include $(patsubst %,mk/%.mk,f)',
  'include mk/$(firstword g x).mk',
  'lint:',
  '\t$(LINT)',
  '',
].join('\n');

describe('make\'s folder spellings and path functions in an include (a hook runs make)', () => {
  it('each included file asks before it is written (--yes); another file of the folder is free', async () => {
    const files = Object.fromEntries(['a', 'b', 'c', 'd', 'e', 'f', 'g'].map((name) => [`mk/${name}.mk`, 'LINT = true\n']));
    await checkHookRow(join(base, 'make'), home, { hook: 'make -s lint', files: { Makefile: MAKEFILE, ...files }, asks: Object.keys(files), free: ['mk/notes.txt'] });
  });

  it('what make only knows at run time makes the whole work tree obeyed; a remade include runs its recipe (red team R13-6)', async () => {
    const rows: [string, string][] = [
      ['shell', 'include $(shell git rev-parse --show-toplevel)/mk/extra.mk\nlint:\n\ttrue\n'],
      ['eval', '$(eval $(file < mk/extra.mk))\nlint:\n\ttrue\n'],
    ];
    for (const [name, makefile] of rows) await checkHookRow(join(base, `make-${name}`), home, { hook: 'make -s lint', files: { Makefile: makefile }, asks: ['mk/extra.mk', 'src/a.c', 'tools/gen.sh'], free: ['data/a.csv'] });
    // Run while make reads the makefile: `$(shell …)` in an assignment, `!=`.
    await checkHookRow(join(base, 'make-parse'), home, { hook: 'make -s lint', files: { Makefile: 'X := $(shell sh mk/gen.sh)\nY != sh mk/other.sh\nlint:\n\ttrue\n', 'mk/gen.sh': 'echo 1\n', 'mk/other.sh': 'echo 2\n' }, asks: ['mk/gen.sh', 'mk/other.sh'], free: ['src/notes.txt'] });
    await checkHookRow(join(base, 'make-remade'), home, { hook: 'make -s lint', files: { Makefile: 'include mk/extra.mk\nmk/extra.mk: mk/gen.sh\n\tsh $< > $@\nlint:\n\ttrue\n', 'mk/gen.sh': 'echo LINT=true\n' }, asks: ['mk/extra.mk', 'mk/gen.sh'], free: ['src/notes.txt'] });
  });
});
