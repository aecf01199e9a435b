// R41-b6 — MAJOR (seed 004's immune list of an unstaged run; no data needed for the first row) — perl's inline code
// (`perl -e`) is judged by spawnedCommands (shell/parse-inline.ts), which sees a two-argument open only when its
// name is a LITERAL (`open(F, "rm -rf sub|")` asks). perl's two-argument open — and `<>` / `<ARGV>`, which is a
// two-argument open of each @ARGV entry — runs ANY name ending in `|` (or starting with `|`) as a shell command,
// wherever the name comes from: a variable (`$x = "rm -rf sub|"; open(F, $x)`: the literal is one statement
// away), the code's own glob / readdir / `<*>` put into @ARGV (the R40-b8 fix immune-perl-operands.ts reads the
// shell's operands of -n/-p only, not @ARGV the code fills), or `open(F, $_) for glob "*"`.
//
// Reproduction (integ 85b3ba45, root, bwrap; default sandbox, --yes, --no-stage; sub/new.txt uncommitted; for rows
// 2-5 a repository file NAMED `rm -rf sub|`):
//   $ codeward --yes exec --no-stage "perl -e '\$x = \"rm -rf sub|\"; open(F, \$x)'"     -> [exit 0], sub/ GONE
//   $ codeward --yes exec --no-stage "perl -e '@ARGV=glob \"*\"; while(<>){}'"          -> [exit 0], sub/ GONE
//   $ codeward --yes exec --no-stage "perl -e '@ARGV=<*>; print while <>'"              -> [exit 0], sub/ GONE
//   $ codeward --yes exec --no-stage "perl -e 'opendir D,\".\"; @ARGV=readdir D; print while <>'" -> sub/ GONE
//   $ codeward --yes exec --no-stage "perl -e 'open(F, \$_) for glob \"*\"'"             -> [exit 0], sub/ GONE
//   control (held): `perl -e 'open(F, "rm -rf sub|")'` asks; `perl -ne 1 *` and `perl -e 'while(<>){}' -- *` ask
//   (R40-b8's fix); `perl -e '@ARGV=<*>; print while <<>>'` (three-argument) and `perl -e 'print for glob "*"'` run.
// Expected: C241 (what runs is only known at run time) and the work kept.
// Fix location: src/shell/parse-inline.ts (perl's spawn reading): a two-argument `open` (or `open` with one
// argument) whose name is not a literal free of `|`, `<`, `>` and leading `-`/`+` spaces, and `<>` / `<ARGV>` / `-n`
// / `-p` in code that assigns @ARGV (or `local @ARGV`, `unshift/push @ARGV`), are "spawns: only known at run time".
import { describe, expect, it } from 'vitest';
import { inPlaceVerdicts } from '../helpers/in-place-verdicts.js';
import { bwrapWorks } from '../shell/stage-helpers.js';

const verdict = inPlaceVerdicts({ 'rm -rf sub|': 'hello\n', 'r.txt': 'x\n' });

describe.skipIf(!bwrapWorks)('R41-b6 MAJOR: perl inline code opens a computed name with two-argument open', { timeout: 120_000 }, () => {
  it.each([
    `perl -e '$x = "rm -rf sub|"; open(F, $x)'`,
    `perl -e '@ARGV=glob "*"; while(<>){}'`,
    `perl -e '@ARGV=<*>; print while <>'`,
    `perl -e 'opendir D,"."; @ARGV=readdir D; print while <>'`,
    `perl -e 'open(F, $_) for glob "*"'`,
    `perl -e '$x="rm -rf sub|"; open F, $x'`,
    // cat57: the same class — a literal pipe name without parentheses, readpipe of a variable, the one-argument open, a
    // mode only known at run time, an -n loop whose BEGIN fills @ARGV, IO::File's open of a variable.
    `perl -e 'open F, "rm -rf sub|"'`,
    `perl -e '$x="rm -rf sub"; readpipe $x'`,
    `perl -e '$F="rm -rf sub|"; open(F)'`,
    `perl -e '$m="-|"; open(F, $m, "rm -rf sub")'`,
    `perl -ne 'BEGIN { @ARGV = glob "*" } print'`,
    `perl -MIO::File -e '$x="rm -rf sub|"; IO::File->open($x)'`,
  ])('`%s` asks (C241) and keeps the work', async (line) => {
    expect(await verdict(line)).toBe('C241');
  });
  it.each([
    `perl -e '@ARGV=<*>; print while <<>>'`,
    `perl -e 'print for glob "*"'`,
    `perl -ne 1 r.txt`,
    `perl -ne 'print if /x/' r.txt`,
    `perl -e 'open(F, "<", $ARGV[0]) or die; print <F>' r.txt`,
    `perl -e 'open(F, "<$ARGV[0]"); print <F>' r.txt`,
    `perl -e 'print "open"'`,
    `perl -e 'use open qw(:std :utf8); print 1'`,
  ])('control: `%s` runs and keeps the work', async (line) => {
    expect(await verdict(line)).toBe('ran');
  });
});
