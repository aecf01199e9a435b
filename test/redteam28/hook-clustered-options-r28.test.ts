// Red team round 28, R28-4 (CRITICAL: a program later obeyed planted without approval): a hook line whose program
// takes a VALUE in a cluster of short options (getopt's `-sC DIR`, `-sCDIR`, `-Bm MOD`) or attached to its letter
// (`env -CDIR`, `python3 -mMOD`) is read without that value: the folder it changes into, the makefile or the module
// it runs stays free. Under --yes a sandboxed command or `write` plants tools/Makefile / tools/z.py / tools/z.pm /
// tools/z.js and the user's next `git commit` runs it outside the sandbox. Checked for real: `make -sCtools`,
// `make -sC tools` ran tools/Makefile, `python3 -Bm tools.z` ran tools/z.py, `env -Ctools node z.js` ran
// tools/z.js (GNU env 9). Held controls: `make -C tools`, `make -s -C tools`, `make -j4 -Ctools`,
// `make -Bf tools/build.mk`, `python3 -m tools.z`, `python3 -mtools.z`, `python3 -u -m tools.z`, `python3 -X dev -m`, `perl -I tools -Mz`,
// `env -C tools/ node z.js`, `env --chdir tools`, `ruby -Ctools z.rb`. (`python3 -Im` does not find the module: no row.)
import { describe, it } from 'vitest';
import { checkHookRow, rowPlace } from '../permissions/hook-check.js';

const place = rowPlace('rt28-cluster-');
const FILES = {
  'tools/z.js': '1\n', 'tools/z.py': '1\n', 'tools/z.pm': '1;\n', 'tools/Makefile': 'all:\n\ttrue\n', 'tools/build.mk': 'all:\n\ttrue\n',
  'tools/inc.mk': '\n', 'Makefile': 'include inc.mk\nall:\n\ttrue\n',
};
const asks = (hook: string, file: string): Promise<void> => checkHookRow(place.next(), place.home, { hook, files: FILES, asks: [file], free: [] });

describe('R28-4 CRITICAL: a hook\'s clustered or attached short-option value is not read', () => {
  it.each([
    ['make -sC tools', 'tools/Makefile'],
    ['make -sCtools', 'tools/Makefile'],
    ['make -kCtools', 'tools/Makefile'],
    ['make -sftools/build.mk', 'tools/build.mk'],
    ['make -sItools', 'tools/inc.mk'],
    ['python3 -Bm tools.z', 'tools/z.py'],
    ['python3 -um tools.z', 'tools/z.py'],
    ['python3 -OOm tools.z', 'tools/z.py'],
    ['perl -wItools -Mz -e 1', 'tools/z.pm'],
    ['env -Ctools node z.js', 'tools/z.js'],
    ['env -iCtools node z.js', 'tools/z.js'],
    ['env -C./tools node z.js', 'tools/z.js'],
    ['env -Ctools sh -c "node z.js"', 'tools/z.js'],
    ['timeout -sKILL 9 env -Ctools node z.js', 'tools/z.js'],
  ])('hook `%s`: writing %s asks under --yes', async (hook, file) => {
    await asks(hook, file);
  }, 60_000);
});
