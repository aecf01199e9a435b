import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { makeRuns } from '../../src/permissions/hook-make.js';
import { TaskFolder } from '../../src/permissions/task-runner-files.js';
import { readMakeCall } from '../../src/permissions/task-runner-make.js';
import { removeDir, tempDir } from '../helpers/fixture.js';

// fix45 (issue 26): the one reader of a `make` call (task-runner-make.ts) and the hook walk's make model (hook-make.ts)
// read makefile lines through one grammar (task-runner-make-grammar.ts). Run on the same Makefiles they disagreed;
// each case below keeps the stricter reading in the model that was looser.
const T = '\t';
let top: string;
beforeEach(async () => {
  top = await tempDir('cw-make-two-');
});
afterEach(async () => removeDir(top));

function both(files: Record<string, string>): { call: ReturnType<typeof readMakeCall>; hook: ReturnType<typeof makeRuns>[number] } {
  for (const [rel, text] of Object.entries(files)) {
    mkdirSync(dirname(join(top, rel)), { recursive: true });
    writeFileSync(join(top, rel), text);
  }
  const read = (path: string): string | undefined => {
    try {
      return readFileSync(path, 'utf8');
    } catch {
      return undefined;
    }
  };
  return { call: readMakeCall(new TaskFolder(top, top), [''], { rest: [], handed: [] }), hook: makeRuns(top, ['make'], top, read)[0]! };
}
const lines = (got: ReturnType<typeof both>): string[] => got.call.steps.map((step) => step.line);

describe('the hook model reads as strictly as the one reader', () => {
  it('a variable set under a conditional: each branch value runs', () => {
    const got = both({ Makefile: `ifdef CI\nX = ./ci.sh\nelse\nX = ./dev.sh\nendif\nall:\n${T}$(X)\n` });
    expect(got.hook.lines).toEqual(expect.arrayContaining(['./ci.sh', './dev.sh']));
    expect(lines(got)).toEqual(expect.arrayContaining(['./ci.sh', './dev.sh']));
  });

  it('a target with several rules: every rule, double-colon or not, is walked', () => {
    expect(both({ Makefile: `all::\n${T}./one.sh\nall::\n${T}./two.sh\n` }).hook.lines).toEqual(['./one.sh', './two.sh']);
    expect(both({ Makefile: `all: a\nall: b\n${T}echo all\na:\n${T}./a.sh\nb:\n${T}./b.sh\n` }).hook.lines).toEqual(expect.arrayContaining(['./a.sh', './b.sh', 'echo all']));
  });

  it(".DEFAULT's recipe makes a prerequisite no rule makes", () => {
    expect(both({ Makefile: `all: missing\n${T}echo\n.DEFAULT:\n${T}./d.sh $@\n` }).hook.lines).toContain('./d.sh missing');
  });

  it('a substitution reference in the prerequisites: not a static pattern, and not known to the hook model', () => {
    const got = both({ Makefile: `S = a.c\nall: $(S:.c=.o)\n${T}echo all\na.o:\n${T}./a.sh\n` });
    expect(lines(got)).toEqual(['./a.sh', 'echo all']);
    expect(got.hook.unknown).toMatch(/\$\(S:\.c=\.o\)/);
  });

  it('a rule line indented with spaces is a rule (R32-3)', () => {
    expect(both({ Makefile: `  all: b\n${T}echo all\n  b:\n${T}./b.sh\n` }).hook.lines).toEqual(['echo all', './b.sh']);
  });
});

describe('the one reader reads as strictly as the hook model', () => {
  it('a private (or unexport) assignment sets the variable the recipe runs', () => {
    expect(lines(both({ Makefile: `private X = ./evil.sh\nall:\n${T}$(X)\n` }))).toEqual(['./evil.sh']);
  });

  it.each([
    ['load', 'load ./x.so'],
    ['vpath', 'vpath %.c src'],
    ['undefine', 'undefine X'],
    ['.SECONDEXPANSION', '.SECONDEXPANSION:'],
    ['MAKEFLAGS', 'MAKEFLAGS += -I tools'],
    ['VPATH', 'VPATH = src'],
  ])('%s in the Makefile: unknown to both', (_, line) => {
    const got = both({ Makefile: `${line}\nall:\n${T}echo hi\n` });
    expect(got.call.unknown).toBeDefined();
    expect(got.hook.unknown).toBeDefined();
  });

  it('a static pattern rule: $< is the prerequisite of the stem', () => {
    const got = both({ Makefile: `all: a.o\na.o: %.o: %.c\n${T}./cc.sh $<\n` });
    expect(lines(got)).toEqual(['./cc.sh a.c']);
    expect(got.hook.lines).toEqual(['./cc.sh a.c']);
  });
});
