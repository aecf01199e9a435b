import { execFileSync } from 'node:child_process';
import { symlink, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { explain, policyWith, sandbox, type Sandbox } from './helpers.js';

// Red team R14b-1: the same program under another name. git's per-command programs (`git-push` in git's
// exec-path) are `git <command>`; the plumbing that pushes (send-pack, http-push) is a push; a node script that
// is npm's own cli (a symlink to npm-cli.js, a script requiring npm's lib/cli.js), run by node or by its
// shebang, is npm.
// The npm installed here.
const NPM = join(execFileSync('npm', ['root', '-g'], { encoding: 'utf8' }).trim(), 'npm');
let box: Sandbox;
beforeAll(async () => {
  box = await sandbox();
  await symlink(join(NPM, 'bin', 'npm-cli.js'), join(box.root, 'x'));
  await writeFile(join(box.root, 'y'), `#!/usr/bin/env node\nrequire(${JSON.stringify(join(NPM, 'lib', 'cli.js'))})(process)\n`, { mode: 0o755 });
  await writeFile(join(box.root, 'z'), '#!/usr/bin/env node\nconsole.log(1)\n', { mode: 0o755 });
});
afterAll(async () => box.cleanup());

const RULES = ['deny @coder exec?git push*', 'deny @coder exec?npm run deploy*', 'allow @coder exec *'];

describe('the same program under another name meets the deny rules', () => {
  it.each(['/usr/lib/git-core/git-push origin', 'git-push', 'git send-pack origin main', 'git http-push https://h/r main', 'git -C . send-pack x', 'git-send-pack x',
    'node ./x run deploy', './x run deploy', 'node y run deploy', './y run-s deploy', 'node ./y --silent rum deploy'])('%s is denied', async (line) => {
    const policy = await policyWith(box, RULES);
    expect((await explain(policy, `@coder exec ${line}`)).decision).toBe('deny');
  });
  it.each(['git-status', '/usr/lib/git-core/git-log -1', 'git send-email --help', 'node ./x test', './z run deploy', 'node z run deploy'])('held back: %s is not denied', async (line) => {
    const policy = await policyWith(box, RULES);
    expect((await explain(policy, `@coder exec ${line}`)).decision).not.toBe('deny');
  });
});
