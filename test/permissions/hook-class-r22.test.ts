// fed24: the classes behind R22-4, R22-12 and R22-13, past the spellings the red team tried. What a command
// substitution runs, env's options before NAME=, a stdin or descriptor `exec` opens, /dev/fd/N, `~+`/`~-`, the
// positional parameters (`set`, `shift`), trap actions, CDPATH, `$F` of a variable the line set, and what a
// `python3 -c` program imports or starts. Each hole row was run with dash and bash. The controls are ordinary hook
// lines that must stay free.
import { describe, it } from 'vitest';
import { checkHookRow, rowPlace } from './hook-check.js';

const SOURCES = { 'package.json': '{"name":"w","version":"1.0.0"}\n', 'src/a.js': 'export const a = 1;\n', 'tools/keep': '', 'tools/sub2/keep': '', 'tools/__init__.py': '', 'scripts/keep': '' };
const place = rowPlace('hook-class-r22');

describe('the class: a file the line runs (hole)', () => {
  it.each([
    ['[ -n "$(sh scripts/ci)" ] && :', 'scripts/ci'],
    ['for f in $(node tools/x); do :; done', 'tools/x.js'],
    ['F=`sh scripts/ci`', 'scripts/ci'],
    ['echo "$(cd tools && node x)"', 'tools/x.js'],
    ['env -u HOME -i A=$B node tools/x', 'tools/x.js'],
    ['env - PATH=$PATH sh scripts/ci', 'scripts/ci'],
    ['exec 0< scripts/ci; bash', 'scripts/ci'],
    ['sh /proc/self/fd/3 3< scripts/ci', 'scripts/ci'],
    ['set -- a tools/x; shift; node "$1"', 'tools/x.js'],
    ['set x tools/x; node "$2"', 'tools/x.js'],
    ["trap -- 'sh scripts/ci' INT TERM", 'scripts/ci'],
    ['export CDPATH=tools; cd sub2; node x', 'tools/sub2/x.js'],
    ['CDPATH=:tools cd sub2; node x', 'tools/sub2/x.js'],
    [': ${F=tools/x}; node "$F"', 'tools/x.js'],
    ['python3 -c "import tools.x as y"', 'tools/x.py'],
    ['python3 -c "from tools.x import main"', 'tools/x.py'],
    ["python3 -c \"import subprocess; subprocess.check_call(['node', 'tools/x'])\"", 'tools/x.js'],
    ["python3 -c \"from subprocess import run; run(['sh', 'tools/x.sh'])\"", 'tools/x.sh'],
  ])('%j: writing %s asks; a source stays free', async (hook, file) => {
    await checkHookRow(place.next(), place.home, { hook, files: SOURCES, asks: [file], free: ['src/a.js'], content: '// ok\n' });
  });

  // What the walk cannot model makes the line unknown: the whole tree asks.
  it.each(['exec 4< scripts/ci\nsh <&4', 'node ~-/tools/x', 'cd ~+/tools && node x', 'set -- tools/x\nnode "$1"', 'CMD=$(cat f); trap "$CMD" EXIT', 'F=$(cat f)\nnode $F', 'CDPATH=$X cd sub2; node x'])('%j: the whole tree asks', async (hook) => {
    await checkHookRow(place.next(), place.home, { hook, files: SOURCES, asks: ['src/a.js'], free: [], content: '// ok\n' });
  });
});

describe('ordinary hook lines stay free (friction)', () => {
  it.each([
    'set -eu -o pipefail\nnpx lint-staged',
    'ROOT=$(cd "$(dirname "$0")/.." && pwd)\nnpm test',
    'files=$(git diff --cached --name-only)\nnpx eslint $files',
    'trap - EXIT\nnpm test',
    'exec < /dev/tty\nnpx lint-staged',
    'shift\nnpm test',
    'python3 -c "import sys; print(sys.version)"',
    'BRANCH="$(git rev-parse --abbrev-ref HEAD)"\n[ "$BRANCH" = main ] && exit 1\nnpx --no -- commitlint --edit "$1"',
  ])('%j: a source write stays free', async (hook) => {
    await checkHookRow(place.next(), place.home, { hook, files: SOURCES, asks: [], free: ['src/a.js'], content: '// ok\n' });
  });
});
