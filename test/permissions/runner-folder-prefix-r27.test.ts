// Red team round 27, R27-6 on R25-9/R26-6 decide-script-dirs.ts (a runner started in another folder runs THAT
// folder's scripts): the folder-moving options are matched by their full names, but GNU env, util-linux unshare
// and GNU make read long options with getopt_long, so any unambiguous prefix moves too. sub/package.json and
// sub/Makefile `g` = `git push origin main`, the root has no `g`; under `deny @coder exec git push*` +
// `allow @coder exec *`: `env --chd=sub npm run g`, `env --ch sub npm run g`, `unshare --w sub npm run g`,
// `make --dir=sub g`, `make --di=sub g` are allowed. Checked here: `env --chd=sub pwd`, `env --ch sub pwd`,
// `unshare --w sub pwd` print .../sub; `make --dir=sub -n g` prints `git push origin main`.
// Also make's other makefile by a prefix: `make --fi=other.mk g`, `make --makef=other.mk g` (other.mk `g` = the push;
// checked: `make --fi=other.mk -n g` prints it). Controls: `env --chdir=sub`, `unshare --wd sub`, `make --directory sub`, `make -C sub`, `cd sub &&`, `make -f other.mk`, `make --file other.mk` deny/ask.
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe } from 'vitest';
import { decideRows, DENY_PUSH, execDecider } from './helpers.js';

const decide = execDecider(async (box) => {
  await mkdir(join(box.root, 'sub'), { recursive: true });
  await writeFile(join(box.root, 'package.json'), '{"name":"root","scripts":{"test":"node t.js"}}\n');
  await writeFile(join(box.root, 't.js'), '1\n');
  await writeFile(join(box.root, 'sub/package.json'), '{"name":"sub","scripts":{"g":"git push origin main"}}\n');
  await writeFile(join(box.root, 'sub/Makefile'), 'g:\n\tgit push origin main\n');
  await writeFile(join(box.root, 'Makefile'), 'x:\n\ttrue\ntest:\n\tnode t.js\n');
  await writeFile(join(box.root, 'other.mk'), 'g:\n\tgit push origin main\n');
});

describe('R27-6: a runner moved into sub/ by an abbreviated long option runs a denied script line', () => {
  decideRows(decide, 'not allow', 'deny push: `%s` is not allowed', [
    'env --chd=sub npm run g',
    'env --ch sub npm run g',
    'unshare --w sub npm run g',
    'make --dir=sub g',
    'make --di=sub g',
    'make --fi=other.mk g',
    'make --makef=other.mk g',
  ], DENY_PUSH, 60_000);
});

describe('controls (held)', () => {
  decideRows(decide, 'not allow', 'deny push: `%s` is not allowed', [
    'env --chdir=sub npm run g',
    'unshare --wd sub npm run g',
    'make --directory sub g',
    'make -C sub g',
    'cd sub && npm run g',
    'make -f other.mk g',
    'make --file other.mk g',
  ], DENY_PUSH, 60_000);
});

// long29 (red team R27-5/6/7 as a class): the long-option prefixes of the programs a launcher or folder-moving
// program runs reach the rules in full (src/shell/long-canon.ts), through every launcher of long-options.ts; an
// ambiguous prefix is read as the riskiest option it may be (getopt refuses it; another version may not). Old code:
// each row below was allowed (but `timeout --k 1 5 env --s ..` and `sudo --ch=sub ..`, held by other readers).
// Controls: ordinary lines stay free.
describe('a launcher\'s abbreviated options, then the launched program\'s', () => {
  decideRows(decide, 'not allow', 'deny push: `%s` is not allowed', [
    "nohup env --s 'git push origin main'",
    "timeout --s=KILL 5 env --sp='git push origin main'",
    "timeout --k 1 5 env --s 'git push origin main'",
    "stdbuf --o=L env --s 'git push origin main'",
    "setsid --w env --s 'git push origin main'",
    "nice --adj=3 env --s 'git push origin main'",
    "chroot --sk / env --s 'git push origin main'",
    "ionice -c3 env --s 'git push origin main'",
    'env --ch sub make --di=sub g',
    'timeout 5 make --di=sub g',
    'npm test && env --chd=sub npm run g',
    // Ambiguous: make --d is --debug, --directory or --dry-run; sudo --ch is --chdir or --chroot.
    'make --d=sub g',
    'sudo --ch=sub npm run g',
  ], DENY_PUSH, 60_000);
});

describe('controls: free', () => {
  decideRows(decide, 'allow', 'deny push: `%s` is allowed', [
    'env FOO=1 npm test',
    'make -j2 test',
    'make --jobs=2 test',
    'make --j=2 test',
    'timeout 5 npm test',
    'nice -n 5 npm test',
    'env --ch . npm test',
  ], DENY_PUSH, 60_000);
  // As today (asks on integ too: its input names what it deletes).
  decideRows(decide, 'not allow', 'deny push: `%s` is not allowed (as before)', ['xargs -0 rm -f'], DENY_PUSH, 60_000);
});
