// Red team round 25, R25-8 (runners26's readers: task-runner-make.ts, task-runner-just.ts, task-runner-json.ts nx,
// task-runner-taskfile.ts): what the runner runs that the reader of its file does not see. Under `deny @coder exec
// git push*` + `allow @coder exec *`, each runs `git push origin main`: make's MAKEFILES variable (GNU make reads
// those makefiles first), an order-only prerequisite `x: | y`, the `.DEFAULT:` recipe for a goal's prerequisite
// that has no rule, an old-style suffix rule `.c.o:`, and
// what make runs while READING the Makefile (`V := $(shell ..)`, a top-level `$(shell ..)`, `V != ..`,
// `$(eval $(shell ..))`, whether V is used or not); just's backtick in a top-level assignment (evaluated when the
// justfile loads); nx's `-c prod` configuration command and a local plugin in nx.json (code run to build the
// graph). Checked with GNU make 4.3 here: MAKEFILES, order-only,
// .DEFAULT and the suffix rule each ran their recipe, and the four parse-time forms ran their command on
// `make test`; just/nx by their docs (not installed).
import { describe, expect, it } from 'vitest';
import { decideTask as decide } from './task-runner-decide.js';

const P = 'git push origin main';

const NX_PROD = { 'nx.json': '{}', 'project.json': JSON.stringify({ name: 'p', targets: { x: { executor: 'nx:run-commands', options: { command: 'echo hi' }, configurations: { prod: { command: P } } } } }) };

describe('R25-8: what a task runner runs that its reader does not see', () => {
  it.each<[string, Record<string, string>, string]>([
    ['make: MAKEFILES names another makefile', { 'm.mk': `x:\n\t${P}\n`, Makefile: 'y:\n\techo hi\n' }, 'MAKEFILES=m.mk make x'],
    ['make: an order-only prerequisite', { Makefile: `x: | y\n\techo hi\ny:\n\t${P}\n` }, 'make x'],
    ['make: the .DEFAULT recipe', { Makefile: `.DEFAULT:\n\t${P}\nall: nope\n` }, 'make'],
    ['make: a suffix rule', { Makefile: `x: a.o\n\techo hi\n.c.o:\n\t${P}\n`, 'a.c': '' }, 'make x'],
    ['make: `V := $(shell ..)` (run when the Makefile is read)', { Makefile: `V := $(shell ${P})\ntest:\n\techo hi\n` }, 'make test'],
    ['make: a top-level `$(shell ..)` line', { Makefile: `$(shell ${P})\ntest:\n\techo hi\n` }, 'make test'],
    ['make: `V != ..` (run when the Makefile is read)', { Makefile: `V != ${P}\ntest:\n\techo hi\n` }, 'make test'],
    ['make: `X := $(eval $(shell ..))`', { Makefile: `X := $(eval $(shell ${P}))\ntest:\n\techo hi\n` }, 'make test'],
    ['just: a backtick in an assignment', { justfile: `a := \`${P}\`\nx:\n\techo hi\n` }, 'just x'],
    ['nx: the -c configuration\'s command', NX_PROD, 'nx x -c prod'],
    ['nx: a local plugin in nx.json', { 'nx.json': JSON.stringify({ plugins: ['./tools/plugin.js'] }), 'project.json': '{"name":"p"}', 'tools/plugin.js': `require("child_process").execSync("${P}");\n` }, 'nx x'],
  ])('deny git push*: %s is not allowed', async (_what, files, line) => {
    expect(await decide(files, line)).not.toBe('allow');
  });

  it.each<[string, Record<string, string>, string]>([
    ['make: a normal prerequisite', { Makefile: `x: y\n\techo hi\ny:\n\t${P}\n` }, 'make x'],
    ['make: `V = $(shell ..)` used in the recipe', { Makefile: `V = $(shell ${P})\ntest:\n\techo $(V)\n` }, 'make test'],
    ['make: a pattern rule', { Makefile: `x: a.o\n\techo hi\n%.o: %.c\n\t${P}\n`, 'a.c': '' }, 'make x'],
    ['just: a backtick in a recipe', { justfile: `x:\n\techo \`${P}\`\n` }, 'just x'],
    ['nx: the default options command', { 'nx.json': '{}', 'project.json': JSON.stringify({ name: 'p', targets: { x: { executor: 'nx:run-commands', options: { command: P } } } }) }, 'nx x'],
  ])('control (held): %s', async (_what, files, line) => {
    expect(await decide(files, line)).not.toBe('allow');
  });
});
