// FIXED (walk58: modes.ts openSearchable + clear() per-entry errors, byte-names.ts holdsBelow fails closed). R41-a1 — MAJOR (H2's own harm: setuid programs of the person's left runnable by every local user; and the run's
// whole result lost, availability) — codeward as a NORMAL user (root passes over modes), in-place run (--no-stage, and
// every sandboxWritable folder, which is walked in place in a staged run too).
// Class: fix53 (modes-unlisted.ts) handles a folder the run left UNOPENABLE (EACCES on open). A folder left READABLE but
// not SEARCHABLE by its owner (`chmod 601 d`: owner r--, others --x) opens fine (O_DIRECTORY needs only r), listBytes
// lists it, and then modes.ts clear() lstat()s `held/name`: EACCES, which `throwIfNoEntry: false` does not swallow. The
// throw leaves visit(), walk() and clearRiskyModes(): the after-run walk is ABANDONED mid-tree. Every folder not yet
// walked keeps what the run left (here a/x, b/x, c/x, d/x stay setuid; z/x and y were cleared by luck of readdir
// order), planted.ts and the rest of the after-run checks do not run, and the person sees only
// "Error C216: permission denied by the operating system" in place of the run's result. d is o+x: any local user runs
// d/x as the person (stat as uid 1234 works: -rwsr-xr-x nobody).
// Repro (integ 85b3ba45, bwrap, codeward as uid 65534 via setpriv):
//   mk.py: for n in 'abcdz': mkdir n; cp /bin/true n/x; chmod 4755 n/x;  chmod 4755 y;  chmod 601 d
//   $ codeward --yes exec --no-stage --cmd 'python3 mk.py'   -> "Error C216 ..."; find ws -perm -4000 -> a/x b/x c/x d/x
// (the staged default applies none of them: the stage plan held.)
// Second site, same throw: a non-UTF-8 folder `d\xfe` holding `e` (mode 601) holding a setuid x: modes-bytes.ts
// spellHeld -> byte-names.ts holdsBelow -> acted() lstat()s `d\xfe/e/x`: EACCES escapes holdsBelow (only listBytes is
// caught), same C216, same setuid files left (row 2).
// Fix (modes.ts, one place): a per-entry error never abandons the walk (clear() catches EACCES/ELOOP/… as a warning:
// "could not be checked"), and a folder the run changed that its owner cannot SEARCH goes through the same
// modes-unlisted.ts path as one it cannot open (test the folder's own mode for u+rx, not only open()'s EACCES).
import { spawnSync } from 'node:child_process';
import { existsSync, lstatSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { asRoot, reachable } from '../helpers/as-nobody.js';
import { AS_NOBODY, bareBase, bareExec, removeBare } from '../helpers/bare-cli.js';
import { CLI } from '../helpers/fixture.js';
import { bwrapWorks } from '../shell/stage-helpers.js';

const MAKE = `import os, shutil
for n in 'abcdz':
  os.mkdir(n); shutil.copy('/bin/true', n + '/x'); os.chmod(n + '/x', 0o4755)
shutil.copy('/bin/true', 'y'); os.chmod('y', 0o4755)
os.chmod('d', 0o601)
`;
const BYTES = `import os, shutil
d = b'd\\xfe'
os.makedirs(d + b'/e'); shutil.copy('/bin/true', d + b'/e/x'); os.chmod(d + b'/e/x', 0o4755)
for n in 'abc':
  os.mkdir(n); shutil.copy('/bin/true', n + '/x'); os.chmod(n + '/x', 0o4755)
os.chmod(d + b'/e', 0o601)
`;
const usable = asRoot && reachable && bwrapWorks && existsSync(CLI) && spawnSync('python3', ['-c', '0']).status === 0;

let base: string | undefined;
const outs: Record<string, string> = {};
beforeAll(async () => {
  if (!usable) return;
  // Each workspace holds both scripts and runs its own.
  base = await bareBase('cw-rt41a-unsearch-', { workspaces: ['plain', 'bytes'], files: { 'plain.py': MAKE, 'bytes.py': BYTES }, nobody: true });
  for (const name of ['plain', 'bytes']) outs[name] = bareExec(base, `python3 ${name}.py`, false, { cwd: join(base, name), through: AS_NOBODY });
}, 90_000);
afterAll(() => removeBare(base));

function setuidLeft(ws: string): string[] {
  const found: string[] = [];
  const walk = (dir: Buffer): void => {
    for (const name of readdirSync(dir, { encoding: 'buffer' })) {
      const path = Buffer.concat([dir, Buffer.from('/'), name]);
      const stats = lstatSync(path);
      if (stats.isDirectory() && name.toString() !== '.git') walk(path);
      else if (stats.isFile() && stats.mode & 0o4000) found.push(path.subarray(ws.length + 1).toString('utf8'));
    }
  };
  walk(Buffer.from(ws));
  return found.sort();
}

describe.skipIf(!usable)('R41-a1 MAJOR: a folder its owner can read but not search abandons the after-run walk', () => {
  for (const name of ['plain', 'bytes']) {
    it(`${name}: the run result is reported (not replaced by Error C216)`, () => {
      expect(outs[name]).toContain('[exit 0]');
      expect(outs[name]).not.toMatch(/Error C216/);
    });
    it(`${name}: no setuid file is left anywhere in the workspace`, () => {
      expect(setuidLeft(join(base!, name))).toEqual([]);
    });
  }
});
