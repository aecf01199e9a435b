// Red team round 34, R34-1 (CRITICAL: a file outside the workspace read, an SSH / GPG private key printed to the
// model, unasked, with `--sandbox off --yes`): the lead's fix32b follow-up (9612ac87) judges a relative READ after
// a cd to a folder only known at run time by its name ("the sandbox, and unconfined.ts with it off, judge where it
// lands": permissions/immune-place.ts Placer.spellings). With the sandbox on that holds (the view has no ~/.ssh).
// With it off, nothing judges it: unconfined.ts lets a read-only program run after a cd out of the workspace
// (reads are unconfined there by design), and the read classes that are safety-immune in every mode (`.ssh/`,
// `.gnupg/`, `.aws/credentials`, `.kube/config`, git's credential store: immune-paths.ts, access 'any') are
// matched on the NAME only, where the key's name is `id_rsa` or `mykey`. Checked: with d.txt holding the home's
// `.ssh` path (a file the model wrote earlier, or the repository ships), `cd "$(cat d.txt)" && cat id_rsa` printed
// the key, while `cat ~/.ssh/id_rsa` and `cd ~/.ssh && cat id_rsa` are safety-immune (C241).
// Held-back variants: `D=$(cat d.txt); cd "$D" && …`, `pushd`, `cd -`, a recursive reader (`grep -r . .`), a
// folder below the key folder (`private-keys-v1.d/k.key` in ~/.gnupg), a glob (`cat *`).
// Run where no write jail runs (NO_JAIL): there the parse is the guard; where bwrap runs, --sandbox off's jail hides
// the keys whatever the parse says (cd-lost-read-bare-r34, key-read-run-time-path-r34).
// Expected: asks (C241) with the sandbox off, as `cd ~/.ssh && cat id_rsa` does; with the sandbox on the read is
// judged where it lands (the lead's friction fix stays: test/shell/staged-computed-targets.test.ts).
// Fix: ONE place, the placement of a relative path after a lost cd (immune-place.ts Placer.spellings): a READ is
// unknown there too when no OS sandbox judges where it lands (ShellPlace.unconfined, set by decide-shell.ts from
// the call's judged.unconfined). That covers every word with a `/` (rows below, red before). A BARE word
// (`cat id_rsa`, `cat mykey`, `grep -r . .`, `cat *`) is skipped one step earlier by the lead's CI105 rule in
// immune-shell.ts (`guessed`: after a lost cd only a file writer's bare operand is a path), fix33a's file: those
// rows are parked, red, in test/redteam34/open/cd-lost-read-bare-r34.test.ts.txt (a one-line change there).
import { describe, expect, it } from 'vitest';
import { NO_JAIL } from '../helpers/unconfined-runs.js';
import { keyReads } from '../helpers/yes-runs.js';

const keys = keyReads('cw-rt34-keys-');
const verdict = (line: string): Promise<string> => keys.verdict(line, NO_JAIL);

describe('R34-1 CRITICAL: after a cd only known at run time, --sandbox off, a relative read of a key is not judged', () => {
  it.each([
    'cd "$(cat g.txt)" && cat private-keys-v1.d/k.key',
    'D=$(cat g.txt); cd "$D" && cat ./private-keys-v1.d/k.key',
    'pushd "$(cat g.txt)" >/dev/null && grep -r . ./private-keys-v1.d',
    'cd "$(cat d.txt)" && cat ./mykey',
    'cd "$(cat d.txt)" && cd - >/dev/null && cd "$(cat d.txt)" && head ./id_rsa',
  ])('`%s` asks (C241)', async (line) => {
    expect(await verdict(line)).toBe('C241');
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
