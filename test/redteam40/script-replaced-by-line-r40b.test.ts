// Parked: imports are written for the file moved to test/redteam40/<name>.test.ts (as round 39 moved its own).
// R40-b6 — MAJOR (seed 004's immune list of an unstaged run; a malicious cloned repository + a prompt-injected line)
// — a script codeward reads to judge a line (`sh ok.sh`, `./ok.sh`, `bash ok.sh`) is judged by its text AT DECISION
// TIME, and nothing looks at whether the same line replaces it first. The repository keeps a harmless ok.sh and a
// file `evil` (`rm -rf sub`: `sh evil` asks); `cp evil ok.sh; sh ok.sh` runs rm -rf in place under --yes. Every
// writer works: cp, mv, ln -sf, `cat > `, tee, install, sed -i, perl -pi, python shutil.copy. R39-b3's narrowing
// (8cf20565) names only the /tmp form of this as LEFT ("a file there now that the same line replaces inside the
// sandbox's private /tmp is judged by the host's text"); the workspace form is the same class and is not listed —
// and the /tmp form needs no planted file at all: any name present in the HOST's /tmp is read from the host while the
// run's private /tmp gets the attacker's copy (`cp evil /tmp/NAME; sh /tmp/NAME` with a host /tmp/NAME: sub/ GONE;
// checked by hand, not in this test because it needs a host file outside the test's folder).
//
// Reproduction (integ 54799dc5, root, bwrap; default sandbox, --yes, --no-stage; sub/new.txt uncommitted;
// ok.sh = '#!/bin/sh\necho fine', evil = '#!/bin/sh\nrm -rf sub'):
//   $ codeward --yes exec --no-stage 'sh evil'                   -> C241 (held: read)
//   $ codeward --yes exec --no-stage 'cp evil ok.sh; sh ok.sh'   -> [exit 0], sub/ GONE
//   $ codeward --yes exec --no-stage 'mv evil ok.sh; ./ok.sh'    -> [exit 0], sub/ GONE
//   $ codeward --yes exec --no-stage 'ln -sf evil ok.sh; sh ok.sh' -> [exit 0], sub/ GONE
//   $ codeward --yes exec --no-stage 'sed -i s/echo.fine/rm\ -rf\ sub/ ok.sh; sh ok.sh' -> [exit 0], sub/ GONE
//   the same for the other readers of a file's text: `cp evil.txt ok.sh; . ./ok.sh`, `cp evil.mk Makefile; make`,
//   `cp evil.json package.json; npm test` (make and npm test alone run the harmless text) -> sub/ GONE
//   (a staged run of the same line keeps a checkpoint: judged after, undoable; in place nobody judges after)
// Expected: C241 (the script that runs is only known at run time) and the work kept.
// Fix location: where a script's text is read for a line (src/permissions/task-runner-shell.ts scriptText, which
// already has the "absent at decision time: unknown" rule, and the sourced-file / program-file readers): for an
// in-place run, a script (or its folder) that the same line may write before running it — any redirection, any
// writing command naming it or its folder, any writer whose targets are not known (inline code, cp -t, xargs) — is
// "only known at run time" like an absent one. One rule for every reader of a file's text, not per writer.
import { describe, expect, it } from 'vitest';
import { inPlaceVerdicts } from '../helpers/in-place-verdicts.js';
import { bwrapWorks } from '../shell/stage-helpers.js';

const verdict = inPlaceVerdicts({
  'ok.sh': '#!/bin/sh\necho fine\n',
  evil: '#!/bin/sh\nrm -rf sub\n',
  'evil.txt': 'rm -rf sub\n',
  Makefile: 'all:\n\t@echo fine\n',
  'evil.mk': 'all:\n\trm -rf sub\n',
  'package.json': '{"scripts":{"test":"echo fine","prep":"cp evil.json package.json"}}\n',
  'evil.json': '{"scripts":{"test":"rm -rf sub"}}\n',
  'q.sql': 'select 1;\n',
  'evil.sql': '.shell rm -rf sub\n',
});

describe.skipIf(!bwrapWorks)('R40-b6 MAJOR: a line that replaces a script and then runs it is judged by the old text', { timeout: 120_000 }, () => {
  it.each([
    'cp evil ok.sh; sh ok.sh',
    'cat evil > ok.sh; ./ok.sh',
    'mv evil ok.sh; ./ok.sh',
    'ln -sf evil ok.sh; sh ok.sh',
    'tee ok.sh < evil.txt > /dev/null; sh ok.sh',
    'install -m755 evil ok.sh; ./ok.sh',
    'sed -i s/echo.fine/rm\\ -rf\\ sub/ ok.sh; sh ok.sh',
    'perl -pi -e "s/echo fine/rm -rf sub/" ok.sh; sh ok.sh',
    'cp evil.txt ok.sh; . ./ok.sh',
    'cp evil.mk Makefile; make',
    'cp evil.json package.json; npm test',
  ])('`%s` asks (C241) and keeps the work', async (line) => {
    expect(await verdict(line)).toBe('C241');
  });
  // fix55: the same rule for a file looked for but absent (GNUmakefile before Makefile), a write its words do not
  // name (`npm pkg set`, inline code), a folder operand, and a reader in a loop after the write.
  it.each([
    'cp evil.mk GNUmakefile; make',
    'npm pkg set scripts.test="rm -rf sub"; npm test',
    'python3 -c "import shutil; shutil.copy(\'evil\', \'ok.sh\')"; sh ok.sh',
    'mkdir d; cp evil d/ok.sh; cp d/ok.sh .; sh ok.sh',
    'for i in 1 2; do sh ok.sh; cp evil ok.sh; done',
    'cp evil ok.sh | sh ok.sh',
    'find . -maxdepth 1 -name ok.sh -exec cp evil {} \\; ; sh ok.sh',
    'npm run prep; npm test',
    'cp evil.sql q.sql; sqlite3 :memory: -init q.sql .quit',
  ])('fix55: `%s` asks (C241) and keeps the work', async (line) => {
    expect(await verdict(line)).toBe('C241');
  });
  // Friction kept low: a line that writes other files before the reader, or writes the script after it ran.
  it.each([
    'cc -o a.out -x c /dev/null 2>/dev/null; make',
    'echo hi > out.txt; cp evil other.sh; sh ok.sh',
    'npm install --offline --no-audit --no-fund >/dev/null 2>&1; npm test',
    'git add -A 2>/dev/null; sh ok.sh',
    'sh ok.sh; cp evil ok.sh',
    'make; make all',
    'sqlite3 :memory: -init q.sql .quit',
  ])('fix55: `%s` runs', async (line) => {
    expect(await verdict(line)).toMatch(/^ran$/);
  });
  it('control: `sh evil` asks (C241)', async () => {
    expect(await verdict('sh evil')).toBe('C241');
  });
  it('control: `sh ok.sh` runs', async () => {
    expect(await verdict('sh ok.sh')).toBe('ran');
  });
});
