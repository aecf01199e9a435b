// Issue 26 (guess19): an interpreter running a script file hands it its operands (`python3 tool.py git push
// origin`); when they, read as a line, meet a DENY rule, the call asks naming the rule (the script may run
// them). Only deny rules count: a script's ordinary words stay free.
import { describe, expect, it } from 'vitest';
import { immunityBox } from './immune-cases.js';
import { explain, policyWith } from './helpers.js';

const RULES = ['deny @coder exec?git push*', 'allow @coder exec *'];
const box = immunityBox({ 'tool.py': 'x\n', 'run.sh': 'x\n', 's.js': 'x\n' });
const decide = async (line: string, rules: readonly string[] = RULES) => explain(await policyWith(box(), rules), `@coder exec ${line}`);

describe('a script file given operands a deny rule names asks (issue 26)', () => {
  it.each([
    'python3 tool.py git push origin', 'bash run.sh git push', 'node s.js git push', 'sh ./run.sh -v git push origin main',
    'python3 -W ignore tool.py git push', 'python3 -m tool git push', 'nice python3 tool.py git push', 'python3 tool.py "git push origin"',
    'cd sub && node ../s.js x git push',
  ])('%s asks, naming the deny rule', async (line) => {
    const decision = await decide(line);
    expect({ decision: decision.decision, source: decision.source }).toEqual({ decision: 'ask', source: 'cli' });
    expect(decision.reason).toContain('runs a script file codeward does not read');
    expect(decision.reason).toContain('git push*');
  });
  it.each([
    'node s.js build', 'python3 tool.py --out git', 'bash run.sh push', 'python3 tool.py git status', "bash -c 'echo hi' git push",
    'python3 -c "print(1)" git push', 'node s.js',
  ])('%s stays allowed', async (line) => {
    expect((await decide(line)).decision).toBe('allow');
  });
  it('without a deny rule the operands change nothing', async () => {
    expect((await decide('python3 tool.py git push origin', ['allow @coder exec *'])).decision).toBe('allow');
  });
  it('an ask rule on the operands is not what this reads (only deny rules)', async () => {
    expect((await decide('node s.js kubectl delete pod x', ['ask @coder exec kubectl delete*', 'allow @coder exec *'])).decision).toBe('allow');
  });
  it('a denied line stays denied', async () => {
    expect((await decide('python3 tool.py git push && git push')).decision).toBe('deny');
  });
});
