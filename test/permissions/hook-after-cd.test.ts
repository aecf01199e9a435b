// env31 (round 28 LEFT, left30): a hook's lines after `cd pkgs/a` run in pkgs/a, and so do the scripts it starts
// from there. The walk (obeyed-hooks.ts) resolved what they name from the top: a script the hook names that does
// not exist yet (`node tools/lint.js`, made later it runs all the same) was protected at the top's tools/lint.js,
// and a script started after the cd (`cd pkgs/a && sh run.sh`) had its own lines read from the top (its `./gen.sh`,
// its `node tools/x.js`), so the files that really run (pkgs/a/tools/lint.js, pkgs/a/gen.sh) were written
// unasked under --yes and run at the next commit. Now a queued script is read from the folders the line that
// started it may be in, and a missing name from each of the line's folders. `pushd`/`popd` and a
// subshell's `cd` keep every folder met (reads more, never less); `cd "$D"` and `cd -` fail closed (hook-unmodeled.ts, hook-fed.ts).
import { describe, it } from 'vitest';
import { checkHookRow, rowPlace } from './hook-check.js';

const place = rowPlace('cw-hook-cd-');
const FILES = { 'pkgs/a/package.json': '{}', 'pkgs/a/src/index.js': '', 'pkgs/a/gen.sh': 'echo gen\n', 'pkgs/a/run.sh': './gen.sh\nnode tools/x.js\n', 'pkgs/a/c.sh': 'echo c\n', 'pkgs/a/nest.sh': 'cd pkgs/a/sub\n./y.sh\n', 'pkgs/a/sub/y.sh': 'echo y\n', 'README.csv': '' };

describe('what a hook runs after `cd pkgs/a` is read from pkgs/a', () => {
  it.each([
    ['a missing script named after cd', 'cd pkgs/a\nnode tools/lint.js', ['pkgs/a/tools/lint.js']],
    ['a missing script named after cd on the same line', 'cd pkgs/a && node tools/lint.js', ['pkgs/a/tools/lint.js']],
    ['a script started after cd: its own lines from there', 'cd pkgs/a && sh run.sh', ['pkgs/a/run.sh', 'pkgs/a/gen.sh', 'pkgs/a/tools/x.js']],
    ['a script started after cd, run by its path', 'cd pkgs/a\n./run.sh', ['pkgs/a/run.sh', 'pkgs/a/gen.sh', 'pkgs/a/tools/x.js']],
    ['pushd / popd', 'pushd pkgs/a >/dev/null\nsh run.sh\npopd >/dev/null', ['pkgs/a/run.sh', 'pkgs/a/gen.sh', 'pkgs/a/tools/x.js']],
    ['a subshell\'s cd', '(cd pkgs/a && ./c.sh && node tools/lint.js)', ['pkgs/a/c.sh', 'pkgs/a/tools/lint.js']],
    // Every file but data and media is then obeyed (the fallback: inert-files.ts).
    ['cd to a folder only known at run time fails closed', 'cd "$PKG" && ./c.sh', ['pkgs/a/c.sh', 'pkgs/a/src/index.js'], ['README.csv']],
    ['a script that cd\'s runs its own later names from there', 'sh pkgs/a/nest.sh', ['pkgs/a/nest.sh', 'pkgs/a/sub/y.sh']],
    // `cd -` is OLDPWD, only known at run time (fix32b: one answer in every reader, shell/cd-operand.ts): every file but data is obeyed.
    ['cd - fails closed', 'cd pkgs/a\ncd -\nnode tools/lint.js', ['pkgs/a/tools/lint.js', 'tools/lint.js', 'pkgs/a/src/index.js'], ['README.csv']],
  ] as [string, string, string[], string[]?][])('%s', async (_, hook, asks, free = ['pkgs/a/src/index.js', 'README.csv']) => {
    await checkHookRow(place.next(), place.home, { hook, files: FILES, asks, free });
  }, 120_000);
});
