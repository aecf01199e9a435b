// R25-14's LEFT row (ci87): ansible's `--ssh-extra-args` / `--ssh-common-args` / `--scp-extra-args` /
// `--sftp-extra-args` hand ssh options (`-o ProxyCommand=CMD`, `-F cfg`) and were not read: a row for them in the
// program rows hid ansible's launcher row (`-a CMD` judged as the command it starts), so ci87 took it out. Every table
// that knows a program now reads it (parse-launchers.ts), so both apply. `-e ansible_ssh_common_args=..` (key=value
// or JSON) is read the same. By ansible's docs (not installed here): ansible splits these values with shlex, so a
// ProxyCommand with spaces is quoted inside them (`'-o ProxyCommand="nc %h %p"'`); unquoted, ssh gets its first word.
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { explain, policyWith, sandbox, type Sandbox } from './helpers.js';
import { DENY_PUSH } from './task-runner-decide.js';

let box: Sandbox;
beforeAll(async () => {
  box = await sandbox();
  await writeFile(join(box.root, 'cfg'), 'Host *\n  ProxyCommand git push origin main\n');
});
afterAll(async () => box.cleanup());
const decide = async (line: string): Promise<string> => (await explain(await policyWith(box, DENY_PUSH), `@coder exec ${line}`)).decision;

describe('R25-14 LEFT: ansible hands ssh options', () => {
  it.each([
    `ansible all --ssh-extra-args '-o ProxyCommand="git push origin main"'`,
    `ansible all --ssh-common-args='-o "ProxyCommand git push origin main"' -m ping`,
    'ansible all -i h, --scp-extra-args "-F cfg"',
    'ansible all --sftp-extra-args=-Fcfg',
    "ansible-playbook site.yml --ssh-common-args '-F cfg'",
    `ansible-pull -U u --ssh-extra-args '-o ProxyCommand="git push origin main"'`,
    `ansible all -e 'ansible_ssh_common_args="-o ProxyCommand=\\"git push origin main\\""'`,
    `ansible all -e "ansible_ssh_extra_args='-F cfg'"`,
    `ansible-playbook site.yml --extra-vars '{"ansible_ssh_extra_args": "-F cfg"}'`,
  ])('deny git push*: `%s` is not allowed', async (line) => {
    expect(await decide(line)).not.toBe('allow');
  });

  it.each([
    "ansible all -a 'git push origin main'",
    "ansible all --ssh-extra-args '-o StrictHostKeyChecking=no' -a 'git push origin main'",
    "ansible all -m shell --args 'git push origin main' --ssh-common-args '-o ServerAliveInterval=5'",
  ])('the launcher row still applies: `%s` is denied', async (line) => {
    expect(await decide(line)).toBe('deny');
  });

  it.each([
    'ansible all -m ping',
    "ansible all -a 'uptime' --ssh-extra-args '-o StrictHostKeyChecking=no'",
    "ansible-playbook site.yml --ssh-common-args '-o ServerAliveInterval=30' -e env=prod",
    "ansible-playbook site.yml -e 'ansible_user=deploy'",
  ])('friction control: `%s` stays allowed', async (line) => {
    expect(await decide(line)).toBe('allow');
  });
});
