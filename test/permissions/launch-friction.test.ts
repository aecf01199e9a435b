// Issue 26 friction (launch.md "left"): the readings of what really runs must not ask for what is ordinary. hub's
// read-only git lines are git's own (allowed when git's are); `ssh -F FILE` / `-o Include=FILE` of a config that
// sets nothing that runs a program is an ordinary ssh, while one that does, or that cannot be read whole, stays a
// command only known at run time (a person).
import { mkdir, symlink, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { removeDir, tempDir } from '../helpers/fixture.js';
import { explain, policyWith, sandbox, type Sandbox } from './helpers.js';

let box: Sandbox;
let outside: string;
const CONFIGS: Readonly<Record<string, string>> = {
  plain: 'Host x\n  HostName 127.0.0.1\n  User me\n  # ProxyCommand in a comment\n  IdentityFile ~/.ssh/id\n',
  proxy: 'Host x\n  ProxyCommand nc %h %p\n',
  proxyEquals: 'Host x\n  proxycommand=nc %h %p\n',
  proxyQuoted: 'Host x\n\t"ProxyCommand" nc %h %p\n',
  local: 'Host x\n  PermitLocalCommand yes\n  LocalCommand ./tools/x\n',
  match: 'Match host x exec "./tools/x"\n  User me\n',
  include: 'Include ./plain\n',
  known: 'KnownHostsCommand ./tools/x\n',
  remote: 'Host x\n  RemoteCommand rm -rf ~\n',
  pkcs: 'PKCS11Provider ./tools/lib.so\n',
};
beforeAll(async () => {
  box = await sandbox();
  outside = await tempDir('codeward-ssh-out-');
  for (const [name, text] of Object.entries(CONFIGS)) await writeFile(join(box.root, name), text);
  await writeFile(join(box.root, 'big'), `${'# padding line of a config file\n'.repeat(3000)}Host x\n`);
  await symlink(join(box.root, 'plain'), join(box.root, 'link'));
  await mkdir(join(box.root, 'folder'));
  await writeFile(join(outside, 'plain'), CONFIGS['plain']!);
  await writeFile(join(outside, 'proxy'), CONFIGS['proxy']!);
});
afterAll(async () => {
  await box.cleanup();
  await removeDir(outside);
});

const decide = async (line: string, rules: readonly string[]) => explain(await policyWith(box, rules), `@coder exec ${line}`);

describe('hub: a read-only git line it starts is git\'s own', () => {
  const HUB = ['allow @coder exec hub *'];
  it.each(['hub status', 'hub log --oneline -5', 'hub diff', 'time hub show HEAD', 'hub branch -a'])('%s is allowed by a rule on hub alone', async (line) => {
    expect((await decide(line, HUB)).decision).toBe('allow');
  });
  it.each(['hub push', 'hub -c core.pager=./x log', "sh -c 'hub status'", 'hub commit -m x'])('%s still asks', async (line) => {
    expect((await decide(line, HUB)).decision).toBe('ask');
  });
  it('without a rule on hub it asks (hub itself is not read-only)', async () => {
    expect((await decide('hub status', [])).decision).toBe('ask');
  });
});

describe('ssh -F: the config file is read', () => {
  const ALL = ['allow @coder exec *'];
  it.each([
    'ssh -F ./plain x ls', 'ssh -F plain x ls', 'ssh -qF./plain x ls', 'ssh -o Include=./plain x ls', 'ssh -F ./plain -o Include=./plain x ls',
    'nice ssh -F ./plain x uptime',
  ])('%s (a config that runs nothing) is an ordinary ssh', async (line) => {
    expect((await decide(line, ALL)).decision).toBe('allow');
  });
  it('a plain config outside the workspace too', async () => {
    expect((await decide(`ssh -F ${join(outside, 'plain')} x ls`, ALL)).decision).toBe('allow');
  });
  it.each([
    'ssh -F ./proxy x ls', 'ssh -F ./proxyEquals x ls', 'ssh -F ./proxyQuoted x ls', 'ssh -F ./local x ls', 'ssh -F ./match x ls', 'ssh -F ./include x ls', 'ssh -F ./known x ls',
    'ssh -F ./remote x ls', 'ssh -F ./pkcs x ls', 'ssh -o Include=./proxy x ls', 'ssh -F ./plain -F ./proxy x ls',
    // Unreadable whole: missing, a link, a folder, past the bound, only known at run time.
    'ssh -F ./missing x ls', 'ssh -F ./link x ls', 'ssh -F ./folder x ls', 'ssh -F ./big x ls', 'ssh -F "$CFG" x ls',
    // The line may write the file before ssh reads it; a remote command spelling the placeholder is not one.
    "printf 'ProxyCommand x\\n' > plain2; ssh -F ./plain x ls", 'cp proxy plain && ssh -F ./plain x ls', `ssh -F ./plain x '"$SSH_CONFIG_FILE_COMMAND"'`,
    'ssh -F ./plain x ls; ssh -F ./proxy x ls',
  ])('%s stays a command only known at run time (a person)', async (line) => {
    const decision = await decide(line, ALL);
    expect({ decision: decision.decision, source: decision.source, immune: decision.immune }).toEqual({ decision: 'ask', source: 'immune', immune: 'dynamic-command' });
  });
  it('a config outside the workspace that runs a program too', async () => {
    expect((await decide(`ssh -F ${join(outside, 'proxy')} x ls`, ALL)).immune).toBe('dynamic-command');
  });
  it('a deny rule on the remote command still denies', async () => {
    expect((await decide("ssh -F ./plain x 'git push'", ['deny @coder exec git push*', 'allow @coder exec *'])).decision).toBe('deny');
  });
});
