// R45-b4, R45-b11, R46-3 — CRITICAL (issue 26: rm -rf of uncommitted work in place under --yes --no-stage, no ask;
// nothing planted). perl code that names what it runs only at run time was read as spawning nothing:
// (b4) `s/x/$c/ee` evaluates the replacement's VALUE as perl code (the second `e` is an eval), in any delimiter
// (`s{x}{$c}ee`, `s(x)[$c]ee`, `s!x!$c!eie`) and flag order (`/see`, `/ees`); the tokenizer masks the whole
// operator, so no `eval` was ever seen. (b11) a code reference called by `->(…)` (`$n->(…)` where $n is a string:
// perl calls the sub of that name, `${\ (…)}->(…)`, `*{"…"}{CODE}->(…)`, `("File::Path::rm"."tree")->(…)`).
// (R46-3) a typeglob assignment from a string or a glob looked up by name (`*x = "File::Path::rm"."tree"`, `*x =
// *{"…"}`, `local *x = $::{…}`): `x(…)` then calls a sub only known at run time.
// Class: perl's ways to reach a sub or code by a name built at run time = dynamic code (parse-inline.ts DYNAMIC_APIS,
// shell/perl-dynamic.ts; the s///ee flag in code-spans.ts).
import { describe } from 'vitest';
import { eachAsks, inPlaceVerdicts } from '../helpers/in-place-verdicts.js';
import { bwrapWorks } from '../shell/stage-helpers.js';

const verdict = inPlaceVerdicts({ 'ok.sh': '#!/bin/sh\necho fine\n' });
const rm = '"sys"."tem q(rm -rf sub)"';

describe.skipIf(!bwrapWorks)('R45-b4/b11, R46-3 CRITICAL: perl code reached by a name only known at run time', { timeout: 120_000 }, () => {
  eachAsks(
    [
      `perl -e '$c=${rm}; $_="x"; s/x/$c/ee'`,
      `perl -e '$c=${rm}; $_="x"; s{x}{$c}ee'`,
      `perl -e '$c=${rm}; $_="x"; s(x)[$c]ee'`,
      `perl -e '$c=${rm}; $_="x"; s!x!$c!eie'`,
      `perl -e '$c=${rm}; $_="x"; s/x/$c/see'`,
      `perl -e '$c=${rm}; $_="x"; s|x|$c|ees'`,
      `perl -MFile::Path -e '$n="File::Path::rm"."tree"; $n->("sub")'`,
      `perl -MFile::Path -e '\${\\ ("File::Path::rm"."tree")}->("sub")'`,
      `perl -MFile::Path -e '("File::Path::rm"."tree")->("sub")'`,
      `perl -MFile::Path -e '*{"File::Path::rm"."tree"}{CODE}->("sub")'`,
      `perl -MFile::Path -e '*x = "File::Path::rm"."tree"; x("sub")'`,
      `perl -MFile::Path -e '*x = *{"File::Path::rm"."tree"}; x("sub")'`,
      `perl -MFile::Path -e 'local *x = $::{"File::"}{"Path::"}{"rm"."tree"}; x("sub")'`,
      `perl -MFile::Path -e '$g=$File::Path::{"rm"."tree"}; *x=$g; x("sub")'`,
    ],
    verdict,
    [`perl -MFile::Path -e '&{"File::Path::rm"."tree"}("sub")'`, `perl -e '$c=${rm}; eval $c'`],
  );
});
