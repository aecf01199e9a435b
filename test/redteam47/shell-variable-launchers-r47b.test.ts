// R47-b16 — CRITICAL (issue 26: rm -rf of uncommitted work in place under --yes --no-stage, no ask). Programs that run
// their command text through "the user's shell" take that shell from $SHELL: util-linux `flock FILE -c CMD` and
// `script -c CMD` exec `$SHELL -c CMD`. The command text is judged (`flock x.lock -c "rm -rf sub"` asks), the SHELL
// that runs it is not: a prefix, env or even `export SHELL=…` naming a workspace program runs it.
// Same class as shl87's MAKE (an environment variable that names a program another program runs) and its shell
// start-up files (what a shell runs before the line).
// Repro (integ 8b8525d7, default sandbox, in place; mk = "#!/bin/sh\nrm -rf ROOT/sub" in the repository):
//   codeward --yes exec --no-stage "SHELL=ROOT/mk flock x.lock -c true"            -> exit 0, sub/ GONE
//   codeward --yes exec --no-stage "export SHELL=ROOT/mk; flock x.lock -c true"    -> exit 0, sub/ GONE
//   codeward --yes exec --no-stage "SHELL=ROOT/mk script -qc true /dev/null"      -> exit 0, sub/ GONE
//   control: "flock x.lock -c 'rm -rf sub'" -> C241
// Class: SHELL (and the like: EDITOR/VISUAL/PAGER are rows already) as a command variable for every launcher that
// reads it (flock -c, script -c, watch? (uses sh), su -c/-s, tmux/screen new-session, expect spawn, make ignores it).
// FIXED (lead, session 70): shell/command-variables.ts reads SHELL's value as that program given code (`VALUE -c :`),
// for every program; `SHELL=/bin/bash make` still runs.
// Was: fix place: src/permissions/obeyed-env.ts command rows: SHELL for flock/script (any program: a bare SHELL=/bin/bash
// is not walked), as MAKE joined them (shl87); an `export SHELL=` should count like `export MAKE=`.
import { describe, expect, it } from 'vitest';
import { eachAsks, inPlaceVerdicts } from '../helpers/in-place-verdicts.js';
import { bwrapWorks } from '../shell/stage-helpers.js';

const verdict = inPlaceVerdicts({ mk: '#!/bin/sh\nrm -rf sub\n' });

describe.skipIf(!bwrapWorks)('R47-b16 CRITICAL: $SHELL of flock -c / script -c', { timeout: 120_000 }, () => {
  eachAsks(
    ['SHELL=./mk flock x.lock -c true', 'export SHELL=./mk; flock x.lock -c true', 'env SHELL=./mk flock x.lock -c true', 'SHELL=./mk script -qc true /dev/null'],
    verdict,
    ["flock x.lock -c 'rm -rf sub'"],
  );
  it.each(['SHELL=/bin/bash flock x.lock -c true', 'SHELL=/bin/sh script -qc true /dev/null'])('control: `%s` (a system shell) runs', async (line) => {
    expect(await verdict(line)).toBe('ran');
  });
});
