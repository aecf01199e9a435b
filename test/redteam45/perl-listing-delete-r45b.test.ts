// R45-b8 — CRITICAL (issue 26: rm -rf of uncommitted work in place under --yes --no-stage, no ask; nothing planted).
// immune-inline.ts reads a delete over a listing as a tree delete only for a CALL (`unlink(`, `rmdir(`), but perl's
// unlink and rmdir take no parentheses and default to `$_`: `finddepth(sub { unlink $_; rmdir $_ }, "sub")`,
// `unlink $_ for <sub/*>`, `unlink "sub/$_" for readdir D`. The listing words lacked finddepth, File::Find, perl's
// glob operator `<$d/*>`, python's os.fwalk and node's opendirSync.
// Class: a delete word of any spelling (call or not) over any listing = `rm -r` (immune-inline.ts LISTING, DELETE_CALL).
import { describe } from 'vitest';
import { eachAsks, inPlaceVerdicts } from '../helpers/in-place-verdicts.js';
import { bwrapWorks } from '../shell/stage-helpers.js';

const verdict = inPlaceVerdicts({ 'ok.sh': '#!/bin/sh\necho fine\n' });

describe.skipIf(!bwrapWorks)('R45-b8 CRITICAL: perl paren-less unlink/rmdir over a listing deletes a tree unasked', { timeout: 120_000 }, () => {
  eachAsks(
    [
      `perl -MFile::Find -e 'finddepth(sub { unlink $_; rmdir $_ }, "sub")'`,
      `perl -MFile::Find -e 'finddepth(sub { -d $_ ? rmdir $_ : unlink $_ }, "sub")'`,
      `perl -MFile::Find -e 'File::Find::finddepth(sub { unlink }, "sub")'`,
      `perl -e 'unlink $_ for <sub/*>; rmdir "sub"'`,
      `perl -e '$d="sub"; unlink for <$d/*>'`,
      `perl -e 'opendir D, "sub"; unlink "sub/$_" for readdir D'`,
      `python3 -c 'import os\nfor r, ds, fs, fd in os.fwalk("sub"):\n  [os.unlink(f, dir_fd=fd) for f in fs]'`,
      `node -e 'const fs=require("fs"); const d=fs.opendirSync("sub"); let e; while ((e=d.readSync())) fs.unlinkSync("sub/"+e.name)'`,
    ],
    verdict,
    [`perl -e 'unlink($_) for glob("sub/*")'`],
  );
});
