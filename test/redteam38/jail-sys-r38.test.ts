// FIXED (jail42): view-whole-root.ts rootArgs takes /sys from view.ts sysArgs (an empty read-only /sys with the
// view's CPU and cgroup parts bound back), as /run since R37-a5.
// R38-a5 — MINOR (as root; machine identifiers and firmware secrets) — `--sandbox off`'s jail binds the host's whole
// /sys (view-whole-root.ts rootArgs: `--ro-bind / /` with fresh /dev, /proc, /tmp and /run only), while the default-deny
// view shows only /sys's CPU and cgroup parts (view.ts). A jailed ROOT process owns every sysfs file, so the root-only
// ones read: /sys/class/dmi/id/{product_uuid,product_serial,board_serial,chassis_serial} (0400: the hardware twin of
// /etc/machine-id, which the jail hides as a secret), /sys/firmware/acpi/tables/MSDM (0400: an OEM machine's Windows
// product key), /sys/firmware/dmi/tables/DMI, /sys/firmware/efi/efivars entries. R37-a5 made /run the view's; /sys
// stayed the host's. (This VM has no DMI or ACPI tables: a private mount namespace stands in for them below.)
//
// Reproduction (integ 8bf2b72d, root, bwrap 0.8):
//   $ unshare -m sh -c 'mount --make-rprivate / && mount -t tmpfs -o mode=0755 none /sys/firmware &&
//       mkdir -p /sys/firmware/acpi/tables && echo MSDM_KEY_R38 > /sys/firmware/acpi/tables/MSDM &&
//       chmod 400 /sys/firmware/acpi/tables/MSDM &&
//       codeward --sandbox off --yes exec --cmd "cat /sys/firmware/acpi/tables/MSDM"; codeward --yes exec --cmd "cat ..."'
//   MSDM_KEY_R38  [exit 0]                        (the jail)
//   cat: /sys/firmware/acpi/tables/MSDM: No such file or directory    (the default sandbox: held)
// Expected: /sys in the jail is the default-deny view's (its CPU and cgroup parts), as /run is since R37-a5.
// ONE place for the class fix: view-whole-root.ts rootArgs: the parts of / the default-deny view builds itself
// (/sys as view.ts makes it, beside /dev, /proc, /run) taken from view.ts, not the host's.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { CLI } from '../helpers/fixture.js';
import { bwrapWorks } from '../shell/stage-helpers.js';

const root = process.getuid?.() === 0;
const ws = mkdtempSync('/var/tmp/cw-rt38a-sys-');
afterAll(() => rmSync(ws, { recursive: true, force: true }));

// In a private mount namespace: a tmpfs over /sys/firmware holding a root-only ACPI table, then `cat` it in `mode`.
function readTable(mode: string[]): string {
  const script = 'mount --make-rprivate / && mount -t tmpfs -o mode=0755 none /sys/firmware && mkdir -p /sys/firmware/acpi/tables && echo MSDM_KEY_R38 > /sys/firmware/acpi/tables/MSDM && chmod 400 /sys/firmware/acpi/tables/MSDM && cd "$1" && shift && exec "$@" --yes exec --cmd "cat /sys/firmware/acpi/tables/MSDM; echo ran"';
  const run = spawnSync('unshare', ['-m', 'sh', '-c', script, 'sh', ws, process.execPath, CLI, ...mode], { encoding: 'utf8', env: { ...process.env, CODEWARD_STATE_DIR: join(ws, '.state') }, timeout: 30_000 });
  return `${run.stdout}${run.stderr}`;
}

describe.skipIf(!bwrapWorks || !root || !existsSync('/sys/firmware'))('R38-a5 MINOR: the jail shows the host\'s whole /sys (root-only DMI serials, ACPI MSDM)', { timeout: 60_000 }, () => {
  it('control: the default sandbox does not show it', () => {
    const out = readTable([]);
    expect(out).toContain('ran');
    expect(out).not.toContain('MSDM_KEY_R38');
  });
  it('the jail (--sandbox off) does not show it', () => {
    const out = readTable(['--sandbox', 'off']);
    expect(out).toContain('ran');
    expect(out).not.toContain('MSDM_KEY_R38');
  });
});
