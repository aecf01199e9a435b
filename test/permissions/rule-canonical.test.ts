import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { writeFiles } from '../helpers/fixture.js';
import { git } from '../helpers/git.js';
import { execUnderYes } from './helpers-yes.js';
import { explain, policyWith, sandbox, type Sandbox } from './helpers.js';

// Red team R13-14: the person's deny and ask rules see a command as the program reads it (global options
// removed, subcommand aliases resolved), like the danger classifier; allow rules do not.
let box: Sandbox;
beforeAll(async () => {
  box = await sandbox();
});
afterAll(async () => box.cleanup());

const GIT_PUSH = ['git -C . push', 'git --no-pager push', 'git -P push origin', 'git -c user.name=x push', 'git --git-dir=.git push',
  'command git -C . push', 'FOO=1 git -P push', 'sudo git --no-pager push', "'git' -C . push", '/usr/bin/git -C . push', 'git status; git -P push'];
const NPM_RUN = ['npm run-script deploy', 'npm rum deploy', 'npm urn deploy', 'npm -s run deploy', 'npm --silent run deploy',
  'npm --prefix . run deploy', 'npm run --silent deploy', 'npm --prefix=. rum deploy', 'npm --frob true run deploy', 'npm --silent false urn deploy', 'env npm -C . run-script deploy --x'];
const OTHERS: readonly [string, string][] = [
  ['cargo publish*', 'cargo +nightly -C . publish'], ['cargo publish*', 'cargo --manifest-path x/Cargo.toml publish'],
  ['docker push*', 'docker --context prod push img'], ['podman push*', 'podman -H tcp://x push img'],
  ['kubectl delete*', 'kubectl --context prod -n x delete pod a'], ['kubectl delete*', 'kubectl delete -n x pod a'],
  ['go generate*', 'go -C sub generate ./...'], ['make deploy*', 'make -C . -j 4 deploy'], ['make deploy*', 'make -s -f Makefile deploy'], ['make deploy*', 'make V=1 -C . deploy'],
  ['python3 -m http.server*', 'python3 -u -B -m http.server'], ['python3 -m http.server*', 'python3 -mhttp.server 80'],
  ['pip install*', 'pip --isolated install x'], ['yarn run deploy*', 'yarn deploy'], ['yarn run deploy*', 'yarn --cwd . run deploy'],
  ['pnpm run deploy*', 'pnpm -C . run-script deploy'], ['bun run deploy*', 'bun deploy'], ['git push*', 'git -c alias.p=push p'],
];

describe('deny and ask rules match the command as the program reads it', () => {
  it.each(GIT_PUSH)('--deny git push*: %s is denied', async (line) => {
    const policy = await policyWith(box, ['deny @coder exec?git push*']);
    expect((await explain(policy, `@coder exec ${line}`)).decision).toBe('deny');
  });
  it.each(GIT_PUSH)('--ask git push* over --allow git *: %s asks', async (line) => {
    const policy = await policyWith(box, ['ask @coder exec?git push*', 'allow @coder exec git *']);
    // By the rule, or by a safety-immune class that sees more in the same line (git -c, sudo): never allowed.
    expect((await explain(policy, `@coder exec ${line}`)).decision).toBe('ask');
  });
  it.each(NPM_RUN)('--deny npm run deploy*: %s is denied', async (line) => {
    const policy = await policyWith(box, ['deny @coder exec?npm run deploy*']);
    expect((await explain(policy, `@coder exec ${line}`)).decision).toBe('deny');
  });
  it.each(NPM_RUN)('--ask npm run deploy*: %s asks by the rule', async (line) => {
    const policy = await policyWith(box, ['ask @coder exec?npm run deploy*', 'allow @coder exec npm *']);
    expect((await explain(policy, `@coder exec ${line}`)).rule?.pattern).toBe('@coder exec?npm run deploy*');
  });
  it.each(OTHERS)('--deny %s: %s is denied', async (rule, line) => {
    const policy = await policyWith(box, [`deny @coder exec?${rule}`]);
    expect((await explain(policy, `@coder exec ${line}`)).decision).toBe('deny');
  });
});

describe('held back', () => {
  it.each(['git -C . status', 'git --no-pager log', 'npm run build', 'npm -s run test', 'git -C push status', 'npm run deployer-docs x'])(
    '--deny git push* / npm run deploy: %s is not denied', async (line) => {
      const policy = await policyWith(box, ['deny @coder exec?git push*', 'deny @coder exec?npm run deploy *', 'deny @coder exec?npm run deploy']);
      expect((await explain(policy, `@coder exec ${line}`)).decision).not.toBe('deny');
    });
  it('an allow rule keeps matching the command as it runs, not the canonical form', async () => {
    const policy = await policyWith(box, ['allow @coder exec?npm run deploy*']);
    expect((await explain(policy, '@coder exec npm --prefix . run deploy')).decision).toBe('ask');
    expect((await explain(policy, '@coder exec npm run deploy')).decision).toBe('allow');
  });
  it.each(['docker --frobnicate push img', 'docker --frobnicate x push img', 'docker $OPTS push img', 'cargo --unknown-opt publish', 'kubectl --weird ctx delete pod a'])(
    'an unknown option before the subcommand under a deny rule: %s needs a person, even with an allow rule', async (line) => {
      const policy = await policyWith(box, ['deny @coder exec?docker push*', 'deny @coder exec?cargo publish*', 'deny @coder exec?kubectl delete*', 'allow @coder exec *']);
      const decision = await explain(policy, `@coder exec ${line}`);
      expect(decision.decision).toBe('ask');
      expect(decision.source).toBe('immune');
      expect(decision.reason).toContain('which subcommand runs is unclear');
    });
  it('an unknown option before a subcommand no rule names changes nothing', async () => {
    const policy = await policyWith(box, ['deny @coder exec?docker push*', 'allow @coder exec docker *']);
    expect((await explain(policy, '@coder exec docker --frobnicate x images')).decision).toBe('allow');
  });
});

describe('through exec under --yes (in-process engine, no sandbox: the decision is what is checked)', () => {
  const run = (deny: string, cmd: string): Promise<string> => execUnderYes(box, [deny], cmd);
  beforeAll(async () => {
    await writeFiles(box.root, { 'package.json': JSON.stringify({ scripts: { deploy: 'echo x > deployed.txt' } }), 'a.txt': 'a\n' });
    git(box.root, 'init', '-q');
  });
  it.each(['git -C . push', 'git --no-pager push', 'git -P push origin', 'git -c user.name=x push'])('--deny git push*: %s is C240', async (cmd) => {
    expect(await run('@coder exec?git push*', cmd)).toBe('C240');
  });
  it.each(['npm run-script deploy', 'npm rum deploy', 'npm urn deploy', 'npm -s run deploy', 'npm --silent run deploy', 'npm --prefix . run deploy', 'npm run --silent deploy'])(
    '--deny npm run deploy*: %s is C240 and the script does not run',
    async (cmd) => {
      expect(await run('@coder exec?npm run deploy*', cmd)).toBe('C240');
      expect(existsSync(join(box.root, 'deployed.txt'))).toBe(false);
    },
  );
  it('an unknown option before the subcommand under a deny rule is C241 (a person decides)', async () => {
    expect(await run('@coder exec?docker push*', 'docker --frobnicate x push img')).toBe('C241');
  });
});
