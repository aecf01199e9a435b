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
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEngine } from '../../src/setup.js';
import { removeDir, tempDir } from '../helpers/fixture.js';

let base: string;
let root: string;
let home: string;
beforeAll(async () => {
  base = await tempDir('cw-rt34-runkeys-');
  root = join(base, 'w');
  home = join(base, 'h');
  mkdirSync(join(home, '.ssh'), { recursive: true });
  mkdirSync(join(home, '.gnupg/private-keys-v1.d'), { recursive: true });
  mkdirSync(join(root, 'sub'), { recursive: true });
  writeFileSync(join(home, '.ssh/id_rsa'), 'PRIVATE-KEY\n');
  writeFileSync(join(home, '.ssh/mykey'), 'PRIVATE-KEY\n');
  writeFileSync(join(home, '.gnupg/private-keys-v1.d/k.key'), 'PRIVATE-KEY\n');
  writeFileSync(join(root, 'a.txt'), 'a\n');
  writeFileSync(join(root, 'd.txt'), `${home}/.ssh\n`);
  writeFileSync(join(root, 'g.txt'), `${home}/.gnupg\n`);
  writeFileSync(join(root, 's.txt'), 'sub\n');
});
afterAll(async () => removeDir(base));

async function verdict(line: string): Promise<string> {
  const engine = await createEngine({ workspace: root, env: { HOME: home, PATH: process.env['PATH'] ?? '' }, sandbox: { mode: 'off' as const }, permissions: { home, yes: true } });
  try {
    const result = await engine.run({ cmd: 'exec', args: { cmd: line } });
    if (!result.ok) return result.error.code;
    return JSON.stringify(result.data).includes('PRIVATE-KEY') ? 'ran, printed the key' : 'ran';
  } finally {
    await engine.close();
  }
}

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
