// FIXED (jail42): etc-view.ts BEYOND_ROOTS walks / itself (every top-level folder and file but what the view builds:
// /proc /sys /dev /tmp /run /etc /usr /home /root and the jail's homes) and /usr/local, to depth 4 from /.
// R38-a4 — MAJOR (as root; confidentiality) — `--sandbox off`'s jail (the whole root read-only) run by root reads
// root-only files in any top-level folder that etc-view.ts BEYOND_ROOTS does not list (/var /opt /srv /usr/local /mnt
// /media /boot): /data, /backup(s), /app, /srv-like /work, /lost+found, /nix/var, /snap, a container's /config or
// /secrets, and the files at / itself (Ubuntu's /swapfile and /swap.img are root 0600: the host's swapped-out memory).
// R37-a4's class (a jailed root process owns every root file; no capability needed) was closed by a LIST of roots; the
// view's own rule says "a list misses the next store". On this machine the unlisted top-level folders are /farm,
// /work, /old_root, /lost+found.
//
// Reproduction (integ 8bf2b72d, root, bwrap 0.8; a private mount namespace stands in for a /data or /backup folder):
//   $ unshare -m sh -c 'mount --make-rprivate / && mount -t tmpfs -o mode=0755 none /old_root &&
//       mkdir -m 0700 /old_root/backup && echo DB_DUMP_R38 > /old_root/backup/db.sql &&
//       echo SWAP_R38 > /old_root/swap.img && chmod 600 /old_root/swap.img &&
//       codeward --sandbox off --yes exec --cmd "cat /old_root/swap.img /old_root/backup/db.sql"'
//   SWAP_R38
//   DB_DUMP_R38
//   [exit 0]
//   (control: the same under /srv, a listed root: both hidden)
// Expected: as the default-deny view: a root-only file or folder is not readable inside, wherever it lies under /
// (the jail sees the root "as an unprivileged user does", as /etc already is).
// ONE place for the class fix: etc-view.ts EtcSecrets.find's Beyond: walk the entries of / itself (every top-level
// folder and file but the system folders the view builds on its own: /proc /sys /dev /tmp /run /etc /usr and the
// homes), not a fixed BEYOND_ROOTS list; or run the jail under a user namespace mapping root away (then no root file
// is readable by owner), which closes the depth/budget trade too.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { CLI } from '../helpers/fixture.js';
import { bwrapWorks } from '../shell/stage-helpers.js';
import { BEYOND_ROOTS } from '../../src/sandbox/etc-view.js';

const SYSTEM = new Set(['proc', 'sys', 'dev', 'tmp', 'run', 'etc', 'usr', 'home', 'root', 'bin', 'sbin', 'lib', 'lib32', 'lib64', 'libx32', 'var', 'opt', 'srv', 'mnt', 'media', 'boot', 'work']);
// An existing, EMPTY top-level folder the list does not name (mounted over only inside a private mount namespace).
const spare = readdirSync('/', { withFileTypes: true }).find((entry) => {
  if (!entry.isDirectory() || SYSTEM.has(entry.name) || BEYOND_ROOTS.includes(`/${entry.name}`)) return false;
  try {
    return readdirSync(`/${entry.name}`).length === 0;
  } catch {
    return false;
  }
})?.name;
const root = process.getuid?.() === 0;
const ws = mkdtempSync('/var/tmp/cw-rt38a-top-');
afterAll(() => rmSync(ws, { recursive: true, force: true }));

// In a private mount namespace: a tmpfs over `folder`, a root-only file and a root-only folder in it, then a jailed cat.
function readInJail(folder: string): string {
  const script = `mount --make-rprivate / && mount -t tmpfs -o mode=0755 none ${folder} && mkdir -m 0700 ${folder}/backup && echo DB_DUMP_R38 > ${folder}/backup/db.sql && echo SWAP_R38 > ${folder}/swap.img && chmod 600 ${folder}/swap.img && cd "$1" && exec "$2" "$3" --sandbox off --yes exec --cmd "cat ${folder}/swap.img ${folder}/backup/db.sql; echo ran"`;
  const run = spawnSync('unshare', ['-m', 'sh', '-c', script, 'sh', ws, process.execPath, CLI], { encoding: 'utf8', env: { ...process.env, CODEWARD_STATE_DIR: join(ws, '.state') }, timeout: 30_000 });
  return `${run.stdout}${run.stderr}`;
}

describe.skipIf(!bwrapWorks || !root || spare === undefined)('R38-a4 MAJOR: the jail as root reads root-only files in an unlisted top-level folder', { timeout: 60_000 }, () => {
  it('control: under /srv (a listed root) both are hidden', () => {
    const out = readInJail('/srv');
    expect(out).toContain('ran');
    expect(out).not.toMatch(/SWAP_R38|DB_DUMP_R38/);
  });
  it(`a root-only file and folder under /${spare ?? '?'} are hidden`, () => {
    const out = readInJail(`/${spare}`);
    expect(out).toContain('ran');
    expect(out).not.toMatch(/SWAP_R38|DB_DUMP_R38/);
  });
});
