// Red team R17-11, R17-17, R17-18: three ways a command's words reached a program unjudged, so a deny rule and
// seed 004's immune list never saw them under --yes: `env -S TEXT ARGS` (env splits TEXT and appends ARGS; the
// line was judged as TEXT's first word alone), `sg GROUP 'CMD'` (CMD is shell text /bin/sh runs; sg was an
// unknown program), and an alias the line defines (`shopt -s expand_aliases`, then `alias r=rm`, `r -rf build`:
// bash runs the alias's text). Each is now judged as what it runs, or as a command only known at run time.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { immunityBox, immunityCases } from './immune-cases.js';
import { explain, policyWith, sandbox, type Sandbox } from './helpers.js';

const IMMUNE: readonly (readonly [string, string])[] = [
  ['rm-recursive', 'env -S rm -rf build'],
  ['rm-recursive', 'env --split-string=rm -rf build'],
  ['rm-recursive', 'env -Srm -rf build'],
  ['rm-recursive', 'env -i -S rm -rf build'],
  ['rm-recursive', "sg users 'rm -rf build'"],
  ['rm-recursive', "sg - users 'rm -rf build'"],
  ['rm-recursive', "sg users -c 'rm -rf build'"],
  ['dynamic-command', 'shopt -s expand_aliases\nalias r=rm\nr -rf build'],
  ['dynamic-command', 'set -o posix\nalias r=rm\nr -rf build'],
  ['rm-recursive', "alias r='rm -rf'; r build"],
];
const ORDINARY: readonly string[] = ['env -S ls -l', "sg users 'ls'", 'alias ll="ls -l"; ls', 'env -S "ls -l"'];

const box = immunityBox({ 'a.txt': 'a\n', 'build/out.js': 'b\n' });

describe('env -S, sg and aliases run what the immune list must see (red team R17-11, R17-17, R17-18)', () => {
  immunityCases(box, IMMUNE, ORDINARY);
});

let rules: Sandbox;
beforeAll(async () => {
  rules = await sandbox();
});
afterAll(async () => rules.cleanup());

describe('deny rules see what env -S, sg and an alias run', () => {
  const RULES = ['deny @coder exec?git push*', 'allow @coder exec *'];
  it.each(['env -S git push origin HEAD:x', 'env --split-string=git push origin', 'env -Sgit push origin', "sg users 'git push origin'", "sg users -c 'git push origin'"])('%s is denied', async (line) => {
    const policy = await policyWith(rules, RULES);
    expect((await explain(policy, `@coder exec ${line}`)).decision).toBe('deny');
  });
  it('an alias of git used on a later line needs a person', async () => {
    const policy = await policyWith(rules, RULES);
    const decision = await explain(policy, '@coder exec shopt -s expand_aliases\nalias g=git\ng push origin');
    expect(decision.decision).toBe('ask');
    expect(decision.source).toBe('immune');
  });
  it.each(['env -S git status', "sg users 'git status'"])('%s stays allowed by the allow rule', async (line) => {
    const policy = await policyWith(rules, RULES);
    expect((await explain(policy, `@coder exec ${line}`)).decision).toBe('allow');
  });
});
