// R43-a3 — MAJOR (escape: the NEXT exec is sandboxed by a `bwrap` the previous sandboxed run wrote, started by
// codeward outside any sandbox) — fix62's outsidePath (sandbox/which.ts) drops a PATH folder when one of its SPELLINGS
// (each prefix, each symlink on the way, readlink by readlink) lies in an area a run may write. A folder reached by a
// second MOUNT of the same files has no link on its way: a bind mount (`mount --bind /data/wr /mnt/wr`, the same
// volume mounted twice in a dev container, an automount alias) names a sandboxWritable folder by a path no spelling
// check can relate. The run writes `$WR/bin/bwrap`; the person's PATH names `$ALIAS/bin`; the next `codeward exec`
// runs the planted file as its sandbox.
// Class: R40-a1 / R42-a6 (a program codeward starts is looked up where a run can write): judged by path text, not by
// the folder's identity.
// Repro (integ 3bd9898c, root, bwrap; in `unshare -m` so the bind stays private):
//   mount --bind $B/wr $B/alias; ~/.codeward/config.json {"sandboxWritable":["$B/wr"]}; PATH=$B/alias/bin:/usr/bin:/bin
//   $ codeward --yes exec --cmd 'cp p.sh $B/wr/bin/bwrap && chmod 755 $B/wr/bin/bwrap'   -> [exit 0]
//   $ codeward --yes exec --cmd 'echo next-run'  -> next-run, and p.sh's marker says PLANTED
// Fix (src/sandbox/which.ts outsidePath/findOnPath): judge each PATH folder (and the program found) by identity:
// no folder on the way to the program's real path may have the device:inode of an area or of a folder inside one
// (stat the areas once; walk the program's real path up, comparing dev:ino), besides the spellings kept today.
import { spawnSync } from 'node:child_process';
import { chmodSync, existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { CLI } from '../helpers/fixture.js';
import { BARE_USABLE, bareSuite } from '../helpers/bare-cli.js';

const realBwrap = ['/usr/bin/bwrap', '/bin/bwrap'].find((path) => existsSync(path));
const usable = BARE_USABLE && realBwrap !== undefined && process.getuid?.() === 0 && spawnSync('unshare', ['-m', 'true']).status === 0;
const marker = (): string => join(suite.base(), 'marker');

const suite = bareSuite('cw-rt43a-bind-alias-', (base, outs) => {
  const wr = join(base, 'wr');
  const alias = join(base, 'alias');
  mkdirSync(join(wr, 'bin'), { recursive: true });
  mkdirSync(alias);
  mkdirSync(join(base, 'h', '.codeward'), { recursive: true });
  writeFileSync(join(base, 'h', '.codeward', 'config.json'), JSON.stringify({ sandboxWritable: [wr] }));
  writeFileSync(join(base, 'ws', 'p.sh'), `#!/bin/sh\necho PLANTED > ${marker()}\nexec ${realBwrap} "$@"\n`);
  chmodSync(join(base, 'ws', 'p.sh'), 0o755);
  const cli = (line: string): string => `${JSON.stringify(process.execPath)} ${JSON.stringify(CLI)} --yes exec --cmd ${JSON.stringify(line)} 2>&1`;
  const script = [
    `mount --bind ${wr} ${alias} || exit 9`,
    cli(`cp p.sh ${wr}/bin/bwrap && chmod 755 ${wr}/bin/bwrap`),
    cli('echo next-run'),
  ].join('\n');
  const env = { HOME: join(base, 'h'), PATH: `${alias}/bin:/usr/bin:/bin`, CODEWARD_STATE_DIR: join(base, 's') };
  const result = spawnSync('unshare', ['-m', '--propagation', 'private', 'sh', '-c', script], { cwd: join(base, 'ws'), env, encoding: 'utf8', timeout: 120_000 });
  outs['runs'] = `${result.stdout}${result.stderr}`;
}, { usable, timeout: 150_000 });

describe.skipIf(!usable)('R43-a3 MAJOR: a bwrap planted in a sandboxWritable folder reached on PATH through a bind mount', () => {
  it('control: the plant was written and the next run ran', () => {
    expect(suite.outs['runs']).toContain('[exit 0]');
    expect(suite.outs['runs']).toContain('next-run');
  });
  it('the planted bwrap is not what sandboxes the next run', () => {
    expect(existsSync(marker())).toBe(false);
  });
});
