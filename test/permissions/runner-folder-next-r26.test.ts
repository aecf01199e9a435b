// Red team round 26 on R25-9 (decide-script-dirs.ts: a runner after the line's own cd/pushd/env -C is read in each
// candidate folder): the next spellings of "run sub's script". Under `deny @coder exec git push*` + `allow @coder
// exec *`, sub/package.json `g` and sub/justfile `g` = `git push origin main`; the root has no `g`.
// - R26-6: `find sub -name package.json -execdir npm run g \;` (find runs the command IN the folder of each match)
//   and `just sub/g` (just: a first argument with a `/` searches the justfile from that folder: "Invoking justfiles
//   in other directories" in the just manual) are allowed.
// Controls (held): `cd sub && npm run g`, `find sub -name package.json -exec npm --prefix sub run g \;`,
// `just -f sub/justfile g`, `just -d sub g`.
import { mkdir, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { describe } from 'vitest';
import { decideRows, execDecider } from './helpers.js';

const PUSH = 'git push origin main';
const FILES: Record<string, string> = {
  'package.json': JSON.stringify({ name: 'r', version: '1.0.0', scripts: { test: 'echo ok' } }),
  'sub/package.json': JSON.stringify({ name: 's', version: '1.0.0', scripts: { g: PUSH } }),
  'sub/justfile': `g:\n\t${PUSH}\n`,
};
const decide = execDecider(async (box) => {
  for (const [file, text] of Object.entries(FILES)) {
    await mkdir(dirname(join(box.root, file)), { recursive: true });
    await writeFile(join(box.root, file), text);
  }
});

describe('R26-6: a runner run in another folder by find -execdir / just DIR/RECIPE', () => {
  decideRows(decide, 'not allow', 'deny git push*: `%s` is not allowed', [
    'find sub -name package.json -execdir npm run g \\;',
    'find . -path ./node_modules -prune -o -name package.json -execdir npm run g \\;',
    'find sub -name package.json -execdir npm run g {} +',
    'just sub/g',
  ], undefined, 60_000);
});

describe('controls (held)', () => {
  decideRows(decide, 'not allow', 'deny git push*: `%s` is not allowed', [
    'cd sub && npm run g',
    'find sub -name package.json -exec npm --prefix sub run g \\;',
    'just -f sub/justfile g',
    'just -d sub g',
  ], undefined, 60_000);
});
