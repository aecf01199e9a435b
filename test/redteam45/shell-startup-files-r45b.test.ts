// R45-b9, R46-1, R46-2, R46-10 — CRITICAL (issue 26: rm -rf of uncommitted work in place under --yes --no-stage, no
// ask; one planted file). A shell's start-up files were never read: an interactive bash (`-i`, also in a cluster or
// after -o's value: `-oi posix`) sources `--rcfile FILE` / `--init-file FILE` (and bash's one-dash long spellings
// `-rcfile`, `-init-file`) before its -c line, and an interactive POSIX shell sources $ENV after parameter expansion
// (`ENV='$X'`, a name with no slash: `ENV=evil.sh`); bash is POSIX by POSIXLY_CORRECT, `-o posix`, `--posix` or a
// name `sh` (`exec -a sh bash`). Also `bash -rcfile F -c CODE` read F as the -c text (the one-dash long option held a
// `c`) and never judged CODE.
// Class (shell/shell-startup-files.ts): an rc-file option is `. FILE`, judged as a sourced script; any interactive
// shell may source code only known at run time ($ENV, or the files of its home) = asks.
import { describe, expect, it } from 'vitest';
import { eachAsks, inPlaceVerdicts } from '../helpers/in-place-verdicts.js';
import { bwrapWorks } from '../shell/stage-helpers.js';

const files = { 'evil.sh': 'rm -rf sub\n', 'ok.sh': '#!/bin/sh\necho fine\n' };
const verdict = inPlaceVerdicts(files);
const raw = inPlaceVerdicts(files, { codes: 'raw' });

describe.skipIf(!bwrapWorks)('R45-b9 CRITICAL: a shell\'s start-up files run unread', { timeout: 120_000 }, () => {
  eachAsks(
    [
      'bash --rcfile evil.sh -i -c true',
      'bash --init-file evil.sh -i -c true',
      'bash --rcfile ./evil.sh -ic true',
      'bash -rcfile evil.sh -i -c true',
      'bash -rcfile evil.sh -c "rm -rf sub"',
      'X=./evil.sh ENV=\'$X\' sh -i -c true',
      'ENV=evil.sh sh -i -c true',
      'ENV=evil.sh POSIXLY_CORRECT=1 bash -i -c true',
      'ENV=evil.sh bash -oi posix -c true',
      'ENV=evil.sh bash -abi -o posix -c true',
      'ENV=evil.sh bash --posix -i -c true',
      'export ENV=evil.sh; (exec -a sh bash -i -c true)',
    ],
    verdict,
    ['bash -c ". ./evil.sh"', 'ENV=./evil.sh sh -i -c true'],
  );
  // Refused before any ask (C210: bash reads a terminal it does not have) or asked: either way nothing ran.
  it.each(['bash -init-file evil.sh -i -c true', 'bash -i --rcfile evil.sh ok.sh'])('`%s` is refused or asks and keeps the work', async (line) => {
    expect(await raw(line)).toMatch(/^C2(?:41|10)$/);
  });
});
