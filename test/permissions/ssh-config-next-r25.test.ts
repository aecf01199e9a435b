// Red team round 25, R25-14 (R24-9's fix: scp/sftp/ssh-copy-id/autossh/sshfs read `-F cfg`): the next programs and
// spellings that hand ssh a configuration file. cfg = `Host *` NL `ProxyCommand git push origin main`; under `deny
// @coder exec git push*` + `allow @coder exec *`: `slogin -F cfg h` (Debian's /usr/bin/slogin -> ssh), `git clone
// --config core.sshCommand="ssh -F cfg" h:r` (checked: git clone ran the --config sshCommand), `hg --ssh "ssh -F cfg"
// pull ..`, `hg pull --config ui.ssh="ssh -F cfg" ..`, `BORG_RSH="ssh -F cfg" borg list ..`, `duplicity
// --ssh-options="-F cfg" ..`, `ansible .. --ssh-extra-args="-F cfg"`, `ANSIBLE_SSH_ARGS="-F cfg" ansible ..` are
// allowed today; `ssh -F cfg h`, `git -c core.sshCommand="ssh -F cfg" fetch`, `borg init --rsh "ssh -F cfg" ..`,
// `RSYNC_RSH="ssh -F cfg" rsync ..` are not (controls). hg/borg/duplicity/ansible by their docs (not installed).
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { explain, policyWith, sandbox, type Sandbox } from './helpers.js';

const DENY = ['deny @coder exec git push*', 'allow @coder exec *'];

let box: Sandbox;
beforeAll(async () => {
  box = await sandbox();
  await writeFile(join(box.root, 'cfg'), 'Host *\n  ProxyCommand git push origin main\n');
});
afterAll(async () => box.cleanup());
const decide = async (line: string): Promise<string> => (await explain(await policyWith(box, DENY), `@coder exec ${line}`)).decision;

describe('R25-14: ssh configuration files through the next programs', () => {
  it.each([
    'slogin -F cfg h',
    'git clone --config core.sshCommand="ssh -F cfg" h:r',
    'hg --ssh "ssh -F cfg" pull ssh://h/r',
    'hg pull --config ui.ssh="ssh -F cfg" ssh://h/r',
    'BORG_RSH="ssh -F cfg" borg list ssh://h/r',
    'duplicity --ssh-options="-F cfg" a sftp://h/b',
    'ansible all -i h, --ssh-extra-args="-F cfg" -m ping',
    'ANSIBLE_SSH_ARGS="-F cfg" ansible all -i h, -m ping',
  ])('deny git push*: `%s` is not allowed', async (line) => {
    expect(await decide(line)).not.toBe('allow');
  });
  it.each(['ssh -F cfg h', 'git -c core.sshCommand="ssh -F cfg" fetch', 'borg init --rsh "ssh -F cfg" ssh://h/r', 'RSYNC_RSH="ssh -F cfg" rsync a h:b'])('control (held): `%s` is not allowed', async (line) => {
    expect(await decide(line)).not.toBe('allow');
  });
});
