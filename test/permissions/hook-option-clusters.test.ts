// opts30: held-back variants of red team R28-4/R28-5 (a hook's option words in a spelling the readers did not match:
// a cluster of short options, a value attached to its letter, nopt's abbreviations, perl's module folders). Each
// planted file is refused under --yes (C241); red on the old code (each was written).
import { describe, it } from 'vitest';
import { checkHookRow, rowPlace } from './hook-check.js';

const place = rowPlace('opts30-cluster-');
const FILES = {
  'tools/z.js': '1\n', 'tools/z.py': '1\n', 'tools/z.pm': '1;\n', 'tools/z.rb': '1\n', 'tools/Makefile': 'all:\n\ttrue\n',
  'tools/package.json': '{"scripts":{"x":"true"}}', 'package.json': '{"scripts":{"x":"true"}}',
};
const asks = (hook: string, file: string): Promise<void> => checkHookRow(place.next(), place.home, { hook, files: FILES, asks: [file], free: [] });

describe('a hook\'s option words are read in every spelling their program reads', () => {
  it.each([
    ['nice -n5 make -sC tools', 'tools/Makefile'],
    ['make -sj 4 -kCtools', 'tools/Makefile'],
    ['python3 -W error -Bm tools.z', 'tools/z.py'],
    ['ruby -wCtools z.rb', 'tools/z.rb'],
    ['perl -0777 -wItools -Mz -e 1', 'tools/z.pm'],
    ['perl -lwItools -Mz -e 1', 'tools/z.pm'],
    ['perl -wMlib=tools -Mz -e 1', 'tools/z.pm'],
    ['perl -Mlib=x,tools -Mz -e 1', 'tools/z.pm'],
    ["perl -M'lib qw(tools)' -Mz -e 1", 'tools/z.pm'],
    ['perl -e \'use lib "tools"; use z\'', 'tools/z.pm'],
    ['perl -e \'BEGIN { unshift @INC, "tools" } use z\'', 'tools/z.pm'],
    ['npm -gC tools run x', 'tools/package.json'],
    ['npm --C tools run x', 'tools/package.json'],
    ['npm -prefi tools run x', 'tools/package.json'],
    ['npm --prefi=tools run x', 'tools/package.json'],
    ['env -i npm --prefi tools run x', 'tools/package.json'],
  ])('hook `%s`: writing %s asks under --yes', async (hook, file) => {
    await asks(hook, file);
  }, 60_000);
});
