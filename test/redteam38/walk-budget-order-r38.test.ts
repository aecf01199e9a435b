// FIXED (jail44): etc-view.ts closedBelow gives each top folder (an entry of a root: /var, /srv ...) a budget of its own
// (BEYOND_BUDGET) and a root's own entries are judged whole; the top folders whose budget ran out are returned (`cut`)
// and the run says so once (sandbox.ts). What lies deeper in a cut folder stays readable (the documented trade: hiding
// it whole hides /opt/conda). The rows below use beyondFound (the walk moved out of find(), jail42).
// R38-a6 — MINOR (as root; machine-dependent) — the jail's closed walk (etc-view.ts EtcSecrets Beyond, R37-a4) spends
// ONE budget (20k entries) over BEYOND_ROOTS in list order (/var, /opt, /srv, /usr/local, /mnt, /media, /boot), depth
// first. When an early root is big (a desktop's /var/lib/dpkg/info ~10k files, /var/cache/apt/archives, /var/lib/flatpak,
// /opt/conda/lib ~5k, or /var/crash, which is world-writable (1777) on Ubuntu: any local account can fill it), the walk
// stops there and every LATER root is never looked at: a root-only /srv/backup/db.sql (0600) or /boot/... right at
// level 1 stays readable to a jailed root run. The documented trade is "deeper files stay readable"; this is whole
// top-level roots, silently (nothing tells the user the walk stopped). This machine spends 2,256 entries (/opt 1,885).
//
// Reproduction (integ 8bf2b72d; the walk itself, a small budget standing in for 20k):
//   new EtcSecrets(etc, true, undefined, () => true, { roots: [big, srv], depth: 3, budget: 50, areas: [] }).find()
//   with big/ holding 60 plain files and srv/db.sql mode 0600 -> srv/db.sql is NOT in the hidden list.
// Expected: a walk cut short fails closed: what it did not reach is hidden (an unwalked root or folder hidden whole)
// or the run says so; at least every root's top level is judged before any root's depth is.
// ONE place for the class fix: etc-view.ts EtcSecrets.closedBelow (breadth first across the roots, and past the
// budget the unvisited folders pushed as closed, kind 'dir').
import { chmodSync, mkdirSync, writeFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ClosedFolders } from '../../src/sandbox/closed-folders.js';
import { cutNote, EtcSecrets } from '../../src/sandbox/etc-view.js';

let base: string;
beforeAll(async () => {
  base = await mkdtemp('/var/tmp/cw-rt38a-budget-');
  mkdirSync(join(base, 'etc'));
  // Two roots standing in for / (a's top folder `var`, bigger than the budget, is walked first) and its later folders.
  mkdirSync(join(base, 'a', 'var'), { recursive: true });
  for (let index = 0; index < 60; index += 1) writeFileSync(join(base, 'a', 'var', `f${index}`), '');
  mkdirSync(join(base, 'b', 'srv'), { recursive: true });
  writeFileSync(join(base, 'b', 'srv', 'db.sql'), 'DB_DUMP_R38\n');
  chmodSync(join(base, 'b', 'srv', 'db.sql'), 0o600);
});
afterAll(async () => rm(base, { recursive: true, force: true }));

const walk = (roots: string[], cut: string[] = []): string[] =>
  new EtcSecrets(join(base, 'etc'), true, undefined, () => true, { roots: roots.map((name) => join(base, name)), depth: 3, budget: 50, areas: [] })
    .beyondFound(new ClosedFolders(), cut)
    .map((entry) => entry.path);

describe('R38-a6 MINOR: the closed walk\'s budget, spent on an early big folder, leaves later folders unwalked', () => {
  it('control: with the small root alone, the root-only file is hidden', () => {
    expect(walk(['b'])).toContain(join(base, 'b', 'srv', 'db.sql'));
  });
  it('after a top folder bigger than the budget, the root-only file of the next top folder is still hidden', () => {
    expect(walk(['a', 'b'])).toContain(join(base, 'b', 'srv', 'db.sql'));
  });
  it('the top folder whose budget ran out is said (cut), the others are not', () => {
    const cut: string[] = [];
    walk(['a', 'b'], cut);
    expect(cut).toEqual([join(base, 'a', 'var')]);
  });
  it('the run says which folders were cut (sandbox.ts warns with cutNote), nothing when none', () => {
    expect(cutNote([])).toBeUndefined();
    expect(cutNote(['/var', '/nix'])).toMatch(/in \/var, \/nix: deeper there they stay readable/);
  });
});
