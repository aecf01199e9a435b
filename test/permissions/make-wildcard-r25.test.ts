// R25-12's LEFT row (runners27): under the commonest deny rule (`deny @coder exec git push*` + `allow @coder exec
// *`), `make test` asked for the ordinary `SRC := $(wildcard src/*.c)` + `test: $(SRC)`: a make function in the
// prerequisites was unknown. make globs a prerequisite's (and a `:=` value's) wildcard while it reads the Makefile:
// the reader now lists the files (task-runner-make-wildcard.ts, through the jail) and judges their rules; patsubst,
// `$(SRC:.c=.o)` and the other word functions reshape the names. A wildcard make globs only when a recipe runs, a
// name make would paste into the shell line as code, a place outside the workspace or through a link, or more
// matches than the bound still ask; the rules the matched names reach are judged (GNU make 4.3 checked by hand:
// wildcard results sorted, `.x.c` not matched by `*`).
import { describe, expect, it } from 'vitest';
import { decideTask as decide } from './task-runner-decide.js';

const PUSH = 'git push origin main';
const SOURCES = { 'src/a.c': 'int a;\n', 'src/b.c': 'int b;\n', 'run-tests': '#!/bin/sh\n' };

describe('R25-12 LEFT: $(wildcard) prerequisites', () => {
  it.each<[string, Record<string, string>]>([
    ['SRC := $(wildcard src/*.c) as prerequisites', { Makefile: 'SRC := $(wildcard src/*.c)\ntest: $(SRC)\n\t./run-tests\n' }],
    ['a deferred SRC = $(wildcard ..) as prerequisites', { Makefile: 'SRC = $(wildcard src/*.c)\ntest: $(SRC)\n\t./run-tests\n' }],
    ['$(SRC:.c=.o) through a %.o: %.c rule', { Makefile: 'SRC := $(wildcard src/*.c)\nOBJ = $(SRC:.c=.o)\ntest: $(OBJ)\n\t./run-tests\n%.o: %.c\n\t$(CC) -c $< -o $@\n' }],
    ['$(patsubst src/%.c,build/%.o,$(SRC)) through build/%.o: src/%.c', { Makefile: 'SRC := $(wildcard src/*.c)\nOBJ := $(patsubst src/%.c,build/%.o,$(SRC))\ntest: $(OBJ)\n\t./run-tests\nbuild/%.o: src/%.c\n\t$(CC) -c $< -o $@\n' }],
    ['a := wildcard in the recipe, $^ and notdir/addprefix', { Makefile: 'SRC := $(wildcard src/*.c)\ntest: $(addprefix ./,$(SRC))\n\tcc $(SRC) $^ -o t && echo $(notdir $(SRC))\n' }],
  ])('%s: `make test` is allowed', async (_what, files) => {
    expect(await decide({ ...SOURCES, ...files }, 'make test')).toBe('allow');
  });

  it.each<[string, Record<string, string>]>([
    ['a matched name whose own rule pushes', { Makefile: `SRC := $(wildcard gen/*.x)\ntest: $(SRC)\n\t./run-tests\ngen/a.x:\n\t${PUSH}\n`, 'gen/a.x': '' }],
    ['a pattern rule the reshaped names reach pushes', { Makefile: `OBJ = $(patsubst %.c,%.o,$(wildcard src/*.c))\ntest: $(OBJ)\n\t./run-tests\n%.o: %.c\n\t${PUSH}\n` }],
    ['a name make pastes into the recipe as code', { Makefile: 'SRC := $(wildcard src/*.c)\ntest: $(SRC)\n\tcc $^\n', [`src/x;${PUSH};.c`]: '' }],
    ['a deferred wildcard in a recipe (globbed when it runs)', { Makefile: 'SRC = $(wildcard src/*.c)\ntest:\n\tcc $(SRC)\n' }],
    ['a wildcard outside the workspace', { Makefile: 'SRC := $(wildcard ../*.c /etc/*.conf)\ntest: $(SRC)\n\t./run-tests\n' }],
    ['a function not modelled ($(foreach))', { Makefile: 'SRC := $(foreach d,src,$(wildcard $(d)/*.c))\ntest: $(SRC)\n\t./run-tests\n' }],
  ])('%s: `make test` is not allowed', async (_what, files) => {
    expect(await decide({ ...SOURCES, ...files }, 'make test')).not.toBe('allow');
  });

  it('more matches than the bound: not allowed (fail closed)', async () => {
    const many = Object.fromEntries(Array.from({ length: 300 }, (_, i) => [`src/f${i}.c`, '']));
    expect(await decide({ ...SOURCES, ...many, Makefile: 'SRC := $(wildcard src/*.c)\ntest: $(SRC)\n\t./run-tests\n' }, 'make test')).not.toBe('allow');
  });
});
