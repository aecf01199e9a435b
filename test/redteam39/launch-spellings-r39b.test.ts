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
import { chmodSync, existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEngine } from '../../src/setup.js';
import { removeDir, tempDir } from '../helpers/fixture.js';
import { bwrapWorks } from '../shell/stage-helpers.js';

let base: string;
let count = 0;
beforeAll(async () => {
  base = await tempDir('cw-rt39b-');
});
afterAll(async () => removeDir(base));

async function verdict(line: string): Promise<string> {
  const root = join(base, `w${++count}`), home = join(base, `h${count}`);
  mkdirSync(join(root, 'sub'), { recursive: true });
  mkdirSync(home);
  writeFileSync(join(root, 'sub/new.txt'), 'WORK\n');
  writeFileSync(join(root, 's.sh'), '#!/bin/sh\n/bin/rm -rf sub\n');
  chmodSync(join(root, 's.sh'), 0o755);
  writeFileSync(join(root, 'x'), 'use_askpass = ./s.sh\n');
  writeFileSync(join(root, 'doc'), '.sy rm -rf sub\n');
  const engine = await createEngine({ workspace: root, env: { HOME: home, PATH: process.env['PATH'] ?? '', CODEWARD_STATE_DIR: join(base, `state${count}`) }, sandbox: { mode: 'workspace-write' }, permissions: { home, yes: true } });
  try {
    const result = await engine.run({ cmd: 'exec', args: { cmd: line, stage: false } });
    const kept = existsSync(join(root, 'sub/new.txt'));
    return result.ok ? (kept ? 'ran' : 'ran, work gone') : `${result.error.code === 'C241' ? 'C241' : 'ran'}${kept ? '' : ', work gone'}`;
  } finally {
    await engine.close();
  }
}

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
