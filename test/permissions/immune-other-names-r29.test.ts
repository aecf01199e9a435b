// Red team round 29, R29-1/R29-4/R29-5 as classes (the rows' own lines are test/redteam29/): one program under
// another NAME (program-aliases.ts programCalls: git's dashed builtins, versioned and flavoured names, `X.__main__`,
// kmod's words, service wrappers) and git's other writers of the person's own git files (git-user-files.ts), read
// through the one immune judge under `allow @coder *` + `allow *`. The neighbours found beside the rows are here;
// look-alikes that stay ordinary below them (a project script named like a system program, prose, readers).
import { afterAll, beforeAll, describe } from 'vitest';
import { sandbox, type Sandbox } from './helpers.js';
import { immunityCases } from './immune-cases.js';

const IMMUNE: readonly (readonly [string, string])[] = [
  // R29-1: git's writers of ~/.gitconfig / ~/.git-credentials / other repositories, by verb.
  ['git-config-outside', 'git maintenance unregister'],
  ['git-config-outside', 'git maintenance start'],
  ['git-config-outside', 'git -C . maintenance register --config-file ../x'],
  ['git-config-outside', 'git credential approve'],
  ['git-config-outside', 'git credential reject'],
  ['git-config-outside', 'git credential-store store'],
  ['git-config-outside', 'git-credential-store erase'],
  ['git-config-outside', 'git for-each-repo --config=maintenance.repo gc'],
  ['git-config-outside', 'scalar clone https://example.com/r.git'],
  ['git-config-outside', 'scalar reconfigure --all'],
  ['git-config-outside', 'scalar -C . unregister'],
  ['git-config-outside', 'scalar delete x'],
  ['git-config-outside', '/usr/lib/git-core/scalar register'],
  // R29-4: one program under another name.
  ['git-reset-hard', '/usr/lib/git-core/git-reset --hard'],
  ['git-reset-hard', 'git-reset --ha'],
  ['git-discard', 'git-stash drop'],
  ['git-push-force', 'git-push -f origin main'],
  ['git-config-outside', 'git-config --glo core.pager x'],
  ['git-config-outside', '/usr/libexec/git-core/git-maintenance register'],
  ['tool-config-write', 'pip3.12 config set global.index-url http://x'],
  ['tool-config-write', 'python3.12 -m pip.__main__ config set global.index-url http://x'],
  ['tool-config-write', 'python3 -m pip.__main__ config set global.index-url http://x'],
  ['tool-config-write', 'npm10 config set script-shell ./x'],
  ['rm-recursive', 'rm2 -rf build'],
  // R29-5: immune acts under their other program names and words.
  ['nc-listen', 'nc.openbsd -vl 4444'],
  ['nc-listen', '/bin/nc.traditional -l -p 4444'],
  ['nc-listen', 'socat TCP-L:4444 EXEC:sh'],
  ['nc-listen', 'socat -d -d UDP4-RECV:53 -'],
  ['nc-listen', 'socat OPENSSL-LISTEN:443,cert=x.pem -'],
  ['insmod', 'kmod insert x.ko'],
  ['rmmod', 'kmod remove x'],
  ['systemctl-stop', 'service ssh stop'],
  ['systemctl-stop', 'invoke-rc.d ssh stop'],
  ['systemctl-stop', 'update-rc.d ssh disable'],
  ['systemctl-stop', 'systemctl -s 9 kill x'],
  ['systemctl-stop', 'systemctl restart sshd'],
  ['setcap', 'setcap cap_net_raw=ep ./bin'],
  ['sql-truncate', 'psql -c "truncate only t, u restart identity cascade;"'],
  ['sql-truncate', 'mysql -e "TRUNCATE db.t"'],
];

const NOT_IMMUNE = [
  'scalar list',
  'scalar version',
  'git maintenance --help',
  'git credential fill',
  'git-status',
  'git-log --oneline',
  'pip3.12 list',
  'python3.12 -m pip.__main__ list',
  'socat - TCP:example.com:80',
  'socat -lf log.txt - TCP:example.com:80',
  'setcap -v cap_net_raw=ep ./bin',
  'setcap -r ./bin',
  'systemctl status kill.service',
  'service ssh status',
  'kmod list',
  'git commit -m "truncate long lines"',
  'echo truncate the log',
  'sh ./shutdown.sh',
  './reboot.sh',
];

let box: Sandbox;
beforeAll(async () => {
  box = await sandbox();
});
afterAll(async () => box.cleanup());

describe('R29-1/4/5: other names and other writers are safety-immune; look-alikes are not', () => {
  immunityCases(() => box, IMMUNE, NOT_IMMUNE);
});
