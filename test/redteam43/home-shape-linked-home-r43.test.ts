// R43-a5 — MINOR (conditional: the default-deny view of a home is off for a workspace that IS another account's home
// when the host reaches homes through a link; its ~/.ssh is then readable and its ~/.bashrc writable in place) —
// home-shape.ts homeShaped compares the workspace's REAL path (home-secrets.ts passes the resolved root) with the
// homes' SPELLINGS: the shapes' parents (`/home`, useradd's HOME, SSSD's homedir) and the passwd/NSS homes, by text.
// On a host whose /home is a link (`/home -> /data/home`, common on clusters and NAS-backed servers; passwd says
// /home/alice), `HOME=/tmp/h codeward -C /home/alice` (round 11's case) resolves the root to /data/home/alice: its
// parent /data/home is no home parent, no passwd line names /data/home/alice, so homeShapedOwned is false and only
// $HOME's / the engine user's homes (realOf'd in home-shown.ts) get the home view. home-owner.ts's NSS answer
// (fix59) is compared the same way.
// Class: a path decision made on one spelling and enforced on another (R42-a6's class, for the home view).
// Repro (unit, no root needed): /B/home-link -> /B/data/home; passwd `alice:x:1000:1000::/B/home-link/alice:/bin/bash`,
//   parents [/B/home-link]; homeShaped('/B/data/home/alice', host) === false (true for '/B/home-link/alice').
// Fix (src/sandbox/home-shape.ts homeShaped/passwdHomes/homeParents): compare real paths: realOf each passwd home and
// each parent (once per host read) as well as their spellings, and the root both as given and resolved.
import { mkdirSync, symlinkSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { homeShaped } from '../../src/sandbox/home-shape.js';

let base: string;
beforeAll(async () => {
  base = await mkdtemp('/var/tmp/cw-rt43a-linked-home-');
  mkdirSync(join(base, 'data', 'home', 'alice'), { recursive: true });
  symlinkSync(join(base, 'data', 'home'), join(base, 'home-link'));
});
afterAll(async () => rm(base, { recursive: true, force: true }));

describe('R43-a5 MINOR: a home reached through a linked home folder is not home-shaped by its real path', () => {
  const host = () => ({ passwd: `alice:x:1000:1000::${join(base, 'home-link', 'alice')}:/bin/bash\n`, parents: [], wslRoot: '/mnt' });
  it('control: by the spelling passwd uses it is a home', () => {
    expect(homeShaped(join(base, 'home-link', 'alice'), host())).toBe(true);
  });
  it('by its real path (what the sandbox passes) it is one too (passwd home through a link)', () => {
    expect(homeShaped(join(base, 'data', 'home', 'alice'), host())).toBe(true);
  });
  it('by its real path under a home parent that is a link', () => {
    expect(homeShaped(join(base, 'data', 'home', 'alice'), { passwd: '', parents: [join(base, 'home-link')], wslRoot: '/mnt' })).toBe(true);
  });
});
