// Issue 26 (fix32b, the round-31 LEFT "programs that launch other programs through an option"): of the launchers the
// brief lists (socat, nc/ncat -e, busybox nc, flock, timeout, watch, xargs, find -exec, parallel, ssh-agent,
// dbus-run-session, setsid, chroot, unshare, nsenter, stdbuf, nohup, env -S, script -c, su/runuser -c, sudo, doas,
// systemd-run, at/batch, crontab), the planner already judged every one's command as a command of its own but two:
// socat's addresses that start a program (`socat - EXEC:'git push'`, `SYSTEM:`, 1.8's `SHELL:`, either half of a
// dual address) ran unjudged under an allow rule (fix: src/shell/parse-launch-program-rows.ts socatRuns), and the
// schedules whose command runs later outside any sandbox (`at -f FILE`, `batch -f FILE`, `systemd-run --on-*`) were
// allowed (fix: src/shell/danger-risky.ts `schedule`: a person decides). Controls: each other launcher's command is
// judged (a deny rule on it holds), and what launches nothing stays allowed.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { explain, parser, policyWith, sandbox, type Sandbox } from '../permissions/helpers.js';

let box: Sandbox;
beforeAll(async () => {
  await parser.ready();
  box = await sandbox();
});
afterAll(async () => box.cleanup());

const judged = async (line: string, rules: readonly string[]): Promise<{ decision: string; source: string }> => {
  const result = await explain(await policyWith(box, rules), JSON.stringify({ cmd: 'exec', args: { cmd: line } }));
  return { decision: result.decision, source: result.source };
};
const DENY_PUSH = ['deny @coder exec git push*', 'allow @coder exec *'];

describe('socat runs the command of an EXEC/SYSTEM/SHELL address: it is judged like a command of its own', () => {
  it.each([
    `socat - EXEC:'git push'`,
    `socat - exec:"git push"`,
    `socat -u SYSTEM:'git push' -`,
    `socat SYSTEM:'git push',pty STDIO`,
    `socat STDIO EXEC:git\\ push`,
    `socat 'STDIO!!EXEC:git push' TCP:h:1`,
    `socat - SHELL:'git push'`,
  ])('deny git push*: `%s` is denied', async (line) => {
    expect(await judged(line, DENY_PUSH)).toMatchObject({ decision: 'deny' });
  });
  it('allow all: `socat - EXEC:"rm -rf build"` is safety-immune', async () => {
    expect(await judged(`socat - EXEC:'rm -rf build'`, ['allow @coder exec *'])).toEqual({ decision: 'ask', source: 'immune' });
  });
  it.each([`socat - EXEC:'git status',pty`, 'socat - TCP:example.com:80'])('control: `%s` is allowed', async (line) => {
    expect((await judged(line, DENY_PUSH)).decision).toBe('allow');
  });
});

describe('a schedule (the command runs later, started by a service, outside any sandbox) asks a person', () => {
  it.each(['at now -f job.sh', 'at -f job.sh now', 'at -mf job.sh now', 'batch -f job.sh', 'systemd-run --on-calendar=daily git status', 'systemd-run --user --on-active=10 git status', 'systemd-run --user git status'])(
    'allow all: `%s` is safety-immune',
    async (line) => {
      expect(await judged(line, ['allow @coder exec *'])).toEqual({ decision: 'ask', source: 'immune' });
    },
  );
  it.each(['at -l', 'atq', 'at -r 3'])('control: `%s` (lists or removes a job) is allowed', async (line) => {
    expect((await judged(line, ['allow @coder exec *'])).decision).toBe('allow');
  });
});

describe('controls: every other launcher of the list hands its command to the judge', () => {
  it.each([
    'flock f git push', 'flock f -c "git push"', 'timeout 5 git push', 'watch -n1 "git push"', 'echo x | xargs git push', 'find . -exec git push \\;',
    'find . -execdir git push \\;', 'find . -ok git push \\;', 'parallel ::: "git push"', 'ssh-agent git push', 'dbus-run-session -- git push', 'setsid -f git push',
    'chroot / git push', 'unshare -r git push', 'nsenter -t 1 -m git push', 'stdbuf -oL git push', 'nohup git push', 'env -S "git push"', 'script -c "git push" /dev/null',
    'busybox timeout 5 git push', 'echo "git push" | at now',
  ])('deny git push*: `%s` is not allowed', async (line) => {
    expect((await judged(line, DENY_PUSH)).decision).not.toBe('allow');
  });
  it.each(['nc -e "git status" h 1', 'ncat --sh-exec "git status" h 1', 'busybox nc -e "git status" h 1', 'su -c "git status"', 'runuser -u me -- git status', 'sudo -u me git status', 'doas git status'])(
    'allow all: `%s` asks a person',
    async (line) => {
      expect(await judged(line, ['allow @coder exec *'])).toEqual({ decision: 'ask', source: 'immune' });
    },
  );
});
