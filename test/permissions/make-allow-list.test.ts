// Red team round 14, R14-1 (issue 26): an installed hook runs make, and the makefile runs a work-tree file
// through a construct the make model did not read: a file another rule builds and a recipe then runs (an
// explicit rule, a pattern rule, make's built-in `%: %.sh`), a private or target-specific `$(shell …)`, SHELL /
// .SHELLFLAGS, an exported loader variable, an include a pattern rule remakes, define, vpath, MAKEFLAGS ... The
// model is now an allow-list (src/permissions/hook-make-lines.ts): what it reads is followed exactly, anything
// else makes the walk unmodeled (the whole work tree obeyed) with a reason naming the construct. Each row is a
// real repository with an executable pre-commit hook running make; the rows fail on the old model.
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { removeDir, tempDir, writeFiles } from '../helpers/fixture.js';
import { checkHookRow, hookVerdict } from './hook-check.js';

let base: string;
let home: string;
beforeAll(async () => {
  base = await tempDir('cw-makeallow-');
  home = join(base, 'home');
  await writeFiles(home, { '.keep': '' });
});
afterAll(async () => removeDir(base));

let count = 0;
const next = (): string => join(base, `r${++count}`);

const reached = async (files: Record<string, string>, hook = 'make -s lint'): ReturnType<typeof hookVerdict> => hookVerdict(next(), hook, files);

describe('a file make builds and a recipe then runs: what it is built from is obeyed', () => {
  it.each([
    ['an explicit rule (cp)', 'lint: tools/check\n\t./tools/check\ntools/check: tools/check.in\n\tcp $< $@\n\tchmod +x $@\n', 'tools/check.in'],
    ['a pattern rule', '%: %.in\n\tcat $< > $@\nlint: tools/run\n\tsh tools/run\n', 'tools/run.in'],
    ['make\'s built-in %: %.sh', 'lint: tools/chk\n\t./tools/chk\n', 'tools/chk.sh'],
    ['a chain (a built file built from a built file)', 'lint: bin/t\n\tbin/t\nbin/t: gen/t.txt\n\tcp gen/t.txt $@\ngen/t.txt: seed/t.in\n\tsed s/x/y/ $< > $@\n', 'seed/t.in'],
  ])('%s', async (_name, makefile, source) => {
    await checkHookRow(next(), home, { hook: 'make -s lint', files: { Makefile: makefile, [source]: 'echo hi\n' }, asks: [source], free: ['src/notes.txt'] });
  });

  it('an include a pattern rule remakes runs that rule first (its source obeyed), the rest stays free', async () => {
    await checkHookRow(next(), home, { hook: 'make -s lint', files: { Makefile: 'include gen.mk\n%.mk: %.sh\n\tsh $< > $@\nlint:\n\ttrue\n', 'gen.sh': 'echo X=1\n' }, asks: ['gen.sh', 'gen.mk'], free: ['src/notes.txt'] });
  });

  // R15-19 (issue 26): make remakes every makefile it read (the main one too) when a rule builds it, then reads it
  // again: what it is built from is makefile text (`$(shell …)` runs while make reads it), obeyed transitively.
  it.each([
    ['an -include remade from a free source (not there yet)', { Makefile: '-include gen.mk\ngen.mk: gen.in\n\tcp gen.in gen.mk\ntest:\n\techo ok\n' }, ['gen.in', 'gen.mk']],
    ['a chain: the include from a file built from another', { Makefile: 'include rules.mk\nrules.mk: rules.tmp\n\tcp $< $@\nrules.tmp: seed/rules.txt\n\tcp $< $@\ntest:\n\ttrue\n', 'rules.mk': 'A=1\n', 'seed/rules.txt': 'A=1\n' }, ['rules.tmp', 'seed/rules.txt']],
    ['an include make\'s built-in %: %.sh makes', { Makefile: '-include extra.mk\ntest:\n\ttrue\n' }, ['extra.mk.sh']],
  ])('R15-19: %s', async (_name, files, asks) => {
    await checkHookRow(next(), home, { hook: 'make test', files, asks, free: ['src/notes.txt'] });
  });

  it('R15-19: the Makefile itself remade from Makefile.in (autotools): Makefile.in asks', async () => {
    // The recipe's `cp Makefile.in Makefile` names Makefile.in, which the walk reads as a script it does not model
    // (the whole tree is obeyed): only the asking is checked here.
    await checkHookRow(next(), home, { hook: 'make test', files: { Makefile: 'test:\n\techo ok\nMakefile: Makefile.in\n\tcp Makefile.in Makefile\n', 'Makefile.in': 'test:\n\techo ok\n' }, asks: ['Makefile.in'], free: [] });
    const found = await reached({ Makefile: 'test:\n\techo ok\nMakefile: Makefile.in\n\ttrue\n' }, 'make test');
    expect(found.files).toContain(join(found.root, 'Makefile.in'));
  });

  it('R15-19: more built files than the bound is unmodeled (the bound stopped reading silently)', async () => {
    const names = Array.from({ length: 70 }, (_, at) => `f${at}.gen`).join(' ');
    const found = await reached({ Makefile: `%.gen: %.src\n\tcp $< $@\nlint:\n\tcat ${names}\n` }, 'make lint');
    expect(found.unmodeled).toContain('more than 64');
  });

  it('$(shell …) outside a recipe runs while make reads the makefile: private, target-specific, in a prerequisite list', async () => {
    const makefile = 'private A := $(shell ./tools/a.sh)\nlint: B := $(shell sh tools/b.sh)\nlint: $(shell ./tools/c.sh)\n\ttrue\n';
    const found = await reached({ Makefile: makefile, 'tools/a.sh': '', 'tools/b.sh': '', 'tools/c.sh': '' });
    expect(found.unmodeled).toBeUndefined();
    for (const name of ['a', 'b', 'c']) expect(found.files).toContain(join(found.root, `tools/${name}.sh`));
  });

  it('.DEFAULT_GOAL names what a bare `make` runs', async () => {
    const found = await reached({ Makefile: '.DEFAULT_GOAL := check\nall:\n\ttrue\ncheck:\n\tsh tools/c.sh\n', 'tools/c.sh': '' }, 'make');
    expect(found.files).toContain(join(found.root, 'tools/c.sh'));
  });
});

describe('a construct outside the allow-list makes the walk unmodeled, the reason naming it', () => {
  it.each([
    ['SHELL := ./tools/sh.sh\nlint:\n\ttrue\n', 'SHELL'],
    ['lint: SHELL = ./tools/sh.sh\nlint:\n\ttrue\n', 'SHELL'],
    ['.SHELLFLAGS := --rcfile tools/rc -c\nlint:\n\ttrue\n', '.SHELLFLAGS'],
    ['export BASH_ENV = tools/env.sh\nlint:\n\ttrue\n', 'BASH_ENV'],
    ['export NODE_OPTIONS := --require ./tools/x.js\nlint:\n\tnpm test\n', 'NODE_OPTIONS'],
    ['NODE_OPTIONS := --require ./tools/x.js\nlint:\n\tnpm test\n', 'NODE_OPTIONS'],
    ['PATH := $(CURDIR)/tools:$(PATH)\nlint:\n\ttrue\n', 'PATH'],
    ['export GOFLAGS = -toolexec=./tools/x\nlint:\n\tgo vet ./...\n', 'GOFLAGS'],
    ['W = ./tools/w.js\nexport\nlint:\n\ttrue\n', 'export W'],
    ['.EXPORT_ALL_VARIABLES:\nW = ./tools/w.js\nlint:\n\ttrue\n', 'export W'],
    ['define RULE\nlint:\n\tsh tools/x.sh\nendef\nlint:\n\ttrue\n', 'define'],
    ['vpath %.sh tools\nlint: x.sh\n\tsh $<\n', 'vpath'],
    ['VPATH = tools\nlint: x.sh\n\tsh $<\n', 'VPATH'],
    ['MAKEFLAGS += -f tools/x.mk\nlint:\n\ttrue\n', 'MAKEFLAGS'],
    ['MAKEFILES = tools/x.mk\nlint:\n\ttrue\n', 'MAKEFILES'],
    ['.RECIPEPREFIX = >\nlint:\n> sh tools/x.sh\n', 'Makefile'],
    ['.SECONDEXPANSION:\nlint: $$(X)\n\ttrue\n', '.SECONDEXPANSION'],
    ['load tools/x.so\nlint:\n\ttrue\n', 'load'],
    ['X := $(guile (system "sh tools/x.sh"))\nlint:\n\ttrue\n', 'guile'],
    ['$(call RULES,lint)\nlint:\n\ttrue\n', 'a line'],
    ['lint:\n\ttrue\n$(foreach t,a b,$(eval $(t): ; sh tools/$(t).sh))\n', 'eval'],
  ])('%s', async (makefile, construct) => {
    const found = await reached({ Makefile: makefile });
    expect(found.unmodeled, makefile).toContain('make: Makefile');
    expect(found.unmodeled).toContain(construct);
  });

  it('end to end: SHELL naming a work-tree script asks for every file (--yes), inert data stays free', async () => {
    await checkHookRow(next(), home, { hook: 'make -s lint', files: { Makefile: 'SHELL := ./tools/sh.sh\nlint:\n\ttrue\n', 'tools/sh.sh': '' }, asks: ['tools/sh.sh', 'src/a.c', 'README.md'], free: ['data/a.csv'] });
  });
});

describe('the ordinary makefile stays modelled', () => {
  it('a standard SHELL and flags, conditionals, .PHONY, $(info), exported plain values, a C build: nothing widened', async () => {
    const makefile = [
      'SHELL := /bin/bash', '.SHELLFLAGS := -eu -o pipefail -c', '.PHONY: lint test', 'export CGO_ENABLED = 0', 'ifeq ($(CI),)', '  X = 1', 'else', 'X = 2', 'endif',
      '$(info building)', 'SRCS := $(wildcard src/*.c)', 'lint:', '\t@echo $(X)', 'test: t', '\t./t', 't: t.c', '\t$(CC) -o t t.c', '%.o: %.c', '\t$(CC) -c $< -o $@', '',
    ].join('\n');
    const found = await reached({ Makefile: makefile, 't.c': '' }, 'make -s lint test');
    expect(found.unmodeled).toBeUndefined();
    expect(found.files).not.toContain(join(found.root, 't.c'));
  });
});
