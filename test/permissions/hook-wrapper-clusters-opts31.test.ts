// opts31 (issue 26 LEFT from round 28): a hook line behind a wrapper whose operand is a command, written with its
// own getopt spellings (a value attached to its letter, a cluster ending in a valued letter, `env -S'CMD'`,
// `script -qc 'CMD'`), and perl's `-d:Mod` / `-MO=Deparse` (a module loaded from @INC: a workspace-relative `-I`
// makes it a workspace program). The wrapped command is read as if written alone: writing the file it runs asks.
import { describe, it } from 'vitest';
import { checkHookRow, rowPlace } from './hook-check.js';

const place = rowPlace('opts31-hookwrap-');
const FILES = {
  'tools/z.js': '1\n', 'tools/z.py': '1\n', 'tools/Makefile': 'all:\n\ttrue\n', 'tools/Devel/Z.pm': '1;\n', 'tools/O.pm': '1;\n',
};
const asks = (hook: string, file: string): Promise<void> => checkHookRow(place.next(), place.home, { hook, files: FILES, asks: [file], free: [] });

describe('a wrapped hook command is read as if written alone', () => {
  it.each([
    ['stdbuf -oL node tools/z.js', 'tools/z.js'],
    ['stdbuf -oL -eL make -sCtools', 'tools/Makefile'],
    ['nice -n5 node tools/z.js', 'tools/z.js'],
    ['nice -n5 python3 -Bm tools.z', 'tools/z.py'],
    ['flock -w5 /tmp/opts31.lock node tools/z.js', 'tools/z.js'],
    ['flock -xw5 /tmp/opts31.lock node tools/z.js', 'tools/z.js'],
    ["script -qc 'node tools/z.js' /dev/null", 'tools/z.js'],
    ["env -S'node tools/z.js'", 'tools/z.js'],
    ["env -iS'node tools/z.js'", 'tools/z.js'],
    ['taskset -c 0 node tools/z.js', 'tools/z.js'],
    ['ionice -c3 node tools/z.js', 'tools/z.js'],
    ['setsid -fw node tools/z.js', 'tools/z.js'],
    ['timeout -k5 5 node tools/z.js', 'tools/z.js'],
    ['chrt -o 0 node tools/z.js', 'tools/z.js'],
    ['perl -Itools -d:Z -e 1', 'tools/Devel/Z.pm'],
    ['perl -Itools -MO=Deparse -e 1', 'tools/O.pm'],
    ['perl -wItools -d:Z -e 1', 'tools/Devel/Z.pm'],
  ])('hook `%s`: writing %s asks under --yes', async (hook, file) => {
    await asks(hook, file);
  }, 60_000);
});
