// Red team round 29, R29-8 (CRITICAL: a program later obeyed, planted without approval): R29-2's class (a folder
// spelled by a glob or a command substitution read as its literal text) in the git-hook walker. A pre-commit hook
// `cd tool? && make`, `cd [t]ools && make`, `cd tool* && make`, `cd $(echo tools) && make`, `make -C tool?` runs
// tools/Makefile (and `cd tool? && node z.js` tools/z.js) at the person's next `git commit`; writing those files
// under --yes is free. Held: `cd tools && make`, cd with backquotes, `for d in tool*; do make -C $d; done`,
// `env -C tool?`, `node tool?/z.js`, `cd "$(git rev-parse --show-toplevel)/tools"`, `make -C "$(git rev-parse …)/tools"`,
// `sh ~+/tools/z.sh`, `node $PWD/tools/z.js`, `sh "$(dirname "$0")/../../tools/z.sh"`, and R29-6's interpreter options
// in a hook (`bash -o pipefail`, `python3 -W ignore`, `node --title x`: all ask).
import { describe, it } from 'vitest';
import { checkHookRow, rowPlace } from '../permissions/hook-check.js';

const place = rowPlace('rt29-hookglob-');
const FILES = { 'tools/z.js': '1\n', 'tools/Makefile': 'all:\n\ttrue\n', 'src/a.js': '1\n' };

describe('R29-8 CRITICAL: a hook changes into a folder named by a glob or $(…): its files stay free', () => {
  it.each([
    ['cd tool? && make', 'tools/Makefile'],
    ['cd [t]ools && make', 'tools/Makefile'],
    ['cd tool* && make', 'tools/Makefile'],
    ['cd $(echo tools) && make', 'tools/Makefile'],
    ['make -C tool?', 'tools/Makefile'],
    ['cd tool? && node z.js', 'tools/z.js'],
  ])('hook `%s`: writing %s asks under --yes', async (hook, file) => {
    await checkHookRow(place.next(), place.home, { hook, files: FILES, asks: [file], free: [] });
  }, 60_000);
});

describe('control (held)', () => {
  it.each([
    ['cd tools && make', 'tools/Makefile'],
    ['for d in tool*; do make -C $d; done', 'tools/Makefile'],
  ])('hook `%s`: writing %s asks', async (hook, file) => {
    await checkHookRow(place.next(), place.home, { hook, files: FILES, asks: [file], free: [] });
  }, 60_000);
});
