// runners27: the friction fixes of R25-12 stay exact — what a denied command hides behind the newly read forms
// (an included makefile, a conditional branch, a define used in a recipe, make -C, a just parameter, CLI_ARGS)
// is still judged, and what cannot be read still asks.
import { describe, expect, it } from 'vitest';
import { decideTask as decide } from './task-runner-decide.js';

const P = 'git push origin main';

describe('runners27: newly read task files still judge what they run', () => {
  it.each<[string, Record<string, string>, string]>([
    ['make: an included makefile\'s recipe', { Makefile: 'include common.mk\n', 'common.mk': `test:\n\t${P}\n` }, 'make test'],
    ['make: -include of a file holding a push recipe', { Makefile: '-include local.mk\ntest:\n\techo hi\n', 'local.mk': `test:\n\t${P}\n` }, 'make test'],
    ['make: an include that is absent (make searches or remakes it)', { Makefile: 'include gen.mk\ntest:\n\techo hi\n' }, 'make test'],
    ['make: a rule that remakes the included file', { Makefile: `-include gen.mk\ngen.mk:\n\t${P}\ntest:\n\techo hi\n` }, 'make test'],
    ['make: a computed include', { Makefile: 'include $(X).mk\ntest:\n\techo hi\n' }, 'make test'],
    ['make: a conditional branch', { Makefile: `ifeq ($(CI),true)\nCMD = ${P}\nelse\nCMD = echo\nendif\ntest:\n\t$(CMD)\n` }, 'make test'],
    ['make: the value outside the conditional', { Makefile: `CMD = ${P}\nifeq ($(CI),true)\nCMD = echo\nendif\ntest:\n\t$(CMD)\n` }, 'make test'],
    ['make: a define used in a recipe', { Makefile: `define RUN\n${P}\nendef\ntest:\n\t$(RUN)\n` }, 'make test'],
    ['make: an immediate define', { Makefile: `define V :=\n$(shell ${P})\nendef\ntest:\n\techo hi\n` }, 'make test'],
    ['make: SHELL of another interpreter', { Makefile: 'SHELL := /usr/bin/python3\ntest:\n\techo hi\n' }, 'make test'],
    ['make -C sub: the sub folder\'s recipe', { Makefile: 'test:\n\t$(MAKE) -C sub test\n', 'sub/Makefile': `test:\n\t${P}\n` }, 'make test'],
    ['make -C sub: a runner inside the sub folder\'s recipe', { 'sub/Makefile': 'test:\n\tnpm run x\n', 'sub/package.json': JSON.stringify({ scripts: { x: P } }) }, 'make -C sub test'],
    ['make -C of a folder out of the workspace', { Makefile: 'test:\n\techo hi\n' }, 'make -C ../.. test'],
    ['make: `!=` in an included file', { Makefile: 'include a.mk\ntest:\n\techo hi\n', 'a.mk': `V != ${P}\n` }, 'make test'],
    ['just: the parameter is the line\'s word', { justfile: 'test *args:\n\tgit {{args}}\n' }, 'just test push origin main'],
    ['just: a parameter with no word and no default', { justfile: 'test a:\n\tgit {{a}}\n' }, 'just test'],
    ['task: CLI_ARGS are the words after --', { 'Taskfile.yml': "version: '3'\ntasks:\n  test:\n    cmds: ['git {{.CLI_ARGS}}']\n" }, 'task test -- push origin main'],
  ])('deny git push*: %s is not allowed', async (_what, files, line) => {
    expect(await decide(files, line)).not.toBe('allow');
  });

  it.each<[string, Record<string, string>, string]>([
    ['make -C sub of an ordinary Makefile', { 'sub/Makefile': 'test:\n\tpytest\n' }, 'make -C sub test'],
    ['make: .SHELLFLAGS of bash flags', { Makefile: 'SHELL := bash\n.SHELLFLAGS := -eu -o pipefail -c\ntest:\n\tpytest\n' }, 'make test'],
    ['just: a default parameter', { justfile: "test t='unit':\n\tpytest {{t}}\n" }, 'just test'],
    ['task: CLI_ARGS with words', { 'Taskfile.yml': "version: '3'\ntasks:\n  test:\n    cmds: ['go test {{.CLI_ARGS}} ./...']\n" }, 'task test -- -v -run TestX'],
  ])('control: %s is allowed', async (_what, files, line) => {
    expect(await decide(files, line)).toBe('allow');
  });
});
