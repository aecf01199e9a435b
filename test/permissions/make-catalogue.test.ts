// R43-b4: the make reader's built-in rules are GNU make's whole catalogue (`make -p -f /dev/null`), generated into
// src/permissions/task-runner-make-catalogue.ts by scripts/make-catalogue.mjs. The checked-in table must be what
// this machine's make prints (when there is a make), so a rule make has and the reader lacks (`%: %.sh` was) shows.
import { spawnSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { MAKE_RULES, MAKE_VARIABLES } from '../../src/permissions/task-runner-make-catalogue.js';
import { builtinSteps } from '../../src/permissions/task-runner-make-builtins.js';

type Catalogue = { rules: unknown[]; variables: Record<string, string> };
const generator = '../../scripts/make-catalogue.mjs';
const makeVersion = spawnSync('make', ['--version'], { encoding: 'utf8' }).stdout?.split('\n')[0] ?? '';

describe("make's built-in rules", () => {
  it.skipIf(!makeVersion.startsWith('GNU Make 4.3'))('the checked-in catalogue is the machine make’s `make -p` (GNU Make 4.3)', async () => {
    const { machineCatalogue } = (await import(generator)) as { machineCatalogue: () => Catalogue };
    const found = machineCatalogue();
    expect(MAKE_RULES).toEqual(found.rules);
    expect(MAKE_VARIABLES).toEqual(found.variables);
  });

  it.each([
    ['run', 'run.sh', ['cat $< >$@', 'chmod a+x $@']],
    ['x.o', 'x.m', ['$(COMPILE.m) $(OUTPUT_OPTION) $<']],
    ['x.c', 'x.w', ['$(CTANGLE) $< - $@']],
    ['x.sym', 'x.def', ['$(COMPILE.def) -o $@ $<']],
    ['x.info', 'x.texi', ['$(MAKEINFO) $(MAKEINFO_FLAGS) $< -o $@']],
    ['x.p', 'x.web', ['$(TANGLE) $<']],
    ['x', 'RCS/x', ['$(CHECKOUT,v)']],
  ])('%s is made from %s', (target, source, recipe) => {
    expect(builtinSteps(target, (file) => file === source).map((step) => step.recipe)).toEqual([recipe]);
  });

  it('a rule with two sources needs both (`%.c: %.w %.ch`)', () => {
    expect(builtinSteps('x.c', (file) => file === 'x.w' || file === 'x.ch').map((step) => step.sources)).toEqual([['x.w'], ['x.w', 'x.ch']]);
  });

  it('friction: a file no built-in rule makes has no step', () => {
    expect(builtinSteps('run', (file) => file === 'run.txt')).toEqual([]);
  });
});
