// Red team round 25, R25-12 FRICTION (runners26's make reader under a deny rule): with the most common deny rule
// (`deny @coder exec git push*` + `allow @coder exec *`), `make test` asks for ordinary Makefiles that run nothing
// denied: `-include .env`, `include common.mk` (a readable file of the project), `SHELL := /bin/bash`, a `define`
// block, an `ifeq ($(CI),true)` conditional variable in the recipe, `$(wildcard src/*.c)` prerequisites, a recursive
// `$(MAKE) -C sub test`; just's variadic `test *args` (`pytest {{args}}`) and go-task's `{{.CLI_ARGS}}` the same.
// Each is what `make test`/`just test`/`task test` look like in real repositories; the controls (a Makefile
// without them) are allowed.
import { describe, expect, it } from 'vitest';
import { decideTask as decide } from './task-runner-decide.js';


describe('R25-12 FRICTION: ordinary task files ask under a deny rule', () => {
  it.each<[string, Record<string, string>, string]>([
    ['-include .env', { Makefile: '-include .env\nexport\ntest:\n\tpytest\n', '.env': 'A=1\n' }, 'make test'],
    ['include common.mk', { Makefile: 'include common.mk\ntest:\n\tpytest\n', 'common.mk': 'X = 1\n' }, 'make test'],
    ['SHELL := /bin/bash', { Makefile: 'SHELL := /bin/bash\ntest:\n\tpytest\n' }, 'make test'],
    ['a define block', { Makefile: 'define HELP\nusage: make test\nendef\ntest:\n\tpytest\n' }, 'make test'],
    ['an ifeq conditional variable', { Makefile: 'ifeq ($(CI),true)\nFLAGS = -v\nendif\ntest:\n\tgo test $(FLAGS) ./...\n' }, 'make test'],
    ['a recursive $(MAKE) -C sub', { Makefile: 'test:\n\t$(MAKE) -C sub test\n', 'sub/Makefile': 'test:\n\tpytest\n' }, 'make test'],
    ['just test *args', { justfile: 'test *args:\n\tpytest {{args}}\n' }, 'just test'],
    ['task {{.CLI_ARGS}}', { 'Taskfile.yml': "version: '3'\ntasks:\n  test:\n    cmds: ['go test {{.CLI_ARGS}} ./...']\n" }, 'task test'],
  ])('%s: the task is allowed', async (_what, files, line) => {
    expect(await decide(files, line)).toBe('allow');
  });

  // `SRC := $(wildcard src/*.c)` + `test: $(SRC)` (runners27's LEFT): make-wildcard-r25.test.ts (left28).
  it.each<[string, Record<string, string>, string]>([
    ['a plain Makefile', { Makefile: '.PHONY: test\ntest:\n\tgo test ./...\n' }, 'make test'],
    ['a plain justfile', { justfile: 'test:\n\tpytest\n' }, 'just test'],
  ])('control: %s is allowed', async (_what, files, line) => {
    expect(await decide(files, line)).toBe('allow');
  });
});
