// Red team round 29, R29-5 (CRITICAL: an immune-list command run without asking): seed 004's immune list (`nc -l`,
// `insmod`, `systemctl stop`, `TRUNCATE TABLE`, `chmod +s`) read by the NAME and words of one spelling, while the same
// act has others: Debian's real netcat files `nc.openbsd -l` / `nc.traditional -lp` (/bin/nc is an alternatives
// link to them), `kmod insert` (insmod IS a link to kmod), `service X stop` (runs systemctl stop), Postgres'
// `TRUNCATE t` (TABLE is optional). Neighbours (HIGH): `socat TCP-LISTEN:…` (a listener like nc -l),
// `systemctl kill|isolate`, `setcap cap_setuid+ep` (the capability form of chmod +s). Each ran under --yes with
// `--allow`-free defaults (fake programs first on PATH record the run; nothing real is started).
// Held (asked): iptables -F/--flush/--fl/-tnat -F/-vF, iptables-nft/-legacy, ip6tables, nft flush ruleset,
// xtables-legacy-multi, nc -l/-lp/-vl/--listen, ncat --listen/--lis, busybox nc -l, mke2fs, mkswap, wipefs, sudoedit,
// doas, pkexec, run0, runuser, su -/root/-c, sysctl -w/a.b=1/--write/-qw/-p/--load, insmod, modprobe -r, systemctl
// stop/--no-block stop/-q disable/mask/poweroff, telinit, chmod 777/0777/a+rwx/ugo=rwx/-R o+w/u+s/4755/g+s, chown
// root/0/root:/:root/0:0/--from, dd of=/dev/…, busybox dd/shred, DROP TABLE/DATABASE (any case, comments), TRUNCATE TABLE.
import { chmod, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import { writeFiles } from '../helpers/fixture.js';
import { unconfinedRuns } from '../helpers/unconfined-runs.js';

const NAMES = ['nc', 'nc.openbsd', 'nc.traditional', 'socat', 'kmod', 'insmod', 'service', 'systemctl', 'setcap', 'psql'];
const runs = unconfinedRuns('rt29-immune-names-', async (base) => {
  await writeFiles(join(base, 'fake'), { '.keep': '' });
  for (const name of NAMES) {
    await writeFile(join(base, 'fake', name), `#!/bin/sh\necho "${name} $*" >> "${join(base, 'ran.log')}"\n`);
    await chmod(join(base, 'fake', name), 0o755);
  }
});

async function run(line: string): Promise<{ code: string; ran: boolean }> {
  const place = await runs.place();
  await writeFile(join(runs.base, 'ran.log'), '');
  const code = runs.exec(place, line, { env: { PATH: `${join(runs.base, 'fake')}:${process.env.PATH ?? ''}` } });
  return { code, ran: (await readFile(join(runs.base, 'ran.log'), 'utf8')).length > 0 };
}

describe('R29-5 CRITICAL: an immune-list act under another program name or word runs under --yes', () => {
  test.each(['nc.openbsd -l 4444', 'nc.traditional -lp 4444', 'kmod insert x', 'service x stop', 'psql -c "TRUNCATE t"'])('`%s` asks', async (line) => {
    expect(await run(line)).toEqual({ code: 'C241', ran: false });
  }, 120_000);
});

describe('R29-5 HIGH: neighbours of immune acts', () => {
  test.each(['socat TCP-LISTEN:4444 EXEC:sh', 'systemctl kill x', 'systemctl isolate rescue.target', 'setcap cap_setuid+ep a.txt'])('`%s` asks', async (line) => {
    expect(await run(line)).toEqual({ code: 'C241', ran: false });
  }, 120_000);
});

describe('control (held)', () => {
  test.each(['nc -l 4444', 'insmod x.ko', 'systemctl stop x', 'psql -c "TRUNCATE TABLE t"', 'chmod u+s a.txt'])('`%s` asks', async (line) => {
    expect(await run(line)).toEqual({ code: 'C241', ran: false });
  }, 120_000);
});
