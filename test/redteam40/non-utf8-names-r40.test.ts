// R40-a2 — MAJOR (a setuid root program left in the workspace; availability loss: search and git status block for
// ever) — the after-run walk cannot name an entry whose name is not UTF-8. modes-find.ts decodes find's -printf output
// with `output.toString('utf8')`, and the node walk (modes.ts visit, the route without GNU find) lists with
// readdirSync(..., utf8): either way a byte like \xff becomes U+FFFD, the rebuilt path names no file, lstat/open say
// ENOENT and the entry is skipped SILENTLY (modes-held.ts open(): ENOENT -> -1, no warning; clear(): undefined). So a
// sandboxed command (an in-place run: --no-stage, `"stage": false`, --sandbox off's jail, every sandboxWritable folder,
// .git for a git line) keeps a setuid file named `x\xff`, anything below a folder named `d\xfe` (a setuid `d\xfe/inner`),
// and a FIFO `d\xfe/.gitignore` — after which `codeward search` and `git status` in the workspace hang (R37-a7's class).
// (The staged route fails closed: "the command's changes could not be read (ENOENT ... upper/d\uFFFD); nothing was
// applied" — the whole run lost, MINOR.)
// Class: paths carried as JS strings (lossy UTF-8) through a walk whose job is to judge EVERY entry.
// Repro (integ 54799dc5, root, bwrap): a committed mk.py that makes the four entries with bytes names, then
//   $ codeward --yes exec --no-stage --cmd 'python3 mk.py'   -> warns only for `ok` and `plain`; `x\xff` stays -rwsr-xr-x
//   $ timeout 20 codeward search needle  -> killed at 20 s (opens d\xfe/.gitignore, a FIFO)
// Fix (one place per route): modes-find.ts keeps find's output as Buffers (split on NUL bytes, paths as Buffers or
// latin1-safe) and modes-held.ts / modes.ts open/lstat/chmod by Buffer names (readdirSync {encoding: 'buffer'});
// or, at the least, a name that does not round-trip is WARNED about, never skipped in silence.
import { spawnSync } from 'node:child_process';
import { existsSync, lstatSync, mkdirSync, writeFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CLI } from '../helpers/fixture.js';
import { bwrapWorks } from '../shell/stage-helpers.js';
import { clearRiskyModes } from '../../src/sandbox/modes.js';

const MAKE = `import os, shutil
for n in [b'ok', b'x\\xff']:
    shutil.copy('/bin/true', n); os.chmod(n, 0o4755)
os.mkdir(b'd\\xfe'); os.mkfifo(b'd\\xfe/.gitignore')
os.mkdir(b'e\\xfe'); shutil.copy('/bin/true', b'e\\xfe/inner'); os.chmod(b'e\\xfe/inner', 0o4755)
`;
const at = (root: string, ...parts: (string | number[])[]): Buffer => Buffer.concat([Buffer.from(root), ...parts.map((part) => Buffer.concat([Buffer.from('/'), typeof part === 'string' ? Buffer.from(part) : Buffer.from(part)]))]);
const mode = (path: Buffer): number => lstatSync(path).mode;
// The fix (src/sandbox/byte-names.ts) sets a non-UTF-8 name aside to its UTF-8 spelling (`x\xff` -> `x%FF`): neither the
// byte name nor the spelled one may be left setuid.
const setuidLeft = (path: Buffer, spelled: Buffer): boolean => [path, spelled].some((each) => existsSync(each) && (mode(each) & 0o4000) !== 0);
const hasPython = spawnSync('python3', ['-c', '0']).status === 0;

let base: string;
let cli = '';
beforeAll(async () => {
  base = await mkdtemp('/var/tmp/cw-rt40a-utf8-');
  const root = join(base, 'ws');
  spawnSync('git', ['init', '-q', root]);
  writeFileSync(join(root, 'mk.py'), MAKE);
  mkdirSync(join(base, 'h'));
  if (!bwrapWorks || !existsSync(CLI) || !hasPython) return;
  const env = { HOME: join(base, 'h'), PATH: process.env['PATH'] ?? '/usr/bin:/bin', CODEWARD_STATE_DIR: join(base, 's') };
  const result = spawnSync('node', [CLI, '--yes', 'exec', '--no-stage', '--cmd', 'python3 mk.py'], { cwd: root, env, encoding: 'utf8', timeout: 60_000 });
  cli = `${result.stdout}${result.stderr}`;
}, 90_000);
afterAll(async () => rm(base, { recursive: true, force: true }));

describe.skipIf(!bwrapWorks || !existsSync(CLI) || !hasPython)('R40-a2 MAJOR: a non-UTF-8 name escapes the after-run walk (CLI, in place)', () => {
  const root = (): string => join(base, 'ws');
  it('control: the run ran and the UTF-8 `ok` was cleared', () => {
    expect(cli).toContain('[exit 0]');
    expect(mode(at(root(), 'ok')) & 0o4000).toBe(0);
  });
  it('a setuid file named x\\xff is cleared too', () => {
    expect(setuidLeft(at(root(), [0x78, 0xff]), at(root(), 'x%FF'))).toBe(false);
    expect(existsSync(at(root(), 'x%FF'))).toBe(true);
    expect(cli).toContain('renamed to x%FF');
  });
  it('a setuid file below a folder named e\\xfe is cleared too', () => {
    expect(setuidLeft(at(root(), [0x65, 0xfe], 'inner'), at(root(), 'e%FE', 'inner'))).toBe(false);
  });
  it('a FIFO .gitignore below a folder named d\\xfe is set aside', () => {
    for (const folder of [[0x64, 0xfe], 'd%FE']) expect(existsSync(at(root(), folder, '.gitignore')) && lstatSync(at(root(), folder, '.gitignore')).isFIFO()).toBe(false);
  });
});

// Both routes of clearRiskyModes (GNU find; the node walk when find is missing), no sandbox needed.
describe.each([['find', undefined], ['node walk', '/nonexistent/find']] as const)('R40-a2 MAJOR: clearRiskyModes, %s route', (_name, find) => {
  it('clears a setuid file with a non-UTF-8 name (and one below such a folder)', async () => {
    const root = await mkdtemp('/var/tmp/cw-rt40a-utf8u-');
    try {
      const since = Date.now() - 1_000;
      const file = at(root, [0x78, 0xff]);
      writeFileSync(file, '#!/bin/sh\n', { mode: 0o4755 });
      mkdirSync(at(root, [0x65, 0xfe]));
      writeFileSync(at(root, [0x65, 0xfe], 'inner'), '#!/bin/sh\n', { mode: 0o4755 });
      const warnings = await clearRiskyModes(root, since, [root], undefined, find);
      expect(setuidLeft(file, at(root, 'x%FF')) ? `left setuid; warnings: ${warnings.join('\n')}` : 'cleared').toBe('cleared');
      expect(setuidLeft(at(root, [0x65, 0xfe], 'inner'), at(root, 'e%FE', 'inner'))).toBe(false);
      expect(warnings.join('\n')).toMatch(/renamed to e%FE/);
    } finally {
      await rm(root, { recursive: true, force: true });
    }
  });
});
