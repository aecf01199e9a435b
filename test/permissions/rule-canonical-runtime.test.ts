import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { writeFiles } from '../helpers/fixture.js';
import { git } from '../helpers/git.js';
import { execUnderYes } from './helpers-yes.js';
import { explain, policyWith, sandbox, type Sandbox } from './helpers.js';

// Red team R14b-1: a person's deny rule sees a word built from a command substitution or a variable as the
// value bash gives it, when that value is known before the run; a word only known at run time may be the
// denied subcommand or argument, so the call needs a person (C241 under --yes), never --yes or an allow rule.
let box: Sandbox;
beforeAll(async () => {
  box = await sandbox();
});
afterAll(async () => box.cleanup());

const RULES = ['deny @coder exec?git push*', 'deny @coder exec?npm run deploy*'];
const KNOWN = ['git $(echo push)', 'git "$(printf push)"', 'git `echo push`', 'git $(echo push origin)', 'git -C . $(echo push)',
  'npm $(echo run) deploy', 'npm run $(printf deploy)', 'npm "$(echo run)" "$(echo deploy)"', "git $(cat <<'EOF'\npush\nEOF\n)"];
const UNKNOWN = ['git $(cat f)', 'git "$(cat f)" origin', 'git $X', 'npm $(cat f) deploy', 'npm run $(cat f)', 'npm run "$DEPLOY"', 'git pu$(cat f)'];

describe('deny rules read words known before the run as their value', () => {
  it.each(KNOWN)('%s is denied', async (line) => {
    const policy = await policyWith(box, [...RULES, 'allow @coder exec *']);
    expect((await explain(policy, `@coder exec ${line}`)).decision).toBe('deny');
  });
  it.each(UNKNOWN)('%s needs a person, even with an allow rule', async (line) => {
    const policy = await policyWith(box, [...RULES, 'allow @coder exec *']);
    const decision = await explain(policy, `@coder exec ${line}`);
    expect(decision.decision).toBe('ask');
    expect(decision.source).toBe('immune');
  });
  it.each(UNKNOWN)('%s asks under an ask rule', async (line) => {
    const policy = await policyWith(box, ['ask @coder exec?git push*', 'ask @coder exec?npm run deploy*', 'allow @coder exec *']);
    expect((await explain(policy, `@coder exec ${line}`)).decision).toBe('ask');
  });
});

describe('held back', () => {
  // npm's option place (dyn20): a word starting with a substitution may be `--script-shell=./p` (nopt reads options
  // anywhere before `--`), so `npm run $(echo build)`, `npm $(echo test)`, `npm test $(cat f)` ask (below).
  it.each(['git $(echo status)', 'git "$(printf log)" -1', 'echo $(cat f)', 'npm run build -- $(cat f)'])(
    '%s is not stopped by the deny rules', async (line) => {
      const policy = await policyWith(box, [...RULES, 'allow @coder exec *']);
      expect((await explain(policy, `@coder exec ${line}`)).decision).toBe('allow');
    });
  it.each(['npm run $(echo build)', 'npm $(echo test)', 'npm test $(cat f)'])('%s asks: a word in npm\'s option place may be an option (dyn20)', async (line) => {
    const policy = await policyWith(box, [...RULES, 'allow @coder exec *']);
    expect((await explain(policy, `@coder exec ${line}`)).decision).toBe('ask');
  });
  it('several known values: the one a deny rule forbids needs a person', async () => {
    const policy = await policyWith(box, [...RULES, 'allow @coder exec *']);
    for (const line of ['if [ -f a ]; then x=status; else x=push; fi; git $x', 'x=push; git $x']) expect((await explain(policy, `@coder exec ${line}`)).decision).not.toBe('allow');
  });
});

describe('through exec under --yes (in-process engine, no sandbox)', () => {
  const run = (cmd: string): Promise<string> => execUnderYes(box, ['@coder exec?npm run deploy*', '@coder exec?git push*'], cmd);
  beforeAll(async () => {
    await writeFiles(box.root, { 'package.json': JSON.stringify({ scripts: { deploy: 'echo x > deployed.txt' } }), f: 'deploy\n' });
    git(box.root, 'init', '-q');
  });
  it.each([['npm $(echo run) deploy', 'C240'], ['npm run "$(printf deploy)"', 'C240'], ['npm run $(cat f)', 'C241'], ['git $(echo push)', 'C240']])('%s is %s and nothing runs', async (cmd, code) => {
    expect(await run(cmd)).toBe(code);
    expect(existsSync(join(box.root, 'deployed.txt'))).toBe(false);
  });
});
