// Red team round 34, R34-2 (CRITICAL by the measure "a file outside the workspace read", invariant 6 and the
// 'any'-access classes of immune-paths.ts; FIXED where bwrap runs: --sandbox off's write jail hides the
// secrets the sandbox hides, src/sandbox/write-jail-hidden.ts; where no jail runs, LEFT): with `--sandbox off
// --yes`, the key folders' safety-immune read classes (`.ssh/`, `.gnupg/`, `.aws/credentials`, `.kube/config`, git's
// credential store) are matched on the words of the line only. A path only known at run time reaches them with no cd
// at all: `cat "$(cat d.txt)/mykey"` (d.txt holds the home's .ssh path), `F=$(cat d.txt); cat $F/mykey`, `echo
// "$(cat d.txt)/mykey" | xargs cat`, `cp "$(cat d.txt)/mykey" k.txt && cat k.txt` each printed the key (checked);
// `cat ~/.ssh/mykey` is C241. (`find "$D" -exec cat`, `git diff --no-index`, `sed` with such a word ask: "sensitive
// command" rows.) R34-1 (a lost cd) is one instance; the class is "a read-only program given a path only known at run
// time, with no sandbox", and a parse rule for it would ask for every `cat "$F"` under --sandbox off.
// Expected: the key is not printed (C241, or the run cannot open it).
// Fix (ONE place, structural, fix33a's): the --sandbox off write jail (bwrap: the root read-only, the workspace
// writable) also masks the home's credential folders and files that immune-paths.ts's 'any' classes name (a tmpfs
// over ~/.ssh, ~/.gnupg, ~/.aws, ~/.kube, an empty file over ~/.git-credentials, ~/.config/git/credentials): then
// "sandbox off" means "reads unconfined but for the keys", whatever the spelling, and R34-1's parse rule may go.
import { describe, expect, it } from 'vitest';
import { keyReads } from '../helpers/yes-runs.js';

const { verdict } = keyReads('cw-rt34-runkeys-');

describe('R34-2 CRITICAL (open): --sandbox off, a key read through a path only known at run time', () => {
  it.each([
    'cat "$(cat d.txt)/mykey"',
    'F=$(cat d.txt); cat $F/mykey',
    'echo "$(cat d.txt)/mykey" | xargs cat',
    'cp "$(cat d.txt)/mykey" k.txt && cat k.txt',
    'cat "$(cat g.txt)"/private-keys-v1.d/k.key',
  ])('`%s` does not print the key (asks, or the run cannot open it)', async (line) => {
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
