// R42-b5 — MAJOR (issue 26: rm -rf of uncommitted work in place under --yes --no-stage, no ask; NO planted file) —
// src/shell/perl-opens.ts (R41-b6's fix) reads perl's open calls; three spellings it reads as "no command" run one:
//  (a) a three-argument pipe mode with I/O layers: `open(F, "-|:raw", "rm", "-rf", "sub")`, `"|-:raw"` (PIPE_MODE
//      only matches the bare `-|` / `|-`; perl takes layers after any mode, perlfunc open);
//  (b) a two-argument name that STARTS with a literal `<`/`>` but is an expression: `"<" x 0 . "rm -rf sub|"`,
//      `"<" eq "" ? "" : "rm -rf sub|"` (FIXED_START is tested on the first string token of a non-literal name);
//  (c) the other magic-open callers: `IO::File->new("rm -rf sub|")`, `FileHandle->new(...)` (one argument = perl's
//      two-argument open; PERL_OPEN only matches the word `open`), and IO::Pipe's `->reader("rm", "-rf", "sub")` /
//      `->writer(...)`, which run a command (IPC::Open2/Open3, readpipe, `system { } LIST` all ask).
// Class: a perl call that opens a pipe only known by evaluating perl code, read as a plain file open.
// Repro (h-asgre 7b4b82b5, root, bwrap; default sandbox, --yes, --no-stage; sub/new.txt uncommitted; no other file):
//   $ codeward --yes exec --no-stage --cmd "perl -e 'open(F, \"-|:raw\", \"rm\", \"-rf\", \"sub\"); print <F>'"  -> ran, sub/ GONE
//   $ codeward --yes exec --no-stage --cmd "perl -e 'open(F, \"<\" x 0 . \"rm -rf sub|\"); print <F>'"           -> ran, sub/ GONE
//   $ codeward --yes exec --no-stage --cmd "perl -MIO::File -e '\$f = IO::File->new(\"rm -rf sub |\"); print <\$f>'" -> ran, sub/ GONE
//   (control: `open(F, "-|", "rm", "-rf", "sub")` -> C241)
// Expected: C241 (a command only known at run time / the literal command judged), work kept.
// Fix place: src/shell/perl-opens.ts: PIPE_MODE allows a `:layers` tail (`^\s*(?:-\s*\||\|\s*-?)\s*(?::.*)?$`);
// a two-argument name is fixed only when it is a whole literal (else spawns: true, drop the first-token test); and
// PERL_OPEN also matches `->new(` on IO::File / FileHandle / IO::Handle (any `->new` / `new IO::File` with one or
// two arguments read as an open), or fail closed on those modules' names.
import { describe, expect, it } from 'vitest';
import { inPlaceVerdicts } from '../helpers/in-place-verdicts.js';
import { bwrapWorks } from '../shell/stage-helpers.js';

const verdict = inPlaceVerdicts({});

describe.skipIf(!bwrapWorks)('R42-b5 MAJOR: perl opens a pipe through a spelling perl-opens.ts reads as a file', { timeout: 120_000 }, () => {
  it('control: the bare three-argument pipe mode asks (C241)', async () => {
    expect(await verdict(`perl -e 'open(F, "-|", "rm", "-rf", "sub"); print <F>'`)).toBe('C241');
  });
  it.each([
    `perl -e 'open(F, "-|:raw", "rm", "-rf", "sub"); print <F>'`,
    `perl -e 'open(F, "|-:raw", "rm -rf sub"); close F'`,
    `perl -e 'open(F, "<" x 0 . "rm -rf sub|"); print <F>'`,
    `perl -e 'open(F, "<" eq "" ? "" : "rm -rf sub|"); print <F>'`,
    `perl -MIO::File -e '$f = IO::File->new("rm -rf sub |"); print <$f>'`,
    `perl -e 'use FileHandle; my $f = FileHandle->new("rm -rf sub|"); print <$f>'`,
    `perl -MIO::Pipe -e '$p = IO::Pipe->new; $p->reader("rm", "-rf", "sub"); <$p>'`,
  ])('%s asks (C241) and keeps the work', async (line) => {
    expect(await verdict(line)).toBe('C241');
  });
});
