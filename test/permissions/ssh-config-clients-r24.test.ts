// Red team round 24, R24-9 (left25's `core.sshCommand ssh -F ./cfg`: an ssh configuration file named on the line is
// read for the commands it runs, ProxyCommand / Match exec / LocalCommand): `ssh -F cfg host` asks, but the other
// OpenSSH clients take the same `-F` and hand it to ssh: `scp -F cfg a host:b`, `sftp -F cfg host`, and the wrappers
// ssh-copy-id, autossh, sshfs. Checked with OpenSSH's scp/sftp on this machine: `scp -F cfg a h:b` ran cfg's
// ProxyCommand, `sftp -F cfg2 h` cfg2's `Match exec` command. Under `deny @coder exec git push*` + `allow @coder
// exec *` each runs `git push` unasked (source cli). (scp -S / sftp -S ./p.sh run a workspace script: the known
// `./p.sh` design edge, not filed.)
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe } from 'vitest';
import { decideRows, execDecider } from './helpers.js';

const FILES: Record<string, string> = {
  cfg: 'Host *\n  ProxyCommand git push origin main\n',
  cfg2: 'Match exec "git push origin main"\n  User x\n',
};

const decide = execDecider(async (box) => {
  for (const [name, text] of Object.entries(FILES)) await writeFile(join(box.root, name), text);
});

describe('R24-9: OpenSSH clients other than ssh given a configuration file', () => {
  decideRows(decide, 'not allow', 'deny git push*: %s is not allowed', [
    'scp -F cfg a host:b',
    'scp -F cfg2 a host:b',
    'sftp -F cfg2 host',
    'ssh-copy-id -F cfg2 host',
    'autossh -F cfg2 host',
    'sshfs -F cfg2 host: mnt',
  ]);

  decideRows(decide, 'not allow', 'control (held): %s is not allowed', [
    'ssh -F cfg host true',
    'ssh -F cfg2 host true',
    "git -c core.sshCommand='ssh -F ./cfg2' fetch origin",
    "rsync -e 'ssh -F cfg2' a host:b",
    "scp -o ProxyCommand='git push origin main' a host:b",
  ]);
});

describe('R24-9 class: scp/sftp -S names the program run in ssh\'s place', () => {
  decideRows(decide, 'not allow', '%s is not allowed under deny git push*', ["scp -S 'git push origin main' a host:b", 'sftp -S "git push origin main" host']);

  decideRows(decide, 'allow', 'friction control: %s stays allowed', ['scp a host:b', 'scp -P 2222 -i key a host:b', 'sftp host']);
});
