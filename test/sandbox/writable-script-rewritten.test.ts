// A script in a sandboxWritable folder (bound from the host, WRITABLE by the run) is the host's only where the line
// cannot have written it first (task-runner-shell.ts outsideScript, written-before.ts; sandbox/policy.ts boundFolders):
// `cp evil.sh $W/x.sh && sh $W/x.sh` asks, while `sh $W/x.sh` alone runs the host's harmless script unasked.
// Red team R41-a3 (fix53's regression, fixed by scr58; its test/redteam41 file folded here, one harness): the same copy
// made by a Makefile recipe into the writable folder, the script ABSENT when the line is judged, ran `chmod 4755`
// unasked, where `bash evil.sh` was refused and the copy into an unbound /var/tmp folder asked. Repro (integ 85b3ba45,
// root, bwrap): ~/.codeward/config.json {"sandboxWritable": ["/var/tmp/…/wr"]};
//   Makefile  wr: cp evil.sh /var/tmp/…/wr/x.sh && sh /var/tmp/…/wr/x.sh      (evil.sh: cp /bin/true x; chmod 4755 x)
//   $ codeward --yes exec --no-stage --cmd 'make wr'  -> "left x setuid; the bit was cleared" [exit 0]
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bareBase, bareExec, removeBare, SETUID_SCRIPT } from '../helpers/bare-cli.js';
import { CLI } from '../helpers/fixture.js';
import { bwrapWorks } from '../shell/stage-helpers.js';

const usable = bwrapWorks && existsSync(CLI);
const make = usable && spawnSync('make', ['--version']).status === 0;
let base: string;
const outs: Record<string, string> = {};
beforeAll(async () => {
  base = await bareBase('cw-scr58-wr-');
  const wr = join(base, 'wr'), unbound = join(base, 'unbound');
  mkdirSync(wr);
  writeFileSync(join(wr, 'x.sh'), 'echo host-script\n');
  mkdirSync(join(base, 'h', '.codeward'));
  writeFileSync(join(base, 'h', '.codeward', 'config.json'), JSON.stringify({ sandboxWritable: [wr] }));
  writeFileSync(join(base, 'ws', 'evil.sh'), SETUID_SCRIPT);
  writeFileSync(join(base, 'ws', 'Makefile'), [
    'direct:', '\tbash evil.sh',
    'unbound:', `\tmkdir -p ${unbound} && cp evil.sh ${unbound}/x.sh && sh ${unbound}/x.sh`,
    'absent:', `\tcp evil.sh ${wr}/new.sh && sh ${wr}/new.sh`,
    '',
  ].join('\n'));
  if (!usable) return;
  // The plain run first: a rewrite that ran (the rule broken) would change what it reads.
  const lines = { plain: `sh ${wr}/x.sh`, rewritten: `cp evil.sh ${wr}/x.sh && sh ${wr}/x.sh`, ...(make ? { direct: 'make direct', unbound: 'make unbound', absent: 'make absent' } : {}) };
  for (const [name, line] of Object.entries(lines)) outs[name] = bareExec(base, line, false);
}, 120_000);
afterAll(() => removeBare(base));

describe.skipIf(!usable)('a script in a sandboxWritable folder', () => {
  it('standing there and not written by the line: the host\'s, runs unasked', () => {
    expect(outs['plain']).toContain('host-script');
    expect(outs['plain']).not.toMatch(/needs approval/);
  });
  it('rewritten by the line before it runs: asks', () => {
    expect(outs['rewritten']).toMatch(/needs approval/);
    expect(outs['rewritten']).not.toMatch(/left x setuid/);
  });
  describe.skipIf(!make)('written by a Makefile recipe (R41-a3)', () => {
    it('control: the script run from the workspace is refused as safety-immune', () => {
      expect(outs['direct']).toMatch(/needs approval/);
      expect(outs['direct']).not.toContain('[exit 0]');
    });
    it('control: the same copy into an unbound /var/tmp folder asks', () => {
      expect(outs['unbound']).toMatch(/needs approval/);
    });
    it('into the sandboxWritable folder, absent when judged: asks too', () => {
      expect(outs['absent']).toMatch(/needs approval/);
      expect(outs['absent']).not.toMatch(/left x setuid/);
    });
  });
});
