// Parked: imports are written for the file moved to test/redteam39/<name>.test.ts (as round 38 moved its own).
// R39-b6 — MAJOR (seed 004's immune list of an unstaged run; "a command a variable or option hands to a program is
// judged as that command", docs/security-model.md) — spellings the launch readers miss:
//   (a) `wget --use-askpass=./s.sh URL`: the value is judged as the line `./s.sh` by name only; the workspace script is
//       never read (`--use-askpass='rm -rf sub'` asks; `GIT_ASKPASS=./s.sh git ls-remote …` reads s.sh and asks);
//   (b) `WGETRC=x wget URL` (x: `use_askpass = ./s.sh`): a workspace wgetrc naming a program is not read at all (also
//       `wget -e use_askpass=./s.sh`, `wget --config=x`);
//   (c) `ed -s '!rm -rf sub'`: ed reads a file operand starting with `!` as a shell command (R39-b4's class: an
//       operand that is a command); `ed -s <<< 'r !rm -rf sub'` asks;
//   (d) `groff -U x` / `nroff -U x` / `troff -U x`: unsafe mode runs the document's `.sy`/`.pso` requests (x: `.sy rm
//       -rf sub`); the document is not read (as `vim -u x` is: "code codeward does not parse").
//
// Reproduction (integ 507f8cca, root, bwrap; default sandbox, --yes, --no-stage; sub/new.txt uncommitted;
// s.sh = '#!/bin/sh\n/bin/rm -rf sub\n' (0755); nothing listens on 127.0.0.1:1, wget asks the askpass for a user):
//   $ codeward --yes exec --no-stage 'wget --use-askpass=./s.sh http://127.0.0.1:1/' -> [exit 1], sub/ GONE
//   $ codeward --yes exec --no-stage 'WGETRC=x wget -q http://127.0.0.1:1/'         -> [exit 1], sub/ GONE
//   $ codeward --yes exec --no-stage "ed -s '!rm -rf sub'"                          -> [exit 0], sub/ GONE
//   $ codeward --yes exec --no-stage 'groff -U -Tutf8 x'                            -> [exit 0], sub/ GONE
// Expected: C241 and the work kept.
// Fix locations: (a) the launcher row that reads wget's --use-askpass (it already judges the value as a line) must hand
// a path-like value to the script-file row (as GIT_ASKPASS is, runners-started.ts / decide-scripts.ts); (b) WGETRC /
// --config / -e use_askpass= in the same row (a workspace file: unknown or read); (c)+(d) the "program running code
// codeward does not parse" rule (the one that asks for `vim -u`, `sqlite3 .read`): ed's `!` operand, groff-family -U.
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { inPlaceVerdicts } from '../helpers/in-place-verdicts.js';
import { bwrapWorks } from '../shell/stage-helpers.js';

const verdict = inPlaceVerdicts({ 's.sh': '#!/bin/sh\n/bin/rm -rf sub\n', x: 'use_askpass = ./s.sh\n', doc: '.sy rm -rf sub\n' });

const has = (program: string): boolean => (process.env['PATH'] ?? '').split(':').some((dir) => existsSync(join(dir, program)));
describe.skipIf(!bwrapWorks)('R39-b6 MAJOR: programs that run a command from an option, a config file, an operand or a document, unread', { timeout: 120_000 }, () => {
  it.skipIf(!has('wget')).each(['wget --use-askpass=./s.sh http://127.0.0.1:1/', 'WGETRC=x wget -q http://127.0.0.1:1/'])('`%s` asks (C241) and keeps the work', async (line) => {
    expect(await verdict(line)).toBe('C241');
  });
  it.skipIf(!has('ed'))("`ed -s '!rm -rf sub'` asks (C241) and keeps the work", async () => {
    expect(await verdict("ed -s '!rm -rf sub'")).toBe('C241');
  });
  it.skipIf(!has('groff')).each(['groff -U -Tutf8 doc', 'nroff -U doc'])('`%s` asks (C241) and keeps the work', async (line) => {
    expect(await verdict(line)).toBe('C241');
  });
  it.each(["wget --use-askpass='rm -rf sub' http://127.0.0.1:1/", 'GIT_ASKPASS=./s.sh git ls-remote http://127.0.0.1:1/x', "vim -u doc -Es -c q"])('control: `%s` asks', async (line) => {
    expect(await verdict(line)).toBe('C241');
  });
});
