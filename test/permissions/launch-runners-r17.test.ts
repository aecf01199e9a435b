// Red team R17-12, R17-13, R17-14, R17-17 and npmopts' "left" (issue 26, programs that run other programs): a deny
// rule names a program, so it must meet that program however it is started: a package spec (`npx npm@10`), a
// package whose bin has another name (`npx dotenv-cli`), the runners of package scripts (run-s, pnpm/yarn/bun run,
// concurrently npm:X), git's front-ends (hub, jj git push, git p4 submit, git svn dcommit), gpg-agent --daemon, a
// workspace file named like a known program inside launched text, and an unknown program whose words hold a line a
// deny rule forbids (the class rule: a person, never --yes).
import { copyFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { packageProgram } from '../../src/permissions/canonical-runners.js';
import { immunityBox, immunityCases } from './immune-cases.js';
import { explain, policyWith, sandbox, type Sandbox } from './helpers.js';

let box: Sandbox;
beforeAll(async () => {
  box = await sandbox();
  // A workspace script named like a shell, a copy of a binary named like env, and an ssh config.
  await writeFile(join(box.root, 'sh'), '#!/bin/sh\necho hi\n', { mode: 0o755 });
  await copyFile('/bin/true', join(box.root, 'env'));
  await writeFile(join(box.root, 'cfg'), 'Host x\n  ProxyCommand true\n');
});
afterAll(async () => box.cleanup());

const RULES = ['deny @coder exec?git push*', 'deny @coder exec?npm run deploy*', 'allow @coder exec *'];
const decide = async (line: string, rules: readonly string[] = RULES) => explain(await policyWith(box, rules), `@coder exec ${line}`);

const DENIED = [
  // R17-12: a package spec as the command of npx, npm exec, pnpm dlx, yarn dlx, bunx is the package's bin.
  'npx npm@10 run deploy', 'npx npm@latest run deploy', 'npx -y npm@10 run deploy', 'npx npm@^10.2 run-script deploy',
  'npm exec npm@10 -- run deploy', 'pnpm dlx npm@10 run deploy', 'yarn dlx npm@10 run deploy', 'bunx npm@10 run deploy',
  'npx npm@10 exec -- git push origin', 'npx git@2 push origin',
  // R17-13: the runners of package scripts are `npm run X` too.
  'run-s deploy', 'run-p deploy', 'npm-run-all deploy', 'npm-run-all -s build deploy', 'npm-run-all --serial lint deploy', 'npm-run-all -p deploy',
  'npx run-s deploy', 'concurrently npm:deploy', "concurrently 'yarn:deploy'", 'pnpm run deploy', 'pnpm deploy:prod', 'pnpm --filter . run deploy',
  'yarn deploy', 'yarn run deploy', 'bun run deploy', 'npm run-script deploy',
  // R17-14: hub is git; jj git push, git p4 submit and git svn dcommit publish commits.
  'hub push origin', 'hub -C . push', 'jj git push', 'jj -R . git push --all', 'git p4 submit', 'git svn dcommit',
  // R17-17: gpg-agent --daemon PROG; a package whose bin has another name.
  'gpg-agent --daemon git push origin', 'gpg-agent --homedir /tmp/g --daemon npm run deploy', 'npx dotenv-cli -- git push', 'npx dotenv-cli -e .env -- npm run deploy',
  // npmopts left: getopt bundles before an option taking a command.
  "entr -rs 'git push'", "tmux -2uc 'git push'", "ssh -vo 'ProxyCommand git push' x ls",
];

const PERSON = [
  // A glob script name: any script may run.
  "run-s '*'", "npm-run-all 'dep*'", "concurrently 'npm:*'",
  // The class rule: an unknown program (also behind npx) whose words hold a denied line.
  'foo --daemon git push origin', 'mytool run npm run deploy', 'npx some-runner -- git push', 'foo sh -c "git push"',
  // A workspace binary named like env may be any program (`./env push` may be git).
  './env push origin',
  // ssh reads a config file that may set ProxyCommand.
  'ssh -F ./cfg x ls', 'ssh -qF./cfg x ls', 'ssh -o Include=./cfg x ls',
];

const ALLOWED = [
  'npx npm@10 test', 'run-s build lint', 'npm-run-all -p build lint', 'pnpm deploy', 'pnpm run build', 'yarn build', 'bun run build', 'concurrently npm:build',
  'hub status', 'jj git fetch', 'git svn rebase', 'git p4 sync', 'gpg-agent --daemon', 'foo git status', 'npx cowsay@1 hi', 'npx dotenv-cli -- git status',
  'ssh -F /dev/null x ls', 'ssh x ls', 'tmux -Lsock new', "entr -rs 'make'",
];

describe('deny rules meet what package runners and front-ends run', () => {
  it.each(DENIED)('%s is denied', async (line) => {
    expect((await decide(line)).decision).toBe('deny');
  });
  it.each(PERSON)('%s needs a person', async (line) => {
    const decision = await decide(line);
    expect({ decision: decision.decision, source: decision.source }).toEqual({ decision: 'ask', source: 'immune' });
  });
  it.each(ALLOWED)('%s stays allowed', async (line) => {
    expect((await decide(line)).decision).toBe('allow');
  });
  it('an unknown program is asked with the line it may start and the rule', async () => {
    const decision = await decide('foo --daemon git push origin');
    expect(decision.immune).toBe('launched-denial');
    expect(decision.reason).toContain('`foo` is a program codeward has no row for');
    expect(decision.reason).toContain('`git push origin`');
  });
  it('an unknown program without a deny rule is the default ask, as before', async () => {
    const decision = await decide('foo --daemon git push origin', []);
    expect(decision.source).toBe('default');
  });
});

describe('a workspace file named like a known program, inside launched text (npmopts left)', () => {
  const RULE = ['deny @coder exec?./sh*', 'allow @coder exec *'];
  it.each(['./sh -c :', 'tmux new "./sh -c :"', 'sh -c "./sh -c :"', 'npm exec --call "./sh -c :"', 'sg users "./sh -c :"'])('%s is denied by a rule on ./sh', async (line) => {
    expect((await decide(line, RULE)).decision).toBe('deny');
  });
  it('a system shell by its path is still the shell', async () => {
    expect((await decide('/bin/sh -c ls', RULE)).decision).toBe('allow');
  });
});

describe('a package spec or package name is its bin (one test per table row)', () => {
  it.each([
    ['npm@10', 'npm'], ['npm@latest', 'npm'], ['@scope/tool@^2', 'tool'], ['@scope/tool', 'tool'], ['dotenv-cli', 'dotenv'], ['dotenv-cli@7', 'dotenv'],
    ['npm-run-all2', 'npm-run-all'], ['del-cli', 'del'], ['trash-cli', 'trash'], ['typescript@5', 'tsc'], ['@pnpm/exe', 'pnpm'], ['@yarnpkg/cli-dist', 'yarn'],
  ])('%s runs %s', (spec, bin) => {
    expect(packageProgram(spec)).toBe(bin);
  });
  it.each(['npm', 'cowsay', 'git', 'run-s', './x@1/y', 'constructor', 'toString', '__proto__'])('%s is itself', (name) => {
    expect(packageProgram(name)).toBeUndefined();
  });
});

describe("seed 004's immune list sees what they run", () => {
  immunityCases(
    immunityBox({ 'build/out.js': 'b\n' }),
    [
      ['git-reset-hard', 'hub reset --hard'],
      ['rm-recursive', 'gpg-agent --daemon rm -rf build'],
      ['rm-recursive', 'npx dotenv-cli -- rm -rf build'],
      ['rm-recursive', 'npx npm@10 exec -- rm -rf build'],
      ['rm-recursive', "tmux -2uc 'rm -rf build'"],
    ],
    ['hub status', 'gpg-agent --daemon ls', 'npx dotenv-cli -- ls'],
  );
});
