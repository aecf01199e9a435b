// FIXED (jail42): home-shape.ts WSL_HOME (/mnt/DRIVE/Users/NAME) and home-folders.ts lists /mnt/DRIVE/Users: a Windows
// profile is a home (emptied in the jail as the default-deny view shows a home).
// R38-a7 — MAJOR (WSL; confidentiality) — a home home-folders.ts does not list: on WSL the person's Windows profile is
// mounted at /mnt/c/Users/NAME (drvfs: every file mode 0777, readable by every Linux account), with its own .ssh, .aws,
// .azure, .kube, .docker, Documents, Downloads and browser profiles. The default-deny sandbox does not show /mnt; the
// jail of `--sandbox off` shows the whole root outside the homes it empties (/root, /home/*, /Users/*, /var/home/*,
// passwd homes), so `grep -r "" /mnt/c/Users` prints the Windows home whole, even the credential catalogue (~/.ssh/id_rsa)
// the jail hides in a Linux home. Modes do not help (0777), the closed walk does not either (as root only, and nothing
// is closed there). The same for any home the list's shapes miss and passwd does not name (an LDAP/SSSD account's
// /data/home/NAME, /u/NAME, /export/home/NAME; a passwd home with uid < 1000 or a nologin shell).
//
// Reproduction (integ 8bf2b72d, root, bwrap 0.8; a private mount namespace stands in for WSL's /mnt/c):
//   $ unshare -m sh -c 'mount --make-rprivate / && mount -t tmpfs -o mode=0755 none /mnt &&
//       mkdir -p /mnt/c/Users/alice/.ssh /mnt/c/Users/alice/Documents && echo WIN_SSH_R38 > /mnt/c/Users/alice/.ssh/id_rsa &&
//       echo WIN_DOC_R38 > /mnt/c/Users/alice/Documents/passwords.txt && chmod -R 777 /mnt/c &&
//       codeward --sandbox off --yes exec --cmd "grep -r R38 /mnt/c/Users"'
//   /mnt/c/Users/alice/Documents/passwords.txt:WIN_DOC_R38
//   /mnt/c/Users/alice/.ssh/id_rsa:WIN_SSH_R38
//   [exit 0]                          (the default sandbox: "grep: /mnt/c/Users: No such file or directory")
// Expected: a Windows profile under WSL is a home: emptied in the jail like /home/NAME (its toolchain folders and
// sandboxReadable shown), at least its credential catalogue hidden.
// ONE place for the class fix: home-shape.ts SHAPES / home-folders.ts homeFolders: /mnt/<drive>/Users/<name> (WSL's
// drvfs, and its automount root from /etc/wsl.conf), beside /Users/<name>; the jail takes its homes from there only.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { CLI } from '../helpers/fixture.js';
import { bwrapWorks } from '../shell/stage-helpers.js';

const root = process.getuid?.() === 0;
const ws = mkdtempSync('/var/tmp/cw-rt38a-wsl-');
afterAll(() => rmSync(ws, { recursive: true, force: true }));

function grepProfile(mode: string[]): string {
  const script = 'mount --make-rprivate / && mount -t tmpfs -o mode=0755 none /mnt && mkdir -p /mnt/c/Users/alice/.ssh /mnt/c/Users/alice/Documents && echo WIN_SSH_R38 > /mnt/c/Users/alice/.ssh/id_rsa && echo WIN_DOC_R38 > /mnt/c/Users/alice/Documents/passwords.txt && chmod -R 777 /mnt/c && cd "$1" && shift && exec "$@" --yes exec --cmd "grep -r R38 /mnt/c/Users; echo ran"';
  const run = spawnSync('unshare', ['-m', 'sh', '-c', script, 'sh', ws, process.execPath, CLI, ...mode], { encoding: 'utf8', env: { ...process.env, CODEWARD_STATE_DIR: join(ws, '.state') }, timeout: 30_000 });
  return `${run.stdout}${run.stderr}`;
}

describe.skipIf(!bwrapWorks || !root || !existsSync('/mnt'))('R38-a7 MAJOR: the jail prints a WSL Windows home (/mnt/c/Users/NAME) whole', { timeout: 60_000 }, () => {
  it('control: the default sandbox does not show it', () => {
    const out = grepProfile([]);
    expect(out).toContain('ran');
    expect(out).not.toMatch(/WIN_(SSH|DOC)_R38/);
  });
  it('the jail does not print the Windows home\'s ~/.ssh/id_rsa', () => {
    const out = grepProfile(['--sandbox', 'off']);
    expect(out).toContain('ran');
    expect(out).not.toContain('WIN_SSH_R38');
  });
  it('the jail does not print the Windows home\'s Documents', () => {
    expect(grepProfile(['--sandbox', 'off'])).not.toContain('WIN_DOC_R38');
  });
});
