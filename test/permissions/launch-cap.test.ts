// Issue 26 (launch18 LEFT 2): an unknown program's words are guessed as lines up to MAX_GUESSES per command; the
// words past the cap were not followed (`mytool "a b" x8 "git push origin"` was allowed under a deny rule). Past
// it the rest is one unread line: the call needs a person, and the question says why.
import { describe, expect, it } from 'vitest';
import { MAX_GUESSES } from '../../src/shell/parse-launch-guess.js';
import { immunityBox } from './immune-cases.js';
import { explain, policyWith } from './helpers.js';

const RULES = ['deny @coder exec?git push*', 'allow @coder exec *'];
const box = immunityBox({ f: 'x\n' });
const decide = async (line: string) => explain(await policyWith(box(), RULES), `@coder exec ${line}`);
const filler = (word: string, count: number): string => Array.from({ length: count }, () => word).join(' ');

describe('past the guess cap the words need a person (issue 26)', () => {
  it.each([
    `mytool ${filler('"a b"', MAX_GUESSES)} "git push origin"`,
    `mytool ${filler('sh', MAX_GUESSES + 1)} "git push origin"`,
    `mytool ${filler('"a b"', MAX_GUESSES)} "rm -rf f"`,
  ])('%s asks a person, naming the cap', async (line) => {
    const decision = await decide(line);
    expect({ decision: decision.decision, source: decision.source }).toEqual({ decision: 'ask', source: 'immune' });
    expect(decision.reason).toContain(`more than ${MAX_GUESSES} places a command may start`);
  });
  it('at the cap the last guess is still read (launched-denial, as before)', async () => {
    const decision = await decide(`mytool ${filler('"a b"', MAX_GUESSES - 1)} "git push origin"`);
    expect(decision.immune).toBe('launched-denial');
  });
  it.each([
    `echo ${filler('"a b"', MAX_GUESSES)} "git push origin"`,
    `printf '%s\\n' ${filler('"a b"', MAX_GUESSES + 4)}`,
    `git commit -m "a b" ${filler('-m "c d"', MAX_GUESSES + 2)}`,
    `mytool ${filler('x', 3 * MAX_GUESSES)}`,
  ])('%s stays allowed (data words, or no place a command may start)', async (line) => {
    expect((await decide(line)).decision).toBe('allow');
  });
});
