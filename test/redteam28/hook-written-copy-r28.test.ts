// Red team round 28, R28-10 (CRITICAL: a program later obeyed, planted without approval): a hook that copies
// scripts and then runs the copy (hook-fed-written.ts, R26-10) is read only for `cp SRC... DEST` with plain file
// operands. A folder's CONTENTS copied (`cp -R tools/. build/`, `cp -a tools/. build`, `cp -rT tools build`,
// `cp --recursive tools/. build`), a glob source into a folder (`cp tools/*.sh build/`) or a link (`ln -sf
// ../tools/a.sh build/a.sh`, which the module's own comment calls a writer only known at run time) leave the source
// free: the walk reads build/a.sh as it is now (a stale benign copy) while the commit runs tools/a.sh's new text.
// Held (48 rows tried): cat/tee/sed/envsubst/dd/git show > file, `cp -t DIR`/`-tDIR`/`--target`/`--t=`, cp -f/-fv/-S/-b,
// install -D(m755), mv, rsync -a, tar | tar -x, cd + cp, `cat f | sh`, `sh < f`, `sh -s`, here-strings, `sh -c
// "$(cat f)"`, eval, `. /dev/stdin`, `source <(cat f)`, exec 3>, { } / ( ) groups, node scripts copied.
import { describe, it } from 'vitest';
import { checkHookRow, rowPlace } from '../permissions/hook-check.js';

const place = rowPlace('rt28-written-');
const FILES = { 'tools/a.sh': 'true\n', 'build/a.sh': 'true\n' };

describe('R28-10 CRITICAL: a hook that copies a folder\'s scripts (or links one) and runs the copy', () => {
  it.each([
    'cp -R tools/. build/ && sh build/a.sh',
    'cp -a tools/. build && sh build/a.sh',
    'cp -rT tools build; sh build/a.sh',
    'cp --recursive tools/. build; sh build/a.sh',
    'cp tools/*.sh build/; sh build/a.sh',
    'ln -sf ../tools/a.sh build/a.sh; sh build/a.sh',
  ])('hook %j: writing tools/a.sh asks under --yes', async (hook) => {
    await checkHookRow(place.next(), place.home, { hook, files: FILES, asks: ['tools/a.sh'], free: [] });
  }, 60_000);
});
