// Parked: imports are written for the file moved to test/redteam40/<name>.test.ts (as round 39 moved its own).
// R40-b10 — MAJOR (seed 004's immune list of an unstaged run; a malicious cloned repository's DATA replayed as code) —
// bash's history list is code storage: `fc -s [PREFIX]` (and `fc -e - PREFIX`) re-executes a history entry, and
// `history -r FILE` (or HISTFILE=FILE; `history -r`) loads entries from a file. With `set -o history` this works in a
// non-interactive shell. The line shows only `fc -s`; the command it runs is the repository file's text. codeward
// reads `history -s 'rm -rf sub'` as code (it asks), but neither the file `history -r` loads nor `fc`'s replay: the
// repository file `hist` = `rm -rf sub` runs in place under --yes.
//
// Reproduction (integ 54799dc5, root, bwrap; default sandbox, --yes, --no-stage; sub/new.txt uncommitted;
// hist (the repository's) = 'rm -rf sub'):
//   $ codeward --yes exec --no-stage 'set -o history; history -r hist; fc -s'           -> [exit 0], sub/ GONE
//   $ codeward --yes exec --no-stage 'HISTFILE=hist; set -o history; history -r; fc -s' -> [exit 0], sub/ GONE
//   $ codeward --yes exec --no-stage 'set -o history; history -r hist; fc -e - rm'      -> [exit 0], sub/ GONE
//   control (held): `set -o history; history -s 'rm -rf sub'; fc -s` -> C241.
// Expected: C241 (what runs is only known at run time) and the work kept.
// Fix location: the parse's dynamic-code rules (where `eval`, `source`, `trap` and `history -s` are code):
// `fc` with -s or `-e -` (any fc that re-executes, i.e. every fc but `fc -l`) runs history entries: code only known at
// run time, immune for an in-place run (or always, like eval of a run-time string); `history -r`/-n/HISTFILE feed it.
import { describe, expect, it } from 'vitest';
import { inPlaceVerdicts } from '../helpers/in-place-verdicts.js';
import { bwrapWorks } from '../shell/stage-helpers.js';

const verdict = inPlaceVerdicts({ hist: 'rm -rf sub\n' });

describe.skipIf(!bwrapWorks)("R40-b10 MAJOR: fc replays a history entry loaded from a repository file", { timeout: 120_000 }, () => {
  it.each([
    'set -o history; history -r hist; fc -s',
    'set -o history; history -r hist; fc -s rm',
    'HISTFILE=hist; set -o history; history -r; fc -s',
    'set -o history; history -r hist; fc -e - rm',
  ])('`%s` asks (C241) and keeps the work', async (line) => {
    expect(await verdict(line)).toBe('C241');
  });
  it("control: `set -o history; history -s 'rm -rf sub'; fc -s` asks (C241)", async () => {
    expect(await verdict("set -o history; history -s 'rm -rf sub'; fc -s")).toBe('C241');
  });
  it('control: `set -o history; history -r hist; history | tail -1` (no replay) runs', async () => {
    expect(await verdict('set -o history; history -r hist; history | tail -1')).toBe('ran');
  });
});
