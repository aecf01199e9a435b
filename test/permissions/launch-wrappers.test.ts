// Issue 26 (launch.md "left"): a deny or ask rule meets a line that an unknown program may start from its words
// behind ANY wrapper (`nice foo git push`), from any word a rule's program word names (`foo rsync ...` under a rule
// on rsync, not only words naming a shell or launcher), past the walker's 8 guesses per command, and without
// multiplying parses (`nice u0 env u1 env ... rm -r build` is still read). Words that are data stay data.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { immunityBox, immunityCases } from './immune-cases.js';
import { explain, policyWith, sandbox, type Sandbox } from './helpers.js';

let box: Sandbox;
beforeAll(async () => {
  box = await sandbox();
});
afterAll(async () => box.cleanup());

const RULES = ['deny @coder exec?git push*', 'deny @coder exec rsync * prod:*', 'ask @coder exec kubectl delete*', 'allow @coder exec *'];
const decide = async (line: string, rules: readonly string[] = RULES) => explain(await policyWith(box, rules), `@coder exec ${line}`);

// Denied by the rule, or a person asked with the rule named: never run under --yes or the allow rule.
const expectRefused = async (line: string, pattern: string, rules: readonly string[] = RULES): Promise<void> => {
  const decision = await decide(line, rules);
  if (decision.decision === 'deny') {
    expect(decision.rule?.pattern).toBe(pattern);
    return;
  }
  expect({ decision: decision.decision, source: decision.source, immune: decision.immune }).toEqual({ decision: 'ask', source: 'immune', immune: 'launched-denial' });
  expect(decision.reason).toContain(`rule "${pattern}" (deny)`);
};

const BRIEF = [
  'nice -n 5 git push', 'nice foo git push', 'stdbuf -oL git push', 'chrt 1 git push', 'ionice -c3 git push', 'taskset 1 git push', 'unbuffer git push',
  'flock /tmp/l git push', 'setsid git push', 'caffeinate git push', 'xvfb-run git push', 'dbus-run-session git push', './tools/wrap git push',
  "/usr/bin/env -S 'git push'",
];

// An unknown program behind a wrapper (red on the old code: the walker guessed only at the top or behind npx/bunx).
const BEHIND_WRAPPERS = [
  'nice foo git push', 'nice -n 5 foo git push origin main', 'timeout 5 foo git push', 'env A=1 foo git push', 'stdbuf -oL foo git push',
  'ionice -c3 foo --daemon git push', 'nohup foo git push', 'nice nice foo git push', 'chrt 1 foo sh -c "git push"', 'nice ./tools/wrap git push',
  'time -p foo -- git push',
];

describe('a deny rule meets what an unknown program may start, behind any wrapper', () => {
  it.each(BRIEF)('%s is denied or needs a person, naming the rule', async (line) => {
    await expectRefused(line, '@coder exec?git push*');
  });
  it.each(BEHIND_WRAPPERS)('%s needs a person, naming the rule', async (line) => {
    const decision = await decide(line);
    expect(decision.immune).toBe('launched-denial');
    expect(decision.reason).toContain('rule "@coder exec?git push*" (deny)');
    expect(decision.reason).toContain('`git push');
  });
  it('the reason names the unknown program and the line it may start', async () => {
    const decision = await decide('nice -n 5 foo git push origin main');
    expect(decision.reason).toContain('`foo` is a program codeward has no row for');
    expect(decision.reason).toContain('`git push origin main`');
  });
});

describe("from any word a rule's program word names (no parse per word)", () => {
  it.each(['foo rsync -a dist/ prod:/srv', 'nice foo rsync -a dist/ prod:/srv', 'foo --x 1 /usr/bin/rsync -a d prod:/srv'])('%s meets the rule on rsync', async (line) => {
    await expectRefused(line, '@coder exec rsync * prod:*');
  });
  it('past the walker\'s 8 guesses per command (`foo sh sh ... git push`)', async () => {
    await expectRefused(`foo ${'sh '.repeat(9)}git push`, '@coder exec?git push*');
  });
  it('a front-end word is read as the program it is (`foo hub push` is git push)', async () => {
    await expectRefused('nice foo hub push', '@coder exec?git push*');
  });
  it('a rule whose program word is a glob reads every word (`g?t push*`)', async () => {
    await expectRefused('nice foo git push', '@coder exec g?t push*', ['deny @coder exec g?t push*', 'allow @coder exec *']);
  });
  it('a prefix program word (`git*`) reads the words starting with it', async () => {
    await expectRefused('nice foo git-push origin', '@coder exec git*', ['deny @coder exec git*', 'allow @coder exec *']);
  });
  it('more places than the bound needs a person (fail closed)', async () => {
    // (rsync's row, R21-3, may read one of the places first as an option only known at run time: immune either way.)
    const decision = await decide(`foo ${'rsync '.repeat(70)}x`);
    expect(decision.decision).toBe('ask');
    expect(['launched-denial', 'dynamic-command']).toContain(decision.immune);
  });
  it('an ask rule it meets asks (not immune: a person or --yes answers as for the rule)', async () => {
    const decision = await decide('nice foo kubectl delete pod x');
    expect({ decision: decision.decision, source: decision.source }).toEqual({ decision: 'ask', source: 'cli' });
    expect(decision.reason).toContain('rule "@coder exec kubectl delete*" (ask)');
  });
});

describe('words that are data stay data', () => {
  it.each([
    'echo git push', "grep 'git push' notes.md", 'git log --grep push', 'foo git status', 'nice foo git status', 'printf "%s\\n" git push',
    'git commit -m "git push"', 'cat git push', 'ls git push', 'nice foo rsync -a dist/ backup/', 'apt-get install git', 'mytool --out git',
    'nice foo kubectl get pods',
  ])('%s stays allowed', async (line) => {
    expect((await decide(line)).decision).toBe('allow');
  });
  it('without a deny or ask rule the guess changes nothing', async () => {
    expect((await decide('nice foo git push', ['allow @coder exec *'])).decision).toBe('allow');
  });
});

// Guessing behind every wrapper outside a guess keeps the parser within its budget: the nested line is read.
describe("seed 004's immune list behind a wrapper and an unknown program", () => {
  const chain = Array.from({ length: 21 }, (_, i) => `u${i} env`).join(' ');
  immunityCases(
    immunityBox({ 'build/out.js': 'b\n' }),
    [
      ['rm-recursive', "nice foo sh -c 'rm -rf build'"],
      ['rm-recursive', "timeout 5 mytool -- bash -c 'rm -r build'"],
      ['rm-recursive', `nice ${chain} rm -r build`],
      ['rm-recursive', `env ${chain} rm -r build`],
      ['git-reset-hard', "stdbuf -oL foo sh -c 'git reset --hard'"],
    ],
    ["nice foo sh -c 'ls'", 'nice foo git status'],
  );
});
