import { copyFile, writeFile } from 'node:fs/promises';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { writeFiles } from '../helpers/fixture.js';
import { git } from '../helpers/git.js';
import { compilePattern, WORD_HOLE } from '../../src/permissions/pattern.js';
import { execUnderYes } from './helpers-yes.js';
import { explain, policyWith, sandbox, type Sandbox } from './helpers.js';

// Red team R15: a word whose value is only known at run time is a hole for deny and ask rules (any text: a deny
// rule that could match needs a person, saying which word is unknown); npm's own option grammar (`--` ends its
// options, `--opt=value`, unique abbreviations of the option that takes a command).
let box: Sandbox;
beforeAll(async () => {
  box = await sandbox();
  // R15-17: a copy of git's binary in the workspace, and a program of no known content.
  await copyFile('/usr/bin/git', join(box.root, 'g'));
  await writeFile(join(box.root, 'app'), '\u007fELF\u0002\u0001\u0001\u0000', { mode: 0o755 });
  await writeFile(join(box.root, 's'), '#!/bin/sh\necho hi\n', { mode: 0o755 });
});
afterAll(async () => box.cleanup());

const RULES = ['deny @coder exec?git push*', 'deny @coder exec?npm run deploy*', 'allow @coder exec *'];

// Each needs a person (safety-immune: no --yes, no allow rule) or is denied outright; none is allowed.
const HOLES = [
  // R15-1: xargs and parallel given their words by a file or a stream only known at run time.
  'xargs -a list git', 'xargs --arg-file=list git', 'xargs -alist git', 'xargs -0a list git', 'xargs git < list', 'cat list | xargs git',
  'parallel -a list git', 'xargs -a list npm run', 'cat list | xargs npm', 'cat list | xargs -I{} git {} origin', 'cat list | parallel git',
  "printf 'status\\npush' | xargs -n1 git", "printf 'status push' | xargs -L1 git", "printf 'pu\"\"sh' | xargs git", "printf 'pu\\\\sh' | xargs git",
  // R15-4: an unquoted glob as the subcommand or script word.
  'npm run deplo*', 'npm run deplo?', 'npm run deplo[y]', 'npm ru* deploy', 'git pus*', 'npm run "dep"lo*',
  // R15-13: more readings than the bound: the cut ones are a reading with holes.
  'for A in -P --no-pager --bare --no-replace-objects push; do for B in a b c origin; do git $A $B HEAD:refs/heads/x; done; done',
  'for A in -s -q -d --silent run; do for B in x y z deploy; do npm $A $B; done; done',
  // R15-17: a program named by a glob into the system's folders; a workspace executable of no known program.
  'cp /usr/bin/gi[t] g', 'ln -s /usr/bin/g*t g', 'cp /usr/b*/git g', './g push origin', './g -C . push', './app push',
];
const DENIED = [
  // R15-2: `--` ends npm's options before the script.
  'npm run -- deploy', 'npm run-script -- deploy', 'npm run --silent -- deploy', 'npm rum --if-present -- deploy',
  // R15-3: --call=TEXT and its abbreviations, after or before the subcommand, and npx's. (`npm exec --cal=TEXT` is no
  // longer a row: nopt reads a word of shorthand letters as those letters, `-c -a -l`, checked with npm 11.19, which
  // then takes TEXT as a package to run, "Invalid tag name": opts31's npm-long reads it so too.)
  'npm exec --call="npm run deploy"', 'npm x --call="git push origin HEAD"', 'npm exec --c="git push"',
  'npm --call="git push" exec', 'npx --cal="git push"', 'npx -c="git push"', 'npm exec -c="git push"', 'npm exe -c "git push"',
  // R15-5: npm explore runs its trailing words through a shell.
  'npm explore x -- git push origin HEAD:refs/heads/pwn2', 'npm explore x -- npm run deploy', 'npm explor x -- git push', 'npm --prefix . explore x git push',
];

describe('words only known at run time are holes for deny rules', () => {
  it.each(HOLES)('%s needs a person, even with an allow rule', async (line) => {
    const policy = await policyWith(box, RULES);
    const decision = await explain(policy, `@coder exec ${line}`);
    expect(decision.decision).not.toBe('allow');
    if (decision.decision === 'ask') expect(decision.source).toBe('immune');
  });
  it.each(['xargs -a list git', 'npm run deplo*', './g push'])('%s asks under an ask rule', async (line) => {
    const policy = await policyWith(box, ['ask @coder exec?git push*', 'ask @coder exec?npm run deploy*', 'allow @coder exec *']);
    expect((await explain(policy, `@coder exec ${line}`)).decision).toBe('ask');
  });
  it('the reason names the word only known at run time', async () => {
    const policy = await policyWith(box, RULES);
    expect((await explain(policy, '@coder exec xargs -a list git')).reason).toContain('the words xargs reads from its argument file');
    expect((await explain(policy, '@coder exec npm run deplo*')).reason).toContain('`deplo*` (a glob the shell expands from the files present)');
    expect((await explain(policy, '@coder exec ./g push')).reason).toContain('the program `./g`');
  });
});

describe('a one-word hole (a program of unknown content)', () => {
  const subject = (text: string) => ({ text: `@coder exec ${text}`, command: 'exec' });
  it('reads as any one word, never as several', () => {
    const rule = compilePattern('@coder exec git push*');
    expect(rule.matches(subject(`${WORD_HOLE} push origin`))).toBe(true);
    expect(rule.matches(subject(`${WORD_HOLE} deploy push`))).toBe(false);
    expect(compilePattern('@coder exec rm -rf*').matches(subject(`${WORD_HOLE} -rf build`))).toBe(true);
  });
});

describe("npm's own option grammar", () => {
  it.each(DENIED)('%s is denied', async (line) => {
    const policy = await policyWith(box, RULES);
    expect((await explain(policy, `@coder exec ${line}`)).decision).toBe('deny');
  });
  it('yarn run -- deploy is the script deploy', async () => {
    const policy = await policyWith(box, ['deny @coder exec?yarn run deploy*', 'allow @coder exec *']);
    expect((await explain(policy, '@coder exec yarn run -- deploy')).decision).toBe('deny');
  });
});

describe('held back', () => {
  it.each(['printf status | xargs git', 'printf status | xargs -r git', 'find . -name "*.ts" | xargs wc -l', 'npm run build', 'npm run "deplo*"', "npm run 'deplo?'", 'git add *.ts',
    'npm run build -- --x=deploy', 'npm exec --ca=x foo', 'npm explore x -- ls', 'parallel git ::: status', './s push', '/usr/bin/git status', 'cp src/*.ts out/',
    'for A in a b c d e; do for B in f g h i; do git log $A $B; done; done'])('%s is not stopped by the deny rules', async (line) => {
    const policy = await policyWith(box, RULES);
    expect((await explain(policy, `@coder exec ${line}`)).decision).toBe('allow');
  });
});

// A glob in npm's option place may expand to a planted file named `--script-shell=./p` (dyn20): not denied, asked.
it('npm test * asks (dyn20)', async () => {
  expect((await explain(await policyWith(box, RULES), '@coder exec npm test *')).decision).toBe('ask');
});

describe('through exec under --yes (in-process engine, no sandbox)', () => {
  const run = (cmd: string): Promise<string> => execUnderYes(box, ['@coder exec?npm run deploy*', '@coder exec?git push*'], cmd);
  beforeAll(async () => {
    await writeFiles(box.root, { 'package.json': JSON.stringify({ scripts: { deploy: 'echo x > deployed.txt' } }), list: 'run deploy\n', deploy: '' });
    git(box.root, 'init', '-q');
  });
  it.each([['xargs -a list npm', 'C241'], ['cat list | xargs npm', 'C241'], ['npm run deplo*', 'C241'], ['npm run -- deploy', 'C240'], ['npm exec --call="npm run deploy"', 'C240']])('%s is %s and nothing runs', async (cmd, code) => {
    expect(await run(cmd)).toBe(code);
    expect(existsSync(join(box.root, 'deployed.txt'))).toBe(false);
  });
});
