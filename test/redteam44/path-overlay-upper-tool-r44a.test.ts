// R44-a4 — MAJOR (conditional; escape: the NEXT exec is sandboxed by a `bwrap` a previous sandboxed run wrote, started
// by codeward outside any sandbox).
// Class: fix71's outsidePath (sandbox/which.ts) relates a PATH folder to the writable areas by spelling and, since
// R43-a3, by the device:inode of each folder on the way up from its real path. An OVERLAY mount whose upper (or lower)
// layer lies in an area has neither: the merged folder has the overlay's own device and inode, no link leads to the
// layer, and no folder above the merged folder is the area. A file the run writes in the upper layer IS a file of the
// merged folder (a dev container whose tool folder is an overlay over a writable volume; a toolbox/distrobox layer).
// Repro (integ b1bb7db3, root, bwrap; in `unshare -m`): ~/.codeward/config.json {"sandboxWritable":["$B/wr"]},
// PATH=$B/merged:/usr/bin:/bin
//   $ codeward --yes exec --cmd 'cp p.sh $B/wr/up/bwrap && chmod 755 $B/wr/up/bwrap'   -> [exit 0]
//   mount -t overlay overlay -o lowerdir=$B/low,upperdir=$B/wr/up,workdir=$B/wr/work $B/merged   (the next boot)
//   $ codeward --yes exec --cmd 'echo next-run'   -> next-run, and p.sh's marker says PLANTED
// (A file written to the upper layer WHILE mounted is not seen by a merged folder that already looked the name up —
// a negative dentry — so the row mounts between the runs, as a restart would.)
// Suggested fix (src/sandbox/which.ts): relate mounts, not only folders: read /proc/self/mountinfo once and take a
// mount point as an alias of an area when its source folder (a bind's root field) or an overlay's upperdir/lowerdir
// option lies in an area; or judge the program FILE found by identity against the areas' files (an overlay file
// reports the upper layer's inode on one filesystem), i.e. the KNOWN LEFT "program file" check done by identity.
import { spawnSync } from 'node:child_process';
import { chmodSync, existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CLI } from '../helpers/fixture.js';
import { bareBase, removeBare } from '../helpers/bare-cli.js';
import { bwrapWorks } from '../shell/stage-helpers.js';

const realBwrap = ['/usr/bin/bwrap', '/bin/bwrap'].find((path) => existsSync(path));
const usable = bwrapWorks && existsSync(CLI) && realBwrap !== undefined && process.getuid?.() === 0 && spawnSync('unshare', ['-m', 'true']).status === 0;
let base: string | undefined;
let out = '';
const marker = (): string => join(base!, 'marker');

beforeAll(async () => {
  base = await bareBase('cw-rt44a-overlay-upper-');
  const wr = join(base, 'wr');
  const merged = join(base, 'merged');
  for (const dir of [join(wr, 'up'), join(wr, 'work'), join(base, 'low'), merged]) mkdirSync(dir, { recursive: true });
  mkdirSync(join(base, 'h', '.codeward'), { recursive: true });
  writeFileSync(join(base, 'h', '.codeward', 'config.json'), JSON.stringify({ sandboxWritable: [wr] }));
  writeFileSync(join(base, 'ws', 'p.sh'), `#!/bin/sh\necho PLANTED > ${marker()}\nexec ${realBwrap} "$@"\n`);
  chmodSync(join(base, 'ws', 'p.sh'), 0o755);
  if (!usable) return;
  const cli = (line: string): string => `${JSON.stringify(process.execPath)} ${JSON.stringify(CLI)} --yes exec --cmd ${JSON.stringify(line)} 2>&1`;
  const script = [
    cli(`cp p.sh ${wr}/up/bwrap && chmod 755 ${wr}/up/bwrap`),
    `mount -t overlay overlay -o lowerdir=${base}/low,upperdir=${wr}/up,workdir=${wr}/work ${merged} || exit 9`,
    cli('echo next-run'),
  ].join('\n');
  const env = { HOME: join(base, 'h'), PATH: `${merged}:/usr/bin:/bin`, CODEWARD_STATE_DIR: join(base, 's') };
  const result = spawnSync('unshare', ['-m', '--propagation', 'private', 'sh', '-c', script], { cwd: join(base, 'ws'), env, encoding: 'utf8', timeout: 120_000 });
  out = `${result.stdout}${result.stderr}`;
}, 150_000);
afterAll(() => removeBare(base));

describe.skipIf(!usable)('R44-a4 MAJOR: a bwrap planted in the upper layer of an overlay that is on PATH', () => {
  it('control: the plant was written and the next run ran', () => {
    expect(out).toContain('[exit 0]');
    expect(out).toContain('next-run');
  });
  it('the planted bwrap is not what sandboxes the next run', () => {
    expect(existsSync(marker())).toBe(false);
  });
});
