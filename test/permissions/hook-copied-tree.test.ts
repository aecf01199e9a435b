// Red team R28-10: a hook that copies (or links) a folder's scripts and runs the copy left the source free: the writer
// reader took plain `cp SRC... DEST` operands only. hook-fed-copies.ts reads cp/mv/install/ln as getopt_long does
// (clusters, attached values, long prefixes, -t/-T, --parents); hook-fed-written.ts maps a run of a copy back to its
// source: the file at the same path below a folder copied or linked (and the source's whole tree), a name a glob
// source matched, a link's target read from the link's folder. Held-back variants of the class beyond rt28's six.
import { describe, it } from 'vitest';
import { checkHookRow, rowPlace } from './hook-check.js';

const place = rowPlace('cw-copied-tree-');
const FILES = { 'tools/a.sh': 'true\n', 'tools/lib.sh': 'true\n', 'tools/sub/b.sh': 'true\n', 'tools/z.js': '1\n', 'build/a.sh': 'true\n', 'src/a.ts': 'export {};\n' };

describe('a hook runs a copy or link of a folder\'s scripts: the source asks', () => {
  it.each<[string, readonly string[]]>([
    ['cp -r tools build && sh build/tools/a.sh', ['tools/a.sh']],
    ['cp -r tools build2 && sh build2/a.sh', ['tools/a.sh']],
    ['cp -r tools/* build/; sh build/sub/b.sh', ['tools/sub/b.sh']],
    ['cp -Rt build tools/.; sh build/a.sh', ['tools/a.sh']],
    ['cp -R --no-target-directory tools build; sh build/a.sh', ['tools/a.sh']],
    ['cp --recur --no-t tools build; sh build/a.sh', ['tools/a.sh']],
    ['cp -a --target=build tools/.; sh build/a.sh', ['tools/a.sh']],
    ['cp --parents tools/a.sh build/; sh build/tools/a.sh', ['tools/a.sh']],
    ['cp -fv tools/*.sh build; bash build/a.sh', ['tools/a.sh', 'tools/new.sh']],
    ['cp -R tools/. build/ && node build/z.js', ['tools/z.js']],
    ['cp -R tools/. build/ && sh build/a.sh', ['tools/lib.sh', 'tools/new.sh']],
    ['mv tools build2; sh build2/a.sh', ['tools/a.sh']],
    ['ln -s ../tools build/t; sh build/t/a.sh', ['tools/a.sh']],
    ['ln -sfn ../tools build/t && sh build/t/sub/b.sh', ['tools/sub/b.sh']],
    ['ln -sr tools/a.sh build/a.sh; sh build/a.sh', ['tools/a.sh']],
    ['ln -f tools/a.sh build/a.sh; sh build/a.sh', ['tools/a.sh']],
    ['ln -st build ../tools/a.sh; sh build/a.sh', ['tools/a.sh']],
    ['ln -s --target-directory=build ../tools/a.sh; sh build/a.sh', ['tools/a.sh']],
  ])('`%s`: %j ask, src/a.ts stays free', async (hook, asks) => {
    await checkHookRow(place.next(), place.home, { hook, files: FILES, asks, free: ['src/a.ts'] });
  }, 120_000);
});

describe('controls', () => {
  it.each(['cp -R tools/. build/', 'ln -sf ../tools/a.sh build/a.sh', 'cp tools/*.sh build/; node build/z.js'])('`%s`: tools/a.sh stays free', async (hook) => {
    await checkHookRow(place.next(), place.home, { hook, files: FILES, asks: [], free: ['tools/a.sh', 'src/a.ts'] });
  }, 120_000);
});
