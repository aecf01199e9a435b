// A hook line that sets a value before it uses it (`D=pkgs/a; cd $D && make`) is walked in the folder it really moves
// to: make there reads pkgs/a/Makefile and runs pkgs/a/l.sh (the unmodeled check already read the value: left25; the
// walk did not, so l.sh was written unasked under --yes). Literal spellings as controls.
import { it } from 'vitest';
import { checkHookRow, rowPlace } from './hook-check.js';
const place = rowPlace('cw-line-values-walk-');
const FILES = { Makefile: 'all:\n\tsh tools/mk.sh\n', 'tools/mk.sh': '', 'pkgs/a/Makefile': 'all:\n\tsh l.sh\n', 'pkgs/a/l.sh': '', 'src/a.js': '' };
it.each(['cd pkgs/a && make', 'D=pkgs/a; cd $D && make', 'D=pkgs/a; cd "$D" && make', 'make -C pkgs/a'])('%s', async (hook) => {
  await checkHookRow(place.next(), place.home, { hook, files: FILES, asks: ['pkgs/a/l.sh', 'pkgs/a/Makefile'], free: [] });
});
