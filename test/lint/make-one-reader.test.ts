import { readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { REPO_ROOT } from '../helpers/fixture.js';
import { sources } from './source-files.js';

// Issue 26 (fix32a): `make X` had two readers, one that decided (deny/ask/immune rules judged against its lines) and
// one that built what the approval showed and keyed an "always" on; they drifted (a second double-colon rule, an
// include, .DEFAULT, a pattern rule, `-C`, MAKEFILES=: shown other lines than judged; round 31 had to fix both for
// the makefile's own remake rule). The one reader is src/permissions/task-runner-make*.ts (readMakeCall, makeGoal,
// makeHasRule): the question (shell/run-script-make.ts) and the test command's detection render from it; the hook
// walk's make model (hook-make*.ts, what a git hook's make obeys) reads lines through its grammar
// (task-runner-make-grammar.ts: makefile names, rule lines, assignments; fix45). No other
// source file names a makefile as a string literal nor matches make's rule syntax (`::?(?!=)`, a rule and not an
// assignment). Files that name one for another reason are allowed below, with the reason.
const READER = /^src\/permissions\/task-runner-make(?:-[a-z]+)?\.ts$/;
const ALLOWED: Readonly<Record<string, string>> = {
  'src/permissions/obeyed-hooks.ts': 'the names of the files each runner obeys (the write gate catalogue); their text is read by the hook model',
  'src/permissions/runner-kinds.ts': 'the names of the files each runner obeys (the write gate catalogue); their text is read by the hook model',
  'src/permissions/unconfined-attached.ts': "make's long option --makefile (a file named on the line), not a file read",
  'src/shell/long-options.ts': "make's long option --makefile in its option table",
  'src/shell/parse-launch-program-rows.ts': "make's long option --makefile in its option table",
  'src/files/quotes.ts': 'a file kind that is code (quoting), not a file read',
  'src/commands/clean.ts': 'an ordinary file name clean never matches, not a file read',
};
const NAMED = /['"`](?:GNUmakefile|[Mm]akefile)['"`]/;
const RULE = /::\?\(\?!=\)/;


describe('one make reader', () => {
  it('no source file outside src/permissions/task-runner-make*.ts names a makefile or reads rule syntax', () => {
    const found: string[] = [];
    for (const file of sources(join(REPO_ROOT, 'src'))) {
      const rel = relative(REPO_ROOT, file).split('\\').join('/');
      if (READER.test(rel) || ALLOWED[rel] !== undefined) continue;
      readFileSync(file, 'utf8').split('\n').forEach((line, i) => {
        if (/^\s*\/\//.test(line)) return;
        if (NAMED.test(line) || RULE.test(line)) found.push(`${rel}:${i + 1}: ${line.trim()} (read makefiles through readMakeCall / makeHasRule of src/permissions/task-runner-make.ts)`);
      });
    }
    expect(found).toEqual([]);
  });

  it('each allowed file still names one (else drop it from the list)', () => {
    const stale = Object.keys(ALLOWED).filter((rel) => {
      const text = readFileSync(join(REPO_ROOT, rel), 'utf8');
      return !NAMED.test(text) && !RULE.test(text);
    });
    expect(stale).toEqual([]);
  });
});
