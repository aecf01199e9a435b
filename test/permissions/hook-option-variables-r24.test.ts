// Red team round 24, R24-16 (fed23/fed24's hook walk: every NAME=path of a hook line is obeyed, and `perl -I`/
// `ruby -I -r` obey their folder/library): perl and ruby also take their SWITCHES from the environment — PERL5OPT
// (`-I`, `-M`, `-m` allowed: perlrun) and RUBYOPT (`-I`, `-r`) — whose values are not paths, so a hook line
// `PERL5OPT=-Itools perl -MX -e 1` (also `PERL5OPT='-Itools -MX' perl -e 1`, `export PERL5OPT=-Itools; ..`) loads
// tools/X.pm while nothing obeys it: it is written under --yes. Checked with perl 5.36 on this machine: both lines
// printed what tools/X.pm prints. RUBYOPT the same by ruby's docs (ruby not installed). `perl -Itools -MX -e 1`
// and `PERL5LIB=tools perl -MX -e 1` ask (controls).
import { execFileSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { runCli, writeFiles } from '../helpers/fixture.js';
import { checkHookRow, rowPlace } from './hook-check.js';

const place = rowPlace('r24-optvars-');
const FILES = { 'tools/X.pm': '1;\n', 'tools/x.rb': '', 'src/b.txt': '' };

describe('R24-16: interpreter switches from PERL5OPT / RUBYOPT on a hook line', () => {
  it.each<[string, string]>([
    ['PERL5OPT=-Itools perl -MX -e 1', 'tools/X.pm'],
    ["PERL5OPT='-Itools -MX' perl -e 1", 'tools/X.pm'],
    ['export PERL5OPT=-Itools; perl -MX -e 1', 'tools/X.pm'],
    ['RUBYOPT=-Itools ruby -rx -e 1', 'tools/x.rb'],
    ["RUBYOPT='-Itools -rx' ruby -e 1", 'tools/x.rb'],
  ])('%s: %s asks', async (hook, file) => {
    await checkHookRow(place.next(), place.home, { hook, files: FILES, asks: [file], free: [] });
  });

  it.each<[string, string]>([
    ['perl -Itools -MX -e 1', 'tools/X.pm'],
    ['PERL5LIB=tools perl -MX -e 1', 'tools/X.pm'],
    ['ruby -Itools -rx -e 1', 'tools/x.rb'],
  ])('control (held): %s: %s asks', async (hook, file) => {
    await checkHookRow(place.next(), place.home, { hook, files: FILES, asks: [file], free: ['src/b.txt'] });
  });
});

// The same class in codeward's own environment (obeyed-env.ts's PERL5OPT row reads `-I`, not `-Mlib=`): perl's
// `-Mlib=DIR` puts DIR first on @INC (checked: `PERL5OPT='-Mlib=WS/tools' perl -e 'require X'` ran tools/X.pm).
describe('R24-16: PERL5OPT=-Mlib=WS/tools in codeward\'s environment', () => {
  it.each<[string, string]>([
    ['-Mlib=@WS@/tools', 'tools/X.pm'],
    ['-Mlib=@WS@/tools', 'tools/sub/Y.pm'],
  ])('PERL5OPT=%s: writing %s asks', async (value, file) => {
    const top = place.next();
    await writeFiles(top, { 'src/a.ts': '1\n' });
    execFileSync('git', ['init', '-q', top]);
    const result = runCli(['--json', '-C', top, 'write', '--path', file, '--content', '1;\n'], { env: { HOME: place.home, CODEWARD_NO_SERVE: '1', PERL5OPT: value.replaceAll('@WS@', top) } });
    expect(result.json.ok ? 'ok' : result.json.error?.code).toBe('C241');
  }, 60_000);
});
