// FIXED (jail42): shell/run-call.ts prepares the run again and starts it once more when bubblewrap names a mount point
// of this run that is gone now (sandbox/vanished.ts); the re-walk sees the folder changed (closed-folders.ts).
// R38-a9 — MAJOR (availability) — a root-only file the jail's closed walk hides (etc-view.ts Beyond, R37-a4: /var/log's
// rotated logs, a service's lock or state file, anything 0600 in /var /opt /srv /usr/local /mnt /media /boot to depth 3)
// that is removed between the walk and bwrap's start makes bwrap fail ("Can't create file at X: Read-only file
// system": it cannot make the mount point in the read-only root) and the run is refused, C210 "nothing ran". No retry,
// no re-walk. etc-view.ts knows the race (TRANSIENT skips /var/tmp for exactly this) but only /var/tmp is skipped.
// SEEN LIVE on this machine during round 38: another session rotated root-only files /var/log/cw-j42-rot.N about once a
// second, and 1 jailed run in 2 to 4 failed:
//   error C210: nothing ran: --sandbox off runs commands with their writes jailed to the workspace, and the jail
//   (bubblewrap) failed to start: bwrap: Can't create file at /var/log/cw-j42-rot.8: Read-only file system; ...
// logrotate (auth.log.4.gz deleted, .1 renamed), a database's or daemon's lock/pid/temp files, apt's partial downloads
// do the same on a real host; as root every `--sandbox off` run walks them.
//
// Reproduction (integ 8bf2b72d, root, bwrap 0.8; deterministic: a bwrap wrapper removes the file right before bwrap,
// in a private mount namespace where /srv is a tmpfs made read-only as a root file system is):
//   wrapper (for the run, not the backend probe):  rm -f /srv/log/a.log.1; mount -o remount,ro /srv; exec /usr/bin/bwrap "$@"
//   $ unshare -m sh -c 'mount --make-rprivate / && mount -t tmpfs none /srv && mkdir /srv/log &&
//       echo x > /srv/log/a.log.1 && chmod 600 /srv/log/a.log.1 &&
//       CODEWARD_BWRAP=wrapper codeward --sandbox off --yes exec --cmd "echo ran"'
//   error C210: nothing ran: ... bwrap: Can't create file at /srv/log/a.log.1: Read-only file system
// Expected: a hidden path that is gone at the start needs no hiding: the run starts (the file is not there to read).
// ONE place for the class fix: where the jail's hidden list becomes bwrap arguments (bwrap.ts, hidden secrets of the
// whole root): a file or folder hidden there is hidden through its PARENT when the parent is stable, or the run
// re-checks existence right before the spawn and, on bwrap's "Can't create file at <hidden path>", drops it and retries
// once (the path is gone: nothing to hide).
import { spawnSync } from 'node:child_process';
import { chmodSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { CLI } from '../helpers/fixture.js';
import { bwrapWorks } from '../shell/stage-helpers.js';

const root = process.getuid?.() === 0;
const base = mkdtempSync('/var/tmp/cw-rt38a-gone-');
const ws = join(base, 'ws');
mkdirSync(ws);
const wrapper = join(base, 'bwrap');
// Only for the run itself (not codeward's probe of the backend, which comes before the walk).
writeFileSync(wrapper, '#!/bin/sh\ncase "$*" in *"echo ran"*) rm -f /srv/log/a.log.1; mount -o remount,ro /srv;; esac\nexec /usr/bin/bwrap "$@"\n');
chmodSync(wrapper, 0o755);
afterAll(() => rmSync(base, { recursive: true, force: true }));

function run(bwrap: string, state: string): string {
  const script = 'mount --make-rprivate / && mount -t tmpfs -o mode=0755 none /srv && mkdir /srv/log && echo x > /srv/log/a.log.1 && chmod 600 /srv/log/a.log.1 && cd "$1" && shift && exec "$@" --sandbox off --yes exec --cmd "echo ran"';
  const done = spawnSync('unshare', ['-m', 'sh', '-c', script, 'sh', ws, process.execPath, CLI], { encoding: 'utf8', env: { ...process.env, CODEWARD_BWRAP: bwrap, CODEWARD_STATE_DIR: join(base, state) }, timeout: 30_000 });
  return `${done.stdout}${done.stderr}`;
}

describe.skipIf(!bwrapWorks || !root)('R38-a9 MAJOR: a hidden root-only file gone before bwrap starts refuses the jailed run (C210)', { timeout: 60_000 }, () => {
  it('control: with the file still there, the run runs', () => {
    expect(run('/usr/bin/bwrap', 'state-a')).toContain('ran');
  });
  it('with the file removed between the walk and bwrap\'s start, the run still runs', () => {
    const out = run(wrapper, 'state-b');
    expect(out).not.toContain('C210');
    expect(out).toContain('ran');
  });
});
