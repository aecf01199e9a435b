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
  await writeFile(join(box.root, 'package.json'), '{"name":"root","scripts":{}}\n');
  await writeFile(join(box.root, 'sub/package.json'), '{"name":"sub","scripts":{"g":"git push origin main"}}\n');
  await writeFile(join(box.root, 'sub/Makefile'), 'g:\n\tgit push origin main\n');
  await writeFile(join(box.root, 'Makefile'), 'x:\n\ttrue\n');
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
