// Red team R18-12 (issue 26, programs that run other programs): a program with no row may hand one of its words
// to a shell (`mytool "git push origin"`, `mytool --exec='git push origin'`, `mytool -c 'git push'`), so a spaced
// word that parses as a line a deny rule or the immune list meets is a `launched-denial` (a person), like separate
// words. Programs with rows that say their words are data stay ordinary.
import { describe, expect, it } from 'vitest';
import { immunityBox, immunityCases } from './immune-cases.js';
import { explain, policyWith } from './helpers.js';

const RULES = ['deny @coder exec?git push*', 'allow @coder exec *'];
const box = immunityBox({ 'build/out.js': 'b\n', f: 'x\n' });
const decide = async (line: string, rules: readonly string[] = RULES) => explain(await policyWith(box(), rules), `@coder exec ${line}`);

const PERSON = [
  'mytool "git push origin"', "mytool --exec='git push origin'", "mytool -c 'git push'", "mytool --exec 'git push origin'",
  "mytool -x='git push origin HEAD'", 'mytool a b "true; git push origin"', "FOO=1 mytool 'git  push'",
];
const ALLOWED = [
  'echo "git push"', 'git commit -m "git push later"', 'grep "git push" f', 'printf "%s\\n" "git push"', 'mytool "git status"',
  'mytool "a (b"', "mytool --msg='hello world'", 'mytool "-v git push"',
];

describe('a spaced word of a program with no row meets the deny rules (R18-12)', () => {
  it.each(PERSON)('%s needs a person', async (line) => {
    const decision = await decide(line);
    expect({ decision: decision.decision, source: decision.source, immune: decision.immune }).toEqual({ decision: 'ask', source: 'immune', immune: 'launched-denial' });
  });
  it.each(ALLOWED)('%s stays allowed', async (line) => {
    expect((await decide(line)).decision).toBe('allow');
  });
  it('a word of several lines with a syntax error is not data (a shell runs the lines before it)', async () => {
    const decision = await decide("mytool $'git push origin\\n('");
    expect({ decision: decision.decision, source: decision.source }).toEqual({ decision: 'ask', source: 'immune' });
  });
  it('the reason names the program, the line and the rule', async () => {
    const decision = await decide("mytool --exec='git push origin'");
    expect(decision.reason).toContain('`mytool` is a program codeward has no row for');
    expect(decision.reason).toContain('`git push origin`');
  });
  it('without a deny rule the word changes nothing (default ask)', async () => {
    expect((await decide('mytool "git push origin"', [])).source).toBe('default');
  });
});

describe('a spaced word meets the immune list (R18-12)', () => {
  immunityCases(
    box,
    [
      ['rm-recursive', 'mytool "rm -rf build"'],
      ['rm-recursive', "mytool --exec='rm -rf build'"],
      ['git-reset-hard', "mytool -c 'git reset --hard'"],
    ],
    ['echo "rm -rf build"', 'git commit -m "rm -rf build later"', 'grep "rm -rf build" f', 'mytool "ls -la build"'],
  );
});
