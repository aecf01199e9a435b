// R43-b9 — MAJOR (issue 26: rm -rf of uncommitted work in place under --yes --no-stage, no ask; no planted file) —
// perl-opens.ts (fix64) reads IO::File/FileHandle's constructor as an open only in its METHOD spellings
// (`IO::File->new(...)`, `new IO::File ...`, `"IO::File"->new`, `IO::File::->new`, `$c->new` with a known class:
// all HOLD). The plain sub-call spelling `IO::File::new("IO::File", "rm -rf sub|")` /
// `FileHandle::new("FileHandle", "rm -rf sub|")` is the same constructor (class as the first argument) and opens a
// pipe to `rm -rf sub`; the reader sees no open and the line runs.
// Class: a perl method called as a fully-qualified sub (`Class::method($class_or_obj, ...)`; also to check
// `IO::Handle::open`, `&IO::File::new(...)`, `IO::File->can("new")->(...)`, `goto &IO::File::new`).
// Repro (h-rt43b on integ 3bd9898c, root, bwrap; default sandbox, --yes, --no-stage; sub/new.txt uncommitted):
//   $ codeward --yes exec --no-stage "perl -MIO::File -e 'IO::File::new(\"IO::File\", \"rm -rf sub|\")'"              -> ran, GONE
//   $ codeward --yes exec --no-stage "perl -MFileHandle -e 'FileHandle::new(\"FileHandle\", \"rm -rf sub|\")'"         -> ran, GONE
// Expected: C241, work kept.
// Fix place: src/shell/perl-opens.ts: read `IO::File::new(`/`FileHandle::new(` (and `&`-forms) with the first argument
// dropped as the method form; fail closed on any `->can(` / `&{...}` call of these classes.
import { describe, expect, it } from 'vitest';
import { eachAsks, inPlaceRuns } from '../helpers/in-place-verdicts.js';
import { bwrapWorks } from '../shell/stage-helpers.js';

const run = inPlaceRuns();

describe.skipIf(!bwrapWorks)('R43-b9 MAJOR: IO::File/FileHandle constructors called as plain subs', { timeout: 120_000 }, () => {
  it('control: `IO::File->new("rm -rf sub|")` asks (C241)', async () => {
    expect(await run('perl -MIO::File -e \'IO::File->new("rm -rf sub|")\'', {})).toBe('C241');
  });
  eachAsks([
    'perl -MIO::File -e \'IO::File::new("IO::File", "rm -rf sub|")\'',
    'perl -MFileHandle -e \'FileHandle::new("FileHandle", "rm -rf sub|")\'',
  ], (line) => run(line, {}));
});
