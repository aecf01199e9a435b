// R39-a4 — MINOR (another user's secrets read by a jailed run, on hosts whose homes are links) — `--sandbox off`'s jail
// empties every home (view-whole-root.ts jailHomes), found by home-folders.ts homeFolders: each FOLDER entry of the home
// parents (/home, /Users, /var/home, useradd/adduser/SSSD's) plus passwd's homes. A home that is a SYMLINK in /home
// (`/home/bob -> /data/bob`, `/home/bob -> /mnt/nas/bob`: admins moving homes to a bigger disk; LDAP/SSSD accounts that
// /etc/passwd does not list, so passwdHomes cannot add it) fails `entry.isDirectory()` and is skipped; /home itself
// stays whole in the jail, so /home/bob resolves to /data/bob, which is not a home to the jail: bob's files readable
// by their modes (a jailed root has no CAP_DAC_OVERRIDE but reads every 0644 file: ~/.npmrc and ~/.pypirc with tokens,
// ~/.bash_history often, ~/.kube/config when 0644, project .env files). jailHomes would resolve a link (realOf): it is
// never given one. The default-deny view shows no home: held.
// Class: home discovery by dirent type (a link is a home too).
// Repro (integ 507f8cca): parents = [P], P/bob -> ../data/bob (a folder), passwd without bob:
//   homeFolders({ passwd: '', parents: [P], wslRoot: '/none' })  ->  ['/root']     (no P/bob, no data/bob)
// (Unit-level: the e2e needs a link under the real /home, which this round may not make.)
// Fix (one place, home-folders.ts homeFolders): take an entry that is a directory OR a symlink resolving to a
// directory (statSync), so jailHomes (realOf) empties the link's target.
import { mkdirSync, symlinkSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { homeFolders } from '../../src/sandbox/home-folders.js';

let base: string;
beforeAll(async () => {
  base = await mkdtemp('/var/tmp/cw-rt39a-home-');
  mkdirSync(join(base, 'home', 'alice'), { recursive: true });
  mkdirSync(join(base, 'data', 'bob'), { recursive: true });
  symlinkSync('../data/bob', join(base, 'home', 'bob'));
});
afterAll(async () => rm(base, { recursive: true, force: true }));

describe('R39-a4 MINOR: a home that is a link in a home parent is not a home to the jail', () => {
  it('control: a plain home folder is found', () => {
    expect(homeFolders({ passwd: '', parents: [join(base, 'home')], wslRoot: '/nonexistent' })).toContain(join(base, 'home', 'alice'));
  });
  it('a linked home is found too', () => {
    expect(homeFolders({ passwd: '', parents: [join(base, 'home')], wslRoot: '/nonexistent' })).toContain(join(base, 'home', 'bob'));
  });
});
