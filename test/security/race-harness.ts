// The race harness of the file-tool stress tests (THREAT-MODEL.md invariant 3): a swapper child process
// flips workspace entries between a real one and a symlink to the outside, as fast as it can, while the
// tests run file operations through the engine; afterwards nothing outside may have changed and no
// outside byte or name may have come back.
import { spawn, type ChildProcess } from 'node:child_process';
import { createHash } from 'node:crypto';
import { lstatSync, readdirSync, readFileSync, readlinkSync, writeFileSync } from 'node:fs';
import { mkdir, symlink, writeFile } from 'node:fs/promises';
import { join } from 'node:path';

// In every outside file's content and in the name of the outside-only file: must never come back.
export const MARK = 'Zq7outside';

// Flipped entries: `d` a folder (real one, or a link to the outside folder), `s` a file (real one, or a
// link to the outside secret file).
export const FLIPS = [
  { name: 'd', real: '.d-real', link: '.d-link' },
  { name: 's', real: '.s-real', link: '.s-link' },
] as const;

export interface RaceFixture {
  readonly root: string;
  readonly outside: string;
  readonly secret: string;
}

// base/ws (the workspace) and base/outside (+ base/secret), with the same names inside and outside.
export async function raceFixture(base: string): Promise<RaceFixture> {
  const root = join(base, 'ws');
  const outside = join(base, 'outside');
  const secret = join(base, 'secret');
  await mkdir(join(root, '.d-real', 'sub'), { recursive: true });
  await mkdir(join(outside, 'sub'), { recursive: true });
  for (const [name, text] of Object.entries({ 'f.txt': 'inside f\n', 'f.txt.bak': 'inside f backup\n', 'victim.txt': 'inside victim\n', 'sub/keep.txt': 'inside sub\n' })) {
    await writeFile(join(root, '.d-real', name), text);
  }
  for (const name of ['f.txt', 'f.txt.bak', 'victim.txt', 'x.bak', 'sub/keep.txt', `${MARK}-only.txt`]) {
    await writeFile(join(outside, name), `${MARK} ${name}\n`);
  }
  await writeFile(secret, `${MARK} secret file\n`);
  await writeFile(join(root, '.s-real'), 'inside s\n');
  await writeFile(join(root, '.s-real.bak'), 'inside s backup\n');
  await symlink(outside, join(root, '.d-link'));
  await symlink(secret, join(root, '.s-link'));
  return { root, outside, secret };
}

// Every entry below `dir` (and `dir` itself): kind, mode, bytes' hash or link target.
export function snapshot(...paths: string[]): Map<string, string> {
  const seen = new Map<string, string>();
  const visit = (path: string): void => {
    const st = lstatSync(path);
    if (st.isSymbolicLink()) seen.set(path, `link ${readlinkSync(path)}`);
    else if (st.isDirectory()) {
      seen.set(path, `dir ${st.mode}`);
      for (const name of readdirSync(path)) visit(join(path, name));
    } else seen.set(path, `file ${st.mode} ${createHash('sha256').update(readFileSync(path)).digest('hex')}`);
  };
  for (const path of paths) visit(path);
  return seen;
}

// The swapper: flips every entry of FLIPS (real → name → real, link → name → link) in a loop; an entry
// an operation created meanwhile at `name` is put aside or removed. Writes its round count to
// `<root>/.swaps` every 256 rounds (temp + rename: a reader never sees a half-written count).
const SWAPPER = `
const fs = require('fs'); const path = require('path');
const root = process.argv[1];
const flips = JSON.parse(process.argv[2]);
const at = (n) => path.join(root, n);
const mv = (a, b) => { try { fs.renameSync(at(a), at(b)); return true; } catch { return false; } };
const lexists = (n) => { try { fs.lstatSync(at(n)); return true; } catch { return false; } };
function recover(f) {
  try {
    const st = fs.lstatSync(at(f.name));
    if (st.isSymbolicLink() && !lexists(f.link)) fs.renameSync(at(f.name), at(f.link));
    else if (!st.isSymbolicLink() && !lexists(f.real)) fs.renameSync(at(f.name), at(f.real));
    else fs.rmSync(at(f.name), { recursive: true, force: true });
  } catch {}
}
const pause = new Int32Array(new SharedArrayBuffer(4));
let rounds = 0;
let dwell = false;
for (;;) {
  for (const f of flips) {
    if (!mv(f.real, f.name)) recover(f);
    else {
      // Asked to (the '.dwell' file): once every 256 rounds the real entry stays at its name for 40 ms.
      if (dwell && (rounds & 255) === 0) Atomics.wait(pause, 0, 0, 40);
      if (!mv(f.name, f.real)) recover(f);
    }
    if (!mv(f.link, f.name)) recover(f); else if (!mv(f.name, f.link)) recover(f);
  }
  rounds += 1;
  if ((rounds & 255) === 0) { dwell = lexists('.dwell'); fs.writeFileSync(at('.swaps.tmp'), String(rounds)); fs.renameSync(at('.swaps.tmp'), at('.swaps')); }
}
`;

export interface Swapper {
  stop(): Promise<void>;
  rounds(): number;
  // From now on, once every 256 rounds each real entry stays at its name for 40 ms (still racing in between):
  // for an operation of many steps that otherwise loses every race on a loaded machine.
  dwell(): void;
}

export function startSwapper(root: string): Swapper {
  const child: ChildProcess = spawn(process.execPath, ['-e', SWAPPER, root, JSON.stringify(FLIPS)], { stdio: 'ignore' });
  return {
    rounds: () => {
      try {
        return Number(readFileSync(join(root, '.swaps'), 'utf8')) || 0;
      } catch {
        return 0;
      }
    },
    dwell: () => writeFileSync(join(root, '.dwell'), ''),
    stop: () =>
      new Promise((resolve) => {
        if (child.exitCode !== null || child.signalCode !== null) return resolve();
        child.once('exit', () => resolve());
        child.kill('SIGKILL');
      }),
  };
}

// Waits until the swapper has done a few rounds (it really runs) or the bound passes.
export async function swapping(swapper: Swapper): Promise<void> {
  for (let tries = 0; tries < 400 && swapper.rounds() < 256; tries += 1) await new Promise((resolve) => setTimeout(resolve, 10));
}

// Puts every flipped entry back in its resting place (real at .x-real, link at .x-link, nothing at name).
export async function settle(root: string): Promise<void> {
  const { renameSync, lstatSync: lst, rmSync } = await import('node:fs');
  for (const f of FLIPS) {
    try {
      const st = lst(join(root, f.name));
      const to = st.isSymbolicLink() ? f.link : f.real;
      try {
        lst(join(root, to));
        rmSync(join(root, f.name), { recursive: true, force: true });
      } catch {
        renameSync(join(root, f.name), join(root, to));
      }
    } catch {
      // nothing at name
    }
  }
}
