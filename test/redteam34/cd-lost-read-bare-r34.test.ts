// Red team round 34, R34-1b (CRITICAL; FIXED where bwrap runs by the lead: --sandbox off's write jail hides the secrets
// the sandbox hides, src/sandbox/write-jail-hidden.ts; where no jail runs the parse below is still the guard, LEFT): R34-1's
// bare-word half. After a cd to a folder only known at run time, with `--sandbox off --yes`, `cd "$(cat d.txt)" && cat
// id_rsa` printed ~/.ssh/id_rsa unasked (d.txt holds the home's .ssh path; `cd ~/.ssh && cat id_rsa` is C241).
// R34-1's fix (immune-place.ts Placer.spellings: a relative READ after a lost cd is unknown when no sandbox runs the
// line) covers every word with a `/`; a BARE word never reaches it: immune-shell.ts's CI105 rule (`guessed`, the lead's
// a277a262) skips the unknown verdict for a bare word of any program that is not a FILE_WRITER, reads included, "the
// sandbox and, with it off, unconfined.ts judge where such a program writes": true for a write (fix33a's write jail),
// never for a read with the sandbox off (unconfined.ts lets a read-only program read anywhere after the cd).
// Checked: red on h-rt34 after R34-1 (each row prints the key); the one-line change below turns them green (checked).
// Expected: asks (C241) with the sandbox off; with it on, unchanged (the view has no ~/.ssh: `cd "$D" && ls src` runs).
// Fix (ONE line, immune-shell.ts, the `guessed` test): a bare word is guessed "not a path" only for a write or where a
// sandbox judges the read: `const guessed = line.lost !== undefined && !arg.includes('/') && !FILE_WRITERS.has(argv.name)
// && (write || place?.unconfined !== true);` (ShellPlace.unconfined is R34-1's, set by decide-shell.ts).
import { describe, expect, it } from 'vitest';
import { keyReads } from '../helpers/yes-runs.js';

const { verdict } = keyReads('cw-rt34-bare-');

describe('R34-1b CRITICAL: after a cd only known at run time, --sandbox off, a BARE read operand is not judged', () => {
  it.each([
    'cd "$(cat d.txt)" && cat id_rsa',
    'cd "$(cat d.txt)" && cat mykey',
    'D=$(cat d.txt); cd "$D" && cat mykey',
    'pushd "$(cat d.txt)" >/dev/null && cat mykey',
    'cd "$(cat d.txt)" && grep -r . .',
    'cd "$(cat d.txt)" && cat *',
    'cd "$(cat d.txt)" && base64 id_rsa',
  ])('`%s` does not print the key (asks, or the jailed run cannot open it)', async (line) => {
    expect(await verdict(line)).not.toBe('ran, printed the key');
  }, 60_000);
  it('control: the same key by its spelled place asks (C241)', async () => {
    expect(await verdict('cd ~/.ssh && cat id_rsa')).toBe('C241');
  }, 60_000);
});

describe('control', () => {
  it.each(['cd sub && cat ../a.txt', 'cat a.txt'])('`%s` runs', async (line) => {
    expect(await verdict(line)).toBe('ran');
  }, 60_000);
});
